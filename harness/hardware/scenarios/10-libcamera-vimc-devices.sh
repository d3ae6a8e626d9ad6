#!/usr/bin/env bash
# With vimc (the kernel's virtual media-controller camera, built out of tree:
# Debian does not ship it) in place of vivid, `squarecam devices` lists the
# camera that libcamera's vimc pipeline handler makes of its media graph,
# once, with a libcamera: id and libcamera's sizes.
source "$(dirname "$0")/../lib.sh"

load_vimc
note "cam -l: $(cam -l 2>/dev/null | tail -n +2 | tr '\n' ' ')"
find_libcamera_camera
[[ "$camera_id" == libcamera:*vimc* ]] || fail "the libcamera camera '$camera_id' is not vimc's"
expect_modes 640x480 1280x720 1920x1080
expect_listed_once

# One sensor, one camera: vimc's capture nodes are parts of the pipeline
# libcamera drives (their device caps say V4L2_CAP_IO_MC: the media graph,
# not the node, decides what they capture), not cameras of their own.
others=$(grep -v '^libcamera:' "$work/real-ids" | tr '\n' ' ')
[[ -z "$others" ]] || collected_failures+=("the vimc camera is listed a second time through its V4L2 node(s): $others")
grep -q 'CRITICAL' "$err" \
    && collected_failures+=("devices printed GStreamer criticals: $(grep -m1 CRITICAL "$err")")
check_collected_failures
