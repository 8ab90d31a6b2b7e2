"""The composition check: what is wrong with a composed scene as a player would see it (Qt-free).

:func:`composition_faults` takes a scene and the screen area it was composed for and returns
its faults, each one line a person can act on:

* ``small``: a text of the view whose shortest letters are under the 8 mm floor
  (:data:`kiosk.views.base.MIN_SIGN_TEXT_MM`, measured as ink the way
  :func:`kiosk.scene.legibility.letter_height_mm` does: x-height when the run has lowercase
  letters, else cap height; docs/readings.md P-1).  A drawing fitted to the screen (a cloth's
  own labels, :attr:`kiosk.scene.primitives.TextRun.drawing`) is a diagram shown at its scale,
  not a text of the view, and is not held to the floor;
* ``outside``: the ink of a text reaching beyond the screen;
* ``overlap``: the ink boxes of two texts overlapping, at least one of them the view's own (a
  cloth's labels are the cloth's design: :mod:`kiosk.scene.layout_file` checks those);
* ``covered``: a text of the view under a filled shape painted after it (a panel, a disc)
  (the shape's outer box: a round disc near a text counts as covering it);
* ``split``: a word broken across two lines of one text block ("PLA" / "CE", "Progr" /
  "essive").  A break at a space cannot be told from a break inside a word by the shapes alone,
  so the check is given the ``words`` the text was set from (:func:`vocabulary` of the same
  view composed where nothing needs breaking): two line ends that join into one of them, while
  one of the two pieces is not a word of its own, are a split word.

Ink boxes come from the glyph outlines of the run's font (every glyph's bounds at its offset),
turned with the run.  Tolerances are a hundredth of a millimetre at the screen's edge and a
tenth of a millimetre for overlaps (ink that touches is not text over text).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from math import cos, radians, sin
from pathlib import Path
from typing import Literal

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.scene.primitives import Clipped, Primitive, Scene, Shape, TextRun
from kiosk.views.base import MIN_SIGN_TEXT_MM, Area

__all__ = ["Fault", "FaultKind", "InkBox", "composition_faults", "ink_box", "tokens", "vocabulary"]

FaultKind = Literal["small", "outside", "overlap", "covered", "split"]

EDGE_TOLERANCE_MM = 0.01
OVERLAP_TOLERANCE_MM = 0.1


@dataclass(frozen=True)
class Fault:
    """One fault of a composition: its ``kind``, the ``text`` it concerns and a one-line ``message``."""

    kind: FaultKind
    text: str
    message: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


@dataclass(frozen=True)
class InkBox:
    """The box around a run's ink on the screen, in mm (y down)."""

    left: float
    top: float
    right: float
    bottom: float

    def overlap(self, other: InkBox) -> tuple[float, float]:
        """How far the two boxes overlap across and down (negative: apart)."""
        return (
            min(self.right, other.right) - max(self.left, other.left),
            min(self.bottom, other.bottom) - max(self.top, other.top),
        )


@cache
def _glyph_bounds(path: Path) -> dict[int, tuple[float, float, float, float] | None]:
    """The outline bounds of every glyph of the font file, by glyph id, in font units."""
    font = TTFont(str(path))
    glyph_set = font.getGlyphSet()
    out: dict[int, tuple[float, float, float, float] | None] = {}
    for gid, name in enumerate(font.getGlyphOrder()):
        pen = BoundsPen(glyph_set)
        glyph_set[name].draw(pen)
        out[gid] = pen.bounds
    font.close()
    return out


def ink_box(run: TextRun) -> InkBox | None:
    """The box around the ink of ``run`` as painted (``None``: no ink, e.g. only spaces)."""
    bounds = _glyph_bounds(run.face.path)
    scale = run.size_mm / run.face.units_per_em
    boxes = []
    for gid, offset in zip(run.glyphs, run.offsets_mm, strict=False):
        b = bounds.get(gid)
        if b is None:
            continue
        x0, y0, x1, y1 = b
        # font units are y up from the baseline; the scene is y down
        boxes.append((run.x + offset + x0 * scale, run.y - y1 * scale, run.x + offset + x1 * scale, run.y - y0 * scale))
    if not boxes:
        return None
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if run.rotate_deg:
        a = radians(run.rotate_deg)
        ox, oy = run.origin
        corners = []
        for px, py in ((left, top), (right, top), (left, bottom), (right, bottom)):
            dx, dy = px - ox, py - oy
            # counter-clockwise as seen on the page (y down)
            corners.append((ox + dx * cos(a) + dy * sin(a), oy - dx * sin(a) + dy * cos(a)))
        left, right = min(c[0] for c in corners), max(c[0] for c in corners)
        top, bottom = min(c[1] for c in corners), max(c[1] for c in corners)
    return InkBox(left, top, right, bottom)


def tokens(text: str) -> list[str]:
    """The words of ``text``: its pieces between spaces, without the punctuation around them."""
    out = []
    for piece in text.split():
        word = piece.strip(".,;:!?()[]\"'“”‘’…·•")
        if word:
            out.append(word)
    return out


