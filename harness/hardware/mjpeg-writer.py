#!/usr/bin/python3
"""Feeds JPEG files to a v4l2loopback output node as an MJPEG camera.

usage: mjpeg-writer.py DEVICE WIDTH HEIGHT FPS FRAME.jpg [FRAME.jpg...]

Sets the node's output format to MJPG at WIDTH x HEIGHT, then writes the
frames round-robin at FPS until killed. Readers see an MJPEG camera.
"""
import fcntl
import os
import struct
import sys
import time

VIDIOC_S_FMT = 0xC0D05605  # _IOWR('V', 5, struct v4l2_format), 208 bytes
V4L2_BUF_TYPE_VIDEO_OUTPUT = 2
V4L2_FIELD_NONE = 1
V4L2_COLORSPACE_SRGB = 8


def fourcc(code: str) -> int:
    return struct.unpack("<I", code.encode("ascii"))[0]


def main() -> int:
    device, width, height, fps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    frames = [open(path, "rb").read() for path in sys.argv[5:]]
    if not frames:
        print("mjpeg-writer: give at least one JPEG frame", file=sys.stderr)
        return 2
    size_image = max(len(frame) for frame in frames)
    fd = os.open(device, os.O_RDWR)
    # struct v4l2_format: u32 type, 4 bytes padding, then the 200-byte union
    # whose v4l2_pix_format is 12 u32 fields.
    pix = struct.pack("<12I", width, height, fourcc("MJPG"), V4L2_FIELD_NONE, 0,
                      size_image, V4L2_COLORSPACE_SRGB, 0, 0, 0, 0, 0)
    request = bytearray(struct.pack("<II", V4L2_BUF_TYPE_VIDEO_OUTPUT, 0) + pix)
    request += bytes(208 - len(request))
    fcntl.ioctl(fd, VIDIOC_S_FMT, request)
    print(f"mjpeg-writer: {device} is MJPG {width}x{height}@{fps:g}", file=sys.stderr, flush=True)
    period = 1.0 / fps
    index = 0
    while True:
        frame = frames[index % len(frames)]
        # Each write is one frame; pad to the negotiated size so that every
        # buffer is filled the same way (readers find EOI and ignore the rest).
        os.write(fd, frame + bytes(size_image - len(frame)))
        index += 1
        time.sleep(period)


if __name__ == "__main__":
    sys.exit(main())
