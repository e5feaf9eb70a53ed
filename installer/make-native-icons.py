#!/usr/bin/env python3
"""Makes the Windows and macOS application icons from the panel's "live" glyph (a tick on the green disc).

    python3 installer/make-native-icons.py           (--check: only say whether the committed files are current)

writes installer/windows/hostwarden.ico and installer/macos/hostwarden.icns, which
installer/build-packages.sh gives jpackage (--icon) on the native runners, and the Linux menu icon's
larger sizes, installer/linux/icons/hostwarden-{48,128,256}.png, for the hicolor theme. The 16, 24, 32 and 64 px
images are the committed assets/icons/tray-live-*.png themselves; the larger ones (48 to 512 px, which
Explorer, the Dock and Finder ask for) are drawn by the same renderer, assets/icons/make-icons.py (it
needs Pillow), so they are the same glyph, not a blown-up 64 px one. Both containers hold PNG images
(Windows Vista and later, macOS 10.7 and later read them); the output is committed.
"""
import importlib.util
import io
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ICONS = os.path.join(HERE, "..", "assets", "icons")


def load_renderer():
    spec = importlib.util.spec_from_file_location("make_icons", os.path.join(ICONS, "make-icons.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def images(sizes):
    """size -> PNG bytes: the committed file where there is one, else a fresh rendering."""
    renderer = load_renderer()
    out = {}
    for size in sizes:
        committed = os.path.join(ICONS, "tray-live-%d.png" % size)
        if os.path.exists(committed):
            with open(committed, "rb") as png:
                out[size] = png.read()
        else:
            colour, glyph = renderer.GLYPHS["live"]
            encoded = io.BytesIO()
            renderer.render(size, colour, glyph).save(encoded, format="PNG", optimize=True)
            out[size] = encoded.getvalue()
    return out


def ico(pngs):
    """ICONDIR, one ICONDIRENTRY per image (a width or height of 256 is written as 0), then the PNGs."""
    sizes = sorted(pngs)
    offset = 6 + 16 * len(sizes)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    entries, data = b"", b""
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


# The icns element types that hold PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns(pngs):
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for size in sorted(pngs))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def outputs():
    """path -> the file's bytes, for every file this script makes."""
    pngs = images([16, 24, 32, 48, 64, 128, 256, 512])
    made = {
        os.path.join(HERE, "windows", "hostwarden.ico"): ico({s: pngs[s] for s in (16, 24, 32, 48, 64, 128, 256)}),
        os.path.join(HERE, "macos", "hostwarden.icns"): icns({s: pngs[s] for s in ICNS_TYPES}),
    }
    for size in (48, 128, 256):
        made[os.path.join(HERE, "linux", "icons", "hostwarden-%d.png" % size)] = pngs[size]
    return made


def pixels(content):
    """The decompressed image data of every PNG in a .png, .ico or .icns file, in order: equal pixels
    compare equal even where another zlib compressed them into other bytes."""
    found, at = [], 0
    while True:
        at = content.find(b"\x89PNG\r\n\x1a\n", at)
        if at < 0:
            return found
        at += 8
        data = b""
        while True:
            length, kind = struct.unpack(">I4s", content[at:at + 8])
            if kind == b"IDAT":
                data += content[at + 8:at + 8 + length]
            at += 12 + length
            if kind == b"IEND":
                break
        found.append(zlib.decompress(data))


def main():
    made = outputs()
    if sys.argv[1:] == ["--check"]:
        stale = []
        for path, content in made.items():
            try:
                with open(path, "rb") as existing:
                    if pixels(existing.read()) == pixels(content):
                        continue
            except (OSError, struct.error, zlib.error):
                pass
            stale.append(os.path.relpath(path))
        if stale:
            sys.exit("make-native-icons: not what this script makes (run it and commit): " + " ".join(stale))
        return
    for path, content in made.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(content)
        print(os.path.relpath(path))


if __name__ == "__main__":
    main()
