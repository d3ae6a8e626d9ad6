#!/usr/bin/python3
"""Decodes a JPEG completely with djpeg and prints its size and sample pixels.

usage: jpeg_probe.py FILE [X,Y ...]
Prints "W H", then "R G B" for each point. Exits 1 when djpeg reports any
error or warning (a truncated or corrupt file), so it doubles as a full
decode check.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pnm  # noqa: E402  (harness/pnm.py)


def main() -> int:
    path = sys.argv[1]
    result = subprocess.run(["djpeg", "-pnm", path], capture_output=True)
    if result.returncode != 0 or result.stderr:
        sys.stderr.write(f"jpeg_probe: {path} does not decode cleanly: {result.stderr.decode(errors='replace')}\n")
        return 1
    magic, width, height, _, pixels = pnm.parse(result.stdout)
    channels = 3 if magic == b"P6" else 1
    if len(pixels) != width * height * channels:
        sys.stderr.write(f"jpeg_probe: {path}: pixel data is {len(pixels)} bytes, expected {width * height * channels}\n")
        return 1
    print(width, height)
    for point in sys.argv[2:]:
        x, y = (int(value) for value in point.split(","))
        offset = (y * width + x) * channels
        sample = pixels[offset:offset + channels]
        print(*(sample if channels == 3 else sample * 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
