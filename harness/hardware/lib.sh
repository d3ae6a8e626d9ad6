# Shared helpers for the hardware scenarios (sourced, not run).
# A scenario runs inside the guest as root with vivid freshly loaded as
# /dev/video0. It exits 0 (passed), 77 (skipped, with a reason on stderr) or
# anything else (failed, the reason on stderr).
set -uo pipefail

: "${SQUARECAM_BIN:?SQUARECAM_BIN must name the squarecam binary to test}"
hardware_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d /tmp/scenario.XXXXXX)
out="$work/stdout"
err="$work/stderr"
rc=0

# Exit codes documented by `squarecam shoot --help` and the README.
readonly EXIT_OK=0 EXIT_USAGE=2 EXIT_NO_CAMERA=3 EXIT_PERMISSION=4 EXIT_CAMERA_FAILED=5 EXIT_WRITE_FAILED=6

fail() {
    echo "FAIL: $*" >&2
    show_output
    exit 1
}

skip() {
    echo "SKIP: $*" >&2
    exit 77
}

note() { echo "  $*" >&2; }

show_output() {
    [[ -s "$out" ]] && { echo "  --- stdout:" >&2; head -c 3000 "$out" | sed 's/^/  | /' >&2; }
    [[ -s "$err" ]] && { echo "  --- stderr:" >&2; head -c 3000 "$err" | sed 's/^/  | /' >&2; }
    return 0
}

# squarecam TIMEOUT ARGS...: runs the binary, keeps stdout/stderr in $out/$err
# and the exit code in $rc. A hang or a crash fails the scenario at once.
squarecam() {
    local limit=$1
    shift
    timeout --kill-after=5 "$limit" "$SQUARECAM_BIN" "$@" >"$out" 2>"$err" </dev/null
    rc=$?
    note "squarecam $* → exit $rc"
    if ((rc == 124 || rc == 137)); then
        fail "squarecam $* hung: no exit within ${limit} s"
    fi
    if ((rc > 128)); then
        fail "squarecam $* crashed with signal $((rc - 128))"
    fi
}

expect_rc() {
    local want=$1 what=$2
    ((rc == want)) || fail "$what: expected exit code $want, got $rc"
}

# expect_stderr REGEX WHAT: the error message says REGEX (case-insensitive).
expect_stderr() {
    grep -Eiq -- "$1" "$err" || fail "$2: stderr does not match /$1/"
}

expect_stdout() {
    grep -Eiq -- "$1" "$out" || fail "$2: stdout does not match /$1/"
}

# wait_for SECONDS COMMAND...: polls a real condition, fails on timeout.
wait_for() {
    local limit=$1
    shift
    local deadline=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        ((SECONDS < deadline)) || return 1
        sleep 0.2
    done
}

