"""Regenerate the bundled CJK face (``assets/fonts/KioskCJK-Regular.ttf``) from the catalogues.

The Latin face (Andika) has no Chinese, Japanese or Korean characters.  Text in those scripts
falls back, character by character, to a subset of WenQuanYi Micro Hei (Apache License 2.0,
Debian's ``fonts-wqy-microhei``): TrueType outlines, which both painters embed.  The subset
holds every character the shipped catalogues (``kiosk/locale/*/LC_MESSAGES/kiosk.po``) and the
demo floor's translated help text use, and the ASCII range, so the repository stands on its own; run this again after a catalogue
changes (``make catalogues`` does)::

    python -m kiosk.scene.cjk_subset [--source /usr/share/fonts/truetype/wqy/wqy-microhei.ttc]

It reads the catalogues with Babel (the ``test`` extra) and writes the subset beside Andika.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

from kiosk.scene.resources import assets_dir

__all__ = ["CJK_FILE", "DEFAULT_SOURCE", "catalogue_characters", "floor_characters", "main", "write_subset"]

CJK_FILE = "KioskCJK-Regular.ttf"
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
_LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
_NAMES = "中文"  # the language button names each language in itself (kiosk.views.screens.help.LANGUAGE_NAMES)


def catalogue_characters(locale_dir: Path = _LOCALE_DIR) -> set[str]:
    """Every character of every translation in the shipped ``.po`` catalogues."""
    from babel.messages.pofile import read_po

    chars: set[str] = set(_NAMES)
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/kiosk.po")):
        with po.open("rb") as handle:
            catalogue = read_po(handle)
        for message in catalogue:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                chars.update(text or "")
    return chars


def floor_characters(floor_file: Path) -> set[str]:
    """Every character of a floor file's translated help for patrons (``[help.patrons_by_language]``)."""
    import tomllib

    data = tomllib.loads(floor_file.read_text(encoding="utf-8"))
    by_language = (data.get("help") or {}).get("patrons_by_language") or {}
    return {ch for paragraphs in by_language.values() for text in paragraphs for ch in text}


def write_subset(source: Path, target: Path, characters: set[str]) -> int:
    """Write the subset of ``source`` (a ``.ttf`` or the first face of a ``.ttc``) holding
    ``characters`` to ``target``; returns how many characters it maps."""
    font = TTCollection(str(source)).fonts[0] if source.suffix.lower() == ".ttc" else TTFont(str(source))
    wanted = {ord(ch) for ch in characters} | set(range(0x20, 0x7F))
    present = wanted & set(font.getBestCmap())
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(present))
    subsetter.subset(font)
    font["name"].setName("Kiosk CJK", 1, 3, 1, 0x409)  # a subset is renamed (the licence allows either)
    font["name"].setName("Kiosk CJK Regular", 4, 3, 1, 0x409)
    font["name"].setName("KioskCJK-Regular", 6, 3, 1, 0x409)
    font.save(str(target))
    return len(present)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the WenQuanYi Micro Hei file")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"no font at {args.source}: install fonts-wqy-microhei or give --source", file=sys.stderr)
        return 2
    target = assets_dir() / "fonts" / CJK_FILE
    characters = catalogue_characters() | floor_characters(assets_dir() / "demo_floor.toml")
    count = write_subset(args.source, target, characters)
    print(f"wrote {target} ({count} characters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
