#!/usr/bin/env bash
# vivid's `disconnect` control (a simulated USB unplug) while streaming:
# a typed "camera disconnected" error, no crash, no hang.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
start_streaming_shoot
vivid_control disconnect=1 || fail "could not set vivid's disconnect control"
finish_streaming_shoot "the disconnect control"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while the camera is disconnected"
expect_stderr 'disconnect' "the message says the camera was disconnected"
