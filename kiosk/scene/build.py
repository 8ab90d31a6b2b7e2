"""Turn a validated :class:`~kiosk.scene.layout_file.Layout` into a :class:`~kiosk.scene.primitives.Scene`.

Tokens ``{game_name}`` and ``{casino_name}`` are substituted (a text item with ``max_width_mm``
is then fitted to it: :func:`kiosk.scene.text.fit_text`), ``src = "logo"`` images show the
casino's logo (or, when the floor has none, the casino's name fitted into the logo's box: 001
s456(3) accepts the name or the logo), and the lit areas get the lit appearance of
:mod:`kiosk.scene.lighting` drawn right over them, under any later item such as their labels.

Print on a lit area's glow is drawn in the dark :data:`~kiosk.scene.lighting.LIT_INK` while the
area is lit: every text, and the light neutral fills and outlines of symbols
(:func:`~kiosk.scene.lighting.is_light_print`; coloured symbols such as balls keep their colours).
"On the glow" means: the last filled shape drawn before it that contains its anchor point (a
shape's: the centre of its bounds) is a lit area, so a star on a ball inside a lit area keeps its
colour: its background is the ball, not the glow.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from kiosk.rules.cloth import JACKPOT_AREA_WORD
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.scene.fonts import font_face
from kiosk.scene.hit import inside, outline
from kiosk.scene.lighting import LIT_INK, glow_colour, is_light_print, lit_overlay
from kiosk.scene.memo import IdentityMemo
from kiosk.scene.primitives import (
    Colour,
    Image,
    Path,
    Primitive,
    Scene,
    Shape,
    arc_path,
    ellipse_path,
    polygon_path,
    polyline_path,
    rect_path,
)
from kiosk.scene.svgimage import SvgError, svg_shapes
from kiosk.scene.text import fit_box, fit_text, text_runs

if TYPE_CHECKING:
    from kiosk.scene.layout_file import Layout, LayoutItem

__all__ = ["build_scene", "item_path", "image_primitives"]

_WHITE = (255, 255, 255, 255)
_BOX_LINE_GAP = 0.6  # between the lines of a casino name set in a logo box, in cap heights


def item_path(item: LayoutItem) -> Path:
    """The geometry of a shape item as a :class:`~kiosk.scene.primitives.Path` (``ValueError`` for
    a text or image item, which has none)."""
    v = item.values
    if item.kind == "rect":
        return rect_path(v["x"], v["y"], v["w"], v["h"], v.get("radius", 0.0))
    if item.kind == "ellipse":
        return ellipse_path(v["cx"], v["cy"], v["rx"], v["ry"])
    if item.kind == "arc":
        return arc_path(v["cx"], v["cy"], v["rx"], v["ry"], v["start_deg"], v["span_deg"])
    if item.kind == "polygon":
        return polygon_path(v["points"])
    if item.kind == "line":
        return polyline_path(v["points"])
    if item.kind == "path":
        d: Path = v["d"]  # parsed by the loader
        return d
    raise ValueError(f"item[{item.index}] is a {item.kind}, not a shape")


def _substitute(text: str, tokens: dict[str, str]) -> str:
    for key, value in tokens.items():
        text = text.replace("{" + key + "}", value)
    return text


def _fitted(text: str, v: dict[str, Any]) -> tuple[str, float]:
    """A text item's ``text`` and cap height fitted to its ``max_width_mm`` (``min_cap_mm`` floor)."""
    family, weight = v.get("font", "sans"), v.get("weight", "regular")
    cap = v.get("cap_mm")
    if cap is None:
        face = font_face(family, weight)
        cap = v["x_mm"] * face.cap_height_em / face.x_height_em
    floor = min(v.get("min_cap_mm", MIN_TEXT_MM), cap)
    return fit_text(text, cap_mm=cap, max_width_mm=v["max_width_mm"], min_cap_mm=floor, family=family, weight=weight)


