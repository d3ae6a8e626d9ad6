#!/usr/bin/env bash
# `squarecam shoot --camera libcamera:…` saves a square photo through
# libcamerasrc from vimc, and its pixels are vimc's test pattern (v4l2-tpg's
# 75% colour bars, sent through vimc's Bayer sensor, debayer and scaler).
source "$(dirname "$0")/../lib.sh"

load_vimc
find_libcamera_camera
mkdir -p "$work/photos"
# 1920x1080: libcamera 0.0.3's vimc handler keeps it as asked (it rounds
# widths down to a multiple of 3, so 1280x720 becomes 1278x720).
squarecam 300 shoot --camera "$camera_id" --mode 1920x1080 --output "$work/photos" --json
expect_rc "$EXIT_OK" "shoot --camera $camera_id --mode 1920x1080"
photo=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["path"])' "$out") \
    || fail "shoot --json printed no path"
[[ -f "$photo" ]] || fail "shoot printed '$photo', which is not a file"
# Eight 240 px bars; the centre square spans x 420…1500, so in the photo:
# yellow 0–60, cyan 60–300, green 300–540, magenta 540–780, red 780–1020,
# blue 1020–1080. Row 540 is clear of vimc's text (sensor rows 16–80, frame
# rows 48–240 after the handler's 3x scale from 640x360). These points were
# checked on a frame from gst-launch-1.0 (README: "vimc and libcamera").
expect_colour_bars "$photo" 1080 540 30 180 420 660 900 1050

# Without --mode, the mode squarecam chooses from libcamera's list must work too.
squarecam 300 shoot --camera "$camera_id" --output "$work/photos"
((rc == EXIT_OK)) || collected_failures+=("shoot --camera $camera_id without --mode: exit $rc: $(grep -v CRITICAL "$err" | grep -v '^$' | tail -1)")
check_collected_failures
