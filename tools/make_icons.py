#!/usr/bin/env python3
"""Paints the web app's icons (web/icons/*.png): a corner of a kaya-wood board with ink
lines and shaded black and white stones, in the colours of the default skins
(assets/themes/default.skins.ron) and shaded like src/theme/paint.rs's stones. Drawn here
from nothing but this code, so they are under the project's licence (MIT OR Apache-2.0).
Only Python's standard library; the PNGs are committed. Run again after changing it:
    python3 tools/make_icons.py
"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

WOOD_LIGHT = (0xE8, 0xC0, 0x7D)
WOOD_DARK = (0xC4, 0x8F, 0x4E)
INK = (0x1C, 0x1A, 0x17)
BLACK = (0x1C, 0x1C, 0x1E)
WHITE = (0xF2, 0xF0, 0xE8)
# Grid points (column, row) from the top-left of a 5x5 corner of the board.
STONES = [((1, 3), BLACK), ((2, 2), BLACK), ((3, 1), BLACK), ((1, 1), WHITE), ((3, 3), WHITE)]


def smoothstep(a, b, x):
    t = min(1.0, max(0.0, (x - a) / (b - a)))
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def wood(u, v):
    """A few warped bands of grain, light to dark."""
    warp = 0.03 * math.sin(u * 7.0 + 1.3) + 0.02 * math.sin(u * 17.0 + v * 3.0)
    fine = (0.5 + 0.5 * math.sin((v + warp) * math.tau * 9.0)) ** 6
    bands = 0.5 + 0.5 * math.sin((v + warp * 3.0) * math.tau * 2.0 + 0.7)
    return mix(WOOD_LIGHT, WOOD_DARK, 0.45 * fine + 0.3 * bands)


def stone(base, du, dv, radius):
    """A stone's colour at offset (du, dv) from its centre, in units of its radius; the
    light comes from the upper left, as in the game."""
    light = mix(base, (255, 255, 255), 0.65)
    dark = mix(base, (0, 0, 0), 0.5)
    t = math.hypot(du + 0.36, dv + 0.36) / 1.6
    lit = mix(light, base, smoothstep(0.0, 0.55, t))
    return mix(lit, dark, smoothstep(0.45, 1.05, t))


def icon(size, inset, corner):
    """RGBA rows. The board fills the square less `inset` (a fraction of the side) on each
    side, with corners rounded by `corner` (a fraction); outside it is transparent."""
    px = 1.0 / size
    lo, hi = inset, 1.0 - inset
    side = hi - lo
    cell = side / 5.0
    lines = [lo + cell * (k + 0.5) for k in range(5)]
    line_half = max(cell * 0.025, px * 0.6)
    radius = cell * 0.46
    stones = [((lines[c], lines[r]), colour) for (c, r), colour in STONES]
    rows = []
    for y in range(size):
        row = bytearray()
        v = (y + 0.5) * px
        for x in range(size):
            u = (x + 0.5) * px
            # Distance outside the rounded square, for its anti-aliased edge.
            r = corner * side
            qx = abs(u - 0.5) - (side / 2 - r)
            qy = abs(v - 0.5) - (side / 2 - r)
            outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
            cover = 1.0 - smoothstep(-px, px, outside)
            if cover <= 0.0:
                row += b"\0\0\0\0"
                continue
            colour = wood((u - lo) / side, (v - lo) / side)
            # Lines across the whole square: a piece of a larger board.
            for d in (min(abs(u - p) for p in lines), min(abs(v - p) for p in lines)):
                ink = 1.0 - smoothstep(line_half - px * 0.5, line_half + px * 0.5, d)
                colour = mix(colour, INK, ink * 0.9)
            for (cx, cy), base in stones:
                # Contact shadow below right, then the stone over it.
                shadow = math.hypot(u - cx - radius * 0.07, v - cy - radius * 0.08)
                colour = mix(colour, (0, 0, 0), 0.4 * (1.0 - smoothstep(radius * 0.9, radius * 1.12, shadow)))
                d = math.hypot(u - cx, v - cy)
                inside = 1.0 - smoothstep(radius - px, radius + px, d)
                if inside > 0.0:
                    colour = mix(colour, stone(base, (u - cx) / radius, (v - cy) / radius, radius), inside)
            row += bytes(round(min(255, max(0, c))) for c in colour) + bytes([round(cover * 255)])
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    # "any" icons: a rounded board with a small margin. Maskable ones (and Apple's, which
    # iOS rounds itself) fill the square: launchers cut them to their own shape, keeping a
    # centred circle of 80% of the side, where the stones are.
    for name, size, inset, corner in [
        ("icon-192.png", 192, 0.04, 0.12),
        ("icon-512.png", 512, 0.04, 0.12),
        ("icon-maskable-512.png", 512, 0.0, 0.0),
        ("apple-touch-icon.png", 180, 0.0, 0.0),
        # The tab's icon, which web/build.sh writes into the page itself (see there).
        ("icon-32.png", 32, 0.04, 0.12),
    ]:
        (OUT / name).write_bytes(png(size, icon(size, inset, corner)))
        print(f"wrote {OUT / name}")