def _name_in_box(name: str, x: float, y: float, w: float, h: float) -> list[Primitive]:
    """The casino's name, bold, as large as fits the box, on up to four balanced lines (stand-in
    for a missing logo)."""
    if not name.strip():
        return []
    text, cap = fit_box(name, w=w * 0.92, h=h * 0.6, line_gap=_BOX_LINE_GAP, weight="bold")
    if cap <= 0:
        return []
    return list(
        text_runs(
            text,
            x=x + w / 2,
            y=y + h / 2,
            cap_mm=cap,
            anchor="center",
            valign="middle",
            weight="bold",
            fill=_WHITE,
            line_gap=_BOX_LINE_GAP,
        )
    )


_under: IdentityMemo[tuple[tuple[int, ...], ...]] = IdentityMemo(64)  # by layout and features


def _shapes_under(layout: Layout, drawn: list[LayoutItem], features: frozenset[str]) -> tuple[tuple[int, ...], ...]:
    """For each drawn item, the earlier drawn shapes (their places in ``drawn``) that can be its
    ground (an area, or a shape filled) and contain its anchor point: a text's ``(x, y)``, a
    shape's centre of bounds (not asked of areas).

    Which of them is the item's ground changes with what is lit, but the geometry does not: it is
    worked out once per layout and features, so a drawing never seen before costs no point-in-shape
    tests (they were most of a lit cloth's composition: issue 20)."""
    return _under.get(layout, lambda: _work_out_shapes_under(drawn), features)


def _work_out_shapes_under(drawn: list[LayoutItem]) -> tuple[tuple[int, ...], ...]:
    shapes: list[tuple[int, tuple[float, float, float, float], list[list[tuple[float, float]]]]] = []
    out: list[tuple[int, ...]] = []
    for i, item in enumerate(drawn):
        anchor: tuple[float, float] | None = None
        path: Path | None = None
        if item.kind == "text":
            anchor = (item.values["x"], item.values["y"])
        elif item.kind != "image":
            path = item_path(item)
            if item.area is None:
                x0, y0, x1, y1 = path.bounds()
                anchor = ((x0 + x1) / 2, (y0 + y1) / 2)
        if anchor is None:
            out.append(())
        else:
            x, y = anchor
            out.append(
                tuple(
                    j for j, (x0, y0, x1, y1), poly in shapes if x0 <= x <= x1 and y0 <= y <= y1 and inside(poly, x, y)
                )
            )
        if path is not None and (item.area is not None or _filled(item)):  # it can be a ground
            shapes.append((i, path.bounds(), outline(path)))
    return tuple(out)


def _filled(item: LayoutItem) -> bool:
    """Whether a shape item is drawn with a fill that is not transparent."""
    fill = None if item.kind in ("line", "arc") else item.values.get("fill")
    return fill is not None and fill[3] > 0


def _glow_under(under: tuple[int, ...], grounds: dict[int, Colour | None]) -> Colour | None:
    """The glow colour if the last filled shape under an item (of ``under``, the shapes containing
    its anchor) is a lit area, else ``None``; ``grounds``: the filled shapes drawn so far, by place,
    with their glow (``None``: not lit)."""
    for j in reversed(under):
        if j in grounds:
            return grounds[j]
    return None


def image_primitives(source: FilePath, x: float, y: float, w: float, h: float) -> list[Primitive]:
    """A PNG as an :class:`Image`, an SVG as vector shapes, fitted into the box."""
    if source.suffix.lower() == ".svg":
        return list(svg_shapes(source, x, y, w, h))
    return [Image(x, y, w, h, source)]


def _for_table(values: dict[str, Any], features: frozenset[str]) -> bool:
    """Whether an item with these keys is drawn on a table with ``features``."""
    when, unless = values.get("when"), values.get("unless")
    return (when is None or when in features) and (unless is None or unless not in features)


