"""A table's cloth printed at 1:1: one page the cloth's size, or tiles on the paper a print
shop names, with the bleed, crop marks and PDF/X-4 structure of the signs (:mod:`kiosk.render.sheet`).

**One page** (no paper): the trim is the cloth (``size_mm`` of its layout file), the page the
trim plus the bleed, plus the slug with ``crop_marks``.  **Tiles** (a paper): each page is the
paper (MediaBox), so a tile prints on it whole; the cloth is cut into ``rows`` x ``columns``
tiles of one size, as large as the paper allows inside the slug, neighbours overlapping by
exactly ``overlap_mm``.  Everything is at 1:1: a millimetre of the layout is a millimetre of
every page.  The cloth's background runs on into the bleed at its own edges; at a seam the
bleed is the neighbouring cloth.

A tile's slug carries what its assembly needs, all outside the trim and the bleed:

* **crop marks** on the lines of the cloth's own edges only (where the finished cloth is cut);
* a **seam** in the middle of each overlap, marked on both tiles that share it by a registration
  target (a circle and a cross) in the slug at each end of the seam line;
* a **label**: the table, the cloth's size, the tile's row and column and its place in the
  assembly order (row by row from the top left), and how to assemble: cut a tile on its top and
  left seams, lay it over the tiles above and to the left, target on target.

The cloth is drawn once per document, as a form XObject, and placed on each tile under a clip
of the tile's bleed box.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from reportlab.pdfgen import canvas as rl_canvas

from kiosk.render.paper import MARK_LENGTH_MM, PageSpec, Paper, PaperError
from kiosk.render.pdf import PT_PER_MM, draw_scene, set_fill, set_stroke
from kiosk.render.pdfx import PageBoxes
from kiosk.render.sheet import EDGES, MARK_WIDTH_PT, crop_marks
from kiosk.scene.primitives import Scene, TextRun
from kiosk.scene.text import fit_text, text_runs

__all__ = [
    "DEFAULT_OVERLAP_MM",
    "MAX_PAGE_MM",
    "MIN_OVERLAP_MM",
    "MAX_OVERLAP_MM",
    "ClothPage",
    "ClothSpec",
    "Tile",
    "plan_tiles",
    "cloth_pages",
]

DEFAULT_OVERLAP_MM = 20.0
MIN_OVERLAP_MM = 5.0
MAX_OVERLAP_MM = 100.0
MAX_PAGE_MM = 5080.0
"""200 inches: the largest page a PDF reader is bound to open (ISO 32000-1, annex C)."""
TARGET_RADIUS_MM = 2.5
LABEL_CAP_MM = 2.2
LABEL_MIN_CAP_MM = 1.4
_MIN_TILE_MM = 60.0  # a tile narrower than this (inside its slug) is not worth assembling


@dataclass(frozen=True)
class ClothSpec:
    """How a cloth is printed: ``paper`` ``None`` for one page of the cloth's size, else tiles
    on that paper (``orientation`` as for signs; ``None``: the one that needs fewer tiles).
    Tiles always carry their marks; one page carries crop marks with ``crop_marks``."""

    paper: Paper | None = None
    orientation: str | None = None
    bleed_mm: float = 3.0
    crop_marks: bool = False
    overlap_mm: float = DEFAULT_OVERLAP_MM

    def __post_init__(self) -> None:
        PageSpec(Paper("check", 1, 1), self.orientation, False, self.bleed_mm)  # the same limits as a sign
        if not (MIN_OVERLAP_MM <= self.overlap_mm <= MAX_OVERLAP_MM):
            raise PaperError(f"--overlap must be {MIN_OVERLAP_MM:g} to {MAX_OVERLAP_MM:g} mm, not {self.overlap_mm:g}")
        if self.paper is not None:
            inside = min(self.paper.width_mm, self.paper.height_mm) - 2 * self.slug_spec(1, 1).margin_mm
            if inside - self.overlap_mm < _MIN_TILE_MM:
                raise PaperError(
                    f"--paper {self.paper.name} leaves {inside:.0f} mm inside the marks: too small to tile on with a "
                    f"{self.overlap_mm:g} mm overlap; give a larger paper or a smaller --overlap"
                )

    @property
    def tiled(self) -> bool:
        return self.paper is not None

    @property
    def marks(self) -> bool:
        """Whether pages carry a slug with marks (always for tiles)."""
        return self.tiled or self.crop_marks

    def slug_spec(self, w: float, h: float) -> PageSpec:
        """The sign page spec whose margins a cloth page of trim ``w`` x ``h`` takes."""
        return PageSpec(Paper("cloth", w, h), None, False, self.bleed_mm, self.marks)

    def describe(self) -> str:
        """``"one page at 1:1"``, ``"tiles on A3"``, ``"tiles on A3 landscape"``."""
        if self.paper is None:
            return "one page at 1:1" + (" with crop marks" if self.crop_marks else "")
        if self.orientation is None:
            return f"tiles on {self.paper.name}"
        return f"tiles on {PageSpec(self.paper, self.orientation).describe()}"

    def key(self) -> dict[str, object]:
        """The manifest's description of the paper."""
        out: dict[str, object] = {"paper": "cloth" if self.paper is None else self.paper.name}
        out |= {"bleed_mm": self.bleed_mm, "crop_marks": self.marks, "scale": "1:1"}
        if self.paper is not None:
            out |= {"overlap_mm": self.overlap_mm, "orientation": self.orientation or "fewest tiles"}
        return out


