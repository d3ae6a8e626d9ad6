#!/usr/bin/python3
"""Decodes a JPEG completely with djpeg and prints its size and sample pixels.

usage: jpeg_probe.py FILE [X,Y ...]
Prints "W H", then "R G B" for each point. Exits 1 when djpeg reports any
error or warning (a truncated or corrupt file), so it doubles as a full
decode check.
"""
import subprocess
import sys


def main() -> int:
    path = sys.argv[1]
    result = subprocess.run(["djpeg", "-pnm", path], capture_output=True)
    if result.returncode != 0 or result.stderr:
        sys.stderr.write(f"jpeg_probe: {path} does not decode cleanly: {result.stderr.decode(errors='replace')}\n")
        return 1
    data = result.stdout
    # PPM/PGM header: magic, width, height, maxval, separated by whitespace.
    fields = []
    index = 0
    while len(fields) < 4:
        while data[index:index + 1].isspace():
            index += 1
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    index += 1
    magic, width, height = fields[0], int(fields[1]), int(fields[2])
    channels = 3 if magic == b"P6" else 1
    pixels = data[index:]
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
