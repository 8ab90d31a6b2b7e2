"""Text is as tall as asked, measured as ink in what each painter produces (docs/readings.md P-1).

The law counts letters and numbers "at least 8 mm high" (001 s459(2), 003 s23(2), s259(2),
s295(2)).  The scene sizes text from the flat-topped letters (H for capitals and digits, x for
lowercase), so:

* flat capitals ``HXE``, ``147`` and flat lowercase ``xzvw`` measure the request within 2 %;
* round letters and digits (``0``, ``3``, ``u``, ``n``) overshoot by design (the font draws them
  taller so they look as tall): ``0123456789`` and ``xzuvn`` measure at least the request and
  at most 5 % more, never less.
"""

from __future__ import annotations

import math

import pytest

from kiosk.scene.primitives import Scene
from kiosk.scene.text import text_runs
from tests.fixtures.raster import ink_height, pdf_array, qt_array

WHITE = (255, 255, 255, 255)
BLACK = (0, 0, 0, 255)
PX_PER_MM = 10.0


def _scene(text: str, weight: str, cap_mm: float | None = None, x_mm: float | None = None) -> Scene:
    size = cap_mm or x_mm
    runs = text_runs(text, x=5, y=size * 2.2, cap_mm=cap_mm, x_mm=x_mm, anchor="left", weight=weight, fill=BLACK)
    width = math.ceil(runs[0].width_mm + 10)  # whole mm: the picture is exactly the page
    return Scene(width_mm=width, height_mm=math.ceil(size * 3.2), items=tuple(runs), background=WHITE)


def _measure(painter: str, scene: Scene, tmp_path, k: float = PX_PER_MM) -> float:
    arr = qt_array(scene, k) if painter == "qt" else pdf_array(scene, k, tmp_path)
    return ink_height(arr) / k


PAINTERS = ["qt", "pdf"]
WEIGHTS = ["regular", "bold"]
SIZES = [8.0, 12.0, 20.0]


@pytest.mark.parametrize("painter", PAINTERS)
@pytest.mark.parametrize("weight", WEIGHTS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text", ["HXE", "147"])
def test_capitals_and_digits_measure_the_cap_height(painter, weight, size, text, tmp_path):
    ink = _measure(painter, _scene(text, weight, cap_mm=size), tmp_path)
    assert ink == pytest.approx(size, rel=0.02), f"{text!r} {weight} asked {size} mm, ink {ink:.3f} mm ({painter})"
    assert ink >= size * 0.995  # never visibly short of the legal height


@pytest.mark.parametrize("painter", PAINTERS)
@pytest.mark.parametrize("weight", WEIGHTS)
@pytest.mark.parametrize("size", SIZES)
def test_lowercase_measures_the_x_height(painter, weight, size, tmp_path):
    ink = _measure(painter, _scene("xzvw", weight, x_mm=size), tmp_path)
    assert ink == pytest.approx(size, rel=0.02), f"xzvw {weight} asked {size} mm, ink {ink:.3f} mm ({painter})"


@pytest.mark.parametrize("painter", PAINTERS)
@pytest.mark.parametrize(("text", "key"), [("0123456789", "cap_mm"), ("xzuvn", "x_mm"), ("OSCARS", "cap_mm")])
def test_round_letters_are_never_shorter_than_asked(painter, text, key, tmp_path):
    scene = _scene(text, "regular", **{key: 8.0})
    ink = _measure(painter, scene, tmp_path)
    assert 8.0 * 0.995 <= ink <= 8.0 * 1.05, f"{text!r} asked 8 mm, ink {ink:.3f} mm ({painter})"


@pytest.mark.parametrize("painter", PAINTERS)
def test_eight_mm_holds_at_a_real_screen_density(painter, tmp_path):
    """1920 px across a 527 mm screen is 3.64 px/mm: 8 mm capitals are 29 px tall."""
    k = 1920 / 527
    ink = _measure(painter, _scene("HXE", "bold", cap_mm=8.0), tmp_path, k)
    assert ink == pytest.approx(8.0, rel=0.02)


def test_a_wrong_size_is_caught(tmp_path):
    """The measurement can fail: 7.8 mm capitals are not 8 mm within 2 %... but 7.9 would be."""
    ink = _measure("qt", _scene("HXE", "regular", cap_mm=7.7), tmp_path)
    assert ink != pytest.approx(8.0, rel=0.02)
