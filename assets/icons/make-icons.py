#!/usr/bin/env python3
"""Generates the tray and window icons: one anti-aliased status disc per colour and size.

Run from anywhere: python3 assets/icons/make-icons.py. Pure standard library (zlib + struct), so the
PNGs can be regenerated on any machine; the output is committed and copied onto the class path by
the Maven resources configuration in pom.xml.
"""
import os
import struct
import zlib

# Tray colour follows the worst verdict (see dev.hostwarden.panel.TrayStatus).
COLOURS = {
    "green": (0x2E, 0x9D, 0x4F),   # LIVE
    "amber": (0xE0, 0x9B, 0x00),   # UNPROVABLE / STARTING
    "red": (0xD1, 0x34, 0x38),     # STALE / UNUSABLE
    "grey": (0x8A, 0x8F, 0x98),    # NO_OWNER
}
SIZES = (16, 24, 32, 64)
SAMPLES = 4  # 4x4 supersampling per pixel for smooth edges


def coverage(size, x, y, radius):
    """Fraction of pixel (x, y) inside a disc of `radius` centred in the image."""
    centre = size / 2.0
    inside = 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            px = x + (sx + 0.5) / SAMPLES - centre
            py = y + (sy + 0.5) / SAMPLES - centre
            if px * px + py * py <= radius * radius:
                inside += 1
    return inside / (SAMPLES * SAMPLES)


def render(size, rgb):
    outer = size / 2.0 - 0.5
    ring = max(1.0, size / 16.0)
    dot = size * 0.16
    darker = tuple(int(c * 0.72) for c in rgb)
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type: none
        for x in range(size):
            a_outer = coverage(size, x, y, outer)
            a_inner = coverage(size, x, y, outer - ring)
            a_dot = coverage(size, x, y, dot)
            # ring in the darker shade, body in the colour, a white centre dot
            colour = [darker[i] * (1 - a_inner) + rgb[i] * a_inner for i in range(3)]
            colour = [c * (1 - a_dot) + 255 * a_dot for c in colour]
            row += bytes(int(round(c)) for c in colour) + bytes([int(round(255 * a_outer))])
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, rgb in COLOURS.items():
        for size in SIZES:
            path = os.path.join(here, "tray-%s-%d.png" % (name, size))
            with open(path, "wb") as out:
                out.write(render(size, rgb))
            print(path)


if __name__ == "__main__":
    main()
