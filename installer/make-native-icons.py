#!/usr/bin/env python3
"""Makes the Windows and macOS application icons from the panel's green status disc.

    python3 installer/make-native-icons.py

writes installer/windows/hostwarden.ico and installer/macos/hostwarden.icns, which
installer/build-packages.sh gives jpackage (--icon) on the native runners, and the Linux menu icon's
larger sizes, installer/linux/icons/hostwarden-{48,128,256}.png, for the hicolor theme. The 16, 24, 32 and 64 px
images are the committed assets/icons/tray-green-*.png themselves; the larger ones (48 to 512 px, which
Explorer, the Dock and Finder ask for) are drawn by the same renderer, assets/icons/make-icons.py, so
they are the same disc, not a blown-up 64 px one. Both containers hold PNG images (Windows Vista and
later, macOS 10.7 and later read them), written with the standard library only; the output is committed.
"""
import importlib.util
import os
import struct

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
        committed = os.path.join(ICONS, "tray-green-%d.png" % size)
        if os.path.exists(committed):
            with open(committed, "rb") as png:
                out[size] = png.read()
        else:
            out[size] = renderer.render(size, renderer.COLOURS["green"])
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


def write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(content)
    print(os.path.relpath(path))


def main():
    pngs = images([16, 24, 32, 48, 64, 128, 256, 512])
    write(os.path.join(HERE, "windows", "hostwarden.ico"), ico({s: pngs[s] for s in (16, 24, 32, 48, 64, 128, 256)}))
    write(os.path.join(HERE, "macos", "hostwarden.icns"), icns({s: pngs[s] for s in ICNS_TYPES}))
    for size in (48, 128, 256):
        write(os.path.join(HERE, "linux", "icons", "hostwarden-%d.png" % size), pngs[size])


if __name__ == "__main__":
    main()
