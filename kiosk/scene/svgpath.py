"""SVG path data (the commands ``M L H V C S Q T A Z``, absolute and relative) to a :class:`Path`.

Quadratic curves become cubics, elliptical arcs become cubics (SVG 1.1 appendix F.6: endpoint to
centre parameterisation).  The smooth curves ``S`` and ``T`` take their first control point as the
reflection of the previous curve's last control point about the current point, when the previous
command was of the same family (``C``/``S`` for ``S``, ``Q``/``T`` for ``T``); otherwise the
control point is the current point (SVG 1.1 section 8.3.6 and 8.3.7).  Coordinates are taken as
millimetres with y down, as in the layout.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from kiosk.scene.primitives import Path, Segment, SubPath, _arc_segments

__all__ = ["PathDataError", "parse_path_data"]

_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([\s,]+)|(.)")
_LIMIT = 1e7  # mm: ten kilometres, far beyond any drawing
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathDataError(ValueError):
    """Path data that cannot be read; the message says where."""


def _tokens(d: str) -> Iterator[str | float]:
    for m in _TOKEN.finditer(d):
        cmd, num, _space, bad = m.groups()
        if bad is not None:
            raise PathDataError(f"unexpected {bad!r} at character {m.start()} of path data")
        if cmd is not None:
            yield cmd
        elif num is not None:
            value = float(num)
            if not abs(value) <= _LIMIT:
                raise PathDataError(f"number {num} at character {m.start()} is out of range (at most {_LIMIT:g})")
            yield value


def _flag(value: float, where: str) -> bool:
    if value not in (0.0, 1.0):
        raise PathDataError(f"arc flag must be 0 or 1 at {where}, got {value:g}")
    return value == 1.0


def _arc_to_cubics(
    x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool, x2: float, y2: float
) -> list[Segment]:
    """Cubic segments for an SVG elliptical arc from (x1, y1) to (x2, y2)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(phi_deg)
    cphi, sphi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cphi * dx + sphi * dy
    y1p = -sphi * dx + cphi * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cphi * cxp - sphi * cyp + (x1 + x2) / 2
    cy = sphi * cxp + cphi * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    # _arc_segments works on an axis-aligned ellipse with angles counter-clockwise on a y-down
    # page (y = cy - ry sin a); SVG angles run the other way (y = cy + ry sin t), so negate them,
    # draw about the origin, then rotate by phi and move to the centre.
    segs = _arc_segments(0.0, 0.0, rx, ry, -t1, -(t1 + dt))

    def moved(px: float, py: float) -> tuple[float, float]:
        return cx + cphi * px - sphi * py, cy + sphi * px + cphi * py

    out: list[Segment] = []
    for seg in segs:
        assert seg[0] == "C"  # _arc_segments draws curves only
        (ax, ay), (bx, by), (ex, ey) = moved(seg[1], seg[2]), moved(seg[3], seg[4]), moved(seg[5], seg[6])
        out.append(("C", ax, ay, bx, by, ex, ey))
    # land exactly on the end point
    last = out[-1]
    assert last[0] == "C"
    out[-1] = ("C", last[1], last[2], last[3], last[4], x2, y2)
    return out


def parse_path_data(d: str) -> Path:
    """Parse SVG path data into lines and cubic curves.

    Raises :class:`PathDataError` naming the command or character at fault.
    """
    if not isinstance(d, str) or not d.strip():
        raise PathDataError("path data is empty")
    tokens = list(_tokens(d))
    subpaths: list[SubPath] = []
    segs: list[Segment] = []
    start: tuple[float, float] | None = None
    x = y = 0.0
    i = 0
    cmd: str | None = None
    # the last control point of the previous command, for the reflections of S and T:
    # the second cubic control after C/S, the quadratic control after Q/T, else None
    last_cubic: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None

    def quad(qx: float, qy: float, ex: float, ey: float) -> Segment:
        return ("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)

    def flush(closed: bool) -> None:
        nonlocal segs
        if start is not None and (segs or closed):
            subpaths.append(SubPath(start, tuple(segs), closed))
        segs = []

    while i < len(tokens):
        tok = tokens[i]
        if isinstance(tok, str):
            cmd = tok
            i += 1
            if cmd in "Zz":
                if start is None:
                    raise PathDataError("Z before any M in path data")
                flush(True)
                x, y = start
                # a following command without M starts a new sub-path at the same point
                start = (x, y)
                cmd = None
                last_cubic = last_quad = None
                continue
        elif cmd is None:
            raise PathDataError(f"path data must start with M, found number {tok:g}")
        up = cmd.upper()
        rel = cmd.islower()
        n = _ARITY[up]
        args = [a for a in tokens[i : i + n] if not isinstance(a, str)]
        if len(args) < n:
            raise PathDataError(f"command {cmd} needs {n} numbers")
        i += n
        cubic_control, quad_control = last_cubic, last_quad
        last_cubic = last_quad = None
        if up == "M":
            flush(False)
            x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            start = (x, y)
            cmd = "l" if rel else "L"  # implicit line-tos follow
            continue
        if start is None:
            raise PathDataError(f"path data must start with M, found {cmd}")
        if up == "L":
            x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            segs.append(("L", x, y))
        elif up == "H":
            x = x + args[0] if rel else args[0]
            segs.append(("L", x, y))
        elif up == "V":
            y = y + args[0] if rel else args[0]
            segs.append(("L", x, y))
        elif up == "C":
            pts = [a + (x if j % 2 == 0 else y) for j, a in enumerate(args)] if rel else list(args)
            segs.append(("C", pts[0], pts[1], pts[2], pts[3], pts[4], pts[5]))
            last_cubic = (pts[2], pts[3])
            x, y = pts[4], pts[5]
        elif up == "S":
            c2x, c2y, ex, ey = [a + (x if j % 2 == 0 else y) for j, a in enumerate(args)] if rel else list(args)
            c1x, c1y = (2 * x - cubic_control[0], 2 * y - cubic_control[1]) if cubic_control else (x, y)
            segs.append(("C", c1x, c1y, c2x, c2y, ex, ey))
            last_cubic = (c2x, c2y)
            x, y = ex, ey
        elif up == "Q":
            qx, qy, ex, ey = [a + (x if j % 2 == 0 else y) for j, a in enumerate(args)] if rel else list(args)
            segs.append(quad(qx, qy, ex, ey))
            last_quad = (qx, qy)
            x, y = ex, ey
        elif up == "T":
            ex, ey = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            qx, qy = (2 * x - quad_control[0], 2 * y - quad_control[1]) if quad_control else (x, y)
            segs.append(quad(qx, qy, ex, ey))
            last_quad = (qx, qy)
            x, y = ex, ey
        elif up == "A":
            rx, ry, phi, large, sweep, ex, ey = args
            where = f"command {cmd}"
            large_f, sweep_f = _flag(large, where), _flag(sweep, where)
            if rel:
                ex, ey = x + ex, y + ey
            segs.extend(_arc_to_cubics(x, y, rx, ry, phi, large_f, sweep_f, ex, ey))
            x, y = ex, ey
    flush(False)
    if not subpaths:
        raise PathDataError("path data draws nothing")
    return Path(tuple(subpaths))
