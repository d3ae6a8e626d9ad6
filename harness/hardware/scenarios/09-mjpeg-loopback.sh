#!/usr/bin/env bash
# An MJPEG camera (v4l2loopback fed by a small writer) is decoded and
# captured; the colour bars survive the trip.
source "$(dirname "$0")/../lib.sh"

modinfo v4l2loopback >/dev/null 2>&1 \
    || skip "v4l2loopback is not built for $(uname -r) (scripts/vm/install-vm-deps.sh --loopback)"
modprobe v4l2loopback video_nr=10 exclusive_caps=1 card_label="Loopback MJPEG" \
    || fail "modprobe v4l2loopback failed"
wait_for 20 test -c /dev/video10 || fail "/dev/video10 did not appear"

# One real vivid frame as the MJPEG payload: 1280x720, eight 160 px bars.
gst-launch-1.0 -q v4l2src device=/dev/video0 num-buffers=1 ! video/x-raw,width=1280,height=720 \
    ! videoconvert ! jpegenc quality=95 ! filesink location="$work/bars.jpg" || fail "could not grab a vivid frame"
python3 "$hardware_dir/mjpeg-writer.py" /dev/video10 1280 720 30 "$work/bars.jpg" 2>"$work/writer.log" &
writer=$!
wait_for 20 sh -c 'v4l2-ctl -d /dev/video10 --list-formats 2>/dev/null | grep -q MJPG' \
    || fail "the loopback node never offered MJPG: $(cat "$work/writer.log")"

mkdir -p "$work/photos"
squarecam 180 shoot --require-camera --camera /dev/video10 --output "$work/photos"
expect_rc "$EXIT_OK" "shoot from the MJPEG loopback camera"
photo=$(printed_path)
# Centre square x 280…1000: yellow 0–40, cyan 40–200, green 200–360,
# magenta 360–520, red 520–680, blue 680–720.
expect_colour_bars "$photo" 720 360 20 120 280 440 600 700
kill "$writer"
