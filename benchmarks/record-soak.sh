#!/usr/bin/env bash
# A long recording: memory and file descriptors must stay flat.
#   benchmarks/record-soak.sh [path/to/squarecam] [minutes]
# Records MINUTES (default 30) of the 1920x1080@30 test camera and the test
# tone at 1080x1080, samples the recorder's resident memory and open file
# descriptors every 10 s, and prints the first sample after the first minute
# (the encoder's buffers are allocated by then), the last and the largest,
# with the frames recorded and dropped. Targets (issue 20): resident memory
# grows by at most 8 MB after the first minute, the descriptors not at all,
# ≥ 98 % of the frames in the file.
set -euo pipefail

BIN=${1:-$(swift build -c release --show-bin-path)/squarecam}
MINUTES=${2:-30}
[[ -x "$BIN" ]] || { echo "record-soak.sh: no squarecam at $BIN: run swift build -c release, or pass its path" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seconds=$(( MINUTES * 60 ))

"$BIN" record --camera test:1920x1080@30 --microphone test --duration "$seconds" --json -o "$work/soak.webm" \
    > "$work/soak.json" 2> "$work/soak.log" &
recorder=$!
# The launcher execs the recorder, so the pid is the recorder's own.
: > "$work/samples"
while kill -0 "$recorder" 2> /dev/null; do
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$recorder/status" 2> /dev/null || true)
    fds=$(ls "/proc/$recorder/fd" 2> /dev/null | wc -l || true)
    [[ -n "$rss" ]] && echo "$(( SECONDS )) $rss $fds" >> "$work/samples"
    sleep 10
done
wait "$recorder" || { echo "record-soak.sh: squarecam record failed:" >&2; cat "$work/soak.log" >&2; exit 1; }

frames=$(grep -o '"frames":[0-9]*' "$work/soak.json" | cut -d: -f2)
dropped=$(grep -o '"droppedFrames":[0-9]*' "$work/soak.json" | cut -d: -f2)
awk -v frames="$frames" -v dropped="$dropped" -v expected=$(( seconds * 30 )) -v minutes="$MINUTES" '
    $1 >= 60 && first == "" { first = $2; firstFds = $3 }
    { last = $2; lastFds = $3; if ($2 > largest) largest = $2 }
    END {
        growth = (last - first) / 1024
        share = 100 * frames / expected
        verdict = (growth <= 8 && lastFds == firstFds && share >= 98) ? "PASS" : "FAIL"
        printf "record-soak.sh: %d min at 1080x1080: resident %.1f MB after 1 min, %.1f MB at the end (largest %.1f MB, growth %+.1f MB); descriptors %d then %d; frames %d of %d (%.1f %%), %d dropped  %s\n",
            minutes, first / 1024, last / 1024, largest / 1024, growth, firstFds, lastFds, frames, expected, share, dropped, verdict
        exit verdict == "PASS" ? 0 : 1
    }' "$work/samples"
