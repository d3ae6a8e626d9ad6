#!/usr/bin/env bash
# Benchmarks `squarecam shoot` with the built-in test camera:
#   shutter → file on disk, median of N stills taken in one process, and
#   launch → first frame, median over separate launches;
# against the targets (≤ 40 ms and ≤ 300 ms), and against a plain gst-launch
# pipeline that writes one square JPEG of the same stream. The peer is run
# once first; when it fails the benchmark stops (no ratio against nothing).
# Usage: benchmarks/shoot.sh [STILLS (default 25)] [LAUNCHES (default 10)]
#   SQUARECAM_BIN=path/to/squarecam skips the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
stills=${1:-25}
launches=${2:-10}
# The peer (gst-launch-1.0 with videotestsrc, aspectratiocrop and jpegenc) is Debian packages.
./scripts/install-deps.sh --with-benchmarks
for element in videotestsrc aspectratiocrop jpegenc filesink; do
    gst-inspect-1.0 "$element" >/dev/null 2>&1 \
        || { echo "shoot.sh: the peer needs GStreamer's $element, missing after scripts/install-deps.sh --with-benchmarks" >&2; exit 1; }
done

source benchmarks/lib.sh
bin=$(squarecam_binary)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIBCAMERA_LOG_LEVELS='*:ERROR'

field() { python3 -c 'import sys,json; [print(json.loads(l)["timings"][sys.argv[1]]) for l in sys.stdin if l.strip()]' "$1"; }

printf '%-12s %-34s %10s %10s %10s\n' camera measure "median ms" target "target/ours"
for size in 1920x1080 3840x2160; do
    width=${size%x*}; height=${size#*x}; side=$((width < height ? width : height))
    rm -rf "$work/out"; mkdir -p "$work/out"
    "$bin" shoot --camera "test:$size" --count "$stills" --output "$work/out" --json >"$work/stills.jsonl"
    shutter=$(field shutterToFileMs <"$work/stills.jsonl" | tail -n +2 | median)  # the first still warms caches
    for _ in $(seq "$launches"); do
        "$bin" shoot --camera "test:$size" --output "$work/out" --json
    done >"$work/launch.jsonl"
    launch=$(field launchToFirstFrameMs <"$work/launch.jsonl" | median)
    for run in $(seq 5); do
        rm -f "$work/peer.jpg"
        start=$(date +%s%N)
        status=0
        gst-launch-1.0 -q videotestsrc num-buffers=1 ! "video/x-raw,width=$width,height=$height" \
            ! aspectratiocrop aspect-ratio=1/1 ! jpegenc quality=92 ! filesink location="$work/peer.jpg" \
            >"$work/peer.log" 2>&1 || status=$?
        ms=$(( ($(date +%s%N) - start) / 1000000 ))
        if ((status != 0)) || [[ ! -s $work/peer.jpg ]]; then
            echo "shoot.sh: the peer (gst-launch-1.0 … ! jpegenc ! filesink) failed with status $status, run $run:" >&2
            cat "$work/peer.log" >&2
            exit 1
        fi
        echo "$ms"
    done >"$work/peer.txt"
    peer=$(median <"$work/peer.txt")
    printf '%-12s %-34s %10s %10s %10s\n' "$size" "shutter → file (${side}² JPEG)" "$shutter" 40 "$(ratio 40 "$shutter")x"
    printf '%-12s %-34s %10s %10s %10s\n' "$size" "launch → first frame" "$launch" 300 "$(ratio 300 "$launch")x"
    printf '%-12s %-34s %10s %10s %10s\n' "$size" "gst-launch: launch → square JPEG" "$peer" "-" "$(ratio "$peer" "$(python3 -c "print($launch+$shutter)")")x"
done
echo "(target/ours ≥ 1.00x meets the target; the gst-launch row compares a whole plain pipeline run with our launch → first frame + shutter → file)"

# The whole command, wall clock: squarecam shoot (the C launcher's exec of
# squarecam-gst, GStreamer, one 1080² JPEG written and fsynced) against
# the plain pipeline writing the same square, medians of 30 runs each, same
# run. The two take turns (ours, peer, peer, ours, …): run back to back, as
# hyperfine runs them, each command keeps its own binaries warm in the
# caches, which flattered the side with the larger binaries by about 0.1×.
python3 - "$bin" "$work" <<'PY'
import os, statistics, sys, time
squarecam, work = sys.argv[1], sys.argv[2]
ours = [squarecam, "shoot", "--camera", "test:1920x1080", "--skip", "0", "--output", work + "/whole.jpg", "--overwrite"]
plain = ["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=1", "!", "video/x-raw,width=1920,height=1080",
         "!", "videocrop", "left=420", "right=420", "!", "jpegenc", "!", "filesink", "location=" + work + "/plain.jpg"]
null = os.open(os.devnull, os.O_WRONLY)

def milliseconds(argv):
    """One run's wall time, spawned directly (no shell); a failed run stops the benchmark."""
    started = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
    _, status = os.waitpid(pid, 0)
    elapsed = (time.perf_counter() - started) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"shoot.sh: {argv[0]} failed (status {os.waitstatus_to_exitcode(status)}); no ratio against a failed run")
    return elapsed

for _ in range(3):
    milliseconds(ours), milliseconds(plain)
times = {"ours": [], "plain": []}
for turn in range(30):
    order = [("ours", ours), ("plain", plain)] if turn % 2 == 0 else [("plain", plain), ("ours", ours)]
    for name, argv in order:
        times[name].append(milliseconds(argv))
mine, peer = statistics.median(times["ours"]), statistics.median(times["plain"])
print(f"whole shoot --camera test:1920x1080 --skip 0: {mine:.1f} ms, gst-launch peer {peer:.1f} ms, "
      f"ratio {mine / peer:.2f}× (target ≤ 1.2×; medians of 30 runs each, taking turns)")
PY
