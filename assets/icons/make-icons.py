#!/usr/bin/env python3
"""Generates the tray and window icons: one glyph per verdict, so a state never rests on colour alone.

Run from anywhere: python3 assets/icons/make-icons.py (needs Pillow: pip install pillow). Every shape is
drawn at 16x the target size and scaled down (smooth edges at 16 px), on a transparent background so
the icon sits on any panel colour. The output is committed and copied onto the class path by the Maven
resources configuration in pom.xml; dev.hostwarden.panel.tray.TrayGlyph names the files.
"""
import os

from PIL import Image, ImageDraw

GREEN = (0x2E, 0x9D, 0x4F)
AMBER = (0xD9, 0x8E, 0x00)
RED = (0xD1, 0x34, 0x38)
GREY = (0x8A, 0x8F, 0x98)
ORANGE = (0xE0, 0x6C, 0x00)
WHITE = (255, 255, 255, 255)
SIZES = (16, 22, 24, 32, 64)
SCALE = 16


def disc(draw, n, rgb):
    """A filled disc with a darker rim, filling the canvas less a hair of margin."""
    darker = tuple(int(c * 0.72) for c in rgb) + (255,)
    m = n * 0.03
    draw.ellipse([m, m, n - m, n - m], fill=darker)
    rim = n * 0.07
    draw.ellipse([m + rim, m + rim, n - m - rim, n - m - rim], fill=rgb + (255,))


def check(draw, n):  # LIVE: a tick
    w = int(n * 0.13)
    draw.line([(n * 0.27, n * 0.52), (n * 0.43, n * 0.68), (n * 0.73, n * 0.34)], fill=WHITE, width=w, joint="curve")


def dots(draw, n):  # STARTING: three dots, "on its way"
    r = n * 0.075
    for cx in (0.3, 0.5, 0.7):
        draw.ellipse([n * cx - r, n * 0.5 - r, n * cx + r, n * 0.5 + r], fill=WHITE)


def question(draw, n):  # UNPROVABLE: a question mark
    w = int(n * 0.11)
    draw.arc([n * 0.33, n * 0.2, n * 0.67, n * 0.52], start=180, end=80, fill=WHITE, width=w)
    draw.line([(n * 0.55, n * 0.49), (n * 0.5, n * 0.55), (n * 0.5, n * 0.62)], fill=WHITE, width=w)
    r = n * 0.07
    draw.ellipse([n * 0.5 - r, n * 0.76 - r, n * 0.5 + r, n * 0.76 + r], fill=WHITE)


def bang(draw, n):  # STALE: an exclamation mark
    w = n * 0.065
    draw.rounded_rectangle([n * 0.5 - w, n * 0.2, n * 0.5 + w, n * 0.6], radius=w, fill=WHITE)
    r = n * 0.075
    draw.ellipse([n * 0.5 - r, n * 0.76 - r, n * 0.5 + r, n * 0.76 + r], fill=WHITE)


def warning(draw, n):  # ATTENTION (alive, but a platform needs a person): a warning triangle with a dot
    w = int(n * 0.09)
    draw.polygon([(n * 0.5, n * 0.2), (n * 0.22, n * 0.74), (n * 0.78, n * 0.74)], outline=WHITE, width=w)
    r = n * 0.065
    draw.ellipse([n * 0.5 - r, n * 0.58 - r, n * 0.5 + r, n * 0.58 + r], fill=WHITE)


def cross(draw, n):  # UNUSABLE: a cross
    w = int(n * 0.13)
    a, b = n * 0.32, n * 0.68
    draw.line([(a, a), (b, b)], fill=WHITE, width=w)
    draw.line([(a, b), (b, a)], fill=WHITE, width=w)


def ring_with_dash(draw, n):  # NO_OWNER: an empty ring with a dash, nothing there
    m = n * 0.06
    draw.ellipse([m, m, n - m, n - m], outline=GREY + (255,), width=int(n * 0.12))
    h = n * 0.06
    draw.rounded_rectangle([n * 0.3, n * 0.5 - h, n * 0.7, n * 0.5 + h], radius=h, fill=GREY + (255,))


# file stem -> (disc colour or None, glyph); the stems are TrayGlyph's resource names.
GLYPHS = {
    "live": (GREEN, check),
    "starting": (AMBER, dots),
    "unprovable": (AMBER, question),
    "stale": (RED, bang),
    "unusable": (RED, cross),
    "no-owner": (None, ring_with_dash),
    "attention": (ORANGE, warning),
}


def render(size, colour, glyph):
    n = size * SCALE
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if colour is not None:
        disc(draw, n, colour)
    glyph(draw, n)
    return image.resize((size, size), Image.LANCZOS)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for stem, (colour, glyph) in GLYPHS.items():
        for size in SIZES:
            path = os.path.join(here, "tray-%s-%d.png" % (stem, size))
            render(size, colour, glyph).save(path, optimize=True)
            print(path)


if __name__ == "__main__":
    main()
