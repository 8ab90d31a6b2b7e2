"""How tall the letters of a scene really are, and which fall short of a legal height.

docs/readings.md P-1 reads "letters and numbers ... at least 8 mm high" literally: every letter and
number counts, lowercase included, measured as ink at the size it is shown.  A run's shortest
letters are its lowercase letters without ascenders (x-height) if it has any lowercase letter,
otherwise its capitals and digits (cap height).  Runs with no letter or digit carry no lettering.
A run of the CJK face (Chinese text falls back to it) has no x-height: its shortest glyph's ink
is measured, each glyph from the font's outlines (docs/readings.md A-75).

The floor itself and the citations of the four signs the seeds bind to 8 mm are defined once,
in :mod:`kiosk.rules.lettering` (001 s459(2), 003 s23(2), s259(2), s295(2)).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from kiosk.rules.citation import Violation
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.lettering import MIN_TEXT_MM as MIN_SIGN_TEXT_MM  # the same definition, under its older name
from kiosk.scene.fonts import FALLBACK, glyph_ink
from kiosk.scene.primitives import Clipped, Primitive, Scene, TextRun

__all__ = ["MIN_SIGN_TEXT_MM", "ink_rows", "letter_height_mm", "text_runs_of", "short_text"]


def letter_height_mm(run: TextRun) -> float | None:
    """Ink height in mm of the shortest letters or numbers of ``run``; ``None`` if it has none."""
    if run.face.family in FALLBACK.values():
        shortest = run.face.shortest_glyph_em(run.text)
        return None if shortest is None else shortest * run.size_mm
    if any(ch.islower() for ch in run.text):
        return run.face.x_height_em * run.size_mm
    if any(ch.isalnum() for ch in run.text):
        return run.face.cap_height_em * run.size_mm
    return None


def text_runs_of(scene: Scene) -> Iterator[TextRun]:
    """Every text run of the scene, including those inside clipped groups."""

    def walk(items: Iterable[Primitive]) -> Iterator[TextRun]:
        for item in items:
            if isinstance(item, TextRun):
                yield item
            elif isinstance(item, Clipped):
                yield from walk(item.items)

    yield from walk(scene.items)


def short_text(
    scene: Scene,
    *,
    rule: str,
    min_height_mm: float = MIN_TEXT_MM,
    scale: float = 1.0,
    tolerance: float = 1e-6,
) -> list[Violation]:
    """One :class:`Violation` per text run whose letters, shown at ``scale`` (1.0 = true size,
    e.g. a PDF at 100 %; a screen's mm per scene mm otherwise), are shorter than ``min_height_mm``."""
    out = []
    for run in text_runs_of(scene):
        height = letter_height_mm(run)
        if height is None:
            continue
        shown = height * scale
        if shown < min_height_mm - tolerance:
            out.append(
                Violation(
                    rule=rule,
                    message=(
                        f"text {run.text!r} is {shown:.1f} mm high as shown; letters and numbers must be "
                        f"at least {min_height_mm:g} mm high ({rule})"
                    ),
                    key=run.text,
                )
            )
    return out


def ink_rows(runs: Iterable[Primitive]) -> tuple[float, float] | None:
    """The top and bottom (mm, y down) of the ink of the unturned text runs among ``runs``,
    measured from their glyphs (a Vietnamese capital's two stacked marks, a descender), or
    ``None`` when they have no ink."""
    top = bottom = None
    for run in runs:
        if not isinstance(run, TextRun) or run.rotate_deg:
            continue
        ink = glyph_ink(run.face.path)
        scale = run.size_mm / run.face.units_per_em
        for gid in run.glyphs:
            box = ink.box(gid)
            if box is not None:
                low, high = box[1], box[3]
                top = run.y - high * scale if top is None else min(top, run.y - high * scale)
                bottom = run.y - low * scale if bottom is None else max(bottom, run.y - low * scale)
    return None if top is None or bottom is None else (top, bottom)
