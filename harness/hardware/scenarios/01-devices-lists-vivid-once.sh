#!/usr/bin/env bash
# `squarecam devices` lists the vivid webcam exactly once, with its real modes.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
listing="$work/devices.json"
# vivid's webcam input offers exactly these sizes (YUYV and many raw formats).
expect_modes 320x180 640x360 640x480 1280x720 1920x1080 3840x2160
devices_query "$listing" has-mode "$camera_id" 1920x1080 YUY2 || fail "1920x1080 YUY2 missing"
# Sizes vivid does not offer must not be invented.
devices_query "$listing" has-mode "$camera_id" 1024x768 && fail "1024x768 listed, vivid does not offer it"

# The human-readable listing names it once, and the test camera last.
expect_listed_once
expect_stdout '1920x1080' "the text listing shows the modes"
last_camera_line=$(grep -niE 'test' "$out" | tail -1 | cut -d: -f1)
vivid_line=$(grep -nF -- "$camera_id" "$out" | head -1 | cut -d: -f1)
[[ -n "$last_camera_line" ]] || fail "the test camera is not listed"
((vivid_line < last_camera_line)) || fail "the test camera is not listed after vivid"
