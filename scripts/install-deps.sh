#!/usr/bin/env bash
# Installs the Debian packages SquareCam needs to build, test and run.
# Idempotent: packages already present are not fetched again.
set -euo pipefail

build_packages=(
    pkg-config
    libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
    libturbojpeg0-dev libjpeg62-turbo-dev
    libexif-dev libheif-dev libpng-dev
    libgtk-4-dev libadwaita-1-dev
    libpipewire-0.3-dev
    # QR codes: squarecam scan and the analysis branch's code reader.
    libzbar-dev
    # Face detection (Sources/CFaces): dlib's headers and libdlib.a, linked statically.
    libdlib-dev
    gettext
    # make install's man pages (packaging/man/make-man-pages.sh).
    help2man
)
runtime_packages=(
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-tools
    gstreamer1.0-pipewire gstreamer1.0-libcamera
    # The app's review plays recordings through GTK's GStreamer media backend.
    libgtk-4-media-gstreamer
    # The app's icon is an SVG: GTK only recommends the loader that reads it.
    librsvg2-common
    libheif1
)
test_packages=(
    xvfb xauth xdotool imagemagick
    # The app tests read screenshots from the X server themselves (Tests/CXCapture).
    libx11-dev
    # Tests/Fixtures/codes/make-codes.sh draws the QR fixtures with it (they are committed).
    qrencode
    # A window manager for the fullscreen tests (XDisplay.withWindowManager), and xprop to see it run.
    openbox x11-utils
    libjpeg-turbo-progs libimage-exiftool-perl
    fonts-noto-cjk locales
    # The private desktop session of the camera portal tests (harness/portal/session.py).
    dbus-daemon pipewire pipewire-bin wireplumber xdg-desktop-portal
    python3 python3-gi python3-dbusmock
    # harness/av-sync (measure, clapper, reference) drive GStreamer from Python, GstController included.
    gir1.2-gstreamer-1.0
    # ManPageTests reads the man pages as man shows them.
    man-db groff-base
    # The screen-reader tests read the app over a private accessibility bus (harness/a11y/atspi_session.py).
    at-spi2-core python3-pyatspi
    # The GUI tests on GTK's Wayland path: a headless compositor and its screenshooter (Tests/SquareCamAppTests/Weston.swift).
    weston
    # The status page's Copy button is checked by reading the X clipboard back.
    xclip
)
benchmark_packages=(libvips-tools imagemagick hyperfine time gstreamer1.0-x)
# make deb and harness/packaging: build the .deb, check it, install it into a
# fresh Debian root (debootstrap) and run it there under Xvfb.
packaging_packages=(dpkg-dev fakeroot lintian debootstrap xvfb xauth imagemagick xdotool)

wanted=("${build_packages[@]}" "${runtime_packages[@]}" "${test_packages[@]}")
for option in "$@"; do
    case $option in
        --with-benchmarks) wanted+=("${benchmark_packages[@]}") ;;
        --with-packaging) wanted+=("${packaging_packages[@]}") ;;
        *) echo "install-deps: unknown option $option (options: --with-benchmarks, --with-packaging)" >&2; exit 2 ;;
    esac
done

missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null; then
    as_root=(sudo)
else
    echo "install-deps: these Debian packages are missing: ${missing[*]}" >&2
    echo "install-deps: run this script as root or install sudo, then try again." >&2
    exit 1
fi
if ! command -v apt-get >/dev/null; then
    echo "install-deps: apt-get not found; install these packages with your package manager: ${missing[*]}" >&2
    exit 1
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
