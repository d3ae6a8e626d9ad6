#!/usr/bin/env bash
# `make test-sanitizers`, TSan half: the capture engine's tests and the
# crop's multi-threaded decoding tests under ThreadSanitizer, with the suppressions in tsan-suppressions.txt (each one
# explained there), then a check that the Swift Mutex false positive behind
# one of them still exists.
#
#   harness/sanitizers/tsan.sh SWIFT SCRATCH_PATH
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
swift=${1:?usage: tsan.sh SWIFT SCRATCH_PATH}
scratch=${2:?usage: tsan.sh SWIFT SCRATCH_PATH}

work=$(mktemp -d /tmp/squarecam-tsan.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The symbolizer by its path: the camera list helper runs with the portal
# session's environment (harness/portal/session.py), which has no PATH, and
# a report TSan cannot put names to matches no suppression.
symbolizer=$(command -v llvm-symbolizer) || { echo "tsan.sh: llvm-symbolizer is missing (it comes with the Swift toolchain)" >&2; exit 1; }
TSAN_OPTIONS="suppressions=$here/tsan-suppressions.txt external_symbolizer_path=$symbolizer" SWIFT_BACKTRACE=enable=no \
    "$swift" test --skip-build --sanitize=thread --scratch-path "$scratch" \
    --filter 'SquareCamCaptureTests|SharedEntropyDecodingTests|SharedDecodingHandoverTests|PlanarCropTests|JPEGRestartTailTests|FullResolutionPlaneCropTests|TranscoderDifferentialTests|JPEGFenceTests|JPEGHalvesEncodingTests' \
    2>&1 | tee "$work/tests.log"
status=${PIPESTATUS[0]}

# The reports scroll by among hundreds of test lines; CI keeps only the end
# of the output, so each report's first lines are repeated here.
if grep -q "WARNING: ThreadSanitizer" "$work/tests.log"; then
    echo "test-sanitizers: the ThreadSanitizer reports above, each from its start:"
    awk '/WARNING: ThreadSanitizer/ {n = 40} n > 0 {print; n--}' "$work/tests.log"
fi

# The reproducer, without suppressions: while TSan still reports it, the
# Mutex entry in tsan-suppressions.txt is needed.
swiftc=$(dirname "$(command -v "$swift")")/swiftc
if "$swiftc" -swift-version 6 -sanitize=thread "$here/mutex-false-positive.swift" -o "$work/mutex" 2>"$work/build.log"; then
    TSAN_OPTIONS=exitcode=0 "$work/mutex" >"$work/run.log" 2>&1
    if grep -q "WARNING: ThreadSanitizer" "$work/run.log"; then
        echo "test-sanitizers: TSan still reports the Swift Mutex false positive ($(grep -o 'count.*' "$work/run.log")): its suppression stays"
    else
        echo "test-sanitizers: NOTE: TSan no longer reports the Swift Mutex false positive; remove its entry from harness/sanitizers/tsan-suppressions.txt"
    fi
else
    echo "test-sanitizers: could not build the Mutex reproducer:" >&2
    cat "$work/build.log" >&2
fi
exit $status
