"""load_layout: a valid file loads; every kind of fault is refused with a line naming the file,
the item and the key (layouts/FORMAT.md), and all faults are reported together."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import FORMAT, LayoutError, load_layout, parse_layout, tri_chro_wager_ids

DATA = Path(__file__).resolve().parent / "data"
HEAD = 'format = "kiosk-layout/1"\ngame = "blackjack"\nsize_mm = [400, 200]\n'
RECT = '[[item]]\nkind = "rect"\nx = 10\ny = 10\nw = 50\nh = 40\n'


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    assert all(p.startswith(str(path)) for p in info.value.problems), info.value.problems
    return info.value.problems


def test_a_valid_layout_loads_with_its_areas_and_values():
    layout = load_layout(DATA / "every_kind.toml")
    assert layout.format == FORMAT and layout.game == "blackjack"
    assert (layout.width_mm, layout.height_mm) == (600.0, 400.0)
    assert layout.background == (0x0B, 0x5D, 0x36, 255)
    assert layout.areas == ("table", "spot", "star", "drop")
    assert [i.kind for i in layout.items] == [
        "rect",
        "ellipse",
        "arc",
        "polygon",
        "line",
        "path",
        "text",
        "text",
        "image",
    ]
    spot = layout.item_for_area("spot")
    assert spot.get("lit_fill") == (0xB0, 0xF0, 0xFF, 255) and spot.line == 21
    assert layout.items[4].get("dash_mm") == (10.0, 6.0)


def test_tri_chro_test_layout_has_the_19_wagers():
    layout = load_layout(DATA / "trichro_grid.toml")
    assert sorted(layout.areas) == sorted(tri_chro_wager_ids("tri_chro_54"))
    assert len(layout.areas) == 19


BAD = [
    ("missing key", RECT.replace("h = 40\n", ""), ["item[1]", "(rect)", "missing key 'h'"]),
    ("unknown key", RECT + 'colour = "#ffffff"\n', ["item[1]", "unknown key 'colour' for rect"]),
    ("wrong type", RECT.replace("x = 10", 'x = "ten"'), ["item[1]", "x: must be a number, got 'ten'"]),
    ("boolean is not a number", RECT.replace("x = 10", "x = true"), ["x: must be a number"]),
    ("negative size", RECT.replace("w = 50", "w = -5"), ["item[1]", "w: must be a number > 0, got -5"]),
    ("negative outline", RECT + "stroke_mm = -1\n", ["stroke_mm: must be a number >= 0"]),
    (
        "unknown font",
        '[[item]]\nkind = "text"\nx = 1\ny = 1\ntext = "A"\ncap_mm = 8\nfont = "comic"\n',
        ["item[1]", "font: unknown font 'comic'", "sans"],
    ),
    ("unknown kind", '[[item]]\nkind = "triangle"\n', ["item[1]", "unknown kind 'triangle'", "rect"]),
    ("missing kind", "[[item]]\nx = 1\n", ["item[1]", 'missing key "kind"']),
    (
        "duplicate area id",
        RECT + 'area = "box1"\n' + RECT + 'area = "box1"\n',
        ["item[2]", "area 'box1'", "duplicate area id 'box1' (also item[1])"],
    ),
    ("bad colour", RECT + 'fill = "red"\n', ["item[1]", "fill: bad colour 'red'"]),
    ("bad colour digits", RECT + 'stroke = "#12345"\n', ["stroke: bad colour '#12345'"]),
    (
        "text with both sizes",
        '[[item]]\nkind = "text"\nx = 1\ny = 1\ntext = "A"\ncap_mm = 8\nx_mm = 8\n',
        ["exactly one of cap_mm"],
    ),
    ("text with no size", '[[item]]\nkind = "text"\nx = 1\ny = 1\ntext = "A"\n', ["exactly one of cap_mm"]),
    (
        "unknown token",
        '[[item]]\nkind = "text"\nx = 1\ny = 1\ntext = "{table_name}"\ncap_mm = 8\n',
        ["unknown token {table_name}"],
    ),
    (
        "bad anchor",
        '[[item]]\nkind = "text"\nx = 1\ny = 1\ntext = "A"\ncap_mm = 8\nanchor = "middle"\n',
        ["anchor: must be one of left, center, right"],
    ),
    ("bad path data", '[[item]]\nkind = "path"\nd = "M 0 0 X 5"\n', ["item[1]", "d: unexpected 'X'"]),
    ("path without M", '[[item]]\nkind = "path"\nd = "L 5 5"\n', ["d: path data must start with M"]),
    (
        "polygon of 2 points",
        '[[item]]\nkind = "polygon"\npoints = [[0, 0], [1, 1]]\n',
        ["points: must be a list of at least 3"],
    ),
    ("point not a pair", '[[item]]\nkind = "line"\npoints = [[0, 0], [1]]\n', ["points: point 2 must be [x, y]"]),
    (
        "arc is stroked only",
        '[[item]]\nkind = "arc"\ncx = 1\ncy = 1\nrx = 5\nry = 5\nstart_deg = 0\nspan_deg = 90\nfill = "#ffffff"\n',
        ["unknown key 'fill' for arc"],
    ),
    (
        "image outside assets",
        '[[item]]\nkind = "image"\nx = 1\ny = 1\nw = 5\nh = 5\nsrc = "../pyproject.toml"\n',
        ['src: must be "logo", "event_logo" or a path under assets/'],
    ),
    (
        "image missing",
        '[[item]]\nkind = "image"\nx = 1\ny = 1\nw = 5\nh = 5\nsrc = "nothing/here.png"\n',
        ["src: no such file under assets/"],
    ),
    ("lit_fill without area", RECT + 'lit_fill = "#ffffff"\n', ["lit_fill: only an item with an area"]),
    ("bad area id", RECT + 'area = "box 1"\n', ["area: must be an id"]),
]


@pytest.mark.parametrize(("case", "items", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_items_are_refused_naming_the_place(tmp_path, case, items, expected):
    problems = _problems(tmp_path, HEAD + items)
    assert len(problems) == 1, problems
    for text in expected:
        assert text in problems[0], f"{case}: {text!r} not in {problems[0]!r}"


TOP = [
    (
        "unknown format version",
        HEAD.replace("kiosk-layout/1", "kiosk-layout/2"),
        "format: unknown format version 'kiosk-layout/2'",
    ),
    ("missing format", HEAD.replace('format = "kiosk-layout/1"\n', ""), 'missing key "format"'),
    ("missing game", HEAD.replace('game = "blackjack"\n', ""), 'missing key "game"'),
    ("unknown game", HEAD.replace("blackjack", "craps"), "game: unknown game 'craps'"),
    ("negative page", HEAD.replace("[400, 200]", "[400, -200]"), "size_mm: must be a number > 0, got -200"),
    ("page not a pair", HEAD.replace("[400, 200]", "400"), "size_mm: must be [width, height]"),
    ("unknown top key", HEAD + 'colour = "#000000"\n', "unknown key 'colour' at top level"),
    ("bad background", HEAD + 'background = "green"\n', "background: bad colour 'green'"),
    ("not TOML", HEAD + "[[item]\n", "not valid TOML"),
]


@pytest.mark.parametrize(("case", "text", "expected"), TOP, ids=[t[0] for t in TOP])
def test_bad_top_level_is_refused(tmp_path, case, text, expected):
    problems = _problems(tmp_path, text)
    assert any(expected in p for p in problems), problems


def test_all_problems_are_collected_with_line_numbers(tmp_path):
    text = (
        HEAD
        + RECT
        + RECT.replace("w = 50", "w = -1")
        + '\n[[item]]\nkind = "ellipse"\ncx = 1\ncy = 2\nrx = 3\nry = "4"\narea = "spot"\n'
    )
    problems = _problems(tmp_path, text)
    assert len(problems) == 2, problems
    assert "item[2] (line 10) (rect): w:" in problems[0]
    assert "item[3] (line 17) area 'spot' (ellipse): ry: must be a number" in problems[1]
    with pytest.raises(LayoutError) as info:
        parse_layout(text, "x.toml")
    assert str(info.value).endswith("(and 1 more)")


def test_tri_chro_needs_exactly_the_19_wager_ids(tmp_path):
    text = (DATA / "trichro_grid.toml").read_text(encoding="utf-8").replace('area = "any_star"', 'area = "any_moon"')
    problems = _problems(tmp_path, text)
    assert any("wager area missing: 'any_star';" in p and "001 s456(6)" in p for p in problems), problems
    assert any("'any_moon' is not a tri-chro wager id" in p for p in problems), problems
    assert len(problems) == 2


def test_all_missing_wagers_are_one_line(tmp_path):
    problems = _problems(tmp_path, 'format = "kiosk-layout/1"\ngame = "tri_chro_63"\nsize_mm = [100, 100]\n')
    assert len(problems) == 1
    assert problems[0].count("'") == 2 * 19 and "wager areas missing: 'red_star_pair', 'green_star_pair'" in problems[0]


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(LayoutError) as info:
        load_layout(tmp_path / "nope.toml")
    assert info.value.problems == [f"{tmp_path / 'nope.toml'}: no such layout file"]


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(-5, 5), max_size=4),
)
_keys = st.sampled_from(
    [
        "kind",
        "x",
        "y",
        "w",
        "h",
        "radius",
        "fill",
        "stroke",
        "stroke_mm",
        "area",
        "points",
        "d",
        "text",
        "cap_mm",
        "x_mm",
        "anchor",
        "valign",
        "weight",
        "font",
        "rotate_deg",
        "src",
        "cx",
        "cy",
        "rx",
        "ry",
        "start_deg",
        "span_deg",
        "dash_mm",
        "line_gap",
        "lit_fill",
        "junk",
    ]
)


def _toml_value(v) -> str:
    import json
    import math

    if v is None:
        return '"none"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, (int, list)):
        return json.dumps(v)
    return json.dumps(v)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.dictionaries(_keys, _values, max_size=8), max_size=4))
def test_any_item_content_loads_or_gives_layout_error(items):
    text = HEAD + "".join(
        "[[item]]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in item.items()) for item in items
    )
    try:
        layout = parse_layout(text, "fuzz.toml")
    except LayoutError as exc:
        assert exc.problems and all(p.startswith("fuzz.toml: ") and "\n" not in p for p in exc.problems)
    else:
        assert len(layout.items) == len(items)
        scene = build_scene(layout, game_name="Blackjack", casino_name="Coral Coast Casino", lit=layout.areas)
        assert scene.lit == frozenset(layout.areas)
