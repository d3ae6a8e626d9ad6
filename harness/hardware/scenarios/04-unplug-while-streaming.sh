#!/usr/bin/env bash
# Unbinding vivid while `shoot` streams gives a typed "camera disconnected"
# error (no crash, no hang); after `bind` the camera is listed again and a
# new session captures.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
start_streaming_shoot
echo vivid.0 >/sys/bus/platform/drivers/vivid/unbind || fail "could not unbind vivid"
finish_streaming_shoot "the unplug"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while the camera is unplugged"
expect_stderr_later 'disconnect' "the message says the camera was disconnected"

echo vivid.0 >/sys/bus/platform/drivers/vivid/bind || fail "could not bind vivid again"
wait_for 20 test -c /dev/video0 || fail "/dev/video0 did not come back after bind"
find_vivid_camera
mkdir -p "$work/photos"
squarecam 180 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_OK" "a new session after the camera came back"
jpeg_probe "$(printed_path)" >/dev/null || fail "the photo after re-plugging does not decode"
check_collected_failures
