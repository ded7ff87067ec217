#!/usr/bin/env python3
"""Cuts Noto Sans CJK down to the characters the translation files use.

    python3 tools/cut_cjk_fonts.py [NotoSansCJK-Regular.ttc]

Run it again whenever a Chinese or Japanese translation changes: the app's test
`every_translated_character_is_in_its_font` fails while a character is missing.
Needs fontTools (`pip install fonttools`) and Noto Sans CJK's collection (Debian:
`apt-get install fonts-noto-cjk`). Han characters differ by region, so each language
gets the cut of its own region's face; the non-ASCII characters of its files go in
(ASCII comes from egui's own font). Layout tables go: egui does no OpenType shaping.
"""

import json
import pathlib
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
    print(f"all cuts: {total} bytes")


if __name__ == "__main__":
    main()
