#!/usr/bin/env bash
# vivid's error injection: each gives a clear error or a photo, never a
# crash, a hang or a partial file; the camera works again afterwards.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
mkdir -p "$work/photos"

# clear_error_or_photo WHAT: exit 0 with a photo that decodes, or the camera
# error code with a message naming the camera.
clear_error_or_photo() {
    local what=$1
    if ((rc == EXIT_OK)); then
        jpeg_probe "$(printed_path)" >/dev/null || fail "$what: the photo does not decode"
    else
        expect_rc "$EXIT_CAMERA_FAILED" "$what"
        grep -qiF -- "$camera_name" "$err" || grep -qF -- "$camera_id" "$err" \
            || fail "$what: the error names neither '$camera_name' nor '$camera_id'"
    fi
    local file
    while IFS= read -r -d '' file; do
        jpeg_probe "$file" >/dev/null || fail "$what: a partial photo was left: $file"
    done < <(find "$work/photos" -name '*.jpg' -print0)
}

for control in inject_vidioc_streamon_error inject_vidioc_reqbufs_error inject_vidioc_qbuf_error \
               inject_v4l2_buf_flag_error; do
    vivid_control "$control=1" || fail "could not set $control"
    squarecam 120 shoot --require-camera --output "$work/photos"
    clear_error_or_photo "$control"
done

# A fatal streaming error in the middle of a session: a clear error.
start_streaming_shoot
vivid_control inject_fatal_streaming_error=1 || fail "could not inject a fatal streaming error"
finish_streaming_shoot "a fatal streaming error"
expect_rc "$EXIT_CAMERA_FAILED" "a fatal streaming error"

# Half the buffers dropped by the driver: still a photo (graceful degradation).
modprobe -r vivid && modprobe vivid n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0
wait_for 20 test -c /dev/video0 || fail "vivid did not come back"
vivid_control percentage_of_dropped_buffers=50 || fail "could not set percentage_of_dropped_buffers"
squarecam 180 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_OK" "shoot with 50% dropped buffers"
jpeg_probe "$(printed_path)" >/dev/null || fail "the photo with dropped buffers does not decode"

# And with the injections spent, a normal photo.
vivid_control percentage_of_dropped_buffers=0
squarecam 180 shoot --require-camera --output "$work/photos"
expect_rc "$EXIT_OK" "shoot after the injected errors"
