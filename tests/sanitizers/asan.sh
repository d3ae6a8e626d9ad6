#!/usr/bin/env bash
# `make test-sanitizers`, ASan half: every test, built and run under
# AddressSanitizer, on a private X server for the app's window tests.
#
#   tests/sanitizers/asan.sh SWIFT SCRATCH_PATH [swift test options, e.g. --filter StaleTemporarySweepTests]
#
# The tests also start ASan-built programs (squarecam, squarecam-capture, squarecam-camera, the
# app): their reports go to files (log_path) that are checked afterwards, so
# a memory error in a child process fails the run even when the test that
# started it did not notice.
#
# Leak checking is off: GTK, fontconfig and GStreamer keep process-lifetime
# allocations that LeakSanitizer reports as leaks; memory errors still abort.
set -uo pipefail
swift=${1:?usage: asan.sh SWIFT SCRATCH_PATH}
scratch=${2:?usage: asan.sh SWIFT SCRATCH_PATH}
shift 2
reports=$(mktemp -d /tmp/squarecam-asan.XXXXXX)
trap 'rm -rf "$reports"' EXIT

# The test bundle is run directly: through `swift test --sanitize=address`
# the Swift Testing output stopped when the longest suite ended (status 0,
# about 250 of 360 results and no summary), so a green run proved nothing.
# The summary line is required below.
bundle=$("$swift" build --scratch-path "$scratch" --sanitize=address --show-bin-path)/SquareCamPackageTests.xctest
[[ -x $bundle ]] || { echo "test-sanitizers: $bundle is missing: build with --build-tests --sanitize=address first" >&2; exit 1; }
ASAN_OPTIONS=detect_leaks=0:log_path=$reports/asan SWIFT_BACKTRACE=enable=no \
    xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$bundle" --testing-library swift-testing "$@" 2>&1 | tee "$reports.out"
status=${PIPESTATUS[0]}
if ! grep -q "Test run with .* passed" "$reports.out"; then
    echo "test-sanitizers: the ASan test run did not end with a passing summary (status $status)" >&2
    status=1
fi
rm -f "$reports.out"

found=$(find "$reports" -type f | sort)
if [[ -n "$found" ]]; then
    echo "test-sanitizers: AddressSanitizer reports from $(echo "$found" | wc -l) process(es):" >&2
    for report in $found; do
        echo "--- $report" >&2
        cat "$report" >&2
    done
    exit 1
fi
echo "test-sanitizers: no AddressSanitizer report from the tests or the programs they started"
exit $status
