#!/usr/bin/env bash
# The camera node at 0600 and squarecam run as an unprivileged user (root
# ignores permissions): the documented permission exit code and message.
source "$(dirname "$0")/../lib.sh"

find_vivid_camera
chmod 0600 /dev/video0
chmod 0755 "$work"
mkdir -p "$work/photos" "$work/home"
chmod 0777 "$work/photos" "$work/home"
as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups
           env HOME="$work/home" XDG_CACHE_HOME="$work/home/.cache")
# Root can open it; nobody cannot: the setup itself is checked.
"${as_nobody[@]}" sh -c 'exec 3</dev/video0' 2>/dev/null && fail "setup: nobody can still open /dev/video0"

for camera in auto "$camera_id"; do
    timeout --kill-after=5 60 "${as_nobody[@]}" "$SQUARECAM_BIN" shoot --require-camera --camera "$camera" \
        --output "$work/photos" >"$out" 2>"$err" </dev/null
    rc=$?
    note "as nobody: squarecam shoot --require-camera --camera $camera → exit $rc"
    ((rc < 124)) || fail "squarecam hung or crashed (exit $rc)"
    expect_rc "$EXIT_PERMISSION" "permission denied (--camera $camera)"
    expect_stderr 'permission' "the message says permission"
    [[ -z "$(ls -A "$work/photos")" ]] || fail "a file was written although the camera was refused"
done
