# SquareCam. Quick start: `make run` (the product), `make test` (every test).
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= release
BIN = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)/squarecam

.PHONY: deps build run test bench clean

deps:
	@./scripts/install-deps.sh

# The app finds its translations and icon in .build/share, beside the build,
# as an installed one finds them in $(PREFIX)/share.
build: deps locale icon
	$(SWIFT) build -c $(CONFIG)

# Opens the app where a display exists; otherwise takes one photo headless.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then "$(BIN)"; else "$(BIN)" shoot; fi

# Every test, GUI tests included, under a private X server.
test: deps
	$(SWIFT) build --build-tests
	harness/run-bundle.sh $(SWIFT)
	apps/ios/typecheck.sh $(SWIFT)

# The edit-build-test loop: every suite but those that start the app, a
# desktop session's daemons, a camera pipeline or libcamera's probing for
# seconds (make test runs them all).
SLOW_SUITES = LibcameraManagerHoldTests|AppWindowTests|PortalProviderTests|PortalCLITests|PipeWireSyncCLITests|CameraPortalTests|RecordCLITests|RecordingControllerTests|LiveRecordingTests|LiveCameraTests|ShutterToJPEGTests|ShootCLITests|DevicesCLITests|FuzzCorpusTests
.PHONY: test-fast
test-fast:
	$(SWIFT) build --build-tests
	harness/run-bundle.sh $(SWIFT) -- --skip '$(SLOW_SUITES)'

bench: deps
	@./scripts/install-deps.sh --with-benchmarks
	$(SWIFT) build -c release
	./benchmarks/shoot.sh
	./benchmarks/save.sh
	./benchmarks/crop.sh
	./benchmarks/launch.sh
	./benchmarks/record.sh

clean:
	$(SWIFT) package clean

# ─── Real-world tests (harness/hardware, harness/killsave, fuzz/) ───
# test-hardware    the vivid / v4l2loopback / vimc (libcamera) scenarios in a QEMU guest (installs its own VM tools)
# test-killsave    SIGKILL during 1,000 shoots, ≥500 app saves (Xvfb) and 30 recordings (then recover), full disk, read-only folders (root for the mounts)
# fuzz             libFuzzer+ASan over every untrusted-bytes parser, FUZZ_SECONDS per target
# test-sanitizers  the whole suite under AddressSanitizer, the threaded tests under ThreadSanitizer
# test-portal-stress  the app (release build) while PipeWire restarts and the streamed node is replaced or unplugged at once, PORTAL_STRESS_ROUNDS each
.PHONY: test-hardware test-killsave fuzz test-sanitizers test-portal-stress
FUZZ_SECONDS ?= 40
KILLSAVE_SAVES ?= 1000
KILLSAVE_APP_SAVES ?= 500
KILLSAVE_PARALLEL ?= 4
PORTAL_STRESS_ROUNDS ?= 20

test-hardware: deps
	$(SWIFT) build
	harness/hardware/run.sh "$$($(SWIFT) build --show-bin-path)/squarecam"

test-killsave: deps
	$(SWIFT) build
	harness/killsave/killsave.py "$$($(SWIFT) build --show-bin-path)/squarecam" \
		--saves $(KILLSAVE_SAVES) --app-saves $(KILLSAVE_APP_SAVES) --parallel $(KILLSAVE_PARALLEL)

fuzz: deps
	fuzz/run.sh $(FUZZ_SECONDS)

test-portal-stress: deps
	$(SWIFT) build -c release
	xvfb-run -a -s "-screen 0 1280x1024x24" harness/portal/stress.py \
		"$$($(SWIFT) build -c release --show-bin-path)/squarecam" --rounds $(PORTAL_STRESS_ROUNDS)

# ASan: every test, the app's window tests too, and the ASan-built programs
# the tests start report into files that must stay empty (harness/sanitizers/asan.sh).
# TSan: the capture tests and the threaded crop tests, with the suppressions tsan-suppressions.txt explains.
test-sanitizers: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	harness/sanitizers/asan.sh $(SWIFT) .build-asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	harness/sanitizers/tsan.sh $(SWIFT) .build-tsan

