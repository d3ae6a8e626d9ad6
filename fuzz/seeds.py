#!/usr/bin/python3
"""Builds the seed folders for the fuzz targets from folders of images
(Tests/Fixtures, and ../shared/corpora when it is there).

usage: seeds.py OUT_DIR SOURCE_DIR...
Writes OUT_DIR/<target>/ for jpeg, exif, heif, png and crop; each seed's name
starts with its source folder's name, so same-named files do not collide. EXIF
seeds are the TIFF blocks of the images' APP1 segments (FuzzEXIF adds "Exif\\0\\0").
Files over 600 KB are left out of the crop seeds to keep runs fast.
"""
import shutil
import struct
import sys
import zlib
from pathlib import Path


def app1_exif_blocks(data: bytes):
    """Yields the TIFF data of each EXIF APP1 segment of a JPEG."""
    index = 2
    while index + 4 <= len(data) and data[index] == 0xFF:
        marker = data[index + 1]
        if marker in (0xD9, 0xDA):
            return
        length = struct.unpack(">H", data[index + 2:index + 4])[0]
        payload = data[index + 4:index + 2 + length]
        if marker == 0xE1 and payload.startswith(b"Exif\0\0"):
            yield payload[6:]
        index += 2 + length


def tiny_png(width: int, height: int, colour_type: int, bit_depth: int) -> bytes:
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    row = bytes(1 + (width * channels * bit_depth + 7) // 8)
    raw = row * height

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    parts = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", header)]
    if colour_type == 3:
        parts.append(chunk(b"PLTE", bytes(range(12))))
    parts += [chunk(b"IDAT", zlib.compress(raw)), chunk(b"IEND", b"")]
    return b"".join(parts)


def main() -> int:
    out, sources = Path(sys.argv[1]), [Path(argument) for argument in sys.argv[2:]]
    folders = {name: out / name for name in ("jpeg", "exif", "heif", "png", "crop")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    for source in sources:
        for path in sorted(source.glob("**/*.jpg")):
            data = path.read_bytes()
            seed_name = f"{source.name}-{path.parent.name}-{path.name}"
            if path.parent.name != "fuzz-jpeg" or len(data) < 64_000:
                shutil.copyfile(path, folders["jpeg"] / seed_name)
            if len(data) < 600_000:
                shutil.copyfile(path, folders["crop"] / seed_name)
            for number, block in enumerate(app1_exif_blocks(data)):
                (folders["exif"] / f"{seed_name}.{number}.tiff").write_bytes(block)
        for path in source.glob("**/*.heic"):
            shutil.copyfile(path, folders["heif"] / f"{source.name}-{path.name}")
            shutil.copyfile(path, folders["crop"] / f"{source.name}-{path.name}")
        for path in source.glob("**/*.png"):
            shutil.copyfile(path, folders["png"] / f"{source.name}-{path.name}")
            shutil.copyfile(path, folders["crop"] / f"{source.name}-{path.name}")
    for colour_type, depth in ((0, 1), (0, 16), (2, 8), (3, 4), (4, 8), (6, 16)):
        data = tiny_png(7, 5, colour_type, depth)
        (folders["png"] / f"tiny-{colour_type}-{depth}.png").write_bytes(data)
        (folders["crop"] / f"tiny-{colour_type}-{depth}.png").write_bytes(data)
    for name, folder in folders.items():
        print(f"seeds: {name}: {sum(1 for _ in folder.iterdir())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
