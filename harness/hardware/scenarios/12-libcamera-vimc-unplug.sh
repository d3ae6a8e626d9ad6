#!/usr/bin/env bash
# Unbinding vimc while `shoot --count` streams from it through libcamera
# ends the shoot with the camera error (exit 5) and a message that says the
# camera was disconnected: no crash, no hang. After `bind` it is listed
# again and a new session captures.
source "$(dirname "$0")/../lib.sh"

load_vimc
find_libcamera_camera
start_streaming_shoot --camera "$camera_id" --mode 1920x1080
echo vimc.0 >/sys/bus/platform/drivers/vimc/unbind || fail "could not unbind vimc"
finish_streaming_shoot "the unplug"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while the camera is unplugged"
expect_stderr_later 'disconnect' "the message says the camera was disconnected"

echo vimc.0 >/sys/bus/platform/drivers/vimc/bind || fail "could not bind vimc again"
wait_for 20 test -c /dev/media0 || fail "/dev/media0 did not come back after bind"
find_libcamera_camera
mkdir -p "$work/photos"
squarecam 180 shoot --camera "$camera_id" --mode 1920x1080 --output "$work/photos"
expect_rc "$EXIT_OK" "a new session after the camera came back"
jpeg_probe "$(printed_path)" >/dev/null || fail "the photo after re-plugging does not decode"
check_collected_failures
