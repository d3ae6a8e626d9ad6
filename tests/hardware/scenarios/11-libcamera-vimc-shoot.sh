#!/usr/bin/env bash
# `squarecam shoot --camera libcamera:…` saves a square photo through
# libcamerasrc from vimc, and its pixels are vimc's test pattern (v4l2-tpg's
# 75% colour bars, sent through vimc's Bayer sensor, debayer and scaler).
source "$(dirname "$0")/../lib.sh"

load_vimc
find_libcamera_camera
mkdir -p "$work/photos"
# 1280x720 keeps the software-emulated guest quick; the bars are 160 px wide.
squarecam 300 shoot --camera "$camera_id" --mode 1280x720 --output "$work/photos" --json
expect_rc "$EXIT_OK" "shoot --camera $camera_id --mode 1280x720"
photo=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["path"])' "$out") \
    || fail "shoot --json printed no path"
[[ -f "$photo" ]] || fail "shoot printed '$photo', which is not a file"
# The centre square spans x 280…1000 of the frame: yellow 0–40, cyan 40–200,
# green 200–360, magenta 360–520, red 520–680, blue 680–720 in the photo.
# Row 400 is clear of vimc's text (the top 80 rows).
jpeg_probe "$photo" 20,400 120,400 280,400 440,400 600,400 700,400 >"$work/probe" \
    || fail "the photo does not decode completely"
read -r width height <"$work/probe"
[[ "$width $height" == "720 720" ]] || fail "photo is ${width}x${height}, expected 720x720 (the centre square of 1280x720)"
names=(yellow cyan green magenta red blue)
wanted=("191 191 0" "0 191 191" "0 191 0" "191 0 191" "191 0 0" "0 0 191")
index=0
while read -r r g b; do
    # shellcheck disable=SC2086
    expect_colour "$r" "$g" "$b" ${wanted[$index]} "the ${names[$index]} bar"
    index=$((index + 1))
done < <(tail -n +2 "$work/probe")
((index == 6)) || fail "expected 6 samples, got $index"
