#!/usr/bin/env bash
# `make test-sanitizers`, TSan half: the capture engine's tests and the
# crop's multi-threaded decoding tests under ThreadSanitizer, with the suppressions in tsan-suppressions.txt (each one
# explained there), then a check that the Swift Mutex false positive behind
# one of them still exists.
#
#   tests/sanitizers/tsan.sh SWIFT SCRATCH_PATH
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
swift=${1:?usage: tsan.sh SWIFT SCRATCH_PATH}
scratch=${2:?usage: tsan.sh SWIFT SCRATCH_PATH}

TSAN_OPTIONS=suppressions=$here/tsan-suppressions.txt SWIFT_BACKTRACE=enable=no \
    "$swift" test --skip-build --sanitize=thread --scratch-path "$scratch" \
    --filter 'SquareCamCaptureTests|SharedEntropyDecodingTests|PlanarCropTests|JPEGRestartTailTests|FullResolutionPlaneCropTests|TranscoderDifferentialTests|JPEGFenceTests'
status=$?

# The reproducer, without suppressions: while TSan still reports it, the
# Mutex entry in tsan-suppressions.txt is needed.
work=$(mktemp -d /tmp/squarecam-tsan.XXXXXX)
trap 'rm -rf "$work"' EXIT
swiftc=$(dirname "$(command -v "$swift")")/swiftc
if "$swiftc" -swift-version 6 -sanitize=thread "$here/mutex-false-positive.swift" -o "$work/mutex" 2>"$work/build.log"; then
    TSAN_OPTIONS=exitcode=0 "$work/mutex" >"$work/run.log" 2>&1
    if grep -q "WARNING: ThreadSanitizer" "$work/run.log"; then
        echo "test-sanitizers: TSan still reports the Swift Mutex false positive ($(grep -o 'count.*' "$work/run.log")): its suppression stays"
    else
        echo "test-sanitizers: NOTE: TSan no longer reports the Swift Mutex false positive; remove its entry from tests/sanitizers/tsan-suppressions.txt"
    fi
else
    echo "test-sanitizers: could not build the Mutex reproducer:" >&2
    cat "$work/build.log" >&2
fi
exit $status
