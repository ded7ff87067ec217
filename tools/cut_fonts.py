#!/usr/bin/env python3
"""Cuts the game's fonts down to the characters it shows: Noto Sans CJK to the
characters of the Chinese and Japanese translation files, and egui's own four fonts
(Latin text, monospace, symbols) to Latin with its accents, punctuation and the symbols
the game's code, its translations and egui's widgets use.

    python3 tools/cut_fonts.py [NotoSansCJK-Regular.ttc]

Run it again whenever a Chinese or Japanese translation changes: the app's test
`every_translated_character_is_in_its_font` fails while a character is missing.
Needs fontTools (`pip install fonttools`) and Noto Sans CJK's collection (Debian:
`apt-get install fonts-noto-cjk`). Han characters differ by region, so each language
gets the cut of its own region's face; the non-ASCII characters of its files go in
(ASCII comes from egui's own font). Layout tables go: egui does no OpenType shaping.
"""

import glob
import json
import pathlib
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_COLLECTION = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# The faces of Noto Sans CJK's collection, by the family name each one carries.
FACES = {"zh-CN": ("SC", "Noto Sans CJK SC"), "zh-TW": ("TC", "Noto Sans CJK TC"), "ja": ("JP", "Noto Sans CJK JP")}


def texts(entry):
    if isinstance(entry, str):
        yield entry
    else:
        yield from entry.values()


def characters(tag):
    used = set()
    for path in sorted((ROOT / "assets" / "i18n" / tag).glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")).values():
            for text in texts(entry):
                used.update(c for c in text if ord(c) > 0x7E)
    return used


def face_index(collection_path, family):
    collection = TTCollection(collection_path)
    for index, font in enumerate(collection.fonts):
        if font["name"].getDebugName(1) == family:
            return index
    sys.exit(f"{collection_path} has no face {family!r}")


# egui's fonts (the epaint_default_fonts crate, as cargo fetched it), each with the file
# it is cut to.
EGUI_FONTS = ["Ubuntu-Light.ttf", "Hack-Regular.ttf", "NotoEmoji-Regular.ttf", "emoji-icon-font.ttf"]
# What a player may type or read in Latin script: ASCII, Latin-1, Latin Extended-A,
# general punctuation, arrows and a few signs.
LATIN = [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2010, 0x2060), *range(0x2190, 0x2200)]
# egui's mark for a character no font has (epaint's PRIMARY_REPLACEMENT_CHAR): kept in the
# symbol fonts, as in egui's own set, so a missing glyph shows as ◻ and a Latin letter is
# never taken for the replacement.
REPLACEMENT = 0x25FB


def egui_fonts_dir():
    found = sorted(glob.glob(str(pathlib.Path.home() / ".cargo/registry/src/*/epaint_default_fonts-0.36.*/fonts")))
    if not found:
        sys.exit("epaint_default_fonts 0.36 is not in ~/.cargo/registry: run `cargo fetch` first")
    return pathlib.Path(found[-1])


def shown_symbols():
    """The non-ASCII characters of the game's code and translations, and of the string
    literals of egui, egui_plot and bevy_egui (their widgets' icons)."""
    used = set()
    sources = list((ROOT / "src").rglob("*.rs")) + list((ROOT / "assets" / "i18n").rglob("*.json"))
    registry = pathlib.Path.home() / ".cargo/registry/src"
    for crate in ["egui-0.36.*", "egui_plot-0.37.*", "bevy_egui-0.42.*"]:
        for folder in registry.glob(f"*/{crate}/src"):
            sources += list(folder.rglob("*.rs"))
    for path in sources:
        # Line by line, as the app's source tests read literals.
        for line in path.read_text(encoding="utf-8").splitlines():
            for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', line):
                used.update(c for c in literal if ord(c) > 0x7E)
    return used


def cut_egui_fonts(out_dir):
    wanted = set(LATIN) | {REPLACEMENT} | {ord(c) for c in shown_symbols()}
    total = 0
    for name in EGUI_FONTS:
        options = subset.Options()
        options.layout_features = []
        options.hinting = False
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(egui_fonts_dir() / name), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(wanted))
        subsetter.subset(font)
        out = out_dir / name.replace(".ttf", ".cut.ttf")
        subset.save_font(font, str(out), options)
        size = out.stat().st_size
        total += size
        print(f"{out.relative_to(ROOT)}: {len(font.getBestCmap())} characters, {size} bytes")
    print(f"egui's cuts: {total} bytes")


def main():
    collection = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_COLLECTION
    out_dir = ROOT / "assets" / "fonts"
    total = 0
    for tag, (region, family) in FACES.items():
        used = characters(tag)
        options = subset.Options()
        options.font_number = face_index(collection, family)
        options.layout_features = []
        options.hinting = False
        options.desubroutinize = True
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        font = subset.load_font(collection, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(c) for c in used])
        subsetter.subset(font)
        cmap = font.getBestCmap()
        missing = sorted(c for c in used if ord(c) not in cmap)
        if missing:
            # Symbols such as ⏱ come from egui's own fonts; the app's font test checks that
            # every character is drawn by some font of the chain.
            print(f"{tag}: not in {family} (left to egui's fonts): {''.join(missing)!r}", file=sys.stderr)
        out = out_dir / f"NotoSansCJK-{region}.cut.otf"
        subset.save_font(font, str(out), options)
        size = out.stat().st_size
        total += size
        print(f"{out.relative_to(ROOT)}: {len(used)} characters, {size} bytes")
    print(f"all CJK cuts: {total} bytes")
    cut_egui_fonts(out_dir / "egui")


if __name__ == "__main__":
    main()
