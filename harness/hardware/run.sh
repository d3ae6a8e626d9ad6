#!/usr/bin/env bash
# `make test-hardware`: runs every scenario under harness/hardware/scenarios in
# one QEMU guest with a real V4L2 driver (vivid, v4l2loopback for MJPEG, vimc
# for libcamera),
# against a built squarecam binary.
#
#   harness/hardware/run.sh SQUARECAM_BINARY [SCENARIO_NAME_REGEX]
#
# Scenarios listed in expected-failures.txt (name, a tab, the reason) are
# reported as "expected failure" and do not fail the run; one that passes
# while listed is reported so the line can be removed. Prints
# "N passed, N failed, N skipped" and exits non-zero on any unexpected failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${1:?usage: run.sh SQUARECAM_BINARY [SCENARIO_NAME_REGEX]}
pattern=${2:-}
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
[[ -x "$binary" ]] || { echo "test-hardware: $binary is not an executable" >&2; exit 2; }

# v4l2loopback (for the MJPEG scenario) and vimc (for the libcamera ones)
# are built once for the guest kernel; without them those scenarios skip
# rather than failing the run.
"$root/scripts/vm/install-vm-deps.sh" --loopback \
    || echo "test-hardware: v4l2loopback unavailable; the MJPEG scenario will skip" >&2
"$root/scripts/vm/install-vm-deps.sh" --vimc \
    || echo "test-hardware: vimc unavailable; the libcamera scenarios will skip" >&2

rwdir=$(mktemp -d /tmp/squarecam-hardware.XXXXXX)
trap 'rm -rf "$rwdir"' EXIT
chmod 0755 "$rwdir"

set +e
SQUARECAM_BIN="$binary" "$root/scripts/vm/run-in-vm.sh" --rwdir "$rwdir" --timeout 1800 --memory 3G \
    -- env SQUARECAM_BIN="$binary" SCENARIO_TRACE="${SCENARIO_TRACE:-}" "$here/guest-run.sh" "$rwdir/results.txt" "$pattern"
vm_status=$?
set -e
if [[ ! -s "$rwdir/results.txt" ]]; then
    echo "test-hardware: the guest ran no scenario (run-in-vm exit $vm_status)" >&2
    exit 1
fi

passed=0 failed=0 skipped=0 expected=0
unexpected_passes=()
while read -r name verdict seconds; do
    reason=$(awk -F '\t' -v name="$name" '$1 == name { print $2 }' "$here/expected-failures.txt" 2>/dev/null)
    case $verdict in
        pass)
            passed=$((passed + 1))
            [[ -n "$reason" ]] && unexpected_passes+=("$name")
            printf '  %-36s passed   %4s s\n' "$name" "$seconds" ;;
        skip)
            skipped=$((skipped + 1))
            printf '  %-36s skipped  %4s s\n' "$name" "$seconds" ;;
        fail)
            if [[ -n "$reason" ]]; then
                expected=$((expected + 1))
                printf '  %-36s expected failure (%s) %s s\n' "$name" "$reason" "$seconds"
            else
                failed=$((failed + 1))
                printf '  %-36s FAILED   %4s s\n' "$name" "$seconds"
            fi ;;
    esac
done <"$rwdir/results.txt"
for name in "${unexpected_passes[@]}"; do
    echo "test-hardware: $name passes now: remove it from harness/hardware/expected-failures.txt" >&2
done
((expected == 0)) || echo "hardware: $expected expected failures (see harness/hardware/expected-failures.txt)"
echo "hardware: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
