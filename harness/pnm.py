"""Netpbm (P5 gray, P6 colour) as djpeg and ImageMagick write it, for the
pixel checks of the hardware and packaging tests."""


def parse(data: bytes) -> tuple[bytes, int, int, int, bytes]:
    """Magic, width, height, maxval and the pixel bytes of a binary PNM."""
    # Header: magic, width, height, maxval, each followed by white space.
    fields, offset = [], 0
    while len(fields) < 4:
        while data[offset:offset + 1].isspace():
            offset += 1
        start = offset
        while not data[offset:offset + 1].isspace():
            offset += 1
        fields.append(data[start:offset])
    return fields[0], int(fields[1]), int(fields[2]), int(fields[3]), data[offset + 1:]
