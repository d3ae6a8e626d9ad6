#!/usr/bin/env bash
# The .deb on a clean Debian 12: a minimal bookworm root (debootstrap
# --variant=minbase, cached as a tarball), `apt-get install ./squarecam_….deb`
# there (every dependency must come from Depends alone: no Recommends), then,
# inside that root:
#   1. squarecam --version prints the package's version;
#   2. squarecam crop of a photo stored turned (EXIF Orientation 6) gives the
#      upright square (pixels compared with the upright original);
#   3. squarecam shoot --camera test saves the test camera's square (bars checked),
#      and squarecam record --camera test --microphone test records a square
#      VP8/Opus clip that decodes (on the host, with gst-launch-1.0);
#   4. the app's window, on an Xvfb display, shows the live test camera
#      (screenshots: its bar colours, and the snow moving between two shots);
#   5. apt-get remove squarecam takes away exactly the package's files, and
#      apt-get autoremove --purge then leaves the file list as it was before
#      the install.
# The root's mounts are undone and the root deleted however the test ends.
#
#   harness/packaging/run.sh dist/squarecam_<version>_<arch>.deb
#
# Root, and network to deb.debian.org (DEBIAN_MIRROR). The base root is kept
# in SQUARECAM_PACKAGING_CACHE (default ~/.cache/squarecam-packaging) and
# remade when a week old; downloaded packages are kept there too, and the
# last run's logs, file lists and screenshots in last-run/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
deb=$(realpath "${1:?usage: harness/packaging/run.sh SQUARECAM.deb}")
[[ -f $deb ]] || { echo "packaging: no file $deb (make deb builds it)" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || { echo "packaging: run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }
for tool in debootstrap Xvfb xdotool import convert python3 dpkg-deb; do
    command -v "$tool" >/dev/null || { echo "packaging: $tool is missing: scripts/install-deps.sh --with-packaging" >&2; exit 1; }
done

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${SQUARECAM_PACKAGING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/squarecam-packaging}
base=$cache/bookworm-minbase.tar.gz
archives=$cache/apt-archives
mkdir -p "$cache" "$archives/partial"
package=$(dpkg-deb --field "$deb" Package)
version=$(dpkg-deb --field "$deb" Version)
started=$SECONDS
failures=0
quietly() { "$@" >/dev/null; }
check() {  # check WHAT COMMAND...: runs it, reports, counts failures
    local what=$1; shift
    if "$@"; then echo "packaging: PASS $what"; else echo "packaging: FAIL $what"; failures=$((failures + 1)); fi
}

work=$(mktemp -d /tmp/squarecam-packaging.XXXXXX)
root=$work/root
mounted=()
xvfb_pid=""

# The original standard output and error: a signal can arrive while a
# function's output is redirected into a log, and the report must not go there.
exec 3>&1 4>&2
cleanup() {
    local status=$?
    set +e
    exec 1>&3 2>&4
    [[ -n $xvfb_pid ]] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
    # Whatever still runs inside the root (started by this test) is ended by its id.
    if [[ -d $root ]]; then
        for process in /proc/[0-9]*; do
            [[ $(readlink "$process/root" 2>/dev/null) == "$root" ]] && kill -KILL "${process#/proc/}" 2>/dev/null
        done
    fi
    local index
    for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do
        umount "${mounted[index]}" 2>/dev/null || umount --lazy "${mounted[index]}"
    done
    # The logs, lists and screenshots of the last run stay for a look afterwards.
    rm -rf "$cache/last-run"
    mkdir -p "$cache/last-run"
    find "$work" -maxdepth 1 -type f -exec cp {} "$cache/last-run/" \;
    # Never delete through a mount that is still there (a bound /dev!).
    if findmnt --list --noheadings --output TARGET | grep -q "^$root"; then
        echo "packaging: mounts remain under $root; not deleting it:" >&2
        findmnt --list --noheadings --output TARGET | grep "^$root" >&2
    else
        rm -rf "$work"
    fi
    echo "packaging: took $((SECONDS - started)) s"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mount_in_root() {  # mount_in_root TARGET MOUNT-ARGUMENTS...
    local target=$root$1; shift
    mkdir -p "$target"
    mount "$@" "$target"
    mounted+=("$target")
}

in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# ─── The base root: made once a week, unpacked each run ───
if [[ ! -f $base || -n $(find "$base" -mtime +6) || -n ${SQUARECAM_REFRESH_BASE:-} ]]; then
    echo "packaging: debootstrap --variant=minbase bookworm from $mirror (cached in $base)"
    fresh=$work/fresh
    debootstrap --variant=minbase bookworm "$fresh" "$mirror" >"$work/debootstrap.log" 2>&1 || {
        tail -20 "$work/debootstrap.log" >&2
        exit 1
    }
    # What a Debian 12 system's apt sees: the release, its updates and security fixes.
    security=${mirror%/debian}/debian-security
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
        "$mirror" "$mirror" "$security" >"$fresh/etc/apt/sources.list"
    # No daemons start inside the root while packages are installed.
    printf '#!/bin/sh\nexit 101\n' >"$fresh/usr/sbin/policy-rc.d"
    chmod 755 "$fresh/usr/sbin/policy-rc.d"
    rm -rf "$fresh/var/cache/apt/archives"/*.deb
    tar --numeric-owner -C "$fresh" -czf "$base.new" .
    mv "$base.new" "$base"
    rm -rf "$fresh"
fi
mkdir -p "$root"
tar --numeric-owner -C "$root" -xzf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"

mount_in_root /proc -t proc proc
mount_in_root /sys -t sysfs sysfs
mount_in_root /dev --bind /dev
mount_in_root /dev/pts --bind /dev/pts
mount_in_root /dev/shm -t tmpfs tmpfs
mount_in_root /var/cache/apt/archives --bind "$archives"

in_root apt-get update -qq
# Files that belong to the system, not to what one package or one run adds.
file_list() {
    (cd "$root" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./run -o -path ./tmp \
        -o -path ./var/cache/apt -o -path ./var/lib/apt -o -path ./var/lib/dpkg -o -path ./var/log \
        -o -path ./var/cache/debconf -o -path ./root \) -prune -o -print | sort)
}
file_list >"$work/before-install"

# ─── Install: Depends alone must be enough ───
cp "$deb" "$root/tmp/"
install_started=$SECONDS
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >"$work/install.log" 2>&1 || {
    tail -30 "$work/install.log" >&2
    echo "packaging: FAIL apt-get install ./$(basename "$deb")" >&2
    exit 1
}
pulled=$(grep -c '^Setting up ' "$work/install.log" || true)
echo "packaging: PASS apt-get install ./$(basename "$deb") ($pulled packages set up in $((SECONDS - install_started)) s)"
file_list >"$work/installed"
in_root dpkg -L "$package" | sort >"$work/package-files"

# ─── 1. --version ───
printed=$(in_root squarecam --version 2>&1 || true)
check "squarecam --version: $printed" test "$printed" = "squarecam $version"

# ─── 2. crop: a photo stored turned (Orientation 6) comes out upright ───
mkdir -p "$root/tmp/crop"
cp "$repo/Tests/Fixtures/orientation/Landscape_6.jpg" "$root/tmp/crop/"
crop_output=$(in_root squarecam crop /tmp/crop/Landscape_6.jpg 2>&1) || true
echo "$crop_output" | sed 's/^/    /'
check "squarecam crop of an Orientation 6 photo is upright" \
    python3 "$here/pixels.py" upright "$root/tmp/crop/Landscape_6-square.jpg" "$repo/Tests/Fixtures/orientation/Landscape_1.jpg"

# ─── 3. shoot from the test camera ───
shot_output=$(in_root squarecam shoot --camera test -o /tmp/shot.jpg 2>&1) || true
echo "$shot_output" | sed 's/^/    /'
check "squarecam shoot --camera test saves the test camera's square" \
    python3 "$here/pixels.py" test-pattern "$root/tmp/shot.jpg"

# The recording: the package's Depends must bring VP8, Opus, webmmux and audiomixer.
record_output=$(in_root squarecam record --camera test --microphone test --duration 2 --json -o /tmp/clip.webm 2>&1) || true
echo "$record_output" | sed 's/^/    /'
clip_frames=$(GST_DEBUG=GST_SCHEDULING:7 GST_DEBUG_NO_COLOR=1 gst-launch-1.0 -q filesrc location="$root/tmp/clip.webm" \
    ! matroskademux name=demux demux.video_0 ! queue ! vp8dec ! fakesink name=picture demux.audio_0 ! queue ! opusdec \
    ! fakesink 2>&1 | grep -c '<picture:sink> calling chainfunction' || true)
check "squarecam record --camera test --microphone test: a 1080x1080 clip of 60 frames that decodes ($clip_frames)" \
    test "$clip_frames" -eq 60 -a -n "$(echo "$record_output" | grep '"width":1080')"

# scan: zbar is opened at run time (Sources/CZbar), so only Depends brings it.
cp "$repo/Tests/Fixtures/codes/tilted.png" "$root/tmp/code.png"
scan_output=$(in_root squarecam scan --camera file:/tmp/code.png --timeout 20 2>&1) || true
echo "$scan_output" | sed 's/^/    /'
check "squarecam scan reads the tilted QR code of a picture" test "$scan_output" = "tilted by 23 degrees"

# ─── 4. the app's window on Xvfb, live ───
display=90
while [[ -e /tmp/.X$display-lock || -e /tmp/.X11-unix/X$display ]]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do DISPLAY=":$display" xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
# The X server listens on an abstract socket too, which the root (same network namespace) reaches.
mkdir -p "$root/tmp/home"
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp/home LANG=C.UTF-8 \
    DISPLAY=":$display" XDG_RUNTIME_DIR=/tmp/home squarecam --camera test >"$work/app.log" 2>&1 &
app_pid=$!
window=$(DISPLAY=":$display" timeout 60 xdotool search --sync --onlyvisible --name '^SquareCam$' 2>/dev/null | head -1) || true
if [[ -z $window ]]; then
    check "the app opens a window" false
    sed 's/^/    /' "$work/app.log"
else
    eval "$(DISPLAY=":$display" xdotool getwindowgeometry --shell "$window")"
    # Two screenshots a moment apart, until the view is up (at most 30 s).
    deadline=$((SECONDS + 30))
    while true; do
        DISPLAY=":$display" import -window root "$work/live-1.png"
        sleep 0.3
        DISPLAY=":$display" import -window root "$work/live-2.png"
        python3 "$here/pixels.py" live-view "$work/live-1.png" "$work/live-2.png" "$X" "$Y" "$WIDTH" "$HEIGHT" \
            >"$work/live-view.log" && break
        ((SECONDS < deadline)) || break
    done
    sed 's/^/    /' "$work/live-view.log"
    check "the app's window (${WIDTH}x${HEIGHT}) shows the live test camera" \
        quietly python3 "$here/pixels.py" live-view "$work/live-1.png" "$work/live-2.png" "$X" "$Y" "$WIDTH" "$HEIGHT"
    if [[ -n ${SQUARECAM_PACKAGING_SCREENSHOT:-} ]]; then cp "$work/live-1.png" "$SQUARECAM_PACKAGING_SCREENSHOT"; fi
fi
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
kill "$xvfb_pid" 2>/dev/null || true
wait "$xvfb_pid" 2>/dev/null || true
xvfb_pid=""
# What the runs wrote (photos, caches in the test's home) is user data, not the package's.
rm -rf "$root/tmp/home" "$root/tmp/crop" "$root/tmp/shot.jpg"

# ─── 5. remove: exactly the package's files go; then the system is as before ───
in_root apt-get remove -y -qq "$package" >"$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; exit 1; }
file_list >"$work/removed"
# Paths the package owned that are now gone, and any path that appeared or vanished otherwise.
sed 's|^/|./|' "$work/package-files" | sort >"$work/package-paths"
# Caches that other packages' triggers rebuild whenever any package adds or
# removes an icon, desktop file or the like (here hicolor's icon-theme.cache,
# made when our icon came and dropped when it went) are theirs, not ours.
not_caches() { grep -v -E '/icon-theme\.cache$|/mimeinfo\.cache$|/gschemas\.compiled$|/share/mime/' || true; }
comm -13 "$work/installed" "$work/removed" | not_caches >"$work/appeared"
comm -23 "$work/installed" "$work/removed" >"$work/vanished"
comm -23 "$work/vanished" "$work/package-paths" | not_caches >"$work/vanished-not-ours"
# A folder of the package may stay only while another package owns it too.
comm -12 "$work/removed" "$work/package-paths" | while read -r path; do
    if [[ ! -d $root/$path || -L $root/$path ]] || ! in_root dpkg-query --search "${path#.}" >/dev/null 2>&1; then
        echo "$path"
    fi
done >"$work/left-behind"
for list in appeared vanished-not-ours left-behind; do
    [[ -s $work/$list ]] && { echo "    $list:"; sed 's/^/      /' "$work/$list" | head -20; }
done
check "apt-get remove takes away the package's $(wc -l <"$work/vanished") files and nothing else, adds nothing" \
    test ! -s "$work/appeared" -a ! -s "$work/vanished-not-ours" -a ! -s "$work/left-behind"
in_root apt-get autoremove --purge -y -qq >"$work/autoremove.log" 2>&1 || { cat "$work/autoremove.log" >&2; exit 1; }
file_list >"$work/purged"
# What the dependencies' own maintainer scripts leave after their purge (seen:
# systemd's machine-id, /etc/mtab and private folders, adduser's shadow
# backups) is listed; nothing of ours may be among it.
comm -3 "$work/before-install" "$work/purged" | sed 's/^\t/+ /; t; s/^/- /' >"$work/differs"
grep -i -E 'squarecam' "$work/differs" >"$work/ours-left" || true
[[ -s $work/differs ]] && { echo "    not as before the install (+ left, - gone), from the dependencies:"; sed 's/^/      /' "$work/differs" | head -20; }
check "apt-get autoremove --purge leaves nothing of squarecam, and $(grep -c '^+' "$work/differs" || true) paths of its dependencies" \
    test ! -s "$work/ours-left"

echo "packaging: $failures failed"
((failures == 0))