# holds_device PID DEVICE: PID has DEVICE open.
holds_device() {
    local pid=$1 device=$2
    [[ -d /proc/$pid/fd ]] || return 1
    local link
    for link in /proc/"$pid"/fd/*; do
        [[ $(readlink "$link" 2>/dev/null) == "$device" ]] && return 0
    done
    return 1
}

# process_tree_holds_device PID DEVICE: PID or one of its threads' process has it open.
process_tree_holds_device() {
    local pid=$1 device=$2 child
    holds_device "$pid" "$device" && return 0
    for child in $(pgrep -P "$pid" 2>/dev/null); do
        holds_device "$child" "$device" && return 0
    done
    return 1
}

# The photo path squarecam printed (last non-empty line of stdout).
printed_path() {
    grep -v '^\s*$' "$out" | tail -1
}

# jpeg_probe FILE [X,Y ...]: prints "W H" then "R G B" for each point.
jpeg_probe() {
    python3 "$hardware_dir/jpeg_probe.py" "$@"
}

vivid_control() {
    v4l2-ctl -d /dev/video0 -c "$1"
}

cleanup_scenario() {
    local job
    for job in $(jobs -p); do kill "$job" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup_scenario EXIT

# devices FILE: `squarecam devices --json` into FILE, which must succeed.
devices_json() {
    squarecam 120 devices --json
    expect_rc "$EXIT_OK" "squarecam devices --json"
    cp "$out" "$1"
}

devices_query() {
    python3 "$hardware_dir/devices_query.py" "$@"
}

# expect_modes SIZE...: the camera found last (find_*_camera) has modes in the
# `devices --json` listing it read, each SIZE among them, and no mode listed
# twice. The modes stay in $work/modes.
expect_modes() {
    local listing="$work/devices.json" size duplicates
    devices_query "$listing" modes "$camera_id" >"$work/modes" || fail "no modes for $camera_id"
    note "$(wc -l <"$work/modes") modes listed"
    for size in "$@"; do
        devices_query "$listing" has-mode "$camera_id" "$size" || fail "mode $size missing from $camera_id"
    done
    duplicates=$(sort "$work/modes" | uniq -d)
    [[ -z "$duplicates" ]] || fail "modes listed more than once: $duplicates"
}

# expect_listed_once: `squarecam devices` (the text listing) names the camera
# found last exactly once; its output stays in $out.
expect_listed_once() {
    local mentions
    squarecam 120 devices
    expect_rc "$EXIT_OK" "squarecam devices"
    mentions=$(grep -cF -- "$camera_id" "$out")
    ((mentions == 1)) || fail "the text listing mentions $camera_id $mentions times, expected once"
}

# find_vivid_camera: sets camera_id and camera_name from `devices --json`;
# fails unless exactly one real camera (vivid) is listed.
camera_id=""
camera_name=""
find_vivid_camera() {
    local listing="$work/devices.json"
    devices_json "$listing"
    local count
    count=$(devices_query "$listing" real-count) || fail "devices --json is not the expected JSON"
    ((count == 1)) || fail "expected exactly one real camera (vivid), found $count"
    camera_id=$(devices_query "$listing" real-ids)
    camera_name=$(devices_query "$listing" real-names)
    note "vivid is listed as id '$camera_id', name '$camera_name'"
}

# expect_colour R G B WANT_R WANT_G WANT_B WHAT: within JPEG tolerance.
expect_colour() {
    local r=$1 g=$2 b=$3 wr=$4 wg=$5 wb=$6 what=$7 tolerance=40
    local d
    for d in $((r - wr)) $((g - wg)) $((b - wb)); do
        ((d < 0)) && d=$((-d))
        ((d <= tolerance)) || fail "$what: pixel is ($r,$g,$b), expected about ($wr,$wg,$wb)"
    done
}

# expect_colour_bars PHOTO SIDE ROW X...: PHOTO is SIDE x SIDE and, along
# ROW, the six points X show the test pattern's 75% bars in order: yellow,
# cyan, green, magenta, red, blue (the centre square of eight bars).
expect_colour_bars() {
    local photo=$1 side=$2 row=$3
    shift 3
    local points=() x
    for x in "$@"; do points+=("$x,$row"); done
    jpeg_probe "$photo" "${points[@]}" >"$work/probe" || fail "the photo does not decode completely"
    local width height
    read -r width height <"$work/probe"
    [[ "$width $height" == "$side $side" ]] || fail "photo is ${width}x${height}, expected ${side}x${side} (the centre square)"
    local names=(yellow cyan green magenta red blue)
    local wanted=("191 191 0" "0 191 191" "0 191 0" "191 0 191" "191 0 0" "0 0 191")
    local index=0 r g b
    while read -r r g b; do
        # shellcheck disable=SC2086
        expect_colour "$r" "$g" "$b" ${wanted[$index]} "the ${names[$index]} bar"
        index=$((index + 1))
    done < <(tail -n +2 "$work/probe")
    ((index == 6)) || fail "expected 6 samples, got $index"
}

# start_streaming_shoot [SHOOT_ARGS...]: `shoot --count 200 --interval 0.5`
# (and SHOOT_ARGS, e.g. --camera ID) in the background (pid in $shooter)
# and waits until its first photo is saved, so the camera is certainly
# streaming when the caller pulls the plug.
shooter=""
stream_folder=""
stream_count=0
start_streaming_shoot() {
    stream_count=$((stream_count + 1))
    stream_folder="$work/stream.$stream_count"
    mkdir -p "$stream_folder"
    timeout --kill-after=5 240 "$SQUARECAM_BIN" shoot --require-camera --count 200 --interval 0.5 \
        --output "$stream_folder" "$@" >"$out" 2>"$err" </dev/null &
    shooter=$!
    # Stop waiting as soon as the shoot has ended without a photo.
    wait_for 120 sh -c "ls '$stream_folder'/*.jpg || ! kill -0 $shooter" \
        || fail "shoot --count saved no first photo within 120 s"
    if ! ls "$stream_folder"/*.jpg >/dev/null 2>&1; then
        wait "$shooter"
        rc=$?
        fail "shoot --count ended (exit $rc) before its first photo"
    fi
}

# finish_streaming_shoot WHAT: waits for the background shoot; it must end by
# itself with the camera error, every photo it saved complete.
finish_streaming_shoot() {
    local what=$1 file
    wait "$shooter"
    rc=$?
    note "shoot --count after $what → exit $rc"
    ((rc != 124 && rc != 137)) || fail "shoot hung after $what"
    ((rc < 128)) || fail "shoot crashed (signal $((rc - 128))) after $what"
    while IFS= read -r -d '' file; do
        jpeg_probe "$file" >/dev/null || fail "$what: a partial photo was left: $file"
    done < <(find "$stream_folder" -name '*.jpg' -print0)
    note "$(find "$stream_folder" -name '*.jpg' | wc -l) complete photos before $what"
}

# Checks whose failure should not stop the rest of a scenario: collected,
# reported by check_collected_failures at the end.
collected_failures=()
expect_stderr_later() {
    grep -Eiq -- "$1" "$err" && return 0
    collected_failures+=("$2: stderr does not match /$1/: $(grep -v '^\[' "$err" | tail -2 | tr '\n' ' ')")
    note "noted failure: $2"
}

check_collected_failures() {
    ((${#collected_failures[@]} == 0)) && return 0
    local failure
    for failure in "${collected_failures[@]}"; do echo "FAIL: $failure" >&2; done
    exit 1
}

# load_vimc: replaces vivid by vimc (Debian does not build it:
# scripts/vm/install-vm-deps.sh --vimc builds it from linux-source), whose
# media graph libcamera's vimc pipeline handler drives as one camera.
# Skips when the module is not built for the guest kernel.
load_vimc() {
    modinfo vimc >/dev/null 2>&1 \
        || skip "vimc is not built for $(uname -r) (scripts/vm/install-vm-deps.sh --vimc)"
    modprobe -r vivid || fail "could not unload vivid"
    modprobe vimc || fail "modprobe vimc failed"
    wait_for 20 test -c /dev/media0 || fail "vimc's media device /dev/media0 did not appear"
    wait_for 20 test -c /dev/video2 || fail "vimc's capture nodes did not appear"
}

# find_libcamera_camera: sets camera_id and camera_name to the one camera
# `devices --json` lists with a libcamera: id; fails unless there is exactly one.
find_libcamera_camera() {
    local listing="$work/devices.json" count
    devices_json "$listing"
    devices_query "$listing" real-ids >"$work/real-ids" || fail "devices --json is not the expected JSON"
    count=$(grep -c '^libcamera:' "$work/real-ids")
    if ((count != 1)); then
        note "libcamera itself sees: $(cam -l 2>&1 | tr '\n' ' ')"
        fail "expected exactly one libcamera: camera, found $count: $(tr '\n' ' ' <"$work/real-ids")"
    fi
    camera_id=$(grep '^libcamera:' "$work/real-ids")
    camera_name=$(devices_query "$listing" name "$camera_id")
    note "vimc is listed as id '$camera_id', name '$camera_name'"
}
