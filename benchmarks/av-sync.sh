#!/usr/bin/env bash
# A/V sync measured on content over a long recording (issue 20: within 40 ms
# at the start and after 10 minutes). Records the sync signal (`--camera
# test:sync`: a white frame at every whole second; `--microphone test:sync`:
# a beep then) for MINUTES, decodes the file as a player does and finds each
# flash and beep by brightness and loudness (harness/av-sync/measure.py).
# Prints the offsets in the first and the last minute and fails when one is
# beyond 40 ms. 640×480 is enough: the size changes nothing about timing, and
# a small picture leaves the encoder idle enough that no flash is dropped.
#
# With `pipewire` the picture and sound come instead from another program's
# camera and microphone nodes in a private PipeWire session, through the
# portal (harness/av-sync/through-pipewire.py): the file is compared with when
# PipeWire itself delivered each flash and beep.
#
#   benchmarks/av-sync.sh path/to/squarecam [MINUTES (default 10)] [pipewire]
set -euo pipefail
squarecam=${1:?usage: av-sync.sh path/to/squarecam [MINUTES] [pipewire]}
minutes=${2:-10}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${3:-}" = pipewire ]; then
    exec /usr/bin/python3 "$here/harness/av-sync/through-pipewire.py" "$squarecam" $((minutes * 60 + 5))
fi
folder=$(mktemp -d /tmp/squarecam-av-sync.XXXXXX)
trap 'rm -rf "$folder"' EXIT

seconds=$((minutes * 60 + 5))
echo "av-sync: recording ${seconds} s of the sync signal..."
"$squarecam" record --camera test:640x480@30:sync --microphone test:sync --duration "$seconds" --json -o "$folder/sync.webm"
/usr/bin/python3 "$here/harness/av-sync/measure.py" "$folder/sync.webm" > "$folder/measured.json"
/usr/bin/python3 - "$folder/measured.json" "$minutes" <<'PY'
import json, sys
measured = json.load(open(sys.argv[1]))
flashes, offsets = measured["flashes"], measured["offsets_ms"]
if len(flashes) < 10:
    sys.exit(f"av-sync: only {len(flashes)} flashes found; the recording or its decoding failed")
pairs = list(zip(flashes, offsets))
first = [o for t, o in pairs if t < 60]
last = [o for t, o in pairs if t >= flashes[-1] - 60]
def span(values):
    return f"{min(values):+.1f} to {max(values):+.1f} ms (mean {sum(values) / len(values):+.1f}, {len(values)} flashes)"
print(f"av-sync: first minute: sound minus picture {span(first)}")
print(f"av-sync: last minute (ending at {flashes[-1]:.0f} s): {span(last)}")
print(f"av-sync: {len(flashes)} flashes, {len(measured['beeps'])} beeps; worst {measured['max_abs_ms']} ms (limit 40)")
if measured["max_abs_ms"] > 40:
    sys.exit("av-sync: FAIL: an offset is beyond 40 ms")
print("av-sync: PASS")
PY
