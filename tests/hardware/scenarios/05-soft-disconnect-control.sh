#!/usr/bin/env bash
# vivid's `disconnect` control (a simulated USB unplug) while streaming:
# a typed "camera disconnected" error, no crash, no hang.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
mkdir -p "$work/photos"
timeout --kill-after=5 90 "$SQUARECAM_BIN" shoot --require-camera --delay 8 --output "$work/photos" \
    >"$out" 2>"$err" </dev/null &
shooter=$!
wait_for 60 process_tree_holds_device "$shooter" /dev/video0 || fail "shoot never opened /dev/video0"
sleep 2  # past STREAMON, see 04
vivid_control disconnect=1 || fail "could not set vivid's disconnect control"
wait "$shooter"
rc=$?
note "shoot after the disconnect control → exit $rc"
((rc != 124 && rc != 137)) || fail "shoot hung after the camera was disconnected"
((rc < 128)) || fail "shoot crashed (signal $((rc - 128)))"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while the camera is disconnected"
expect_stderr 'disconnect' "the message says the camera was disconnected"
[[ -z "$(ls -A "$work/photos")" ]] || fail "a photo was saved from a disconnected camera"
