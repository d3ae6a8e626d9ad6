#!/usr/bin/env bash
# Unbinding vivid while `shoot` streams gives a typed "camera disconnected"
# error (no crash, no hang); after `bind` the camera is listed again and a
# new session captures.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
mkdir -p "$work/photos"
# --delay keeps the session live long enough to pull the plug mid-stream.
timeout --kill-after=5 90 "$SQUARECAM_BIN" shoot --require-camera --delay 8 --output "$work/photos" \
    >"$out" 2>"$err" </dev/null &
shooter=$!
wait_for 60 process_tree_holds_device "$shooter" /dev/video0 || fail "shoot never opened /dev/video0"
# Let the stream run (frames flowing) before the unplug; the wait above is
# for the real event, this only moves the unplug past STREAMON.
sleep 2
echo vivid.0 >/sys/bus/platform/drivers/vivid/unbind || fail "could not unbind vivid"
wait "$shooter"
rc=$?
note "shoot after unbind → exit $rc"
((rc != 124 && rc != 137)) || fail "shoot hung after the camera was unplugged"
((rc < 128)) || fail "shoot crashed (signal $((rc - 128))) after the camera was unplugged"
expect_rc "$EXIT_CAMERA_FAILED" "shoot while the camera is unplugged"
expect_stderr 'disconnect' "the message says the camera was disconnected"
[[ -z "$(ls -A "$work/photos")" ]] || fail "a photo was saved from a camera that went away"

echo vivid.0 >/sys/bus/platform/drivers/vivid/bind || fail "could not bind vivid again"
wait_for 20 test -c /dev/video0 || fail "/dev/video0 did not come back after bind"
find_vivid_camera
squarecam 180 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_OK" "a new session after the camera came back"
jpeg_probe "$(printed_path)" >/dev/null || fail "the photo after re-plugging does not decode"
