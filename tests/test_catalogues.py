"""The catalogues of player-facing text (kiosk/locale, ``make catalogues``).

* Each committed ``.mo`` is exactly what Babel compiles from its ``.po``: the catalogue in use
  is the one a translator reads.
* Every string marked with ``tr()``/``N_()`` in the code is in the template and translated in
  every shipped language (the header says the translations are machine-made).
* Every character of every translation is drawn by the bundled fonts (Andika, then the CJK
  face), so nothing is shown as a box.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from kiosk.language import LOCALE_DIR, shipped_languages, speaking, tr
from kiosk.scene.fonts import font_face

LANGUAGES = [lang for lang in shipped_languages() if lang != "en"]
ROOT = Path(__file__).resolve().parents[1]


def _po(language: str):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "kiosk.po").open("rb") as handle:
        return read_po(handle, locale=language)


def test_chinese_and_another_language_ship():
    assert "zh_Hans" in LANGUAGES and len(LANGUAGES) >= 2


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_the_po_file(language):
    compiled = io.BytesIO()
    write_mo(compiled, _po(language))
    assert (LOCALE_DIR / language / "LC_MESSAGES" / "kiosk.mo").read_bytes() == compiled.getvalue()


def test_every_marked_string_is_in_the_template():
    marked = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "kiosk"), keywords={"tr": None, "N_": None}, method_map=[("**.py", "python")]
        )
        if isinstance(message, str)
    }
    with (LOCALE_DIR / "kiosk.pot").open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    assert marked - template == set(), "run make catalogues"
    assert len(marked) >= 50


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated_and_the_header_says_by_whom(language):
    catalogue = _po(language)
    with (LOCALE_DIR / "kiosk.pot").open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    missing = [m for m in template if not (catalogue.get(m) and catalogue[m].string)]
    assert missing == []
    assert "Machine-made translations" in catalogue.header_comment
    assert "awaits review by a person" in catalogue.header_comment
    for message in catalogue:  # the fields a sentence is filled with survive translation
        if message.id and "{" in message.id:
            fields = sorted(part.split("}")[0] for part in message.id.split("{")[1:])
            assert sorted(part.split("}")[0] for part in message.string.split("{")[1:]) == fields, message.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_character_of_a_translation_has_a_glyph(language):
    face = font_face("sans", "regular")
    chars = {ch for m in _po(language) if m.id for ch in m.string if not ch.isspace()}
    lacking = sorted(ch for ch in chars if not face.face_for(ch).has_char(ch))
    assert lacking == []


def test_tr_answers_in_the_language_spoken():
    with speaking("zh_Hans"):
        assert tr("Table limits") == "本桌限额"
    with speaking("vi"):
        assert tr("Table limits") == "Giới hạn bàn"
    assert tr("Table limits") == "Table limits"


def test_the_font_subset_script_reads_the_catalogues():
    done = subprocess.run(
        [sys.executable, "-c", "from kiosk.scene.cjk_subset import catalogue_characters as c; print(len(c()))"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 200
