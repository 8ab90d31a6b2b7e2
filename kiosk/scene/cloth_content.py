"""Is a layout file's cloth printed with what the seeds require of it (:mod:`kiosk.rules.cloth`)?

``kiosk check`` runs :func:`cloth_violations` on every layout it is given (``--layout``) and on
every custom layout of a floor (:mod:`kiosk.floor.structure`, with the table's settings), so the
floor law at run time runs it too; the shipped layouts are held to it by their tests.  A custom
layout is checked for its content as the shipped ones are: the words printed, and the text
printed in each named area - a text belongs to the last-drawn area under its anchor point.

Without a table (``kiosk check --layout FILE``) what depends on the table is left out: the
jackpot areas' wording (000 s230(3)(c)) and bonus blackjack (003 s50A(1)(a)).  Text is compared
ignoring case and line breaks; the tokens are read as what they print (``{jackpot_wording}`` as
the table's wording, ``{casino_name}`` as the casino's name or logo).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FilePath

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from kiosk.rules.citation import Violation
from kiosk.rules.cloth import (
    AREA_WORDS,
    BONUS_BOX_RULE,
    BONUS_BOX_WORD,
    DEALER_WORDS,
    DEALER_WORDS_RULE,
    DISCARDS_RULES,
    DISCARDS_WORD,
    JACKPOT_AREA_RULE,
    JACKPOT_AREA_WORD,
    NAME_OR_LOGO_RULES,
    PAI_GOW_BOXES_RULE,
    PAI_GOW_DEALER_AREAS_RULE,
    PAI_GOW_MAX_BOXES,
    PLACES_RULES,
    SPINNER_WORD,
    TWO_UP_AREAS_RULE,
    TWO_UP_WAGER_WORDS,
    WAGER_AREA_SHAPES_RULE,
    tri_chro_wager_rule,
)
from kiosk.rules.games import tri_chro_balls
from kiosk.rules.trichro import wagers
from kiosk.scene.build import build_scene, item_path
from kiosk.scene.hit import contains
from kiosk.scene.layout_file import Layout, LayoutError, LayoutItem, load_layout
from kiosk.scene.lighting import lit_sizes
from kiosk.scene.primitives import Path, TextRun

__all__ = ["ClothTable", "cloth_violations", "custom_cloth_violations"]

_ODDS = re.compile(r"(\d+)\s*TO\s*(\d+)", re.IGNORECASE)
_SHAPES = ("rect", "ellipse", "polygon", "path")


@dataclass(frozen=True)
class ClothTable:
    """What the check reads of the table a cloth is for: its layout features (jackpot slots,
    bonus blackjack offered: :func:`kiosk.scene.layout_file.table_features`), the jackpot areas'
    wording (000 s230(3)(c)), and the casino's name (a cloth may print the name itself rather
    than ``{casino_name}``)."""

    features: frozenset[str] = frozenset()
    jackpot_wording: str = JACKPOT_AREA_WORD
    casino_name: str | None = None


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _drawn(layout: Layout, features: frozenset[str]) -> list[LayoutItem]:
    def shown(item: LayoutItem) -> bool:
        when, unless = item.get("when"), item.get("unless")
        return (when is None or when in features) and (unless is None or unless not in features)

    return [item for item in layout.items if shown(item)]


class _Cloth:
    """The drawn items of one layout for one table, and the text printed in each named area."""

    def __init__(self, layout: Layout, table: ClothTable) -> None:
        self.layout = layout
        self.items = _drawn(layout, table.features)
        tokens = {"{jackpot_wording}": table.jackpot_wording}
        self.texts = [(item, self._substituted(item.get("text"), tokens)) for item in self.items if item.kind == "text"]
        self.areas: list[tuple[LayoutItem, Path]] = [
            (item, item_path(item)) for item in self.items if item.area is not None and item.kind in _SHAPES
        ]
        self.printed: dict[str, list[tuple[float, float, str]]] = {item.area or "": [] for item, _ in self.areas}
        for item, text in self.texts:
            home = self.area_at(item.get("x"), item.get("y"))
            if home is not None:
                self.printed[home].append((item.get("y"), item.get("x"), text))

    @staticmethod
    def _substituted(text: str, tokens: dict[str, str]) -> str:
        for token, value in tokens.items():
            text = text.replace(token, value)
        return text

    def area_at(self, x: float, y: float) -> str | None:
        """The last-drawn named area under the point, if any."""
        for item, path in reversed(self.areas):
            if contains(path, x, y):
                return item.area
        return None

    def words(self, area: str) -> str:
        """The text printed in an area, top to bottom, one space between items."""
        return " ".join(text for _y, _x, text in sorted(self.printed.get(area, []))).replace("\n", " ")

    def label(self, area: str) -> str:
        item = next(i for i, _ in self.areas if i.area == area)
        return f"area {area!r} (item[{item.index}]" + (f", line {item.line})" if item.line else ")")


def cloth_violations(layout: Layout, table: ClothTable | None = None) -> list[Violation]:
    """What the seeds require of the layout's cloth and it does not print, one violation each,
    citing the rule (``table``: the table it is for; ``None`` checks what every table needs)."""
    cloth = _Cloth(layout, table or ClothTable())
    game = layout.game
    out: list[Violation] = []
    if game in NAME_OR_LOGO_RULES:
        out += _name_or_logo(cloth, NAME_OR_LOGO_RULES[game], None if table is None else table.casino_name)
    balls = tri_chro_balls(game)
    if balls is not None:
        out += _tri_chro(cloth, balls)
    elif game == "caribbean_stud":
        out += _caribbean(cloth, table)
    elif game in DISCARDS_RULES:
        out += _discards(cloth, DISCARDS_RULES[game])
        out += _places(cloth, *PLACES_RULES[game])
    elif game == "two_up_dice":
        out += _two_up(cloth)
    elif game == "pai_gow":
        out += _pai_gow(cloth)
    elif game == "blackjack" and table is not None and "bonus_blackjack" in table.features:
        if not any(BONUS_BOX_WORD in _plain(cloth.words(item.area or "")) for item, _ in cloth.areas):
            out.append(
                Violation(
                    BONUS_BOX_RULE,
                    f"bonus blackjack needs boxes that provide for it: no area of the cloth is marked "
                    f"{BONUS_BOX_WORD!r} ({BONUS_BOX_RULE})",
                    key="layout",
                )
            )
    return out


def _name_or_logo(cloth: _Cloth, rule: str, casino_name: str | None) -> list[Violation]:
    if any(item.kind == "image" and item.get("src") == "logo" for item in cloth.items):
        return []
    if any("{casino_name}" in text for _item, text in cloth.texts):
        return []
    if casino_name and any(_plain(casino_name) in _plain(text) for _item, text in cloth.texts):
        return []
    return [
        Violation(
            rule,
            f'the cloth must print the casino\'s name or logo: {{casino_name}} or an image of src = "logo" ({rule})',
            key="layout",
        )
    ]


def _tri_chro(cloth: _Cloth, balls: int) -> list[Violation]:
    rule = tri_chro_wager_rule(balls)
    out: list[Violation] = []
    for wager in wagers(balls):
        if wager.id not in cloth.printed:
            continue  # the loader refuses a layout without all 19 wager areas
        printed = cloth.words(wager.id)
        a, b = wager.odds
        odds = [(int(x), int(y)) for x, y in _ODDS.findall(printed)]
        problems = []
        if _plain(wager.name) not in _plain(printed):
            problems.append(f"the wager's name {wager.name.upper()!r}")
        if odds != [(a, b)]:
            problems.append(f"its odds, {a} to {b}, and no others")
        if problems:
            out.append(
                Violation(
                    rule,
                    f"{cloth.label(wager.id)} prints {printed or 'nothing'!r}; it must print "
                    f"{' and '.join(problems)} ({rule})",
                    key="layout",
                )
            )
    return out


def _caribbean(cloth: _Cloth, table: ClothTable | None) -> list[Violation]:
    out: list[Violation] = []
    if not any(DEALER_WORDS in _plain(text) for _item, text in cloth.texts):
        out.append(
            Violation(
                DEALER_WORDS_RULE,
                f"the cloth must print the words {DEALER_WORDS!r} ({DEALER_WORDS_RULE})",
                key="layout",
            )
        )
    marked = {area: _plain(cloth.words(area)) for area in cloth.printed}
    for word, rule in AREA_WORDS.items():
        if word not in marked.values():
            out.append(
                Violation(rule, f"the areas for {word} wagers must be marked {word!r}; none is ({rule})", key="layout")
            )
    wager_words = {*AREA_WORDS, _plain(table.jackpot_wording if table is not None else JACKPOT_AREA_WORD)}
    for item, path in cloth.areas:
        if marked.get(item.area or "") in wager_words and not _rect_or_oval(path):
            out.append(
                Violation(
                    WAGER_AREA_SHAPES_RULE,
                    f"{cloth.label(item.area or '')} is neither rectangular nor circular nor oval: the areas for "
                    f"wagers are ({WAGER_AREA_SHAPES_RULE})",
                    key="layout",
                )
            )
    if table is None or "jackpot_slots" in table.features:
        return out  # a table with jackpot slots has no jackpot areas (000 s230(3)(c))
    wording = table.jackpot_wording
    overflow = _wording_overflow(cloth, table)
    if overflow is not None:
        out.append(
            Violation(
                JACKPOT_AREA_RULE,
                f"the jackpot areas' wording {wording!r} does not fit {cloth.label(overflow)}; shorten "
                f"caribbean_stud.jackpot.area_wording or give the layout larger jackpot areas ({JACKPOT_AREA_RULE})",
                key="layout",
            )
        )
    if _plain(wording) not in marked.values():
        out.append(
            Violation(
                JACKPOT_AREA_RULE,
                f"the areas for jackpot wagers must be marked {wording!r}"
                + (" (the pit procedures' description, jackpot.area_wording)" if wording != JACKPOT_AREA_WORD else "")
                + f"; none is: print {{jackpot_wording}} in them ({JACKPOT_AREA_RULE})",
                key="layout",
            )
        )
    return out


def _wording_overflow(cloth: _Cloth, table: ClothTable) -> str | None:
    """The first area whose ``{jackpot_wording}`` text, set with the table's wording, runs out
    of it, or ``None``: its lines' boxes (cap height to descender) lie inside the area, clear of
    the border the area gets when lit, plus 1 mm (``layouts/FORMAT.md``, "How a lit area looks"),
    and no word of the wording is cut to fit."""
    anchors = {
        (item.get("x"), item.get("y")): area
        for item in cloth.items
        if item.kind == "text"
        and "{jackpot_wording}" in item.get("text")
        and (area := cloth.area_at(item.get("x"), item.get("y"))) is not None
    }
    if not anchors:
        return None
    paths = {item.area: path for item, path in cloth.areas}
    scene = build_scene(
        cloth.layout,
        game_name="G",
        casino_name="C",
        features=table.features,
        jackpot_wording=table.jackpot_wording,
    )
    lines: dict[tuple[float, float], list[str]] = {}
    for run in scene.items:
        if not isinstance(run, TextRun) or run.origin not in anchors:
            continue
        area = anchors[run.origin]
        lines.setdefault(run.origin, []).append(run.text)
        path = paths[area]
        clear = lit_sizes(path)[0] + 1.0
        edges = [poly for poly in path.polygons(0.5) if len(poly) > 2]
        box = _ink_box(run)
        if box is None:
            continue
        x0, y0, x1, y1 = box
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        for corner in (_turned(p, run.origin, run.rotate_deg) for p in corners):
            if not contains(path, *corner) or _edge_distance(edges, corner) < clear:
                return area
    words = table.jackpot_wording.split()
    for origin, printed in lines.items():
        if " ".join(printed).split() != words:  # a word was cut to fit: it does not fit whole
            return anchors[origin]
    return None


def _edge_distance(polygons: list[list[tuple[float, float]]], point: tuple[float, float]) -> float:
    """The distance from ``point`` to the nearest edge of the (flattened) outline."""
    best = math.inf
    px, py = point
    for poly in polygons:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            dx, dy = x2 - x1, y2 - y1
            t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
            best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


@lru_cache(maxsize=8)
def _glyph_bounds(font_path: str) -> dict[int, tuple[float, float, float, float] | None]:
    """Each glyph's ink box in font units (``None`` for a glyph without ink)."""
    font = TTFont(font_path)
    glyphs = font.getGlyphSet()
    out: dict[int, tuple[float, float, float, float] | None] = {}
    for gid, name in enumerate(font.getGlyphOrder()):
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        out[gid] = pen.bounds
    return out