@dataclass(frozen=True)
class Tile:
    """One page of a cloth: the part ``(x_mm, y_mm, w_mm, h_mm)`` of the cloth (mm from its
    top-left corner, y down) that is its trim, where the trim lies on the page (``trim_left_mm``,
    ``trim_bottom_mm`` from the page's bottom-left corner), the page's size, its ``row`` and
    ``column`` (from 1) of ``rows`` x ``columns`` and its place in the assembly ``order``."""

    row: int
    column: int
    rows: int
    columns: int
    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    page_w_mm: float
    page_h_mm: float
    trim_left_mm: float
    trim_bottom_mm: float

    @property
    def order(self) -> int:
        return (self.row - 1) * self.columns + self.column

    @property
    def count(self) -> int:
        return self.rows * self.columns

    @property
    def outer_edges(self) -> frozenset[str]:
        """The edges of the tile that are edges of the cloth."""
        out = set()
        if self.row == 1:
            out.add("top")
        if self.row == self.rows:
            out.add("bottom")
        if self.column == 1:
            out.add("left")
        if self.column == self.columns:
            out.add("right")
        return frozenset(out)

    def manifest(self) -> dict[str, object]:
        return {
            "page": self.order,
            "row": self.row,
            "column": self.column,
            "x_mm": round(self.x_mm, 3),
            "y_mm": round(self.y_mm, 3),
            "w_mm": round(self.w_mm, 3),
            "h_mm": round(self.h_mm, 3),
        }


def _split(length: float, available: float, overlap: float) -> tuple[int, float]:
    """``(count, size)``: the fewest tiles of one size, at most ``available``, that cover
    ``length`` with neighbours overlapping by exactly ``overlap``."""
    if length <= available:
        return 1, length
    count = math.ceil((length - overlap) / (available - overlap) - 1e-9)
    return count, (length + (count - 1) * overlap) / count


