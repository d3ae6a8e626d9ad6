#!/usr/bin/env bash
# What looking for a QR code costs: squarecam scan with nothing to find
# against a bare gst-launch-1.0 streaming the same camera.
#   benchmarks/scan.sh [path/to/squarecam] [seconds] [rounds]
# Each round runs, for SECONDS (default 10), `squarecam scan` on a 1920x1080
# image-file camera of a textured picture with no code in it (so it scales,
# converts and reads five frames a second for the whole time) and the peer: the
# same picture repeated at 30 fps by imagefreeze into a fakesink, which is what
# the camera does without the analysis branch. Prints the median CPU time
# (user + system) of each and the difference per second: the analysis branch
# and zbar, in percent of one core. ROUNDS (default 3) takes turns, as this
# machine's speed drifts from one minute to the next.
set -euo pipefail

BIN=${1:-}
[[ -n "$BIN" ]] || BIN=$(swift build -c release --show-bin-path)/squarecam
SECONDS_TO_RUN=${2:-10}
ROUNDS=${3:-3}
[[ -x "$BIN" ]] || { echo "scan.sh: no squarecam at $BIN: run swift build -c release, or pass its path" >&2; exit 1; }
for tool in convert gst-launch-1.0; do
    command -v "$tool" > /dev/null || { echo "scan.sh: the benchmark needs $tool: run scripts/install-deps.sh" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Texture everywhere, as a real room has: zbar's scan lines find edges all over it.
convert -size 1920x1080 -seed 5 plasma:gray20-gray90 -blur 0x1 -depth 8 -quality 90 "$work/room.jpg"

cpu_seconds() { tail -1 "$1" | awk '{ print $1 + $2 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ours=() peers=()
for ((round = 1; round <= ROUNDS; round++)); do
    status=0
    /usr/bin/time -f "%U %S" -o "$work/ours" "$BIN" scan --camera "file:$work/room.jpg" --timeout "$SECONDS_TO_RUN" \
        > /dev/null 2> "$work/ours.err" || status=$?
    if ((status != 1)) || ! grep -q "No QR code was read" "$work/ours.err"; then
        echo "scan.sh: squarecam scan did not look for the whole time (exit $status): $(head -3 "$work/ours.err")" >&2
        exit 1
    fi
    ours+=("$(cpu_seconds "$work/ours")")
    frames=$((SECONDS_TO_RUN * 30))
    if ! /usr/bin/time -f "%U %S" -o "$work/peer" gst-launch-1.0 -q filesrc location="$work/room.jpg" ! jpegdec \
        ! imagefreeze is-live=true num-buffers="$frames" ! video/x-raw,framerate=30/1 ! fakesink sync=false > /dev/null 2>&1; then
        echo "scan.sh: the peer (gst-launch-1.0) failed: nothing to compare with" >&2
        exit 1
    fi
    peers+=("$(cpu_seconds "$work/peer")")
done
our_cpu=$(printf '%s\n' "${ours[@]}" | median)
peer_cpu=$(printf '%s\n' "${peers[@]}" | median)
awk -v ours="$our_cpu" -v peer="$peer_cpu" -v seconds="$SECONDS_TO_RUN" 'BEGIN {
    printf "scan %.2f s CPU, peer %.2f s CPU over %d s: %.2fx the peer; the analysis costs %.1f %% of one core\n",
        ours, peer, seconds, (peer > 0 ? ours / peer : 0), 100 * (ours - peer) / seconds
}'
