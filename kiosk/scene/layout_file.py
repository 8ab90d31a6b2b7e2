"""Load and validate layout files (``layouts/FORMAT.md``, format ``kiosk-layout/1``).

``load_layout(path)`` reads a TOML layout, checks every key of every item and returns a
:class:`Layout`.  All problems are collected and raised together as one :class:`LayoutError`;
each problem names the file, the item (``item[12]``: the twelfth ``[[item]]`` table, counted from
1, with its line and its ``area`` id when it has one) and the key.

Defaults the format leaves open: shapes have no fill and no outline unless given (``line`` and
``arc``, which are stroked only, default to a white outline); text is white.  A text's
``max_width_mm`` and ``min_cap_mm`` are read by the scene builder (``kiosk.scene.text.fit_text``).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from kiosk.rules.games import GAMES, tri_chro_balls
from kiosk.rules.trichro import wagers
from kiosk.scene.files import FileProblem, parse_toml, read_text_file, shown_path
from kiosk.scene.fonts import FAMILIES
from kiosk.scene.primitives import Colour, Path, parse_colour
from kiosk.scene.resources import assets_dir
from kiosk.scene.svgimage import SvgError, svg_shapes
from kiosk.scene.svgpath import PathDataError, parse_path_data
from kiosk.scene.text import ANCHORS, VALIGNS

__all__ = [
    "FORMAT",
    "KINDS",
    "TOKENS",
    "Layout",
    "LayoutItem",
    "LayoutError",
    "load_layout",
    "parse_layout",
    "table_features",
    "tri_chro_wager_ids",
]

FORMAT = "kiosk-layout/1"
TOKENS = ("game_name", "casino_name", "jackpot_wording")


class LayoutError(ValueError):
    """A layout file that cannot be used; ``problems`` lists each fault on one line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        first = self.problems[0] if self.problems else "invalid layout"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


