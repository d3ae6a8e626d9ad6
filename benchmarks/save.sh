#!/usr/bin/env bash
# Benchmarks saving into a camera folder that already holds 10 files, and one
# that holds 10,000 (with 1 % temporary files an interrupted save left), with
# `squarecam shoot` and the small test camera, so that the save (not the JPEG
# encoding) is most of the shutter → file time:
#   every save: the median of the saves 2..N taken in one process;
#   first save: the median over separate launches (a run's first save into a
#               folder also reads the whole folder for stale temporary files);
# and the ratio 10,000 files / 10 files for each (1.00x: the full folder costs
# nothing).
# The peer is the same program saving into the small folder; a run that
# fails, on either side, stops the benchmark (no ratio against nothing).
# Usage: benchmarks/save.sh [SAVES (default 40)] [LAUNCHES (default 15)]
#   SQUARECAM_BIN=path/to/squarecam skips the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
saves=${1:-40}
launches=${2:-15}
camera=test:320x240
# Python for the folder and the figures; GStreamer's test camera: Debian packages.
./scripts/install-deps.sh --with-benchmarks

source benchmarks/lib.sh
bin=$(squarecam_binary)
# In $TMPDIR (on a tmpfs the fsyncs cost nothing, so the folder's share shows more).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIBCAMERA_LOG_LEVELS='*:ERROR'

timings() { python3 -c 'import sys,json; [print(json.loads(l)["timings"]["shutterToFileMs"]) for l in sys.stdin if l.strip()]'; }
paths() { python3 -c 'import sys,json; [print(json.loads(l)["path"]) for l in sys.stdin if l.strip()]'; }

# A folder of `count` files named as the camera names photos; every hundredth
# is a temporary file an interrupted save left (fresh, so the sweep keeps it
# and every save meets the same folder).
fill() {
    local folder=$1 count=$2
    mkdir -p "$folder"
    python3 - "$folder" "$count" <<'EOF'
import os, sys
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    name = f".squarecam-{index:08x}.partial" if index % 100 == 99 else f"SquareCam_20260101_{index // 60 % 60:02d}{index % 60:02d}00-{index}.jpg"
    with open(os.path.join(folder, name), "wb") as file:
        file.write(b"\xff\xd8\xff\xd9")
EOF
}

# shoot ARGUMENTS...: one `squarecam shoot --json` into $work/shoot.jsonl,
# stopping the benchmark when it fails or prints no photo.
shoot() {
    local status=0
    "$bin" shoot --camera "$camera" --skip 0 --json "$@" >"$work/shoot.jsonl" 2>"$work/shoot.err" || status=$?
    if ((status != 0)) || [[ ! -s $work/shoot.jsonl ]]; then
        echo "save.sh: squarecam shoot $* failed with status $status:" >&2
        cat "$work/shoot.err" >&2
        exit 1
    fi
}

# Saves in one process, then separate launches; writes "every first" in ms to
# $work/FOLDER-NAME.txt. The photos made are removed after each run, so the
# folder keeps its size. Runs in this shell, so a failure stops the script.
measure() {
    local folder=$1
    shoot --count "$saves" --output "$folder"
    local every
    every=$(timings <"$work/shoot.jsonl" | tail -n +2 | median 2)
    paths <"$work/shoot.jsonl" | xargs -d '\n' rm -f
    : >"$work/first.txt"
    for _ in $(seq "$launches"); do
        shoot --output "$folder"
        timings <"$work/shoot.jsonl" >>"$work/first.txt"
        paths <"$work/shoot.jsonl" | xargs -d '\n' rm -f
    done
    echo "$every $(median 2 <"$work/first.txt")" >"$work/$(basename "$folder").txt"
}

fill "$work/small" 10
fill "$work/large" 10000
[[ $(ls -A "$work/large" | wc -l) -eq 10000 ]] || { echo "save.sh: could not fill the folder" >&2; exit 1; }
# Warm up: the first launch loads GStreamer's plugin registry and the page cache.
mkdir -p "$work/warmup"
shoot --output "$work/warmup/"

measure "$work/small"
measure "$work/large"
read -r small_every small_first <"$work/small.txt"
read -r large_every large_first <"$work/large.txt"

printf '%-30s %14s %14s %10s\n' "shutter → file, $camera" "10 files (ms)" "10,000 (ms)" "ratio"
printf '%-30s %14s %14s %10s\n' "every save (median of $((saves - 1)))" "$small_every" "$large_every" "$(ratio "$large_every" "$small_every")x"
printf '%-30s %14s %14s %10s\n' "first save (median of $launches)" "$small_first" "$large_first" "$(ratio "$large_first" "$small_first")x"
echo "(ratio: 10,000-file folder / 10-file folder, same binary, same run; 1.00x means the full folder costs nothing)"
