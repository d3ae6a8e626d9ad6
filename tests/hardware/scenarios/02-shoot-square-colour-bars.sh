#!/usr/bin/env bash
# `squarecam shoot --require-camera` takes a 1080x1080 photo from vivid's
# 1920x1080 mode, and vivid's 75% colour bars are where they should be.
source "$(dirname "$0")/../lib.sh"

mkdir -p "$work/photos"
squarecam 180 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_OK" "shoot --require-camera"
photo=$(printed_path)
[[ -f "$photo" ]] || fail "shoot printed '$photo', which is not a file"
[[ "$photo" == "$work/photos/"*.jpg ]] || fail "the photo $photo is not a .jpg in the output folder"
# 1920 wide: eight 240 px bars; the centre square spans x 420…1500, so in the
# photo: yellow 0–60, cyan 60–300, green 300–540, magenta 540–780,
# red 780–1020, blue 1020–1080. Row 540 is clear of vivid's text overlay.
jpeg_probe "$photo" 30,540 180,540 420,540 660,540 900,540 1050,540 >"$work/probe" \
    || fail "the photo does not decode completely"
read -r width height <"$work/probe"
[[ "$width $height" == "1080 1080" ]] || fail "photo is ${width}x${height}, expected 1080x1080 (the centre square of 1920x1080)"
names=(yellow cyan green magenta red blue)
wanted=("191 191 0" "0 191 191" "0 191 0" "191 0 191" "191 0 0" "0 0 191")
index=0
while read -r r g b; do
    # shellcheck disable=SC2086
    expect_colour "$r" "$g" "$b" ${wanted[$index]} "the ${names[$index]} bar"
    index=$((index + 1))
done < <(tail -n +2 "$work/probe")
((index == 6)) || fail "expected 6 samples, got $index"

# The same with --json: an object with path, width, height and camera.
squarecam 180 shoot --require-camera --output "$work/photos" --json
expect_rc "$EXIT_OK" "shoot --require-camera --json"
python3 - "$out" <<'PY' || fail "shoot --json output is not the documented object"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["width"] == 1080 and doc["height"] == 1080, doc
assert doc["path"].endswith(".jpg"), doc
assert doc.get("camera"), doc
PY
