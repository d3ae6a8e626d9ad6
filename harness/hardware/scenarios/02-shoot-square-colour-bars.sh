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
expect_colour_bars "$photo" 1080 540 30 180 420 660 900 1050

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
