"""The scene digest: equal scenes, equal digests; any visible change (a colour, a letter, 0.1 mm)
another digest; what no painter draws and the last bit of a float, the same one."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.scene.digest import (
    COMPOSER,
    ENCODING,
    _composer,
    composer_sources,
    encode_scene,
    frames_digest,
    scene_digest,
)
from kiosk.scene.primitives import Clipped, Image, Scene, Shape, TextRun, ellipse_path, rect_path
from kiosk.scene.resources import assets_dir
from kiosk.scene.text import text_runs

RED = (200, 20, 20, 255)
WHITE = (255, 255, 255, 255)
LOGO = assets_dir() / "logo" / "coral_coast_casino.png"


def sign(
    *,
    words: str = "Minimum $25",
    x: float = 100.0,
    fill=RED,
    weight: str = "bold",
    size: float = 20.0,
    background=(10, 60, 30, 255),
    radius: float = 4.0,
    logo: Path = LOGO,
    lit: frozenset[str] = frozenset(),
) -> Scene:
    """A small sign: a panel, a ring, text, a logo, a clipped glow (built afresh each call)."""
    panel = Shape(rect_path(10.0, 10.0, 300.0, 120.0, radius), fill=fill, stroke=WHITE, stroke_mm=1.5, area="panel")
    ring = Shape(ellipse_path(400.0, 70.0, 40.0, 40.0), stroke=WHITE, stroke_mm=2.0, dash_mm=(4.0, 2.0))
    runs = text_runs(words, x=x, y=80.0, cap_mm=size, weight=weight, fill=WHITE)
    glow = Clipped(
        rect_path(10.0, 10.0, 300.0, 120.0), (Shape(rect_path(0.0, 0.0, 50.0, 50.0), fill=(255, 255, 0, 90)),)
    )
    return Scene(
        527.0,
        296.0,
        (panel, ring, *runs, Image(350.0, 150.0, 100.0, 60.0, logo), glow),
        background=background,
        areas={"panel": panel.path},
        lit=lit,
    )


def test_equal_scenes_have_equal_digests():
    a, b = sign(), sign()
    assert a is not b and a.items[0] is not b.items[0]
    assert scene_digest(a) == scene_digest(b)
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", scene_digest(a))
    assert encode_scene(a).startswith(f'["{ENCODING}",'.encode())


@pytest.mark.parametrize(
    "change",
    [
        {"words": "Minimum $26"},  # a letter
        {"words": "Minimum  $25"},
        {"x": 100.1},  # 0.1 mm
        {"radius": 4.1},  # a corner 0.1 mm rounder
        {"size": 20.1},
        {"fill": (201, 20, 20, 255)},  # a colour, by one step
        {"fill": (200, 20, 20, 254)},
        {"background": (10, 60, 31, 255)},
        {"background": None},
        {"weight": "regular"},  # the font
    ],
)
def test_a_visible_change_changes_the_digest(change):
    assert scene_digest(sign(**change)) != scene_digest(sign())


def test_every_field_a_painter_reads_counts():
    base = sign()
    at = {"panel": 0, "ring": 1, "run": 2, "image": len(base.items) - 2}  # as sign() builds it
    panel, ring, run, image = (base.items[n] for n in at.values())
    assert isinstance(run, TextRun) and isinstance(image, Image)
    variants = [
        (at["panel"], dataclasses.replace(panel, stroke=None)),
        (at["panel"], dataclasses.replace(panel, stroke_mm=1.6)),
        (at["ring"], dataclasses.replace(ring, dash_mm=(4.0, 2.1))),
        (at["ring"], dataclasses.replace(ring, dash_mm=None)),
        (at["run"], dataclasses.replace(run, y=run.y + 0.1)),
        (at["run"], dataclasses.replace(run, rotate_deg=0.01)),
        (at["run"], dataclasses.replace(run, origin=(0.1, 0.0))),
        (at["run"], dataclasses.replace(run, glyphs=(*run.glyphs[:-1], run.glyphs[-1] + 1))),
        (at["run"], dataclasses.replace(run, offsets_mm=(*run.offsets_mm[:-1], run.offsets_mm[-1] + 0.1))),
        (at["run"], dataclasses.replace(run, width_mm=run.width_mm + 0.1)),
        (at["image"], dataclasses.replace(image, h=image.h + 0.1)),
    ]
    seen = {scene_digest(base)}
    for index, variant in variants:
        items = (*base.items[:index], variant, *base.items[index + 1 :])
        seen.add(scene_digest(dataclasses.replace(base, items=items)))
    assert len(seen) == len(variants) + 1
    # the order of painting, and the page
    assert scene_digest(dataclasses.replace(base, items=base.items[::-1])) not in seen
    assert scene_digest(dataclasses.replace(base, width_mm=527.1)) not in seen


def test_what_no_painter_draws_does_not_count():
    base = scene_digest(sign())
    assert scene_digest(sign(lit=frozenset({"panel"}))) == base  # the glow is drawn by its own primitives
    plain = sign()
    unnamed = tuple(dataclasses.replace(i, area=None) if isinstance(i, Shape) else i for i in plain.items)
    assert scene_digest(dataclasses.replace(plain, items=unnamed, areas={})) == base


def test_the_last_bit_of_a_float_does_not_count():
    base = sign()
    run = next(i for i in base.items if isinstance(i, TextRun))
    nudged = dataclasses.replace(run, x=run.x + 1e-9, size_mm=run.size_mm * (1 + 1e-15))
    items = tuple(nudged if i is run else i for i in base.items)
    assert scene_digest(dataclasses.replace(base, items=items)) == scene_digest(base)


def test_a_length_that_is_not_finite_is_digested_not_refused():
    base = sign()
    run = next(i for i in base.items if isinstance(i, TextRun))
    digests = {
        scene_digest(dataclasses.replace(base, items=(dataclasses.replace(run, x=x), *base.items)))
        for x in (float("nan"), float("inf"), float("-inf"))
    }
    assert len(digests) == 3 and scene_digest(base) not in digests


def test_an_image_counts_by_its_bytes_not_its_path(tmp_path):
    copy = tmp_path / "logo.png"
    shutil.copyfile(LOGO, copy)
    assert scene_digest(sign(logo=copy)) == scene_digest(sign())
    data = bytearray(copy.read_bytes())
    data[-20] ^= 0xFF
    copy.write_bytes(bytes(data))
    assert scene_digest(sign(logo=copy)) != scene_digest(sign())
    assert scene_digest(sign(logo=tmp_path / "gone.png")) != scene_digest(sign())


def test_frames_in_turn():
    a, b = sign(), sign(words="Maximum $500")
    assert frames_digest([a]) == scene_digest(a) == frames_digest([a], 8.0)
    both = frames_digest([a, b], 8.0)
    assert both not in (scene_digest(a), scene_digest(b))
    assert frames_digest([b, a], 8.0) != both
    assert frames_digest([a, b], 9.0) != both
    with pytest.raises(ValueError):
        frames_digest([])


def test_the_composer_names_the_version_and_the_sources(tmp_path):
    assert re.fullmatch(r"kiosk \d+\.\d+\.\d+\S*\+[0-9a-f]{16}", COMPOSER)
    names = [name for name, _ in composer_sources()]
    for wanted in (
        "kiosk/scene/digest.py",
        "kiosk/views/screen.py",
        "kiosk/views/signs/_common.py",
        "kiosk/rules/money.py",
        "kiosk/rules/data/limits.json",
        "kiosk/floor/signs.py",
        "layouts/blackjack.toml",
        "assets/fonts/Andika-Bold.ttf",
    ):
        assert wanted in names
    assert not any("__pycache__" in name or name.startswith("kiosk/state") for name in names)
    one = tmp_path / "a.py"
    one.write_bytes(b"x = 1\n")
    before = _composer([("kiosk/views/a.py", one)])
    one.write_bytes(b"x = 1\r\n")  # a checkout with other line endings: the same code
    assert _composer([("kiosk/views/a.py", one)]) == before
    one.write_bytes(b"x = 2\n")
    assert _composer([("kiosk/views/a.py", one)]) != before


# --------------------------------------------------------------------------- property

mm = st.floats(min_value=-50.0, max_value=1000.0, allow_nan=False)
channel = st.integers(0, 255)
colours = st.tuples(channel, channel, channel, channel)
words = st.text(st.characters(min_codepoint=32, max_codepoint=0x24F), min_size=1, max_size=12)


@st.composite
def items(draw):
    if draw(st.booleans()):
        x, y = draw(mm), draw(mm)
        w, h = draw(st.floats(1.0, 500.0)), draw(st.floats(1.0, 300.0))
        return ("shape", (x, y, w, h), draw(colours))
    return ("text", (draw(mm), draw(mm), draw(st.floats(8.0, 60.0))), draw(colours), draw(words))


def build(spec) -> Scene:
    out = []
    for kind, numbers, colour, *rest in spec:
        if kind == "shape":
            out.append(Shape(rect_path(*numbers), fill=colour))
        else:
            x, y, size = numbers
            out += text_runs(rest[0], x=x, y=y, cap_mm=size, fill=colour)
    return Scene(527.0, 296.0, tuple(out), background=(0, 0, 0, 255))


def moved(spec, index: int, which: int, by: float):
    kind, numbers, *rest = spec[index]
    numbers = tuple(v + by if i == which else v for i, v in enumerate(numbers))
    return [*spec[:index], (kind, numbers, *rest), *spec[index + 1 :]]


@settings(max_examples=150, deadline=None)
@given(spec=st.lists(items(), min_size=1, max_size=8), data=st.data())
def test_property_equal_built_equal_digest_and_a_change_shows(spec, data):
    assert scene_digest(build(spec)) == scene_digest(build(list(spec)))
    index = data.draw(st.integers(0, len(spec) - 1))
    kind, numbers, colour, *rest = spec[index]
    which = data.draw(st.integers(0, 1))  # x or y: 0.1 mm, either way
    by = data.draw(st.sampled_from([0.1, -0.1, 0.25, 3.0]))
    assert scene_digest(build(moved(spec, index, which, by))) != scene_digest(build(spec))
    recoloured = (colour[0] ^ 1, *colour[1:])
    changed = [*spec[:index], (kind, numbers, recoloured, *rest), *spec[index + 1 :]]
    assert scene_digest(build(changed)) != scene_digest(build(spec))
    if kind == "text":
        text = rest[0]
        other = text[:-1] + ("b" if text[-1] != "b" else "c")
        renamed = [*spec[:index], (kind, numbers, colour, other), *spec[index + 1 :]]
        assert scene_digest(build(renamed)) != scene_digest(build(spec))


def test_the_encoding_is_the_whole_document_as_compact_json_first_time_and_again(tmp_path):
    """Each primitive's encoding is remembered (a display digests its scene after every change,
    issue 20): the bytes are still the whole document dumped at once, every time; an image is
    read again when its file changes under the same primitive."""
    import json

    from kiosk.scene.digest import ENCODING, _colour, _item, _mm, encode_scene

    copy = tmp_path / "logo.png"
    shutil.copyfile(LOGO, copy)
    base = sign(logo=copy)
    clipped = Clipped(rect_path(0, 0, 50, 50), tuple(base.items[:3]))
    scene = dataclasses.replace(base, items=(*base.items, clipped))

    def whole() -> bytes:
        doc = [ENCODING, _mm(scene.width_mm), _mm(scene.height_mm), _colour(scene.background)]
        doc.append([_item(i) for i in scene.items])
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode("ascii")

    first = encode_scene(scene)
    assert first == whole() and encode_scene(scene) == first
    data = bytearray(copy.read_bytes())
    data[-20] ^= 0xFF
    copy.write_bytes(bytes(data))
    assert encode_scene(scene) == whole() != first
