"""SVG path data (M L H V C S Q T A Z, absolute and relative) becomes lines and cubic curves."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.scene.svgpath import PathDataError, parse_path_data

coord = st.floats(-500, 500, allow_nan=False)


def _points(d: str) -> list[tuple[float, float]]:
    return [p for poly in parse_path_data(d).polygons(0.01) for p in poly]


def test_lines_absolute_relative_and_axis_moves():
    path = parse_path_data("M 10 20 L 30 20 h 10 V 50 l -5 5 H 0 v -10 z")
    (sub,) = path.subpaths
    assert sub.start == (10, 20) and sub.closed
    assert [s[1:] for s in sub.segments] == [(30, 20), (40, 20), (40, 50), (35, 55), (0, 55), (0, 45)]


def test_implicit_line_to_after_move_and_compact_numbers():
    (sub,) = parse_path_data("m1,2 3,4-1-1.5e1").subpaths
    assert sub.start == (1, 2)
    assert [s[1:] for s in sub.segments] == [(4, 6), (3, -9)]


def test_several_subpaths_and_z_returns_to_start():
    path = parse_path_data("M 0 0 L 10 0 L 10 10 Z l 5 5 M 100 100 L 110 100")
    assert [s.start for s in path.subpaths] == [(0, 0), (0, 0), (100, 100)]
    assert path.subpaths[1].segments == (("L", 5, 5),)
    assert [s.closed for s in path.subpaths] == [True, False, False]


@given(coord, coord, coord, coord, coord, coord)
def test_relative_and_absolute_curves_agree(x0, y0, a, b, c, d):
    absolute = parse_path_data(f"M {x0} {y0} C {x0 + a} {y0 + b} {x0 + c} {y0 + d} {x0 + a + c} {y0 + b + d}")
    relative = parse_path_data(f"M {x0} {y0} c {a} {b} {c} {d} {a + c} {b + d}")
    for s1, s2 in zip(absolute.subpaths[0].segments[0][1:], relative.subpaths[0].segments[0][1:], strict=True):
        assert s1 == pytest.approx(s2, abs=1e-6)


@given(coord, coord, coord, coord, coord, coord)
def test_quadratic_becomes_the_same_cubic(x0, y0, qx, qy, x1, y1):
    (seg,) = parse_path_data(f"M {x0} {y0} Q {qx} {qy} {x1} {y1}").subpaths[0].segments
    _, c1x, c1y, c2x, c2y, ex, ey = seg
    # the cubic's midpoint equals the quadratic's midpoint
    mid_cubic = ((x0 + 3 * c1x + 3 * c2x + ex) / 8, (y0 + 3 * c1y + 3 * c2y + ey) / 8)
    mid_quad = ((x0 + 2 * qx + x1) / 4, (y0 + 2 * qy + y1) / 4)
    assert mid_cubic == pytest.approx(mid_quad, abs=1e-6)
    assert (ex, ey) == (x1, y1)


@settings(max_examples=200)
@given(
    st.floats(-200, 200),
    st.floats(-200, 200),
    st.floats(1, 300),
    st.floats(0, 2 * math.pi),
    st.floats(0.05, 2 * math.pi - 0.05),
    st.booleans(),
)
def test_circular_arcs_stay_on_the_circle(cx, cy, r, start, span, sweep):
    sign = 1 if sweep else -1
    end = start + sign * span
    x0, y0 = cx + r * math.cos(start), cy + r * math.sin(start)
    x1, y1 = cx + r * math.cos(end), cy + r * math.sin(end)
    large = 1 if span > math.pi else 0
    pts = _points(f"M {x0} {y0} A {r} {r} 0 {large} {int(sweep)} {x1} {y1}")
    assert pts[-1] == (x1, y1)
    for px, py in pts:
        assert math.hypot(px - cx, py - cy) == pytest.approx(r, rel=2e-3)
    # it passes through the middle of the arc it was asked for
    mid = (cx + r * math.cos(start + sign * span / 2), cy + r * math.sin(start + sign * span / 2))
    assert min(math.hypot(px - mid[0], py - mid[1]) for px, py in pts) < r * 0.02 + 0.05


def test_arc_radius_too_small_is_scaled_up_and_degenerate_arcs_are_lines():
    pts = _points("M 0 0 A 1 1 0 0 1 100 0")  # radius 1 cannot reach: becomes a half circle of 50
    assert max(abs(y) for _, y in pts) == pytest.approx(50, rel=1e-2)
    (sub,) = parse_path_data("M 0 0 A 0 5 0 0 1 10 0").subpaths
    assert sub.segments == (("L", 10, 0),)


def test_rotated_elliptical_arc_ends_where_asked():
    pts = _points("M 10 10 a 40 20 30 1 0 50 -20")
    assert pts[-1] == pytest.approx((60, -10))


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ("", "empty"),
        ("L 1 1", "must start with M"),
        ("5 5", "must start with M"),
        ("M 1", "M needs 2 numbers"),
        ("M 0 0 C 1 2 3", "C needs 6 numbers"),
        ("M 0 0 S 1 2 3", "S needs 4 numbers"),
        ("M 0 0 T 1", "T needs 2 numbers"),
        ("M 0 0 B 1 2", "unexpected 'B'"),
        ("M 0 0 A 5 5 0 2 0 10 10", "arc flag must be 0 or 1"),
        ("M 0 0 L 1 1 # note", "unexpected '#'"),
        ("Z", "Z before any M"),
        ("M 0 0 L 1e999 0", "out of range"),
        ("M 0 0", "draws nothing"),
    ],
)
def test_bad_path_data_is_named(d, message):
    with pytest.raises(PathDataError, match=message):
        parse_path_data(d)


@given(st.text(alphabet="MLHVCSQTAZmlhvcsqtaz0123456789.-, e", max_size=40))
def test_any_text_parses_or_gives_path_data_error(d):
    try:
        parse_path_data(d)
    except PathDataError:
        pass


def _cubic(seg):
    assert seg[0] == "C"
    return seg[1:]


def test_smooth_cubic_reflects_the_previous_second_control_point():
    (sub,) = parse_path_data("M 0 0 C 10 20 30 20 40 0 S 70 -20 80 0 s 30 20 40 0").subpaths
    c, s1, s2 = (_cubic(seg) for seg in sub.segments)
    # (30, 20) reflected about (40, 0) is (50, -20)
    assert s1 == (50, -20, 70, -20, 80, 0)
    # (70, -20) reflected about (80, 0) is (90, 20); relative points are from (80, 0)
    assert s2 == (90, 20, 110, 20, 120, 0)


def test_smooth_cubic_after_another_command_starts_at_the_current_point():
    for d in ("M 5 5 S 20 30 40 5", "M 0 0 L 5 5 S 20 30 40 5", "M 0 0 Q 1 1 5 5 S 20 30 40 5"):
        seg = parse_path_data(d).subpaths[0].segments[-1]
        assert _cubic(seg) == (5, 5, 20, 30, 40, 5), d


def test_smooth_quadratic_chain_reflects_the_control_point():
    # the wave of the logo: q 35 -22 70 0 t 70 0 - crests alternate above and below
    path = parse_path_data("M 60 320 q 35 -22 70 0 t 70 0 t 70 0")
    q0, t1, t2 = path.subpaths[0].segments
    assert _cubic(q0)[4:] == (130, 320) and _cubic(t1)[4:] == (200, 320) and _cubic(t2)[4:] == (270, 320)
    pts = path.polygons(0.01)[0]
    lowest = {round(x): y for x, y in pts}
    # quadratic peaks: the control point's offset halved, at the middle of each span
    assert lowest[95] == pytest.approx(309, abs=0.05)
    assert lowest[165] == pytest.approx(331, abs=0.05)
    assert lowest[235] == pytest.approx(309, abs=0.05)


def test_smooth_quadratic_without_a_previous_quadratic_is_a_straight_line():
    for d in ("M 0 0 T 30 40", "M 0 0 C 1 1 2 2 0 0 T 30 40"):
        seg = parse_path_data(d).subpaths[0].segments[-1]
        pts = [(0, 0)] + [seg[i : i + 2] for i in (1, 3, 5)]
        for px, py in pts:
            assert 40 * px - 30 * py == pytest.approx(0, abs=1e-9), d


def test_z_ends_the_reflection():
    seg = parse_path_data("M 0 0 C 10 20 30 20 40 0 Z S 20 30 40 5").subpaths[-1].segments[0]
    assert _cubic(seg)[:2] == (0, 0)


@given(coord, coord, coord, coord, coord, coord)
def test_relative_and_absolute_smooth_curves_agree(x0, y0, a, b, c, d):
    absolute = parse_path_data(
        f"M {x0} {y0} Q {x0 + a} {y0 + b} {x0 + c} {y0 + d} T {x0 + 2 * c} {y0 + 2 * d} S {x0} {y0} {x0 + a} {y0 + b}"
    )
    relative = parse_path_data(f"M {x0} {y0} q {a} {b} {c} {d} t {c} {d} s {-2 * c} {-2 * d} {a - 2 * c} {b - 2 * d}")
    for s1, s2 in zip(absolute.subpaths[0].segments, relative.subpaths[0].segments, strict=True):
        assert s1[1:] == pytest.approx(s2[1:], abs=1e-6)