@dataclass(frozen=True)
class LayoutItem:
    """One ``[[item]]``: its 1-based ``index``, ``kind``, ``line`` in the file, checked ``values``."""

    index: int
    kind: str
    values: dict[str, Any]
    line: int | None = None

    @property
    def area(self) -> str | None:
        """The named area this item is, if any."""
        return self.values.get("area")

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` (already converted: colours are tuples), or ``default``."""
        return self.values.get(key, default)


@dataclass(frozen=True)
class Layout:
    """A validated layout: drawing size in mm, background colour, items in drawing order."""

    path: FilePath
    game: str
    width_mm: float
    height_mm: float
    background: tuple[int, int, int, int] | None
    items: tuple[LayoutItem, ...]
    format: str = FORMAT
    areas: tuple[str, ...] = field(default=())

    def item_for_area(self, area_id: str) -> LayoutItem:
        """The item that is the named area ``area_id``; ``KeyError`` if none."""
        for item in self.items:
            if item.area == area_id:
                return item
        raise KeyError(area_id)


def tri_chro_wager_ids(game: str) -> tuple[str, ...]:
    """The 19 wager ids of a tri-chro game, from ``kiosk/rules/data/tri_chro.json`` (001 s467)."""
    balls = tri_chro_balls(game)
    if balls is None:
        raise ValueError(f"{game} is not a tri-chro game")
    return tuple(w.id for w in wagers(balls))


# ---- value checkers: each returns the converted value or raises ValueError(reason) ----


_LIMIT_MM = 1e6  # a kilometre: far beyond any cloth or sign


def _number(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(f"must be a number, got {v!r}")
    if abs(v) > _LIMIT_MM:
        raise ValueError(f"must be at most {_LIMIT_MM:g} in size, got {v!r}")
    return float(v)


def _positive(v: Any) -> float:
    n = _number(v)
    if n <= 0:
        raise ValueError(f"must be a number > 0, got {v!r}")
    return n


def _non_negative(v: Any) -> float:
    n = _number(v)
    if n < 0:
        raise ValueError(f"must be a number >= 0, got {v!r}")
    return n


def _colour(v: Any) -> Colour | None:
    if not isinstance(v, str):
        raise ValueError(f'must be a colour "#rrggbb", "#rrggbbaa" or "none", got {v!r}')
    return parse_colour(v)


def _solid_colour(v: Any) -> Colour:
    c = _colour(v)
    if c is None:
        raise ValueError('must be a colour "#rrggbb" or "#rrggbbaa", not "none"')
    return c


def _string(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"must be a string, got {v!r}")
    return v


_AREA_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")


def _area_id(v: Any) -> str:
    s = _string(v)
    if not _AREA_RE.fullmatch(s):
        raise ValueError(f"must be an id of letters, digits, '_' or '-', got {v!r}")
    return s


#: Table features a layout item may depend on (``when`` / ``unless``), set by the table's
#: configuration: ``jackpot_slots`` is a Caribbean stud table with jackpot slots and lights
#: (000 s231(1)), whose cloth then carries no areas marked 'jackpot' (000 s230(3)(c));
#: ``bonus_blackjack`` is a blackjack table that offers bonus blackjack, whose boxes then provide
#: for it (003 s50A(1)(a)); a table that does not offer it shows no bonus areas to wager on.
FEATURES = frozenset({"jackpot_slots", "bonus_blackjack"})


def table_features(game: str, *, jackpot_slots: bool = False, bonus_blackjack: bool = False) -> frozenset[str]:
    """The layout features of a table (``when``/``unless``): jackpot slots on a Caribbean stud
    table (000 s231(1)); bonus blackjack offered at a blackjack table (003 s50A(1)(a))."""
    if game == "caribbean_stud" and jackpot_slots:
        return frozenset({"jackpot_slots"})
    if game == "blackjack" and bonus_blackjack:
        return frozenset({"bonus_blackjack"})
    return frozenset()


def _feature(v: Any) -> str:
    s = _string(v)
    if s not in FEATURES:
        raise ValueError(f"unknown table feature {v!r}; features: {', '.join(sorted(FEATURES))}")
    return s


_TOKEN_RE = re.compile(r"\{([^{}]*)\}")


def _text(v: Any) -> str:
    s = _string(v)
    if not s.strip():
        raise ValueError("must not be empty")
    for token in _TOKEN_RE.findall(s):
        if token not in TOKENS:
            known = " ".join("{" + t + "}" for t in TOKENS)
            raise ValueError(f"unknown token {{{token}}}; tokens are {known}")
    return s


def _points(minimum: int) -> Callable[[Any], tuple[tuple[float, float], ...]]:
    def check(v: Any) -> tuple[tuple[float, float], ...]:
        if not isinstance(v, list) or len(v) < minimum:
            raise ValueError(f"must be a list of at least {minimum} [x, y] points, got {v!r}")
        out = []
        for i, p in enumerate(v):
            if not isinstance(p, list) or len(p) != 2:
                raise ValueError(f"point {i + 1} must be [x, y], got {p!r}")
            try:
                out.append((_number(p[0]), _number(p[1])))
            except ValueError as exc:
                raise ValueError(f"point {i + 1}: {exc}") from None
        return tuple(out)

    return check


def _dash(v: Any) -> tuple[float, float]:
    if not isinstance(v, list) or len(v) != 2:
        raise ValueError(f"must be [on, off] in mm, got {v!r}")
    return (_positive(v[0]), _positive(v[1]))


def _path_data(v: Any) -> Path:
    s = _string(v)
    try:
        return parse_path_data(s)
    except PathDataError as exc:
        raise ValueError(str(exc)) from None


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if not isinstance(v, str) or v not in options:
            raise ValueError(f"must be one of {', '.join(options)}, got {v!r}")
        return v

    return check


def _font(v: Any) -> str:
    if not isinstance(v, str) or v not in FAMILIES:
        raise ValueError(f"unknown font {v!r}; bundled fonts: {', '.join(sorted(FAMILIES))}")
    return v


IMAGE_TOKENS = ("logo", "event_logo")
"""``src`` values drawn from the floor: the casino's logo, a poker table's event logo (002 r2.2)."""


def _image_source(v: Any) -> str | FilePath:
    s = _string(v)
    if s in IMAGE_TOKENS:
        return s
    rel = FilePath(s)
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f'must be "logo", "event_logo" or a path under assets/, got {s!r}')
    if rel.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"must be a PNG or SVG file, got {s!r}")
    full = assets_dir() / rel
    if not full.is_file():
        raise ValueError(f"no such file under assets/: {s!r}")
    if full.suffix.lower() == ".svg":
        try:
            svg_shapes(full, 0.0, 0.0, 1.0, 1.0)
        except SvgError as exc:
            raise ValueError(str(exc)) from None
    return full


_SHAPE = {
    "fill": _colour,
    "stroke": _colour,
    "stroke_mm": _non_negative,
    "area": _area_id,
    "lit_fill": _solid_colour,
}

# kind -> (required keys, optional keys), each key -> checker
KINDS: dict[str, tuple[dict[str, Callable[[Any], Any]], dict[str, Callable[[Any], Any]]]] = {
    "rect": (
        {"x": _number, "y": _number, "w": _positive, "h": _positive},
        {"radius": _non_negative, **_SHAPE},
    ),
    "ellipse": ({"cx": _number, "cy": _number, "rx": _positive, "ry": _positive}, dict(_SHAPE)),
    "arc": (
        {"cx": _number, "cy": _number, "rx": _positive, "ry": _positive, "start_deg": _number, "span_deg": _number},
        {"stroke": _colour, "stroke_mm": _non_negative, "dash_mm": _dash},
    ),
    "polygon": ({"points": _points(3)}, dict(_SHAPE)),
    "line": ({"points": _points(2)}, {"stroke": _colour, "stroke_mm": _non_negative, "dash_mm": _dash}),
    "path": ({"d": _path_data}, dict(_SHAPE)),
    "text": (
        {"x": _number, "y": _number, "text": _text},
        {
            "cap_mm": _positive,
            "x_mm": _positive,
            "anchor": _choice(ANCHORS),
            "valign": _choice(VALIGNS),
            "weight": _choice(("regular", "bold")),
            "font": _font,
            "fill": _solid_colour,
            "rotate_deg": _number,
            "line_gap": _non_negative,
            "max_width_mm": _positive,
            "min_cap_mm": _positive,
        },
    ),
    "image": ({"x": _number, "y": _number, "w": _positive, "h": _positive, "src": _image_source}, {}),
}

# Every kind may be drawn only on tables with (``when``) or without (``unless``) a feature.
for _required, _optional in KINDS.values():
    _optional.update({"when": _feature, "unless": _feature})

_TOP_KEYS = {"format", "game", "size_mm", "background", "item"}


def _item_lines(source: str) -> list[int]:
    """Line numbers (1-based) of each ``[[item]]`` header, in order."""
    return [n for n, line in enumerate(source.splitlines(), 1) if re.match(r"\s*\[\[\s*item\s*\]\]", line)]


def parse_layout(source: str, name: str = "<layout>", base: FilePath | None = None) -> Layout:
    """Validate layout TOML text; ``name`` is used in messages.  Raises :class:`LayoutError`."""
    problems: list[str] = []
    try:
        doc = parse_toml(source, name)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError([f"{shown_path(name)}: not valid TOML: {exc}"]) from None
    except FileProblem as exc:
        raise LayoutError([str(exc)]) from None

    for key in sorted(set(doc) - _TOP_KEYS):
        problems.append(f"{name}: unknown key {key!r} at top level (keys: {', '.join(sorted(_TOP_KEYS))})")

    fmt = doc.get("format")
    if fmt is None:
        problems.append(f'{name}: missing key "format" (use format = "{FORMAT}")')
    elif fmt != FORMAT:
        problems.append(f"{name}: format: unknown format version {fmt!r}; this kiosk reads {FORMAT!r}")

    game = doc.get("game")
    if game is None:
        problems.append(f'{name}: missing key "game"')
    elif not isinstance(game, str) or game not in GAMES:
        problems.append(f"{name}: game: unknown game {game!r}; known games: {', '.join(GAMES)}")

    width = height = 0.0
    size = doc.get("size_mm")
    if size is None:
        problems.append(f'{name}: missing key "size_mm" (use size_mm = [width, height])')
    else:
        try:
            if not isinstance(size, list) or len(size) != 2:
                raise ValueError(f"must be [width, height] in mm, got {size!r}")
            width, height = _positive(size[0]), _positive(size[1])
        except ValueError as exc:
            problems.append(f"{name}: size_mm: {exc}")

    background = None
    if "background" in doc:
        try:
            background = _colour(doc["background"])
        except ValueError as exc:
            problems.append(f"{name}: background: {exc}")

    raw_items = doc.get("item", [])
    if not isinstance(raw_items, list) or not all(isinstance(i, dict) for i in raw_items):
        problems.append(f"{name}: item: must be [[item]] tables")
        raw_items = []
    lines = _item_lines(source)
    items: list[LayoutItem] = []
    seen_areas: dict[str, int] = {}
    for n, raw in enumerate(raw_items, 1):
        line = lines[n - 1] if n - 1 < len(lines) and len(lines) == len(raw_items) else None
        label = f"item[{n}]" + (f" (line {line})" if line else "")
        if isinstance(raw.get("area"), str):
            label += f" area {raw['area']!r}"
        kind = raw.get("kind")
        if kind is None:
            problems.append(f'{name}: {label}: missing key "kind" (kinds: {", ".join(KINDS)})')
            continue
        if not isinstance(kind, str) or kind not in KINDS:
            problems.append(f"{name}: {label}: kind: unknown kind {kind!r}; kinds: {', '.join(KINDS)}")
            continue
        label = f"{label} ({kind})"
        required, optional = KINDS[kind]
        values: dict[str, Any] = {}
        for key in raw:
            if key == "kind":
                continue
            if key not in required and key not in optional:
                allowed = ", ".join(sorted({"kind", *required, *optional}))
                problems.append(f"{name}: {label}: unknown key {key!r} for {kind} (keys: {allowed})")
                continue
            check = required.get(key) or optional[key]
            try:
                values[key] = check(raw[key])
            except ValueError as exc:
                problems.append(f"{name}: {label}: {key}: {exc}")
        for key in required:
            if key not in raw:
                problems.append(f"{name}: {label}: missing key {key!r}")
        if kind == "text":
            given = [k for k in ("cap_mm", "x_mm") if k in raw]
            if len(given) != 1:
                problems.append(
                    f"{name}: {label}: cap_mm/x_mm: give exactly one of cap_mm (capital height) or x_mm (x-height)"
                )
        if kind == "text" and "min_cap_mm" in raw and "max_width_mm" not in raw:
            problems.append(f"{name}: {label}: min_cap_mm: only a text with max_width_mm can have min_cap_mm")
        if "lit_fill" in raw and "area" not in raw:
            problems.append(f"{name}: {label}: lit_fill: only an item with an area can have lit_fill")
        area = values.get("area")
        if area is not None:
            if area in seen_areas:
                problems.append(f"{name}: {label}: area: duplicate area id {area!r} (also item[{seen_areas[area]}])")
            else:
                seen_areas[area] = n
        items.append(LayoutItem(index=n, kind=kind, values=values, line=line))

    if isinstance(game, str) and tri_chro_balls(game) is not None:
        required_ids = tri_chro_wager_ids(game)
        missing = [i for i in required_ids if i not in seen_areas]
        extra = [i for i in seen_areas if i not in required_ids]
        if missing:
            plural = "s" if len(missing) > 1 else ""
            problems.append(
                f"{name}: tri-chro wager area{plural} missing: {', '.join(map(repr, missing))}; "
                f"a {game} layout needs all 19 wagers (001 s456(6), s467)"
            )
        for area_id in extra:
            problems.append(
                f"{name}: item[{seen_areas[area_id]}]: area: {area_id!r} is not a tri-chro wager id "
                f"(001 s467; ids are those of kiosk/rules/data/tri_chro.json)"
            )

    if problems:
        raise LayoutError(problems)
    assert isinstance(game, str)  # a missing or unknown game is one of the problems above
    return Layout(
        path=base or FilePath(name),
        game=game,
        width_mm=width,
        height_mm=height,
        background=background,
        items=tuple(items),
        areas=tuple(seen_areas),
    )


def load_layout(path: str | FilePath) -> Layout:
    """Read and validate a layout file.  Raises :class:`LayoutError` listing every problem."""
    path = FilePath(path)
    try:
        source = read_text_file(path, "layout file")
    except FileProblem as exc:
        raise LayoutError([str(exc)]) from None
    return parse_layout(source, shown_path(path), base=path)
