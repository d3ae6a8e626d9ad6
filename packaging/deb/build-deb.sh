#!/usr/bin/env bash
# Builds dist/squarecam_<version>_<arch>.deb from the release build (`make deb`).
#
#   packaging/deb/build-deb.sh
#
# A binary package: the Swift toolchain is not a Debian package, so the two
# programs carry the Swift runtime and Foundation linked in (Package.swift),
# and Depends comes from what they link (dpkg-shlibdeps), plus what they
# load at run time: libheif (opened on the first HEIF file), zbar (opened by scan) and the
# GStreamer plugins whose elements the pipelines name.
# The version is SquareCamVersion.number; packaging/deb/changelog must start
# with an entry for it. Needs dpkg-dev and lintian
# (scripts/install-deps.sh --with-packaging), and help2man for make install's
# man pages; lintian runs last and any error fails the build.
#
# Environment: DEB_MAINTAINER overrides the Maintainer field;
# SOURCE_DATE_EPOCH (default: the last commit's time) dates the man pages and
# every file in the package, rather than the moment of the build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

version=$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/SquareCamCore/SquareCamVersion.swift)
[[ -n $version ]] || { echo "build-deb: no version in Sources/SquareCamCore/SquareCamVersion.swift" >&2; exit 1; }
changelog_version=$(sed -n '1s/^squarecam (\([^)]*\)).*/\1/p' "$here/changelog")
if [[ $changelog_version != "$version" ]]; then
    echo "build-deb: packaging/deb/changelog starts at $changelog_version, the program says $version: add an entry for $version" >&2
    exit 1
fi
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-$(sed -n 's/^ -- \(.*>\)  .*/\1/p' "$here/changelog" | head -1)}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

work=$root/.build/deb
stage=$work/squarecam
rm -rf "$work"
mkdir -p "$stage" dist

echo "build-deb: release build, installed into $stage"
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr CONFIG=release >/dev/null
bin=$stage/usr/bin/squarecam
helpers=("$stage/usr/libexec/squarecam/squarecam-crop" "$stage/usr/libexec/squarecam/squarecam-gst" "$stage/usr/libexec/squarecam/squarecam-app")

# The toolchain must not be needed where the package is installed.
if ldd "$bin" "${helpers[@]}" | grep -E "/opt/swift|libswift|libFoundation|libdispatch|not found"; then
    echo "build-deb: the programs need the Swift toolchain's libraries (see above): link them statically" >&2
    exit 1
fi
# As dh_strip does for programs: no symbol table, no .comment/.note sections.
strip --remove-section=.comment --remove-section=.note "$bin" "${helpers[@]}"

doc=$stage/usr/share/doc/squarecam
install -Dm644 "$here/copyright" "$doc/copyright"
# A native package (SquareCam is its own upstream): changelog.gz.
gzip -9n <"$here/changelog" >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# The man pages make install put there (packaging/man), compressed as Debian's are.
for page in "$stage"/usr/share/man/man1/*.1; do
    gzip -9n "$page"
done

# Depends: the linked libraries, by their packages' shlibs/symbols files.
shlibs_dir=$work/shlibdeps
mkdir -p "$shlibs_dir/debian"
printf 'Source: squarecam\n\nPackage: squarecam\nArchitecture: any\n' >"$shlibs_dir/debian/control"
linked=$(cd "$shlibs_dir" && dpkg-shlibdeps -O "$bin" "${helpers[@]}" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') || {
    cat "$work/shlibdeps.log" >&2
    exit 1
}
# The oldest version of PACKAGE that has every function SOURCE resolves at
# run time (RESOLVE(prefix_…) in a dlopen wrapper), from PACKAGE's symbols file.
oldest_with_symbols() {
    local source=$1 prefix=$2 package=$3
    grep -o "RESOLVE(${prefix}_[a-z_A-Z0-9]*)" "$source" | sed 's/RESOLVE(\(.*\))/\1/' | sort -u |
        while read -r symbol; do
            awk -v s="$symbol@Base" '$1 == s { print $2 }' /var/lib/dpkg/info/"$package":"$arch".symbols
        done | sort -V | tail -1
}
# libheif is opened with dlopen on the first HEIF file (Sources/CHeif), zbar
# when squarecam scan starts (Sources/CZbar).
heif_minimum=$(oldest_with_symbols Sources/CHeif/cheif.c heif libheif1)
[[ -n $heif_minimum ]] || { echo "build-deb: could not find libheif1's symbols (is libheif1 installed?)" >&2; exit 1; }
zbar_minimum=$(oldest_with_symbols Sources/CZbar/czbar.c zbar libzbar0)
[[ -n $zbar_minimum ]] || { echo "build-deb: could not find libzbar0's symbols (is libzbar0 installed?)" >&2; exit 1; }
# The elements the pipelines name (Sources/SquareCamCapture): plugins-base
# has videotestsrc, videoconvert, videoscale, appsink, appsrc and decodebin;
# plugins-good has v4l2src (every UVC webcam), jpegdec (their MJPEG modes)
# and imagefreeze (photos shown as a camera, decoded by SquareCam itself).
# libgtk-4-media-gstreamer: GTK's media backend, which plays a recording on the app's review page.
# librsvg2-common: the SVG loader GTK draws the app's icon with (GTK only recommends it).
depends="$linked, libheif1 (>= $heif_minimum), libzbar0 (>= $zbar_minimum), gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, libgtk-4-media-gstreamer, librsvg2-common"

installed_size=$(du -s -k --apparent-size "$stage" | cut -f1)
mkdir -p "$stage/DEBIAN"
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@MAINTAINER@|$maintainer|" \
    -e "s|@INSTALLED_SIZE@|$installed_size|" -e "s|@DEPENDS@|$depends|" "$here/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"

# Modes as Debian expects whatever the umask was; times from SOURCE_DATE_EPOCH.
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -exec chmod 644 {} +
chmod 755 "$bin" "${helpers[@]}"
find "$stage" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

deb=dist/squarecam_${version}_${arch}.deb
rm -f "$deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "build-deb: $deb ($(du -h "$deb" | cut -f1)), Depends: $depends"

echo "build-deb: lintian"
lintian_output=$(lintian --info --display-info --fail-on none "$deb" 2>&1) || true
printf '%s\n' "$lintian_output" | sed 's/^/    /'
if printf '%s\n' "$lintian_output" | grep -q '^E: '; then
    echo "build-deb: lintian reports errors" >&2
    exit 1
fi
