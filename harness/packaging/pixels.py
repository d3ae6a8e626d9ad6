#!/usr/bin/env python3
"""Pixel checks for harness/packaging/run.sh, on images ImageMagick can read.

    pixels.py upright OUTPUT UPRIGHT_REFERENCE
        OUTPUT (a square crop of a photo stored turned, EXIF Orientation 6)
        matches the centre square of UPRIGHT_REFERENCE (the same picture
        stored upright) far better than any turned or mirrored version of it.
    pixels.py test-pattern PHOTO
        PHOTO is the centre square of the 1920x1080 test camera's frame: the
        SMPTE bars that fall inside the square are where they should be.
    pixels.py live-view SCREENSHOT_A SCREENSHOT_B X Y WIDTH HEIGHT
        The window (X, Y, WIDTH, HEIGHT in the screenshots) shows the test
        camera: large areas of its bar colours, and between the two shots the
        picture changed (the snow moves), so the view is live.
Prints what it measured; exits 1 when a check fails.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import pnm  # noqa: E402  (harness/pnm.py)


class Image:
    def __init__(self, path: str, geometry: str | None = None):
        arguments = ["convert", path, "-auto-orient"] if geometry is None else ["convert", path, "-crop", geometry, "+repage"]
        data = subprocess.check_output(arguments + ["-alpha", "off", "-depth", "8", "ppm:-"])
        magic, self.width, self.height, maxval, pixels = pnm.parse(data)
        assert magic == b"P6" and maxval == 255, (magic, maxval)
        self.pixels = pixels[:self.width * self.height * 3]

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.width + x) * 3
        return self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]


def mean_difference(a: Image, b: Image, transform=lambda x, y, side: (x, y)) -> float:
    """Mean absolute difference per channel, sampling every 4th pixel of a square."""
    side = a.width
    total = count = 0
    for y in range(0, side, 4):
        for x in range(0, side, 4):
            bx, by = transform(x, y, side)
            p, q = a.rgb(x, y), b.rgb(bx, by)
            total += abs(p[0] - q[0]) + abs(p[1] - q[1]) + abs(p[2] - q[2])
            count += 3
    return total / count


def upright(output_path: str, reference_path: str) -> bool:
    output = Image(output_path)
    reference = Image(reference_path)
    side = min(reference.width, reference.height)
    if (output.width, output.height) != (side, side):
        print(f"upright: the output is {output.width}x{output.height}, expected {side}x{side}")
        return False
    left, top = (reference.width - side) // 2, (reference.height - side) // 2
    square = Image(reference_path, f"{side}x{side}+{left}+{top}")
    turns = {
        "upright": lambda x, y, s: (x, y),
        "turned right": lambda x, y, s: (y, s - 1 - x),
        "turned left": lambda x, y, s: (s - 1 - y, x),
        "upside down": lambda x, y, s: (s - 1 - x, s - 1 - y),
        "mirrored": lambda x, y, s: (s - 1 - x, y),
    }
    scores = {name: mean_difference(output, square, turn) for name, turn in turns.items()}
    print("upright: mean difference per channel from the upright square: "
          + ", ".join(f"{name} {score:.1f}" for name, score in scores.items()))
    best_other = min(score for name, score in scores.items() if name != "upright")
    return scores["upright"] < 4 and best_other > 3 * scores["upright"] + 10


BARS = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255)]


def close(p, q, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(p, q))


def test_pattern(path: str) -> bool:
    photo = Image(path)
    if photo.width != photo.height:
        print(f"test-pattern: {photo.width}x{photo.height} is not square")
        return False
    # The square of a 1920x1080 frame starts at x = 420 of the frame.
    scale, offset = photo.width / 1080, 420
    ok = True
    for index, colour in enumerate(BARS):
        x = (2 * index + 1) * 1920 // 14 - offset
        if not 0 <= x < 1080:
            continue
        found = photo.rgb(int(x * scale), int(360 * scale))
        good = close(found, colour)
        ok &= good
        print(f"test-pattern: bar {index} at x={x}: {found}, expected {colour}{'' if good else '  <-- wrong'}")
    return ok


def live_view(first_path: str, second_path: str, x: str, y: str, width: str, height: str) -> bool:
    geometry = f"{width}x{height}+{x}+{y}"
    first, second = Image(first_path, geometry), Image(second_path, geometry)
    counts = [0] * len(BARS)
    changed = 0
    for yy in range(0, first.height, 2):
        for xx in range(0, first.width, 2):
            p = first.rgb(xx, yy)
            for index, colour in enumerate(BARS):
                if close(p, colour, 30):
                    counts[index] += 1
            if first.rgb(xx, yy) != second.rgb(xx, yy):
                changed += 1
    sampled = (first.height // 2) * (first.width // 2)
    shares = [count / sampled for count in counts]
    print("live-view: share of the window in each bar colour: "
          + ", ".join(f"{share:.1%}" for share in shares) + f"; pixels changed between shots: {changed}")
    # Yellow, cyan, green and magenta fill the middle of a 1920x1080 frame's square.
    return all(shares[index] > 0.02 for index in (1, 2, 3, 4)) and changed > 20


if __name__ == "__main__":
    checks = {"upright": upright, "test-pattern": test_pattern, "live-view": live_view}
    sys.exit(0 if checks[sys.argv[1]](*sys.argv[2:]) else 1)
