#!/usr/bin/env bash
# `make test-sanitizers`, ASan half: every test, built and run under
# AddressSanitizer, on a private X server for the app's window tests.
#
#   harness/sanitizers/asan.sh SWIFT SCRATCH_PATH [swift test options, e.g. --filter StaleTemporarySweepTests]
#
# The tests also start ASan-built programs (squarecam, squarecam-gst, squarecam-app, the
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

# The tests run from the bundle directly (harness/run-bundle.sh says why).
# One window test at a time: under ASan three apps at once on two cores
# missed their deadlines (DisplayLane). log_exe_name: each report's file is
# named after its program (asan.squarecam-gst.1234), which the report itself
# does not say.
# The symbolizer by its path, for the reports of programs started with an
# environment without PATH (harness/portal/session.py's).
symbolizer=$(command -v llvm-symbolizer) || { echo "asan.sh: llvm-symbolizer is missing (it comes with the Swift toolchain)" >&2; exit 1; }
SQUARECAM_TEST_DISPLAY_LANES=1 ASAN_OPTIONS=detect_leaks=0:log_path=$reports/asan:log_exe_name=1:external_symbolizer_path=$symbolizer \
    "$(dirname "$0")/../run-bundle.sh" "$swift" --scratch-path "$scratch" --sanitize=address -- "$@"
status=$?

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
