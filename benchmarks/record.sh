#!/usr/bin/env bash
# squarecam record against a bare gst-launch-1.0 doing the same work.
#   benchmarks/record.sh [path/to/squarecam] [seconds] [rounds]
# Records SECONDS (default 60) of the 1920x1080@30 test camera at 1080x1080,
# first picture only, then with the test tone, ROUNDS times each (default 3,
# ours and the peer taking turns: this machine's speed drifts by ±10 % from
# one minute to the next), and for each prints the fewest frames in a file
# (of SECONDS × 30), the most frames dropped, and the median CPU time (user +
# system, every thread) against the peer's: the same source, crop, scale and
# VP8 settings (and Opus for the sound) into webmmux, with none of the
# recorder's extras (the camera's tee and photo branch, the sound's silence
# bed, the hidden file, fsync every second, the repair check).
# Targets (issue 20): ≥ 98 % of the frames in the file, CPU ≤ 1.1× the peer.
set -euo pipefail

BIN=${1:-}
[[ -n "$BIN" ]] || BIN=$(swift build -c release --show-bin-path)/squarecam
SECONDS_TO_RUN=${2:-60}
ROUNDS=${3:-3}
[[ -x "$BIN" ]] || { echo "record.sh: no squarecam at $BIN: run swift build -c release, or pass its path" >&2; exit 1; }
for element in vp8enc webmmux opusenc aspectratiocrop; do
    if ! gst-inspect-1.0 "$element" > /dev/null 2>&1; then
        echo "record.sh: the peer needs GStreamer's $element: run scripts/install-deps.sh" >&2
        exit 1
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expected=$(( SECONDS_TO_RUN * 30 ))

cpu_seconds() {  # utime + stime from GNU time's output file
    tail -1 "$1" | awk '{ print $1 + $2 }'
}

frames_in() {  # the frames a player decodes from a WebM file, counted as each reaches the sink
    GST_DEBUG=GST_SCHEDULING:7 GST_DEBUG_NO_COLOR=1 gst-launch-1.0 -q filesrc location="$1" ! matroskademux \
        ! vp8dec ! fakesink name=picture 2>&1 | grep -c '<picture:sink> calling chainfunction' || true
}

# The encoder settings of Sources/SquareCamCapture/Recording/RecordingBranch.swift at 1080² and 30 fps.
VP8="vp8enc deadline=1 cpu-used=8 threads=2 lag-in-frames=0 end-usage=cbr target-bitrate=3499200 keyframe-max-dist=30 buffer-size=1000"

run_peer() {  # $1: with sound (1) or not (0)
    local sound=()
    if [[ $1 == 1 ]]; then
        sound=(audiotestsrc is-live=true wave=sine freq=440 volume=0.2 ! audioconvert ! audioresample
               ! audio/x-raw,rate=48000,channels=2 ! opusenc bitrate=128000 ! queue ! mux.)
    fi
    local status=0
    # -e: SIGINT from the timeout becomes end-of-stream, so the file is finished as ours is.
    /usr/bin/time -f "%U %S" -o "$work/peer.time" timeout -s INT "$SECONDS_TO_RUN" gst-launch-1.0 -q -e \
        videotestsrc is-live=true pattern=smpte ! video/x-raw,format=I420,width=1920,height=1080,framerate=30/1 \
        ! queue leaky=downstream max-size-buffers=8 max-size-bytes=0 max-size-time=0 \
        ! aspectratiocrop aspect-ratio=1/1 ! videoscale ! videoconvert ! video/x-raw,format=I420,width=1080,height=1080 \
        ! $VP8 ! queue ! webmmux name=mux ! filesink location="$work/peer.webm" "${sound[@]}" \
        > "$work/peer.log" 2>&1 || status=$?
    if [[ $status != 0 && $status != 124 ]]; then
        echo "record.sh: the peer (gst-launch-1.0 … vp8enc ! webmmux) failed with status $status:" >&2
        cat "$work/peer.log" >&2
        exit 1
    fi
}

run_ours() {  # $1: with sound (1) or not (0)
    local microphone=none
    [[ $1 == 1 ]] && microphone=test
    rm -f "$work/ours.webm"
    /usr/bin/time -f "%U %S" -o "$work/ours.time" "$BIN" record --camera test:1920x1080@30 --microphone "$microphone" \
        --duration "$SECONDS_TO_RUN" --json -o "$work/ours.webm" > "$work/ours.json" 2> "$work/ours.log" || {
        echo "record.sh: squarecam record failed:" >&2
        cat "$work/ours.log" >&2
        exit 1
    }
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "record.sh: $SECONDS_TO_RUN s of test:1920x1080@30 at 1080x1080 ($expected frames), squarecam against gst-launch-1.0, $ROUNDS rounds each"
status=0
for sound in 0 1; do
    label=$([[ $sound == 1 ]] && echo "picture and sound" || echo "picture only")
    : > "$work/ours.cpu"; : > "$work/peer.cpu"; : > "$work/ours.frames"; : > "$work/peer.frames"; : > "$work/ours.dropped"
    for _ in $(seq 1 "$ROUNDS"); do
        run_ours "$sound"
        run_peer "$sound"
        frames_in "$work/ours.webm" >> "$work/ours.frames"
        frames_in "$work/peer.webm" >> "$work/peer.frames"
        grep -o '"droppedFrames":[0-9]*' "$work/ours.json" | cut -d: -f2 >> "$work/ours.dropped"
        cpu_seconds "$work/ours.time" >> "$work/ours.cpu"
        cpu_seconds "$work/peer.time" >> "$work/peer.cpu"
    done
    ours_frames=$(sort -n "$work/ours.frames" | head -1)
    peer_frames=$(sort -n "$work/peer.frames" | head -1)
    dropped=$(sort -n "$work/ours.dropped" | tail -1)
    ours_cpu=$(median < "$work/ours.cpu")
    peer_cpu=$(median < "$work/peer.cpu")
    ratio=$(awk -v a="$ours_cpu" -v b="$peer_cpu" 'BEGIN { printf "%.3f", a / b }')
    share=$(awk -v a="$ours_frames" -v e="$expected" 'BEGIN { printf "%.1f", 100 * a / e }')
    verdict=PASS
    if awk -v s="$share" -v r="$ratio" 'BEGIN { exit !(s < 98 || r > 1.1) }'; then verdict=FAIL; status=1; fi
    printf '%-18s frames ≥ %d (%s %%, ≤ %d dropped; peer ≥ %d)  CPU median %.2f s vs %.2f s = %s×  %s\n' \
        "$label" "$ours_frames" "$share" "$dropped" "$peer_frames" "$ours_cpu" "$peer_cpu" "$ratio" "$verdict"
    echo "    CPU s, ours: $(paste -sd' ' "$work/ours.cpu"); peer: $(paste -sd' ' "$work/peer.cpu")"
done
exit $status