# ─── App (Sources/SquareCamApp, data/, po/) ───
# install / uninstall  the programs, man pages, desktop file, AppStream metainfo, icon and translations
# locale, icon         po/*.po compiled, and the icon, into .build/share (where an uninstalled app looks)
# man                  the man pages, from the programs' --help (packaging/man), into MAN_BUILD
# install-man          only the man pages (BIN=path/to/squarecam takes them from that build)
# bench-app            benchmarks/app.sh: 60 s of the 1920x1080@30 test camera vs a plain GStreamer window
.PHONY: install uninstall locale icon man install-man uninstall-man bench-app
APP_ID = io.github.squarecam.SquareCam
APP_LANGUAGES = $(shell cat po/LINGUAS)
LOCALE_DIR = .build/share/locale
ICON = .build/share/icons/hicolor/scalable/apps/$(APP_ID).svg
MAN_BUILD ?= .build/man
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
# What uninstall removes: a page for each command of `squarecam --help`
# (ManPageTests checks that install and uninstall agree).
MAN_PAGES = squarecam.1 squarecam-shoot.1 squarecam-record.1 squarecam-recover.1 squarecam-scan.1 squarecam-crop.1 squarecam-devices.1

locale: $(APP_LANGUAGES:%=$(LOCALE_DIR)/%/LC_MESSAGES/squarecam.mo)

$(LOCALE_DIR)/%/LC_MESSAGES/squarecam.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

icon: $(ICON)

$(ICON): data/icons/$(APP_ID).svg
	install -Dm644 $< $@

# A fresh folder each time, so a page of a command that is gone is not installed.
man:
	rm -rf "$(MAN_BUILD)"
	packaging/man/make-man-pages.sh "$(BIN)" "$(PREFIX)" "$(MAN_BUILD)"

install-man: man
	install -Dm644 -t "$(MAN_DIR)" "$(MAN_BUILD)"/*.1

uninstall-man:
	rm -f $(MAN_PAGES:%="$(MAN_DIR)/%")

# The man pages after the build (a prerequisite could run first under make -j).
install: build locale
	$(MAKE) --no-print-directory install-man
	install -Dm755 "$(BIN)" "$(DESTDIR)$(PREFIX)/bin/squarecam"
	install -Dm755 "$(BIN)-crop" "$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-crop"
	install -Dm755 "$(BIN)-gst" "$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-gst"
	install -Dm755 "$(BIN)-app" "$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-app"
	install -Dm644 data/$(APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 data/$(APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	install -Dm644 data/icons/$(APP_ID).svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	for lang in $(APP_LANGUAGES); do \
		install -Dm644 $(LOCALE_DIR)/$$lang/LC_MESSAGES/squarecam.mo \
			"$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/squarecam.mo"; \
	done

uninstall: uninstall-man
	rm -f "$(DESTDIR)$(PREFIX)/bin/squarecam" "$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-crop" \
		"$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-gst" \
		"$(DESTDIR)$(PREFIX)/libexec/squarecam/squarecam-app" \
		"$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop" \
		"$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml" \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	for lang in $(APP_LANGUAGES); do rm -f "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/squarecam.mo"; done

bench-app: deps
	@./scripts/install-deps.sh --with-benchmarks
	$(SWIFT) build -c release
	./benchmarks/app.sh "$$($(SWIFT) build -c release --show-bin-path)/squarecam"

# ─── Debian package (packaging/deb, harness/packaging) ───
# deb             dist/squarecam_<version>_<arch>.deb from the release build (make install into a staging
#                 root); Depends from dpkg-shlibdeps plus the loaded libheif and GStreamer plugins; lintian errors fail it
# test-packaging  installs that .deb into a fresh debootstrap'd bookworm root and runs it there (root; network)
.PHONY: deb test-packaging
VERSION = $(shell sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/SquareCamCore/SquareCamVersion.swift)
DEB = dist/squarecam_$(VERSION)_$(shell dpkg --print-architecture).deb

deb: deps
	@./scripts/install-deps.sh --with-packaging
	packaging/deb/build-deb.sh

test-packaging: deb
	harness/packaging/run.sh $(DEB)