def plan_tiles(width_mm: float, height_mm: float, spec: ClothSpec) -> list[Tile]:
    """The pages of a ``width_mm`` x ``height_mm`` cloth, in assembly order (see the module
    docstring).  Raises :class:`PaperError` (one line) when one page would be larger than a PDF
    page can be."""
    if spec.paper is None:
        page = spec.slug_spec(width_mm, height_mm)
        pw, ph = page.page_mm
        if max(pw, ph) > MAX_PAGE_MM:
            raise PaperError(
                f"a {width_mm:g} x {height_mm:g} mm cloth is larger than one PDF page can be "
                f"({MAX_PAGE_MM:g} mm); tile it: --paper A3 or --paper WIDTHxHEIGHTmm"
            )
        m = page.margin_mm
        return [Tile(1, 1, 1, 1, 0.0, 0.0, width_mm, height_mm, pw, ph, m, m)]
    margin = spec.slug_spec(1, 1).margin_mm
    best: list[Tile] | None = None
    orientations = (spec.orientation,) if spec.orientation else ("portrait", "landscape")
    for orientation in orientations:
        pw, ph = PageSpec(spec.paper, orientation).trim_mm
        aw, ah = pw - 2 * margin, ph - 2 * margin  # at least _MIN_TILE_MM + the overlap (ClothSpec)
        columns, tw = _split(width_mm, aw, spec.overlap_mm)
        rows, th = _split(height_mm, ah, spec.overlap_mm)
        left, bottom = (pw - tw) / 2, (ph - th) / 2
        tiles = [
            Tile(
                row=r + 1,
                column=c + 1,
                rows=rows,
                columns=columns,
                x_mm=c * (tw - spec.overlap_mm),
                y_mm=r * (th - spec.overlap_mm),
                w_mm=tw,
                h_mm=th,
                page_w_mm=pw,
                page_h_mm=ph,
                trim_left_mm=left,
                trim_bottom_mm=bottom,
            )
            for r in range(rows)
            for c in range(columns)
        ]
        if best is None or len(tiles) < len(best):
            best = tiles
    assert best is not None
    return best


