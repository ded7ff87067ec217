#!/usr/bin/env python3
"""Paints the shipped texture skins (assets/textures/*.png): onyx and jade stones, and a
marble board. Run once when changing them; the PNGs are committed. Needs numpy + Pillow."""
import numpy as np
from PIL import Image
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "textures"
rng = np.random.default_rng(20261129)


def value_noise(shape, cells):
    """Smooth noise: random grid upsampled with cubic smoothing."""
    h, w = shape
    grid = rng.random((cells + 2, cells + 2))
    ys = np.linspace(0, cells, h, endpoint=False)
    xs = np.linspace(0, cells, w, endpoint=False)
    yi, xi = ys.astype(int), xs.astype(int)
    fy, fx = ys - yi, xs - xi
    sy, sx = fy * fy * (3 - 2 * fy), fx * fx * (3 - 2 * fx)
    a = grid[np.ix_(yi, xi)]
    b = grid[np.ix_(yi, xi + 1)]
    c = grid[np.ix_(yi + 1, xi)]
    d = grid[np.ix_(yi + 1, xi + 1)]
    top = a + (b - a) * sx[None, :]
    bottom = c + (d - c) * sx[None, :]
    return top + (bottom - top) * sy[:, None]


def fbm(shape, base=4, octaves=5):
    return sum(value_noise(shape, base * 2**o) / 2**o for o in range(octaves)) / 1.94


def stone(base, vein, gloss, size=256):
    n = size
    y, x = np.mgrid[0:n, 0:n]
    u = (x + 0.5) / n - 0.5
    v = 0.5 - (y + 0.5) / n
    r = np.hypot(u, v)
    radius = 0.45
    aa = 1.5 / n
    cover = np.clip((radius + aa - r) / (2 * aa), 0, 1)
    # Veins: thin bright bands where warped noise crosses a level.
    warp = fbm((n, n), 3)
    bands = np.abs(np.sin((u * 9 + v * 4 + warp * 7) * np.pi))
    veins = np.clip(1 - bands * 6, 0, 1) * 0.55 + fbm((n, n), 6) * 0.25
    col = np.array(base)[None, None, :] * (1 - veins[..., None]) + np.array(vein)[None, None, :] * veins[..., None]
    # Dome shading: light from the upper left, darker rim.
    lu, lv = u + 0.16, v - 0.16
    t = np.hypot(lu, lv) / (radius * 1.6)
    spec = np.clip(1 - t / 0.35, 0, 1) ** 2 * gloss
    rim = np.clip((r - radius * 0.6) / (radius * 0.4), 0, 1) ** 2 * 0.45
    col = col * (1 - rim[..., None]) + spec[..., None]
    # Soft contact shadow below right.
    sr = np.hypot(u - 0.03, v + 0.035)
    shadow = 0.45 * np.clip((radius + 0.03 - sr) / 0.07, 0, 1)
    alpha = cover + (1 - cover) * shadow
    rgb = np.where(alpha[..., None] > 0, col * (cover / np.maximum(alpha, 1e-6))[..., None], 0)
    img = np.dstack([np.clip(rgb, 0, 1), alpha])
    return Image.fromarray((img * 255).round().astype(np.uint8), "RGBA").resize((128, 128), Image.LANCZOS)


def marble(size=512):
    n = size
    y, x = np.mgrid[0:n, 0:n] / n
    warp = fbm((n, n), 3, 6)
    veins = np.abs(np.sin((x * 3 + y * 5 + warp * 6) * np.pi)) ** 0.35
    cloud = fbm((n, n), 5, 5)
    base = np.array([0.93, 0.92, 0.89])
    grey = np.array([0.62, 0.63, 0.66])
    k = (1 - veins) * 0.75 + cloud * 0.18
    col = base[None, None, :] * (1 - k[..., None]) + grey[None, None, :] * k[..., None]
    return Image.fromarray((np.clip(col, 0, 1) * 255).round().astype(np.uint8), "RGB")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    stone((0.07, 0.07, 0.08), (0.30, 0.30, 0.33), 0.55).save(OUT / "onyx.png", optimize=True)
    stone((0.36, 0.66, 0.47), (0.78, 0.92, 0.80), 0.6).save(OUT / "jade.png", optimize=True)
    marble().save(OUT / "marble.png", optimize=True)
    print("wrote", sorted(p.name for p in OUT.glob("*.png")))