def build_scene(
    layout: Layout,
    *,
    game_name: str,
    casino_name: str,
    logo: FilePath | None = None,
    lit: Iterable[str] = frozenset(),
    features: Iterable[str] = frozenset(),
    jackpot_wording: str = JACKPOT_AREA_WORD,
    event_logo: FilePath | None = None,
) -> Scene:
    """The scene of ``layout`` for one table.

    ``lit`` names the areas to draw lit (e.g. the result of
    :func:`kiosk.rules.trichro.winning_wagers`).  ``features`` are the table's features
    (:data:`kiosk.scene.layout_file.FEATURES`): an item with ``when`` is drawn only on a table that has
    that feature, one with ``unless`` only on a table that has not.  ``jackpot_wording`` is what
    ``{jackpot_wording}`` prints: 'jackpot' or the pit procedures' description of the jackpot
    areas (000 s230(3)(c)).  ``src = "event_logo"`` images show ``event_logo``, the logo of the
    poker promotion or event the table plays (002 r2.2), and nothing without one.  Raises
    ``ValueError`` naming any lit id that is not an area of the layout, or a logo file that
    cannot be drawn.
    """
    lit_set = frozenset(lit)
    unknown = sorted(lit_set - set(layout.areas))
    if unknown:
        raise ValueError(f"{layout.path}: no area {', '.join(map(repr, unknown))} to light")
    features = frozenset(features)
    drawn = [item for item in layout.items if _for_table(item.values, features)]
    tokens = {"game_name": game_name, "casino_name": casino_name, "jackpot_wording": jackpot_wording}
    items: list[Primitive] = []
    areas = {}
    # filled shapes drawn so far, by place in ``drawn``: glow colour if a lit area else None, to
    # find what a text or symbol is printed on
    grounds: dict[int, Colour | None] = {}
    under = _shapes_under(layout, drawn, features) if lit_set else ()
    for i, item in enumerate(drawn):
        v = item.values
        if item.kind == "text":
            fill = v.get("fill", _WHITE)
            if lit_set and _glow_under(under[i], grounds) is not None:
                fill = LIT_INK
            text, cap_mm, x_mm = _substitute(v["text"], tokens), v.get("cap_mm"), v.get("x_mm")
            if v.get("max_width_mm") is not None:
                text, cap_mm = _fitted(text, v)
                x_mm = None
            items.extend(
                text_runs(
                    text,
                    x=v["x"],
                    y=v["y"],
                    cap_mm=cap_mm,
                    x_mm=x_mm,
                    anchor=v.get("anchor", "center"),
                    valign=v.get("valign", "baseline"),
                    family=v.get("font", "sans"),
                    weight=v.get("weight", "regular"),
                    fill=fill,
                    rotate_deg=v.get("rotate_deg", 0.0),
                    line_gap=v.get("line_gap", 1.3),
                )
            )
            continue
        if item.kind == "image":
            box = (v["x"], v["y"], v["w"], v["h"])
            src = v["src"]
            if src == "logo":
                if logo is None:
                    items.extend(_name_in_box(casino_name, *box))
                    continue
                src = FilePath(logo)
                if not src.is_file():
                    raise ValueError(f"casino logo file not found: {src}")
            elif src == "event_logo":
                if event_logo is None:
                    continue  # no promotion or event: the medallion stays empty (002 r2.2 "may or may not")
                src = FilePath(event_logo)
                if not src.is_file():
                    raise ValueError(f"event logo file not found: {src}")
            try:
                items.extend(image_primitives(src, *box))
            except SvgError as exc:
                raise ValueError(str(exc)) from None
            continue
        path = item_path(item)
        stroked_only = item.kind in ("line", "arc")
        default_stroke = _WHITE if stroked_only else None
        fill = None if stroked_only else v.get("fill")
        stroke = v.get("stroke", default_stroke)
        if lit_set and item.area is None:
            glow = _glow_under(under[i], grounds)
            if glow is not None:
                fill = LIT_INK if is_light_print(fill, glow) else fill
                stroke = LIT_INK if is_light_print(stroke, glow) else stroke
        shape = Shape(
            path,
            fill=fill,
            stroke=stroke,
            stroke_mm=v.get("stroke_mm", 1.0),
            dash_mm=v.get("dash_mm"),
            area=item.area,
        )
        items.append(shape)
        lit_here = item.area is not None and item.area in lit_set
        if lit_here:
            glow = glow_colour(shape.fill, v.get("lit_fill"))
            grounds[i] = glow
            items.append(lit_overlay(path, glow))
        elif shape.fill is not None and shape.fill[3] > 0:
            grounds[i] = None
        if item.area is not None:
            areas[item.area] = path
    return Scene(
        width_mm=layout.width_mm,
        height_mm=layout.height_mm,
        items=tuple(items),
        background=layout.background,
        areas=areas,
        lit=lit_set & frozenset(areas),
    )