def _ink_box(run: TextRun) -> tuple[float, float, float, float] | None:
    """The ink box of a run before it is turned: ``(left, top, right, bottom)`` on the page."""
    bounds = _glyph_bounds(str(run.face.path))
    scale = run.size_mm / run.face.units_per_em
    boxes = [
        (run.x + off + b[0] * scale, run.y - b[3] * scale, run.x + off + b[2] * scale, run.y - b[1] * scale)
        for gid, off in zip(run.glyphs, run.offsets_mm, strict=True)
        if (b := bounds.get(gid)) is not None
    ]
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _turned(point: tuple[float, float], origin: tuple[float, float], deg: float) -> tuple[float, float]:
    """``point`` turned ``deg`` counter-clockwise (on the page, y down) about ``origin``."""
    a = math.radians(deg)
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return (origin[0] + dx * math.cos(a) + dy * math.sin(a), origin[1] - dx * math.sin(a) + dy * math.cos(a))


def _circle(item: LayoutItem) -> bool:
    return item.kind == "ellipse" and abs(item.get("rx") - item.get("ry")) < 1e-6


def _discards(cloth: _Cloth, rule: str) -> list[Violation]:
    for item in cloth.items:
        if not _circle(item):
            continue
        path = item_path(item)
        if any(_plain(text) == DISCARDS_WORD and contains(path, t.get("x"), t.get("y")) for t, text in cloth.texts):
            return []
    return [
        Violation(rule, f"the cloth must have a circle for discards, marked {DISCARDS_WORD!r} ({rule})", key="layout")
    ]


