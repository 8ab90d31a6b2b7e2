"""A small SVG reader: logos and icons become scene shapes, so both painters draw them alike.

Supported: ``svg`` (``viewBox`` or ``width``/``height``), ``g``, ``path``, ``rect``, ``circle``,
``ellipse``, ``line``, ``polyline``, ``polygon``; ``fill``, ``stroke``, ``stroke-width``,
``opacity``/``fill-opacity``/``stroke-opacity`` as attributes or in ``style``; ``transform`` with
``matrix translate scale rotate``.  Anything else that draws (text, embedded images, gradients)
is refused with :class:`SvgError` rather than silently dropped.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path as FilePath

from kiosk.scene.primitives import (
    Colour,
    Path,
    Segment,
    Shape,
    SubPath,
    ellipse_path,
    polygon_path,
    polyline_path,
    rect_path,
)
from kiosk.scene.svgpath import PathDataError, parse_path_data

__all__ = ["SvgError", "svg_shapes"]

_NAMED = {
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "green": (0, 128, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 255, 0),
    "gold": (255, 215, 0),
    "gray": (128, 128, 128),
    "grey": (128, 128, 128),
    "silver": (192, 192, 192),
    "orange": (255, 165, 0),
    "navy": (0, 0, 128),
    "maroon": (128, 0, 0),
    "purple": (128, 0, 128),
}
_IGNORED = {"title", "desc", "metadata", "defs", "style"}
Matrix = tuple[float, float, float, float, float, float]
"""An SVG transform ``(a, b, c, d, e, f)``: x' = a x + c y + e, y' = b x + d y + f."""
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class SvgError(ValueError):
    """An SVG file this reader cannot draw faithfully."""


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _nums(text: str) -> list[float]:
    return [float(n) for n in _NUM.findall(text or "")]


def _length(text: str | None, default: float = 0.0) -> float:
    nums = _nums(text or "")
    return nums[0] if nums else default


def _paint(value: str | None, opacity: float) -> Colour | None:
    if value is None or value == "none" or value == "transparent":
        return None
    v = value.strip().lower()
    if v.startswith("#") and len(v) == 4:
        rgb = tuple(int(c * 2, 16) for c in v[1:])
    elif v.startswith("#") and len(v) == 7:
        rgb = (int(v[1:3], 16), int(v[3:5], 16), int(v[5:7], 16))
    elif v.startswith("rgb("):
        parts = _nums(v)
        if len(parts) != 3:
            raise SvgError(f"bad colour {value!r}")
        rgb = tuple(int(round(p)) for p in parts)
    elif v in _NAMED:
        rgb = _NAMED[v]
    else:
        raise SvgError(f"unsupported SVG paint {value!r} (solid colours only)")
    return (rgb[0], rgb[1], rgb[2], max(0, min(255, int(round(255 * opacity)))))


def _matrix(transform: str | None) -> Matrix:
    m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not transform:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", transform):
        a = _nums(args)
        t: Matrix
        if name == "matrix" and len(a) == 6:
            t = (a[0], a[1], a[2], a[3], a[4], a[5])
        elif name == "translate" and a:
            t = (1.0, 0.0, 0.0, 1.0, a[0], a[1] if len(a) > 1 else 0.0)
        elif name == "scale" and a:
            t = (a[0], 0.0, 0.0, a[1] if len(a) > 1 else a[0], 0.0, 0.0)
        elif name == "rotate" and a:
            r = math.radians(a[0])
            c, s = math.cos(r), math.sin(r)
            t = (c, s, -s, c, 0.0, 0.0)
            if len(a) == 3:
                cx, cy = a[1], a[2]
                t = _compose(_compose((1.0, 0.0, 0.0, 1.0, cx, cy), t), (1.0, 0.0, 0.0, 1.0, -cx, -cy))
        else:
            raise SvgError(f"unsupported SVG transform {name}({args})")
        m = _compose(m, t)
    return m


def _compose(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _apply(m: Matrix, path: Path) -> Path:
    a, b, c, d, e, f = m

    def pt(x: float, y: float) -> tuple[float, float]:
        return (a * x + c * y + e, b * x + d * y + f)

    def move(seg: Segment) -> Segment:
        if seg[0] == "L":
            return ("L", *pt(seg[1], seg[2]))
        (x1, y1), (x2, y2), (x3, y3) = pt(seg[1], seg[2]), pt(seg[3], seg[4]), pt(seg[5], seg[6])
        return ("C", x1, y1, x2, y2, x3, y3)

    return Path(tuple(SubPath(pt(*sub.start), tuple(map(move, sub.segments)), sub.closed) for sub in path.subpaths))


def _style(el: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for key in ("fill", "stroke", "stroke-width", "opacity", "fill-opacity", "stroke-opacity"):
        if key in el.attrib:
            style[key] = el.attrib[key]
    for decl in (el.attrib.get("style") or "").split(";"):
        if ":" in decl:
            k, v = decl.split(":", 1)
            style[k.strip()] = v.strip()
    return style


def _geometry(el: ET.Element, tag: str) -> Path | None:
    g = el.attrib.get
    if tag == "path":
        return parse_path_data(g("d", ""))
    if tag == "rect":
        w, h = _length(g("width")), _length(g("height"))
        if w <= 0 or h <= 0:
            return None
        return rect_path(_length(g("x")), _length(g("y")), w, h, _length(g("rx"), _length(g("ry"))))
    if tag == "circle":
        r = _length(g("r"))
        return ellipse_path(_length(g("cx")), _length(g("cy")), r, r) if r > 0 else None
    if tag == "ellipse":
        rx, ry = _length(g("rx")), _length(g("ry"))
        return ellipse_path(_length(g("cx")), _length(g("cy")), rx, ry) if rx > 0 and ry > 0 else None
    if tag == "line":
        return polyline_path([(_length(g("x1")), _length(g("y1"))), (_length(g("x2")), _length(g("y2")))])
    if tag in ("polyline", "polygon"):
        n = _nums(g("points", ""))
        pts = list(zip(n[0::2], n[1::2], strict=False))
        if len(pts) < 2:
            return None
        return polygon_path(pts) if tag == "polygon" else polyline_path(pts)
    raise SvgError(f"unsupported SVG element <{tag}>")


def svg_shapes(file: FilePath, x: float, y: float, w: float, h: float) -> list[Shape]:
    """The shapes of an SVG file fitted into the box ``x, y, w, h`` (mm), aspect kept, centred.

    Raises :class:`SvgError` for a file it cannot read or an element it cannot draw.
    """
    try:
        root = ET.parse(file).getroot()
    except (ET.ParseError, OSError) as exc:
        raise SvgError(f"{file}: cannot read SVG: {exc}") from None
    if _local(root.tag) != "svg":
        raise SvgError(f"{file}: not an SVG document")
    vb = _nums(root.attrib.get("viewBox", ""))
    if len(vb) == 4 and vb[2] > 0 and vb[3] > 0:
        vx, vy, vw, vh = vb
    else:
        vx, vy = 0.0, 0.0
        vw, vh = _length(root.attrib.get("width"), 0), _length(root.attrib.get("height"), 0)
        if vw <= 0 or vh <= 0:
            raise SvgError(f"{file}: SVG needs a viewBox or width and height")
    s = min(w / vw, h / vh)
    ox = x + (w - vw * s) / 2 - vx * s
    oy = y + (h - vh * s) / 2 - vy * s
    shapes: list[Shape] = []

    def walk(el: ET.Element, m: Matrix, inherited: dict[str, str]) -> None:
        for child in el:
            tag = _local(child.tag)
            if tag in _IGNORED:
                continue
            cm = _compose(m, _matrix(child.attrib.get("transform")))
            style = _style(child, inherited)
            if tag == "g":
                walk(child, cm, style)
                continue
            try:
                geom = _geometry(child, tag)
            except PathDataError as exc:
                raise SvgError(f"{file}: <path>: {exc}") from None
            except SvgError as exc:
                raise SvgError(f"{file}: {exc}") from None
            if geom is None:
                continue
            opacity = float(_length(style.get("opacity"), 1.0))
            fill_value = style.get("fill", "black") if tag not in ("line", "polyline") else style.get("fill", "none")
            try:
                fill = _paint(fill_value, opacity * _length(style.get("fill-opacity"), 1.0))
                stroke = _paint(style.get("stroke"), opacity * _length(style.get("stroke-opacity"), 1.0))
            except SvgError as exc:
                raise SvgError(f"{file}: <{tag}>: {exc}") from None
            scale = math.sqrt(abs(cm[0] * cm[3] - cm[1] * cm[2]))
            shapes.append(
                Shape(
                    _apply(cm, geom),
                    fill=fill,
                    stroke=stroke,
                    stroke_mm=_length(style.get("stroke-width"), 1.0) * scale,
                )
            )

    walk(root, (s, 0.0, 0.0, s, ox, oy), {})
    return shapes
