#!/usr/bin/env python3
"""Makes Tests/Fixtures/orientation/ from the full-size orientation examples.

    shrink-orientation.py SOURCE_FOLDER TARGET_FOLDER

Each file's pixels, as stored (not turned), are scaled to a third of each
side (Lanczos, ImageMagick) and encoded again with cjpeg (quality 95, 4:2:0,
optimised Huffman tables); the source's EXIF segment (APP1) is put back byte
for byte, so every Orientation value (0, an invalid one, too) is the
original's. Quality 95: at 90 the crops of Landscape_6 and Landscape_1 drift
3.1 levels apart per channel, past the tests' tolerance of 3.
Needs djpeg and cjpeg (libjpeg-turbo-progs) and ImageMagick.
"""
import subprocess
import sys
import tempfile
from pathlib import Path


def segments(data: bytes):
    """(marker, whole segment) up to and including the start of scan."""
    i = 2
    while i + 4 <= len(data):
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        yield marker, data[i:i + 2 + length]
        if marker == 0xDA:
            return
        i += 2 + length


def shrink(source: Path, target: Path) -> None:
    exif = b"".join(segment for marker, segment in segments(source.read_bytes()) if marker == 0xE1)
    with tempfile.TemporaryDirectory() as scratch:
        stored, scaled = f"{scratch}/stored.ppm", f"{scratch}/scaled.ppm"
        subprocess.run(["djpeg", "-ppm", "-outfile", stored, str(source)], check=True)
        width, height = map(int, subprocess.check_output(["identify", "-format", "%w %h", stored]).split())
        subprocess.run(["convert", stored, "-filter", "Lanczos", "-resize", f"{width // 3}x{height // 3}!", scaled], check=True)
        body = subprocess.check_output(["cjpeg", "-quality", "95", "-sample", "2x2", "-optimize", scaled])
    marker, jfif = next(segments(body))
    assert marker == 0xE0, f"{source}: cjpeg wrote no JFIF segment first"
    cut = 2 + len(jfif)  # the EXIF goes right after JFIF, where the source had it
    target.write_bytes(body[:cut] + exif + body[cut:])


if __name__ == "__main__":
    source_folder, target_folder = Path(sys.argv[1]), Path(sys.argv[2])
    target_folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(source_folder.glob("*.jpg")):
        shrink(path, target_folder / path.name)