@dataclass(frozen=True)
class ClothPage:
    """One printed page of a cloth (:class:`kiosk.render.sheet.PrintedPage`): the tile of the
    ``scene`` (the whole cloth, drawn as the form ``form``), its slug and its marks."""

    scene: Scene
    form: str
    tile: Tile
    spec: ClothSpec
    label: str

    @property
    def page_mm(self) -> tuple[float, float]:
        return self.tile.page_w_mm, self.tile.page_h_mm

    def _trim(self) -> tuple[float, float, float, float]:
        t = self.tile
        return t.trim_left_mm, t.trim_bottom_mm, t.trim_left_mm + t.w_mm, t.trim_bottom_mm + t.h_mm

    def boxes(self) -> PageBoxes:
        k, b = PT_PER_MM, self.spec.bleed_mm
        x0, y0, x1, y1 = self._trim()
        pw, ph = self.page_mm
        return PageBoxes(
            (0.0, 0.0, pw * k, ph * k),
            ((x0 - b) * k, (y0 - b) * k, (x1 + b) * k, (y1 + b) * k),
            (x0 * k, y0 * k, x1 * k, y1 * k),
        )

    def draw(self, c: rl_canvas.Canvas) -> None:
        k, b, t, scene = PT_PER_MM, self.spec.bleed_mm, self.tile, self.scene
        pw, ph = self.page_mm
        c.setPageSize((pw * k, ph * k))
        if not c.hasForm(self.form):
            c.beginForm(self.form, 0, 0, scene.width_mm * k, scene.height_mm * k)
            draw_scene(c, scene)
            c.endForm()
        x0, y0, x1, y1 = self._trim()
        c.saveState()
        clip = c.beginPath()
        clip.rect((x0 - b) * k, (y0 - b) * k, (x1 - x0 + 2 * b) * k, (y1 - y0 + 2 * b) * k)
        c.clipPath(clip, stroke=0, fill=0)
        if scene.background is not None:  # the cloth's own edges: its background runs on into the bleed
            r, g, bl, a = scene.background
            set_fill(c, (r, g, bl, a))
            c.rect((x0 - b) * k, (y0 - b) * k, (x1 - x0 + 2 * b) * k, (y1 - y0 + 2 * b) * k, stroke=0, fill=1)
        c.translate((x0 - t.x_mm) * k, (y0 - (scene.height_mm - t.y_mm - t.h_mm)) * k)
        c.doForm(self.form)
        c.restoreState()
        if self.spec.marks:
            gap = self.spec.slug_spec(1, 1).mark_gap_mm
            crop_marks(c, (x0, y0, x1, y1), gap, t.outer_edges if self.spec.tiled else EDGES)
            self._seams(c, gap)
            draw_scene(c, self._slug_text(gap))
        c.showPage()

    def _seams(self, c: rl_canvas.Canvas, gap: float) -> None:
        """A target at both ends of each seam line the tile shares with a neighbour."""
        t, o = self.tile, self.spec.overlap_mm
        x0, y0, x1, y1 = self._trim()
        centre = gap + MARK_LENGTH_MM / 2
        targets = []
        if t.column > 1:
            targets += [(x0 + o / 2, y1 + centre), (x0 + o / 2, y0 - centre)]
        if t.column < t.columns:
            targets += [(x1 - o / 2, y1 + centre), (x1 - o / 2, y0 - centre)]
        if t.row > 1:
            targets += [(x0 - centre, y1 - o / 2), (x1 + centre, y1 - o / 2)]
        if t.row < t.rows:
            targets += [(x0 - centre, y0 + o / 2), (x1 + centre, y0 + o / 2)]
        k, r, half = PT_PER_MM, TARGET_RADIUS_MM, MARK_LENGTH_MM / 2
        c.saveState()
        set_stroke(c, (0, 0, 0, 255))
        c.setLineWidth(MARK_WIDTH_PT)
        for x, y in targets:
            c.circle(x * k, y * k, r * k, stroke=1, fill=0)
            c.line((x - half) * k, y * k, (x + half) * k, y * k)
            c.line(x * k, (y - half) * k, x * k, (y + half) * k)
        c.restoreState()

    def _slug_text(self, gap: float) -> Scene:
        """The label under the trim and, on tiles, how to assemble above it (y down, page mm)."""
        pw, ph = self.page_mm
        x0, y0, x1, y1 = self._trim()
        centre = gap + MARK_LENGTH_MM / 2
        room = (x1 - x0) - 2 * (self.spec.overlap_mm + 2 * TARGET_RADIUS_MM) if self.spec.tiled else x1 - x0
        runs: list[TextRun] = []
        lines = [(self.label, ph - (y0 - centre))]
        if self.spec.tiled:
            lines.append(
                (
                    "Cut on the top and left seams (the lines through the targets); lay over the tiles above "
                    "and to the left, target on target. Trim the cloth's edges on the crop marks.",
                    ph - (y1 + centre),
                )
            )
        for text, y in lines:
            fitted, cap = fit_text(text, cap_mm=LABEL_CAP_MM, max_width_mm=max(room, 10.0), min_cap_mm=LABEL_MIN_CAP_MM)
            runs += text_runs(
                fitted, x=(x0 + x1) / 2, y=y, cap_mm=cap, valign="middle", fill=(0, 0, 0, 255), line_gap=0.5
            )
        return Scene(pw, ph, tuple(runs))


def cloth_pages(scene: Scene, spec: ClothSpec, label: str, key: str) -> list[ClothPage]:
    """The pages of a cloth ``scene`` printed as ``spec`` says, in assembly order.  ``label``
    names the table and its cloth (the size and the tile's place are added to it); ``key``
    names the cloth's drawing in the PDF (the same key, the same bytes)."""
    tiles = plan_tiles(scene.width_mm, scene.height_mm, spec)
    form = "Cloth" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    out = []
    for tile in tiles:
        text = f"{label}, {scene.width_mm:g} x {scene.height_mm:g} mm at 1:1"
        if spec.tiled:
            text += (
                f": tile {tile.order} of {tile.count} in assembly order, row {tile.row} of {tile.rows}, "
                f"column {tile.column} of {tile.columns}"
            )
        out.append(ClothPage(scene, form, tile, spec, text))
    return out
