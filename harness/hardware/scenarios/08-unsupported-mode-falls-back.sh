#!/usr/bin/env bash
# Asking for a mode vivid does not offer (640x480 at 30 fps: it offers
# 640x480 only up to 25 fps) falls back to a supported mode and still
# takes a photo.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
squarecam 30 shoot --help
grep -q -- '--mode' "$out" \
    || fail "shoot has no way to ask for a mode (expected a --mode WxH@FPS option in 'shoot --help')"
mkdir -p "$work/photos"
squarecam 180 shoot --require-camera --camera "$camera_id" --mode 640x480@30 --output "$work/photos"
expect_rc "$EXIT_OK" "shoot --mode 640x480@30 (not offered)"
jpeg_probe "$(printed_path)" >"$work/probe" || fail "the photo does not decode"
read -r width height <"$work/probe"
# The nearest offered mode is 640x480@25: a 480x480 photo.
[[ "$width $height" == "480 480" ]] || fail "photo is ${width}x${height}, expected 480x480 from the 640x480 fallback"
