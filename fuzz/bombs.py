#!/usr/bin/python3
"""Writes decompression bombs: small files whose headers claim huge images.

usage: bombs.py FIXTURES_DIR OUT_DIR (Tests/Fixtures)
Each file is named <target>-<what>.<ext>, where <target> is the fuzz target
that must reject it (jpeg, png, heif, crop). Files named *-huge-* claim
65510x65530 pixels or more and must be rejected before any large allocation;
*-large-* claim about 196 million pixels, under the product's 200 MP limit,
and are measured, not judged.
"""
import struct
import sys
import zlib
from pathlib import Path


def patch_jpeg(data: bytes, width: int, height: int) -> bytes:
    index = 2
    while index + 9 < len(data):
        if data[index] != 0xFF:
            raise ValueError("not at a marker")
        marker = data[index + 1]
        length = struct.unpack(">H", data[index + 2:index + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            return data[:index + 5] + struct.pack(">HH", height, width) + data[index + 9:]
        index += 2 + length
    raise ValueError("no SOF marker")


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    # A little real compressed data: 64 KB of zero rows, far fewer than claimed.
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(65536))) + chunk(b"IEND", b""))


def patch_heif(data: bytes, width: int, height: int) -> bytes:
    """Rewrites every 'ispe' property box (image spatial extents)."""
    out = bytearray(data)
    start = 0
    while (found := out.find(b"ispe", start)) != -1:
        # box: size(4) 'ispe'(4) version/flags(4) width(4) height(4)
        out[found + 8:found + 16] = struct.pack(">II", width, height)
        start = found + 4
    return bytes(out)


def main() -> int:
    fixtures, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    baseline = (fixtures / "libjpeg-turbo/testorig.jpg").read_bytes()
    progressive = (fixtures / "libjpeg-turbo/testimgint.jpg").read_bytes()
    bombs = {
        "jpeg-huge-65510x65530.jpg": patch_jpeg(baseline, 65510, 65530),
        "jpeg-huge-65535x65535.jpg": patch_jpeg(baseline, 65535, 65535),
        "jpeg-huge-progressive-65500x65500.jpg": patch_jpeg(progressive, 65500, 65500),
        "jpeg-large-14000x14000.jpg": patch_jpeg(baseline, 14000, 14000),
        "crop-huge-65510x65530.jpg": patch_jpeg(baseline, 65510, 65530),
        "crop-huge-progressive-65500x65500.jpg": patch_jpeg(progressive, 65500, 65500),
        "png-huge-65535x65535.png": png(65535, 65535),
        "png-huge-1000000x1000000.png": png(1_000_000, 1_000_000),
        "png-huge-2147483647x1.png": png(2_147_483_647, 1),
        "crop-huge-1000000x1000000.png": png(1_000_000, 1_000_000),
    }
    heic = fixtures / "heif/example.heic"
    if heic.exists():
        bombs["heif-huge-65530x65530.heic"] = patch_heif(heic.read_bytes(), 65530, 65530)
        bombs["crop-huge-65530x65530.heic"] = bombs["heif-huge-65530x65530.heic"]
    for name, data in bombs.items():
        (out / name).write_bytes(data)
    print(f"bombs: {len(bombs)} files in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
