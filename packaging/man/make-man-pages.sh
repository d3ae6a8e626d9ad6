#!/usr/bin/env bash
# Makes SquareCam's man pages from the programs' own --help (help2man), so
# they never fall behind the programs (`make man`, `make install`, `make deb`):
#
#   packaging/man/make-man-pages.sh LAUNCHER PREFIX OUTPUT-DIR
#
# LAUNCHER is a built `squarecam` with its programs beside it; PREFIX is where
# they will be installed, which the FILES sections name. Writes squarecam.1
# and squarecam-COMMAND.1 for each command `squarecam --help` lists.
# SOURCE_DATE_EPOCH, when set, dates the pages (help2man reads it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
launcher=${1:?usage: make-man-pages.sh LAUNCHER PREFIX OUTPUT-DIR}
prefix=${2:?usage: make-man-pages.sh LAUNCHER PREFIX OUTPUT-DIR}
output=${3:?usage: make-man-pages.sh LAUNCHER PREFIX OUTPUT-DIR}

command -v help2man >/dev/null || { echo "make-man-pages: help2man is missing: run scripts/install-deps.sh" >&2; exit 1; }
[[ -x $launcher ]] || { echo "make-man-pages: $launcher is not a built squarecam: run 'swift build' first" >&2; exit 1; }
version=$("$launcher" --version | sed -n 's/^squarecam //p')
[[ -n $version ]] || { echo "make-man-pages: '$launcher --version' printed no version" >&2; exit 1; }
commands=$("$launcher" --help | awk '/^Commands:/ { listing = 1; next } listing && /^$/ { exit } listing { print $1 }')
[[ -n $commands ]] || { echo "make-man-pages: '$launcher --help' lists no commands" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"

# TEXT for a roff page (a plain - is a hyphen, \- the dash a path has), then
# escaped for the right-hand side of sed's s|||.
roff_for_sed() { printf '%s' "$1" | sed -e 's/-/\\-/g' -e 's/[\\&|]/\\&/g'; }

# The include files with the FILES paths filled in.
include() {
    local template=$1 command=${2:-} program=${3:-}
    sed -e "s|@PREFIX@|$(roff_for_sed "$prefix")|g" -e "s|@COMMAND@|$(roff_for_sed "$command")|g" \
        -e "s|@PROGRAM@|$(roff_for_sed "$program")|g" "$here/$template"
}

# The help texts are UTF-8 ("1–100", "1080×1080"); help2man reads them in
# the C locale unless told otherwise, and writes each such byte as "?".
h2m=(help2man --no-info --section=1 --locale=C.UTF-8 --version-string="$version")

include squarecam.h2m >"$work/squarecam.h2m"
"${h2m[@]}" --name="square photos: a camera app, and square crops of existing photos" \
    --include="$work/squarecam.h2m" --output="$output/squarecam.1" "$launcher"

for command in $commands; do
    # Which program the launcher hands the command to (Sources/squarecam/main.c).
    case $command in
        shoot | record | recover | scan | devices) program=squarecam-gst ;;
        crop) program=squarecam-crop ;;
        *) echo "make-man-pages: which program runs '$command'? Add it here as in Sources/squarecam/main.c" >&2; exit 1 ;;
    esac
    # help2man runs a program with --help; this one runs `squarecam COMMAND`.
    # Its name becomes the page's: squarecam-COMMAND, as git-commit(1) is `git commit`.
    printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$launcher" "$command" >"$work/squarecam-$command"
    chmod +x "$work/squarecam-$command"
    # NAME: the help's summary line up to its first stop, without the capital.
    summary=$("$launcher" "$command" --help | sed -n '3p' | sed -e 's/[.:].*//' -e 's/^\(.\)/\L\1/')
    include command.h2m "$command" "$program" >"$work/squarecam-$command.h2m"
    "${h2m[@]}" --name="$summary" --include="$work/squarecam-$command.h2m" \
        --output="$output/squarecam-$command.1" "$work/squarecam-$command"
done
