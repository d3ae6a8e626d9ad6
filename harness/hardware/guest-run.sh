#!/usr/bin/env bash
# Runs inside the guest (see run.sh): every scenario, each with a freshly
# loaded vivid, and writes one "NAME STATUS SECONDS" line per scenario to
# RESULTS. STATUS is pass, fail or skip.
#
#   guest-run.sh RESULTS [SCENARIO_NAME_PATTERN]
set -uo pipefail
results=$1
pattern=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
vivid_args="n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0"

# The guest's home is the host's, read-only: caches go to the guest's tmpfs.
export HOME=/tmp/guest-home XDG_CACHE_HOME=/tmp/guest-home/.cache XDG_RUNTIME_DIR=/tmp/guest-runtime
export PS4='+ [$SECONDS s] '
export GST_REGISTRY=/tmp/guest-home/gst-registry.bin SWIFT_BACKTRACE=enable=no
mkdir -p "$HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
chmod 0700 "$XDG_RUNTIME_DIR"
# Build the GStreamer plugin registry once, outside any timed scenario.
gst-inspect-1.0 v4l2src >/dev/null 2>&1

: >"$results"
for scenario in "$here"/scenarios/[0-9]*.sh; do
    name=$(basename "$scenario" .sh)
    [[ -n "$pattern" && ! "$name" =~ $pattern ]] && continue
    modprobe -r v4l2loopback 2>/dev/null
    modprobe -r vimc 2>/dev/null
    modprobe -r vivid 2>/dev/null
    modprobe vivid $vivid_args
    for _ in $(seq 50); do [[ -c /dev/video0 ]] && break; sleep 0.1; done
    echo "=== $name" >&2
    started=$SECONDS
    timeout --kill-after=10 600 bash ${SCENARIO_TRACE:+-x} "$scenario"
    status=$?
    elapsed=$((SECONDS - started))
    # Anything the scenario left running is a finding (and would disturb the next one).
    # squarecam execs squarecam-crop, -gst or -app (process names cut to 15 characters).
    leftovers=$( (pgrep -a '^squarecam'; pgrep -a -x gst-launch-1.0; pgrep -a -f 'mjpeg-writer[.]py') | sort -u || true)
    if [[ -n "$leftovers" ]]; then
        echo "=== $name left processes running (killed now):" >&2
        echo "$leftovers" | sed 's/^/    /' >&2
        ps -o pid,stat,wchan:32,etimes,args -p "$(echo "$leftovers" | awk '{print $1}' | paste -sd,)" >&2 || true
        echo "$leftovers" | awk '{print $1}' | xargs -r kill -9 2>/dev/null
    fi
    case $status in
        0) verdict=pass ;;
        77) verdict=skip ;;
        *) verdict=fail ;;
    esac
    echo "=== $name: $verdict ($elapsed s)" >&2
    echo "$name $verdict $elapsed" >>"$results"
done