def vocabulary(scenes: Iterable[Scene]) -> frozenset[str]:
    """Every word the texts of ``scenes`` hold, in capitals (what :func:`composition_faults` takes
    as ``words``: compose the same view on a screen large enough to need no breaking)."""
    return frozenset(word.upper() for scene in scenes for run in text_runs_of(scene) for word in tokens(run.text))


def _blocks(runs: list[TextRun]) -> Iterator[list[TextRun]]:
    """Runs set as one text block: consecutive runs of one face, size and turn, each line's
    baseline under the last by the same pitch of at most three cap heights."""
    block: list[TextRun] = []
    for run in runs:
        if block:
            last = block[-1]
            pitch = run.y - last.y
            same = (
                run.face is last.face
                and abs(run.size_mm - last.size_mm) < 1e-9
                and run.rotate_deg == last.rotate_deg
                and run.origin == last.origin
                and 0 < pitch <= 3 * run.face.cap_height_em * run.size_mm
                and (len(block) < 2 or abs(pitch - (last.y - block[-2].y)) < 1e-6)
            )
            if not same:
                yield block
                block = []
        block.append(run)
    if block:
        yield block


def _splits(runs: list[TextRun], words: Collection[str]) -> list[Fault]:
    out = []
    for block in _blocks(runs):
        for upper, lower in zip(block, block[1:], strict=False):
            ends, starts = tokens(upper.text), tokens(lower.text)
            if not ends or not starts:
                continue
            head, tail = ends[-1].rstrip("-"), starts[0]
            if not (upper.text.rstrip()[-1:].isalnum() or upper.text.rstrip().endswith("-")):
                continue
            if not tail[:1].isalnum():
                continue
            joined = (head + tail).upper()
            hyphened = (ends[-1] + tail).upper()
            whole = joined if joined in words else hyphened if hyphened in words else None
            if whole is None:
                continue
            if head.upper() in words and tail.upper() in words and upper.text.rstrip()[-1:] != "-":
                continue  # two words that also make one ("any" / "one")
            out.append(
                Fault("split", whole, f"the word {whole!r} is split across lines: {upper.text!r} / {lower.text!r}")
            )
    return out


def _covered(scene: Scene) -> list[Fault]:
    """Texts of the view with a filled shape painted over them."""
    out: list[Fault] = []
    texts: list[tuple[TextRun, InkBox]] = []

    def walk(items: Iterable[Primitive]) -> None:
        for item in items:
            if isinstance(item, TextRun):
                box = ink_box(item)
                if box is not None and not item.drawing:
                    texts.append((item, box))
            elif isinstance(item, Clipped):
                walk(item.items)
            elif isinstance(item, Shape) and item.fill is not None and item.fill[3] > 0:
                x0, y0, x1, y1 = item.path.bounds()
                cover = InkBox(x0, y0, x1, y1)
                for run, box in texts:
                    across, down = box.overlap(cover)
                    if across > OVERLAP_TOLERANCE_MM and down > OVERLAP_TOLERANCE_MM:
                        out.append(
                            Fault(
                                "covered",
                                run.text,
                                f"text {run.text!r} is under a shape painted over it ({across:.1f} x {down:.1f} mm)",
                            )
                        )

    walk(scene.items)
    return out


def composition_faults(scene: Scene, area: Area, *, words: Collection[str] | None = None) -> list[Fault]:
    """Every fault of ``scene`` shown on ``area`` (empty: the composition is right).

    ``words`` (capitals) is the vocabulary the scene's texts were set from; without it, words
    split across lines are not looked for (see the module's note)."""
    out: list[Fault] = []
    runs = list(text_runs_of(scene))
    boxes: list[tuple[TextRun, InkBox]] = []
    for run in runs:
        height = letter_height_mm(run)
        if not run.drawing and height is not None and height < MIN_SIGN_TEXT_MM - 1e-6:
            out.append(
                Fault(
                    "small",
                    run.text,
                    f"text {run.text!r} is {height:.1f} mm high; text on a display is at least {MIN_SIGN_TEXT_MM:g} mm",
                )
            )
        box = ink_box(run)
        if box is None:
            continue
        boxes.append((run, box))
        beyond = max(-box.left, -box.top, box.right - area.width_mm, box.bottom - area.height_mm)
        if beyond > EDGE_TOLERANCE_MM:
            out.append(Fault("outside", run.text, f"text {run.text!r} runs {beyond:.1f} mm off the screen"))
    for i, (run, box) in enumerate(boxes):
        for other, other_box in boxes[i + 1 :]:
            if run.drawing and other.drawing:
                continue
            across, down = box.overlap(other_box)
            if across > OVERLAP_TOLERANCE_MM and down > OVERLAP_TOLERANCE_MM:
                out.append(
                    Fault(
                        "overlap",
                        run.text,
                        f"text {run.text!r} and text {other.text!r} overlap by {across:.1f} x {down:.1f} mm",
                    )
                )
    out += _covered(scene)
    if words is not None:
        out += _splits(runs, words)
    return out
