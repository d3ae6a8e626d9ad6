#!/usr/bin/env bash
# Another process streams from the camera: the busy error, naming the camera.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
gst-launch-1.0 -q v4l2src device=/dev/video0 ! fakesink >/dev/null 2>&1 &
streamer=$!
wait_for 60 holds_device "$streamer" /dev/video0 || fail "setup: the other streamer never opened /dev/video0"
sleep 1  # past its STREAMON: the buffers are then taken
kill -0 "$streamer" || fail "setup: the other streamer died"

mkdir -p "$work/photos"
squarecam 90 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while another process streams"
expect_stderr 'busy|in use' "the message says the camera is busy"
grep -qiF -- "$camera_name" "$err" || grep -qF -- "$camera_id" "$err" \
    || fail "the busy message names neither '$camera_name' nor '$camera_id'"
[[ -z "$(ls -A "$work/photos")" ]] || fail "a file was written although the camera was busy"
kill "$streamer"
