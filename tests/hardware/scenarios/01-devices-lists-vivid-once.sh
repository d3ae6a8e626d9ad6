#!/usr/bin/env bash
# `squarecam devices` lists the vivid webcam exactly once, with its real modes.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
listing="$work/devices.json"
devices_query "$listing" modes "$camera_id" >"$work/modes" || fail "no modes for $camera_id"
note "$(wc -l <"$work/modes") modes listed"
# vivid's webcam input offers exactly these sizes (YUYV and many raw formats).
for size in 320x180 640x360 640x480 1280x720 1920x1080 3840x2160; do
    devices_query "$listing" has-mode "$camera_id" "$size" || fail "mode $size missing from $camera_id"
done
devices_query "$listing" has-mode "$camera_id" 1920x1080 YUY2 || fail "1920x1080 YUY2 missing"
# Sizes vivid does not offer must not be invented.
devices_query "$listing" has-mode "$camera_id" 1024x768 && fail "1024x768 listed, vivid does not offer it"
# No mode listed twice.
duplicates=$(sort "$work/modes" | uniq -d)
[[ -z "$duplicates" ]] || fail "modes listed more than once: $duplicates"

# The human-readable listing names it once, and the test camera last.
squarecam 120 devices
expect_rc "$EXIT_OK" "squarecam devices"
mentions=$(grep -cF -- "$camera_id" "$out")
((mentions == 1)) || fail "the text listing mentions $camera_id $mentions times, expected once"
expect_stdout '1920x1080' "the text listing shows the modes"
last_camera_line=$(grep -niE 'test' "$out" | tail -1 | cut -d: -f1)
vivid_line=$(grep -nF -- "$camera_id" "$out" | head -1 | cut -d: -f1)
[[ -n "$last_camera_line" ]] || fail "the test camera is not listed"
((vivid_line < last_camera_line)) || fail "the test camera is not listed after vivid"
