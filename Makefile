# SquareCam. Quick start: `make run` (the product), `make test` (every test).
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= release
BIN = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)/squarecam

.PHONY: deps build run test bench clean

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIG) --product squarecam

# Opens the app where a display exists; otherwise takes one photo headless.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then "$(BIN)"; else "$(BIN)" shoot; fi

# Every test, GUI tests included, under a private X server.
test: deps
	$(SWIFT) build --build-tests
	xvfb-run -a -s "-screen 0 1280x1024x24" $(SWIFT) test --skip-build

bench: deps
	@./scripts/install-deps.sh --with-benchmarks
	$(SWIFT) build -c release --product squarecam
	./benchmarks/shoot.sh
	./benchmarks/crop.sh

clean:
	$(SWIFT) package clean