def _pai_gow(cloth: _Cloth) -> list[Violation]:
    circles = [item for item, _ in cloth.areas if _circle(item)]
    numbered = sorted(int(w) for item in circles if (w := cloth.words(item.area or "").strip()).isdigit())
    others = [item for item in circles if not cloth.words(item.area or "").strip().isdigit()]
    out: list[Violation] = []
    if not 1 <= len(numbered) <= PAI_GOW_MAX_BOXES or numbered != list(range(1, len(numbered) + 1)):
        shown = ", ".join(map(str, numbered)) or "none"
        out.append(
            Violation(
                PAI_GOW_BOXES_RULE,
                f"the boxes are at most {PAI_GOW_MAX_BOXES} circular areas numbered from 1; the cloth numbers "
                f"{shown} ({PAI_GOW_BOXES_RULE})",
                key="layout",
            )
        )
    if len(others) < 2:
        out.append(
            Violation(
                PAI_GOW_DEALER_AREAS_RULE,
                f"the cloth needs 2 circular areas in front of the dealer for winning and losing wagers; it has "
                f"{len(others)} ({PAI_GOW_DEALER_AREAS_RULE})",
                key="layout",
            )
        )
    return out


def _shoelace(points: list[tuple[float, float]]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)) / 2


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) > 1 and (
                (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0]) <= 0
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def _rect_or_oval(path: Path) -> bool:
    """Whether an outline (of any kind, turned any way) is a rectangle, its corners rounded or
    not, or a circle or an oval: one convex outline that lies, within 1 % of its size, on its
    smallest bounding rectangle and its rounded corners, or on the ellipse in that rectangle
    (000 s230(2)(c); docs/readings.md A-54)."""
    if len(path.subpaths) != 1 or not path.subpaths[0].closed:
        return False
    corners = path.polygons(0.5)[0]
    x0, y0, x1, y1 = path.bounds()
    step = max(0.5, min(x1 - x0, y1 - y0) / 100)
    points = []  # along the outline at most a step apart: a straight side is checked along its length
    for (xa, ya), (xb, yb) in zip(corners, corners[1:] + corners[:1], strict=True):
        n = max(1, math.ceil(math.dist((xa, ya), (xb, yb)) / step))
        points += [(xa + (xb - xa) * i / n, ya + (yb - ya) * i / n) for i in range(n)]
    hull = _hull(points)
    if len(hull) < 3 or abs(_shoelace(points)) < 0.995 * abs(_shoelace(hull)):
        return False  # not convex
    # the box's turn: along one of the longest edges (a rectangle's sides), or along the principal
    # axis of the outline (an oval's axes; a circle fits any box)
    edges = sorted(zip(hull, hull[1:] + hull[:1], strict=True), key=lambda e: -math.dist(*e))
    angles = [math.atan2(y2 - y1, x2 - x1) for (x1, y1), (x2, y2) in edges[:4]]
    mx, my = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    syy = sum((y - my) ** 2 for _, y in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    angles.append(0.5 * math.atan2(2 * sxy, sxx - syy))
    area = abs(_shoelace(points))
    return any(_fits_box(points, angle, area) for angle in angles)


def _fits_box(points: list[tuple[float, float]], angle: float, area: float) -> bool:
    """Whether the outline lies, within 1 % of its size, on the ellipse in its bounding box turned
    ``angle``, or on that box with corners rounded to the radius its ``area`` leaves."""
    cos, sin = math.cos(angle), math.sin(angle)
    us = [x * cos + y * sin for x, y in points]
    vs = [-x * sin + y * cos for x, y in points]
    a, b = (max(us) - min(us)) / 2, (max(vs) - min(vs)) / 2
    if min(a, b) <= 0:
        return False
    cu, cv = (max(us) + min(us)) / 2, (max(vs) + min(vs)) / 2
    local = [(u - cu, v - cv) for u, v in zip(us, vs, strict=True)]
    tol = 0.01 * min(a, b)
    if all(abs(math.hypot(u / a, v / b) - 1) * min(a, b) <= tol for u, v in local):
        return True  # a circle or an oval
    r = math.sqrt(max(0.0, 4 * a * b - area) / (4 - math.pi))  # the corners' radius
    if r > min(a, b) + tol:
        return False
    for u, v in local:
        du, dv = abs(u) - (a - r), abs(v) - (b - r)
        if du > 0 and dv > 0:  # a corner: on its arc
            if abs(math.hypot(du, dv) - r) > tol:
                return False
        elif min(a - abs(u), b - abs(v)) > tol:  # a side: on it
            return False
    return True


def _places(cloth: _Cloth, most: int, rule: str) -> list[Violation]:
    """Not more than ``most`` places for players: the areas numbered on the cloth (a place is
    an area whose words are its number, as the shipped layouts' seats are; docs/readings.md A-54)."""
    numbered = sorted(int(w) for item, _ in cloth.areas if (w := cloth.words(item.area or "").strip()).isdigit())
    if len(numbered) <= most and all(n <= most for n in numbered):
        return []
    shown = ", ".join(map(str, numbered))
    return [
        Violation(
            rule,
            f"the table has places for not more than {most} players; the cloth numbers {len(numbered)} places "
            f"({shown}) ({rule})",
            key="layout",
        )
    ]


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", _plain(text)) is not None


def _two_up(cloth: _Cloth) -> list[Violation]:
    """An area for the spinner's wager, marked as the spinner's (in its words, or by a text
    marking a panel it lies in), and areas for players' wagers on heads and on tails: named
    areas marked 'heads' and 'tails' outside the spinner's (docs/readings.md A-54)."""
    shapes = [item_path(item) for item in cloth.items if item.kind in _SHAPES]
    panels = []  # the topmost shape under each text that says 'spinner'
    for t, text in cloth.texts:
        if _has_word(text, SPINNER_WORD):
            under = [path for path in shapes if contains(path, t.get("x"), t.get("y"))]
            panels += under[-1:]
    spinner: set[str] = set()
    players: dict[str, set[str]] = {word: set() for word in TWO_UP_WAGER_WORDS}
    for item, path in cloth.areas:
        area = item.area or ""
        x0, y0, x1, y1 = path.bounds()
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        words = cloth.words(area)
        if _has_word(words, SPINNER_WORD) or any(contains(panel, *centre) for panel in panels):
            spinner.add(area)
            continue
        for word in TWO_UP_WAGER_WORDS:
            if _has_word(words, word):
                players[word].add(area)
    out = []
    if not spinner:
        out.append(
            Violation(
                TWO_UP_AREAS_RULE,
                f"the cloth must have an area for the spinner's wager, marked {SPINNER_WORD!r} in it or on a panel "
                f"round it (004 sch13 s3(2)(b), s6(3))",
                key="layout",
            )
        )
    missing = [word for word in TWO_UP_WAGER_WORDS if not players[word]]
    if missing:
        out.append(
            Violation(
                TWO_UP_AREAS_RULE,
                f"the cloth must have areas for players' wagers on heads and on tails, outside the spinner's: no "
                f"area is marked {' or '.join(map(repr, missing))} (004 sch13 s3(2)(b), s11(1), (2))",
                key="layout",
            )
        )
    return out


@lru_cache(maxsize=64)
def _load(path: str, mtime_ns: int) -> Layout | None:
    try:
        return load_layout(path)
    except LayoutError:
        return None  # kiosk check reports the file's own problems


@lru_cache(maxsize=256)
def _cached(path: str, mtime_ns: int, table: ClothTable) -> tuple[Violation, ...]:
    layout = _load(path, mtime_ns)
    return () if layout is None else tuple(cloth_violations(layout, table))


def custom_cloth_violations(path: FilePath, table: ClothTable) -> tuple[Violation, ...]:
    """:func:`cloth_violations` of the layout file at ``path`` for ``table``, read once per
    version of the file; nothing for a file that cannot be loaded (its problems are the loader's)."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        return ()
    return _cached(str(path), mtime, table)
