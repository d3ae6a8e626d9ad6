#!/usr/bin/env bash
# Draws the QR-code fixtures the code-reading tests read (CodeReaderTests,
# ScanCLITests): qrencode makes each code, ImageMagick (6, convert) places it in a camera-
# sized frame. Run once; the PNGs are committed, so the tests need neither tool.
# Each frame's code is named by its text, which the tests expect back.
set -euo pipefail
cd "$(dirname "$0")"
code() {  # code TEXT MODULE_PIXELS OUTPUT: a code with its 4-module quiet zone
    qrencode --level=M --size="$2" --margin=4 --output="$3" -- "$1"
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A frame the size of a webcam's 4:3 mode, the code in the middle.
code "https://example.org/squarecam/straight" 8 "$work/straight.png"
convert -size 800x600 xc:white "$work/straight.png" -gravity center -composite -colorspace Gray -depth 8 straight.png
# A small code in a Full HD frame, at the left edge: outside the centre square,
# 132 px wide with 4 px modules, as a code across a room is. The analysis
# branch halves a Full HD frame (960 px), leaving 2 px a module: the least
# zbar was measured to read every time (AnalysisBranch.longSide).
code "small code at the left edge" 4 "$work/small.png"
convert -size 1920x1080 xc:gray85 "$work/small.png" -gravity west -geometry +60+0 -composite -colorspace Gray -depth 8 small.png
# Turned by 23 degrees, off the centre, in a 1280x720 frame.
code "tilted by 23 degrees" 5 "$work/tilted-code.png"
convert "$work/tilted-code.png" -background white -rotate 23 "$work/tilted.png"
convert -size 1280x720 xc:gray80 "$work/tilted.png" -gravity east -geometry +80+40 -composite -colorspace Gray -depth 8 tilted.png
# Seen mirrored, as a front camera sends it when it faces a code.
code "read through a mirror" 6 "$work/mirrored.png"
convert "$work/mirrored.png" -flop "$work/flopped.png"
convert -size 800x600 xc:white "$work/flopped.png" -gravity center -composite -colorspace Gray -depth 8 mirrored.png
# Two codes side by side.
code "first of two" 5 "$work/first.png"
code "second of two" 5 "$work/second.png"
convert -size 1280x720 xc:white "$work/first.png" -gravity west -geometry +120+0 -composite \
    "$work/second.png" -gravity east -geometry +120+0 -composite -colorspace Gray -depth 8 two.png
# No code: a textured frame with edges and blobs, which must read as nothing.
convert -size 800x600 -seed 21 plasma:gray50-gray90 -blur 0x4 -colorspace Gray -depth 8 -posterize 12 -alpha off \
    -fill black -draw "rectangle 100,100 180,180" -draw "circle 500,300 560,340" -draw "rectangle 600,80 700,120" none.png
# Without the dates ImageMagick stamps in, running this again makes the same bytes.
for picture in straight small tilted mirrored two none; do
    convert "$picture.png" -strip -define png:exclude-chunk=date,time "$picture.png"
done
