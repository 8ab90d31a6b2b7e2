"""The layout files shipped in ``layouts/``: each loads, carries what the law asks of it, and is
drawn so that a player two metres away can read it.

Geometry is checked on the scene the kiosk really draws (``build_scene``): text boxes are the ink
of the bundled font's glyphs, placed and turned exactly as the painters place them; areas are
the outlines the scene lights.  The last test paints every layout with the Qt painter and checks
that each named area visibly changes when lit (no area hidden under a later shape).
"""

from __future__ import annotations

import colorsys
import functools
import json
import math
import re

import numpy as np
import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from PIL import Image as PILImage
from PIL import ImageDraw

from kiosk.rules.games import GAMES
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import Layout, load_layout, table_features
from kiosk.scene.lighting import lit_sizes
from kiosk.scene.primitives import Image, Shape, TextRun
from tests.fixtures.paths import ROOT

LAYOUTS = ROOT / "layouts"
TRI_CHRO = json.loads((ROOT / "kiosk" / "rules" / "data" / "tri_chro.json").read_text(encoding="utf-8"))

# A casino name as long as most real ones ("Treasury Casino Brisbane", 24 characters): every
# layout must have room for it where it prints {casino_name}.
LONG_CASINO_NAME = "Treasury Casino Brisbane"
# The smallest capital height printed on any cloth. The law sets 8 mm for the limit signs
# (001 s459(2), 003 s23(2)); a cloth is read from further away across the table, so its smallest
# print is held to 10 mm (about 17 minutes of arc at 2 m, three times the acuity limit).
MIN_CAP_MM = 10.0
EDGE_MARGIN_MM = 5.0  # no text closer than this to the edge of the drawing
STANDARD_REDS = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}


# ----------------------------------------------------------------------------------- helpers


@functools.cache
def layout(game: str) -> Layout:
    return load_layout(LAYOUTS / f"{game}.toml")


@functools.cache
def scene(game: str, casino_name: str = LONG_CASINO_NAME):
    """The cloth as a table offering bonus blackjack draws it (its bonus areas are drawn only
    there); Caribbean stud's jackpot areas and slots are alternatives, tested each on its own."""
    features = table_features(game, bonus_blackjack=True)
    return build_scene(layout(game), game_name=GAMES[game].default_name, casino_name=casino_name, features=features)


def texts(game: str) -> list[str]:
    return [item.get("text") for item in layout(game).items if item.kind == "text"]


def area_items(game: str) -> dict:
    return {item.area: item for item in layout(game).items if item.area}


@functools.cache
def _glyph_bounds(font_path: str) -> dict[int, tuple[float, float, float, float] | None]:
    font = TTFont(font_path)
    glyph_set = font.getGlyphSet()
    out = {}
    for gid, name in enumerate(font.getGlyphOrder()):
        pen = BoundsPen(glyph_set)
        glyph_set[name].draw(pen)
        out[gid] = pen.bounds
    return out


def _turn(point, origin, deg):
    """``point`` turned ``deg`` counter-clockwise (as seen on the page, y down) about ``origin``."""
    a = math.radians(deg)
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    return (origin[0] + dx * math.cos(a) + dy * math.sin(a), origin[1] - dx * math.sin(a) + dy * math.cos(a))


def ink_quad(run: TextRun) -> list[tuple[float, float]]:
    """The corners of the ink box of a text run, on the page (turned like the run)."""
    bounds = _glyph_bounds(str(run.face.path))
    scale = run.size_mm / run.face.units_per_em
    boxes = [
        (run.x + off + b[0] * scale, run.y - b[3] * scale, run.x + off + b[2] * scale, run.y - b[1] * scale)
        for gid, off in zip(run.glyphs, run.offsets_mm, strict=True)
        if (b := bounds[gid]) is not None
    ]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return [_turn(p, run.origin, run.rotate_deg) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def runs(game: str) -> list[TextRun]:
    return [i for i in scene(game).items if isinstance(i, TextRun)]


def convex_hull(points):
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


@functools.cache
def area_polygons(game: str) -> dict[str, list[tuple[float, float]]]:
    """Each named area's outline as a convex polygon (every shipped area is convex)."""
    return {
        name: convex_hull([p for poly in path.polygons(0.5) for p in poly]) for name, path in scene(game).areas.items()
    }


def inside(point, polygon) -> bool:
    x, y = point
    hit = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def edge_distance(point, polygon) -> float:
    """Distance from ``point`` to the nearest edge of ``polygon``."""
    best = math.inf
    px, py = point
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


def convex_overlap(a, b) -> bool:
    """Whether two convex polygons overlap (separating axis test)."""
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
            nx, ny = y2 - y1, x1 - x2
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return False
    return True


def area_of(polygon) -> float:
    return (
        abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=False))) / 2
    )


def home_area(game: str, run: TextRun) -> str | None:
    """The smallest named area that holds the run's anchor point, if any."""
    holders = [(area_of(poly), name) for name, poly in area_polygons(game).items() if inside(run.origin, poly)]
    return min(holders)[1] if holders else None


def items_in_area(game: str, area: str, kind: str | None = None):
    """Layout items drawn inside ``area`` (their anchor or centre in it), the area itself excluded."""
    poly = area_polygons(game)[area]
    out = []
    for item in layout(game).items:
        if item.area == area or (kind and item.kind != kind):
            continue
        v = item.values
        if item.kind in ("text", "rect", "image"):
            point = (
                (v["x"] + v.get("w", 0) / 2, v["y"] + v.get("h", 0) / 2) if item.kind != "text" else (v["x"], v["y"])
            )
        elif item.kind == "ellipse":
            point = (v["cx"], v["cy"])
        elif item.kind in ("polygon", "line"):
            pts = v["points"]
            point = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        else:
            continue
        if inside(point, poly):
            out.append(item)
    return out


def words_in_area(game: str, area: str) -> str:
    """The text printed in an area, top to bottom, one space between items, upper case."""
    items = sorted(items_in_area(game, area, "text"), key=lambda i: (i.get("y"), i.get("x")))
    return " ".join(i.get("text") for i in items).upper()


def hue_name(colour) -> str:
    """ "red", "green", "gold", "black", "white" or "other" for a fill colour."""
    r, g, b = (c / 255 for c in colour[:3])
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    if v < 0.2:
        return "black"
    if s < 0.15:
        return "white" if v > 0.8 else "other"
    deg = h * 360
    if deg < 15 or deg >= 340:
        return "red"
    if 30 <= deg < 60:
        return "gold"
    if 90 <= deg < 170:
        return "green"
    return "other"


def is_star(item) -> bool:
    """A polygon of 10 points whose corners alternate far and near: a five-pointed star."""
    if item.kind != "polygon" or len(item.get("points")) != 10:
        return False
    pts = item.get("points")
    cx = sum(p[0] for p in pts) / 10
    cy = sum(p[1] for p in pts) / 10
    d = [math.hypot(x - cx, y - cy) for x, y in pts]
    outer, inner = d[0::2], d[1::2]
    return min(outer) > 1.5 * max(inner)


def shape_of(game: str, area: str):
    return area_items(game)[area]


def centre(game: str, area: str) -> tuple[float, float]:
    poly = area_polygons(game)[area]
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


# --------------------------------------------------------------------------- every layout

GAME_IDS = list(GAMES)


def test_one_layout_file_per_game():
    shipped = sorted(p.stem for p in LAYOUTS.glob("*.toml"))
    assert shipped == sorted(GAMES), "layouts/ must hold exactly one file per game of kiosk.rules.games"


@pytest.mark.parametrize("game", GAME_IDS)
def test_layout_loads_and_names_its_game(game):
    lay = layout(game)
    assert lay.game == game
    assert lay.width_mm >= 1000 and lay.height_mm >= 800, "a table cloth is drawn at its real size in mm"


@pytest.mark.parametrize("game", GAME_IDS)
def test_leading_comment_states_law_design_and_areas(game):
    text = (LAYOUTS / f"{game}.toml").read_text(encoding="utf-8")
    head = text[: text.index("format =")]
    assert all(line.startswith("#") or not line.strip() for line in head.splitlines())
    assert re.search(r"\b00[0-4] (s|sch|r)\d", head), "the header cites the law"
    assert "Design choices" in head
    assert "Named areas" in head
    ranges = [(m[1], int(m[2]), int(m[3])) for m in re.finditer(r"([a-z_]+?)(\d+) \.\. \1(\d+)", head)]
    for area in layout(game).areas:
        stem, num = re.fullmatch(r"(.*?)(\d*)", area).groups()
        documented = (
            re.search(rf"\b{re.escape(area)}\b", head)
            or re.sub(r"\d+", "n", area) in head
            or any(p == stem and lo <= int(num or -1) <= hi for p, lo, hi in ranges)
        )
        assert documented, f"area {area!r} is not documented in the header of {game}.toml"


@pytest.mark.parametrize("game", GAME_IDS)
def test_casino_name_or_logo_and_game_name(game):
    all_text = " ".join(texts(game))
    logos = [i for i in layout(game).items if i.kind == "image" and i.get("src") == "logo"]
    assert "{casino_name}" in all_text or logos, "the casino's name or logo is on every layout"
    assert "{game_name}" in all_text, "the name shown is the table's configured game name"


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_text_smaller_than_a_cloth_minimum(game):
    for item in layout(game).items:
        if item.kind != "text":
            continue
        cap = item.get("cap_mm")
        if cap is None:  # x-height given: capitals are taller by the font's cap/x ratio
            cap = item.get("x_mm") * 1460 / 1020
        assert cap >= MIN_CAP_MM, f"item[{item.index}] {item.get('text')!r}: {cap} mm capitals are too small"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_text_inside_the_drawing(game):
    lay = layout(game)
    for run in runs(game):
        for x, y in ink_quad(run):
            assert EDGE_MARGIN_MM <= x <= lay.width_mm - EDGE_MARGIN_MM, f"{run.text!r} runs off the drawing"
            assert EDGE_MARGIN_MM <= y <= lay.height_mm - EDGE_MARGIN_MM, f"{run.text!r} runs off the drawing"


@pytest.mark.parametrize("game", GAME_IDS)
def test_text_inside_an_area_stays_clear_of_its_border(game):
    """Text whose anchor is in an area is wholly inside it, clear by 1 mm of its printed outline
    and of the thick outline the area gets when lit (so a lit label is never cut by it)."""
    areas = area_items(game)
    checked = 0
    for run in runs(game):
        home = home_area(game, run)
        if home is None:
            continue
        poly = area_polygons(game)[home]
        lit_outline = lit_sizes(scene(game).areas[home])[0]
        clearance = max(areas[home].get("stroke_mm", 1.0) / 2, lit_outline) + 1.0
        for corner in ink_quad(run):
            assert inside(corner, poly) and edge_distance(corner, poly) >= clearance, (
                f"{game}: {run.text!r} overflows area {home!r}"
            )
        checked += 1
    assert checked, "every shipped layout prints some text inside its areas"


@pytest.mark.parametrize("game", GAME_IDS)
def test_text_outside_areas_does_not_cross_them(game):
    for run in runs(game):
        if home_area(game, run) is not None:
            continue
        quad = ink_quad(run)
        for name, poly in area_polygons(game).items():
            assert not convex_overlap(quad, poly), f"{game}: {run.text!r} crosses area {name!r}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_texts_do_not_overlap(game):
    quads = [(run.text, ink_quad(run)) for run in runs(game)]
    for i, (ta, qa) in enumerate(quads):
        for tb, qb in quads[i + 1 :]:
            assert not convex_overlap(qa, qb), f"{game}: {ta!r} and {tb!r} overlap"


@pytest.mark.parametrize("game", GAME_IDS)
def test_areas_do_not_overlap(game):
    polys = list(area_polygons(game).items())
    for i, (na, pa) in enumerate(polys):
        for nb, pb in polys[i + 1 :]:
            assert not convex_overlap(pa, pb), f"{game}: areas {na!r} and {nb!r} overlap"


# --------------------------------------------------------------------------------- tri-chro


def _tri_chro_wagers(game):
    return TRI_CHRO["variants"]["54_ball" if game == "tri_chro_54" else "63_ball"]["wagers"]


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
def test_tri_chro_has_exactly_the_19_wager_areas(game):
    assert sorted(layout(game).areas) == sorted(w["id"] for w in _tri_chro_wagers(game))


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
def test_tri_chro_areas_print_the_wager_name_and_its_odds(game):
    """001 s456(6): the layout includes the permissible wagers and their payout odds (s467)."""
    for wager in _tri_chro_wagers(game):
        printed = words_in_area(game, wager["id"])
        odds = f"{wager['odds'][0]} TO {wager['odds'][1]}"
        assert wager["name"].upper() in printed, f"{wager['id']}: name missing, printed {printed!r}"
        assert printed.endswith(odds) and printed.count(" TO ") == 1, (
            f"{wager['id']}: odds {odds} missing in {printed!r}"
        )


def test_tri_chro_variants_differ_only_in_the_star_odds():
    a = {w["id"]: words_in_area("tri_chro_54", w["id"]) for w in _tri_chro_wagers("tri_chro_54")}
    b = {w["id"]: words_in_area("tri_chro_63", w["id"]) for w in _tri_chro_wagers("tri_chro_63")}
    differ = {k for k in a if a[k] != b[k]}
    assert differ == {
        "red_star_pair",
        "green_star_pair",
        "gold_star_pair",
        "odd_stars_red_and_green",
        "odd_stars_green_and_gold",
        "odd_stars_gold_and_red",
    }
    assert all(a[k].endswith("65 TO 1") for k in ("red_star_pair", "green_star_pair", "gold_star_pair"))
    assert all(b[k].endswith("90 TO 1") for k in ("red_star_pair", "green_star_pair", "gold_star_pair"))
    assert all(a[k].endswith("27 TO 1") for k in differ if k.startswith("odd_stars"))
    assert all(b[k].endswith("38 TO 1") for k in differ if k.startswith("odd_stars"))


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
def test_tri_chro_areas_show_their_colours_and_stars(game):
    """Every colour named by a wager shows in its area (its fill, or a ball in it); every star
    wager is marked with star shapes: 2 for a pair of stars, at least 1 for any star."""
    for wager in _tri_chro_wagers(game):
        wid = wager["id"]
        inner = items_in_area(game, wid)
        hues = {hue_name(i.get("fill")) for i in inner if i.kind in ("ellipse", "rect", "polygon") and i.get("fill")}
        hues.add(hue_name(shape_of(game, wid).get("fill")))
        for colour in ("red", "green", "gold"):
            if colour in wager["name"]:
                assert colour in hues, f"{wid}: no {colour} in the area"
        stars = [i for i in inner if is_star(i)]
        if "star pair" in wager["name"] or "odd stars" in wager["name"]:
            assert len(stars) == 2, f"{wid}: {len(stars)} stars"
        elif wager["name"] == "any star":
            assert stars, "any star: no star shape"
        else:
            assert not stars, f"{wid} has no star in its ball selection but shows one"


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
def test_tri_chro_single_colour_areas_are_filled_with_their_colour(game):
    for colour in ("red", "green", "gold"):
        for wid in (f"{colour}_star_pair", f"any_{colour}_pair", f"any_{colour}"):
            assert hue_name(shape_of(game, wid).get("fill")) == colour, wid


@pytest.mark.parametrize("game", ["tri_chro_54", "tri_chro_63"])
def test_tri_chro_dealer_side_players_side_and_drop_box(game):
    """001 s456(1), (4): dealer on one side, players opposite; a drop box."""
    lay = layout(game)
    by_text = {i.get("text"): i for i in lay.items if i.kind == "text"}
    assert "DROP BOX" in by_text
    dealer_y = by_text["DEALER"].get("y")
    wager_tops = [min(p[1] for p in area_polygons(game)[w]) for w in lay.areas]
    assert dealer_y < min(wager_tops), "the dealer's side is above every wager area"
    assert by_text["{game_name}"].get("y") > max(max(p[1] for p in area_polygons(game)[w]) for w in lay.areas)
    assert by_text["{casino_name}"].get("y") < min(wager_tops)


# ------------------------------------------------------------------------------- two-up dice


def test_two_up_dice_carries_every_label_of_diagram_13_1():
    printed = " ".join(t.upper() for t in texts("two_up_dice"))
    for label in ("DEALER", "POSITION", "TAILS", "HEADS", "CHIP TRAY", "DROP BOX", "SPINNER'S BET AREA"):
        assert label in printed
    assert sum(t == "DEALER" for t in texts("two_up_dice")) == 2, "two dealer positions"
    assert [i.get("src") for i in layout("two_up_dice").items if i.kind == "image"] == ["logo"]


def test_two_up_dice_wager_areas():
    """sch13 s3(2)(b): areas for the spinner's wager (H, T) and players' wagers (TAILS, HEADS
    at both ends), with their payouts (s9: 7.5 to 1, s13: 1 to 1)."""
    assert sorted(layout("two_up_dice").areas) == sorted(
        ["spinner_heads", "spinner_tails", "tails_left", "heads_left", "tails_right", "heads_right"]
    )
    assert words_in_area("two_up_dice", "spinner_heads").startswith("H ")
    assert words_in_area("two_up_dice", "spinner_tails").startswith("T ")
    for side in ("left", "right"):
        for word in ("TAILS", "HEADS"):
            printed = [i.get("text") for i in items_in_area("two_up_dice", f"{word.lower()}_{side}", "text")]
            assert sorted(printed) == sorted([word, "PAYS 1 TO 1", word[0], word[0]]), printed
    assert "PAYS 7.5 TO 1" in texts("two_up_dice")
    # the H/T area is in the middle, between the two players' ends
    xs = {a: centre("two_up_dice", a)[0] for a in layout("two_up_dice").areas}
    assert xs["tails_left"] < xs["spinner_heads"] < xs["spinner_tails"] < xs["tails_right"]


def test_two_up_dice_table_is_an_oblong_with_rounded_corners():
    first = layout("two_up_dice").items[0]
    assert first.kind == "rect" and first.get("radius") >= 100
    assert first.get("w") > 1.5 * first.get("h")


# ---------------------------------------------------------------------------- Caribbean stud


def test_caribbean_prints_the_exact_words():
    """000 s230(2)(b): the words as quoted, lower case, with the ampersand."""
    assert "dealer only plays with ace & king or higher" in texts("caribbean_stud")


@pytest.mark.parametrize("seat", range(1, 8))
def test_caribbean_seat_has_ante_bet_and_jackpot_areas_marked_with_their_words(seat):
    """000 s230(2)(c), (3): rectangular, circular or oval areas marked 'ante', 'bet', 'jackpot'."""
    for word in ("ante", "bet", "jackpot"):
        area = f"seat{seat}_{word}"
        item = shape_of("caribbean_stud", area)
        assert item.kind in ("ellipse", "rect", "path")
        printed = [i.get("text") for i in items_in_area("caribbean_stud", area, "text")]
        # the jackpot areas print 'jackpot' or the pit procedures' wording (000 s230(3)(c))
        assert printed == [word if word != "jackpot" else "{jackpot_wording}"], f"{area} is marked {printed!r}"
    # jackpot nearest the player, bet nearest the dealer (top middle)
    dealer = (layout("caribbean_stud").width_mm / 2, 0)
    dist = {w: math.dist(centre("caribbean_stud", f"seat{seat}_{w}"), dealer) for w in ("ante", "bet", "jackpot")}
    assert dist["bet"] < dist["ante"] < dist["jackpot"]


@pytest.mark.parametrize(
    "wording", ["jackpot", "Progressive", "bonus jackpot wager", "Mega Progressive Jackpot", "Jackpot Bonus"]
)
def test_caribbean_jackpot_wording_fits_its_areas(wording):
    """The floor's jackpot.area_wording is set inside each jackpot circle, clear of its border,
    with capitals of at least 10 mm (000 s230(3)(c)); kiosk check refuses one that does not fit
    (tests/scene/test_cloth_content.py)."""
    built = build_scene(layout("caribbean_stud"), game_name="G", casino_name=LONG_CASINO_NAME, jackpot_wording=wording)
    polys = area_polygons("caribbean_stud")
    checked = 0
    for run in (i for i in built.items if isinstance(i, TextRun)):
        home = home_area("caribbean_stud", run)
        if home is None or not home.endswith("_jackpot"):
            continue
        assert run.text.replace(" ", "") in wording.replace(" ", ""), run.text
        assert run.size_mm * run.face.cap_height_em >= 10.0 - 1e-6
        clearance = max(shape_of("caribbean_stud", home).get("stroke_mm", 1.0) / 2, lit_sizes(built.areas[home])[0]) + 1
        for corner in ink_quad(run):
            assert inside(corner, polys[home]) and edge_distance(corner, polys[home]) >= clearance, (wording, run.text)
        checked += 1
    assert checked >= 7


def test_caribbean_ante_and_jackpot_are_circles_and_bets_are_rectangles():
    for seat in range(1, 8):
        for word in ("ante", "jackpot"):
            item = shape_of("caribbean_stud", f"seat{seat}_{word}")
            assert item.kind == "ellipse" and item.get("rx") == item.get("ry")
        poly = area_polygons("caribbean_stud")[f"seat{seat}_bet"]
        # a (rounded) rectangle: its hull fills nearly all of its minimum bounding rectangle
        best = min(_oriented_box_area(poly, k) for k in range(180))
        assert area_of(poly) > 0.95 * best


def _oriented_box_area(poly, deg):
    a = math.radians(deg)
    us = [x * math.cos(a) + y * math.sin(a) for x, y in poly]
    vs = [-x * math.sin(a) + y * math.cos(a) for x, y in poly]
    return (max(us) - min(us)) * (max(vs) - min(vs))


def test_caribbean_exactly_seven_places_and_the_equipment():
    areas = layout("caribbean_stud").areas
    assert len(areas) == 28  # jackpot (no slots), ante, bet and slot light (with slots) at each place
    assert {a for a in areas if a.endswith("_slot")} == {f"seat{n}_slot" for n in range(1, 8)}  # 000 s231(1)
    printed = texts("caribbean_stud")
    assert "DROP BOX" in printed and "DISCARD RACK" in printed  # 000 s232(1)(c)


# --------------------------------------------------------------------------------- blackjack


def _arc_words(game: str, fill_hex: str, cap: float) -> str:
    """Letters set one per item along an arc, read left to right (by angle about their circle)."""
    letters = [
        i
        for i in layout(game).items
        if i.kind == "text"
        and len(i.get("text")) == 1
        and i.get("cap_mm") == cap
        and "#{:02x}{:02x}{:02x}".format(*i.get("fill")[:3]) == fill_hex
    ]
    lay = layout(game)
    cx, cy = lay.width_mm / 2, 110.0
    letters.sort(key=lambda i: -math.atan2(i.get("y") - cy, i.get("x") - cx))
    return "".join(i.get("text") for i in letters)


def test_blackjack_boxes_provide_for_bonus_blackjack():
    """003 s50A(1)(a): every box has its bonus blackjack area, in front of it (toward the player)."""
    areas = set(layout("blackjack").areas)
    assert areas == {f"box{n}" for n in range(1, 8)} | {f"box{n}_bonus" for n in range(1, 8)}
    dealer = (layout("blackjack").width_mm / 2, 110.0)
    for n in range(1, 8):
        box, bonus = centre("blackjack", f"box{n}"), centre("blackjack", f"box{n}_bonus")
        assert math.dist(bonus, dealer) > math.dist(box, dealer)
        assert area_of(area_polygons("blackjack")[f"box{n}_bonus"]) < area_of(area_polygons("blackjack")[f"box{n}"])
        assert words_in_area("blackjack", f"box{n}_bonus") == "BONUS"
    # box 1 is on the dealer's left: the right of the drawing
    assert centre("blackjack", "box1")[0] > centre("blackjack", "box7")[0]
    # a table that does not offer bonus blackjack shows no bonus area, and no word BONUS, to wager on
    plain = build_scene(layout("blackjack"), game_name="Blackjack", casino_name=LONG_CASINO_NAME)
    assert set(plain.areas) == {f"box{n}" for n in range(1, 8)}
    assert not [i for i in plain.items if isinstance(i, TextRun) and "BONUS" in i.text.upper()]


def test_blackjack_arc_wording_reads_in_order():
    assert _arc_words("blackjack", "#ffffff", 34) == "BLACKJACKPAYS3TO2"
    assert _arc_words("blackjack", "#f1e2b0", 16) == "DEALERMUSTDRAWTO16ANDSTANDONALL17s"
    assert _arc_words("blackjack", "#d9b45a", 26) == "INSURANCEPAYS2TO1"
    assert "DISCARD RACK" in texts("blackjack")  # 003 s31(2)


# ---------------------------------------------------------------------------------- roulette


def test_roulette_numbers_and_their_colours():
    """003 s131(2), (2A): zero green, 18 red and 18 black (the standard red set; diagram 5 missing)."""
    items = area_items("roulette")
    assert hue_name(items["number_0"].get("fill")) == "green"
    reds = {n for n in range(1, 37) if hue_name(items[f"number_{n}"].get("fill")) == "red"}
    blacks = {n for n in range(1, 37) if hue_name(items[f"number_{n}"].get("fill")) == "black"}
    assert reds == STANDARD_REDS
    assert blacks == set(range(1, 37)) - STANDARD_REDS
    for n in range(37):
        assert words_in_area("roulette", f"number_{n}") == str(n)


def test_roulette_standard_grid():
    """3 rows of 12: n + 3 is right of n; within a column of three, n + 1 is above n."""
    c = {n: centre("roulette", f"number_{n}") for n in range(37)}
    for n in range(1, 34):
        assert c[n + 3][0] > c[n][0] + 50 and abs(c[n + 3][1] - c[n][1]) < 1
    for n in range(1, 37):
        if n % 3:
            assert c[n + 1][1] < c[n][1] - 50 and abs(c[n + 1][0] - c[n][0]) < 1
    assert all(c[0][0] < c[n][0] for n in range(1, 37)), "zero at the end of the grid"


def test_roulette_outside_bets():
    areas = set(layout("roulette").areas)
    outside = {
        "column_1",
        "column_2",
        "column_3",
        "dozen_1",
        "dozen_2",
        "dozen_3",
        "low",
        "high",
        "even",
        "odd",
        "red",
        "black",
    }
    assert areas == {f"number_{n}" for n in range(37)} | outside
    c = {n: centre("roulette", f"number_{n}") for n in range(1, 37)}
    for k in (1, 2, 3):
        col = area_polygons("roulette")[f"column_{k}"]
        ys = [p[1] for p in col]
        assert all(min(ys) < c[n][1] < max(ys) for n in range(k, 37, 3)), f"column_{k} is not the row of {k}, {k + 3}.."
        assert words_in_area("roulette", f"column_{k}") == "2 TO 1"
        doz = area_polygons("roulette")[f"dozen_{k}"]
        xs = [p[0] for p in doz]
        assert all(min(xs) < c[n][0] < max(xs) for n in range(12 * k - 11, 12 * k + 1))
    assert words_in_area("roulette", "low") == "1-18"
    assert words_in_area("roulette", "high") == "19-36"
    assert words_in_area("roulette", "even") == "EVEN"
    assert words_in_area("roulette", "odd") == "ODD"
    for colour, hue in (("red", "red"), ("black", "black")):
        inner = [hue_name(i.get("fill")) for i in items_in_area("roulette", colour, "polygon")]
        assert hue in inner and words_in_area("roulette", colour) == colour.upper()


def test_roulette_header_says_diagram_5_is_missing():
    head = (LAYOUTS / "roulette.toml").read_text(encoding="utf-8").split("format =")[0]
    assert "diagram 5" in head and "missing" in head


# ----------------------------------------------------------------------------------- pai gow


def test_pai_gow_numbered_circular_boxes_and_dealer_circles():
    """003 s413(2)(b): not more than 8 numbered circular areas, 2 circular areas in front of the
    dealer for winning and losing wagers, a drop box, the casino's name or logo."""
    items = area_items("pai_gow")
    boxes = sorted((a for a in items if re.fullmatch(r"box\d+", a)), key=lambda a: int(a[3:]))
    assert 1 <= len(boxes) <= 8
    assert boxes == [f"box{n}" for n in range(1, len(boxes) + 1)]
    for n, box in enumerate(boxes, 1):
        item = items[box]
        assert item.kind == "ellipse" and item.get("rx") == item.get("ry"), f"{box} is not a circle"
        assert words_in_area("pai_gow", box) == str(n)
    dealer = sorted(a for a in items if not re.fullmatch(r"box\d+", a))
    assert dealer == ["dealer_losing", "dealer_winning"]
    for a in dealer:
        assert items[a].kind == "ellipse" and items[a].get("rx") == items[a].get("ry")
        assert all(centre("pai_gow", a)[1] < centre("pai_gow", b)[1] for b in boxes), "in front of the dealer"
    assert words_in_area("pai_gow", "dealer_winning") == "WINNING WAGERS"
    assert words_in_area("pai_gow", "dealer_losing") == "LOSING WAGERS"
    assert "DROP BOX" in texts("pai_gow")


# ----------------------------------------------------------------------------- poker tables


@pytest.mark.parametrize(("game", "seats"), [("manila_poker", 13), ("draw_poker", 8), ("poker", 10)])
def test_poker_tables_seats(game, seats):
    """003 s258(1): not more than 13 players; s294(1): not more than 8; 002: a 10-seat table."""
    areas = set(layout(game).areas)
    assert {a for a in areas if re.fullmatch(r"seat\d+", a)} == {f"seat{n}" for n in range(1, seats + 1)}
    for n in range(1, seats + 1):
        assert words_in_area(game, f"seat{n}") == str(n)
    assert "dealer" in areas


@pytest.mark.parametrize("game", ["manila_poker", "draw_poker"])
def test_manila_and_draw_have_a_circle_for_discards(game):
    """003 s258(2)(a), s294(2)(a): a circle for discards."""
    item = shape_of(game, "discards")
    assert item.kind == "ellipse" and item.get("rx") == item.get("ry")
    assert words_in_area(game, "discards") == "DISCARDS"
    assert "{casino_name}" in texts(game)  # s258(2)(b), s294(2)(b)


def test_poker_room_table():
    """002 r2.2: a dealer place, community cards, a pot; the casino logo optional, a slot for
    the logo of a promotion or event."""
    areas = set(layout("poker").areas)
    assert {f"community_{n}" for n in range(1, 6)} <= areas
    assert {"pot", "dealer", "event_logo", "casino_logo"} <= areas
    assert "discards" not in areas
    logo = [i for i in layout("poker").items if i.kind == "image"]
    assert [i.get("src") for i in logo] == ["logo", "event_logo"]
    for image, medallion in zip(logo, ("casino_logo", "event_logo"), strict=True):  # each in its medallion
        box = (image.get("x") + image.get("w") / 2, image.get("y") + image.get("h") / 2)
        assert inside(box, area_polygons("poker")[medallion])
    cards = [centre("poker", f"community_{n}") for n in range(1, 6)]
    assert all(abs(c[1] - cards[0][1]) < 1 for c in cards) and sorted(cards) == cards, "one line, left to right"


def test_manila_has_five_community_cards_and_draw_none():
    assert {f"community_{n}" for n in range(1, 6)} <= set(layout("manila_poker").areas)
    assert not [a for a in layout("draw_poker").areas if a.startswith("community")]


# ---------------------------------------------------------------------- drawn with the logo


@pytest.mark.parametrize("game", GAME_IDS)
def test_logo_slots_fall_back_to_the_casino_name(game):
    """Without a logo file, every logo slot shows the casino's name (001 s456(3) and the like
    accept the name or the logo), so no slot is left blank."""
    lay = layout(game)
    slots = [i for i in lay.items if i.kind == "image" and i.get("src") == "logo"]
    built = build_scene(lay, game_name="G", casino_name="Coral Coast Casino")
    lines: dict[tuple[float, float], list[str]] = {}  # a name in a logo box may take two lines
    for run in (r for r in built.items if isinstance(r, TextRun)):
        lines.setdefault(run.origin, []).append(run.text)
    names = [o for o, t in lines.items() if " ".join(t) == "Coral Coast Casino"]
    assert len(names) >= len(slots) + ("{casino_name}" in " ".join(texts(game)))
    logo = ROOT / "assets" / "logo" / "coral_coast_casino.png"
    if slots and logo.is_file():
        with_logo = build_scene(lay, game_name="G", casino_name="Coral Coast Casino", logo=logo)
        assert sum(isinstance(i, Image) for i in with_logo.items) == len(slots)


# -------------------------------------------------------------------- lit areas are visible

PX_PER_MM = 0.4


def _pixels(scene_) -> np.ndarray:
    from PySide6.QtGui import QImage

    from kiosk.render.qt import render_png

    w, h = round(scene_.width_mm * PX_PER_MM), round(scene_.height_mm * PX_PER_MM)
    img = render_png(scene_, w, h, px_per_mm=PX_PER_MM).convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(img.constBits(), np.uint8).reshape(h, img.bytesPerLine())[:, : w * 3]
    return raw.reshape(h, w, 3).astype(np.int16)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_area_visibly_changes_when_lit(game, qapp):
    """An area hidden under a later opaque shape could never be seen lit: each area, lit, must
    change most of its own pixels."""
    lay, features = layout(game), table_features(game, bonus_blackjack=True)  # the areas of scene(game)
    dark = _pixels(build_scene(lay, game_name="G", casino_name="C", features=features))
    lit = _pixels(build_scene(lay, game_name="G", casino_name="C", lit=lay.areas, features=features))
    changed = np.abs(lit - dark).sum(axis=2) > 40
    for name, poly in area_polygons(game).items():
        mask = PILImage.new("L", (dark.shape[1], dark.shape[0]), 0)
        ImageDraw.Draw(mask).polygon([(x * PX_PER_MM, y * PX_PER_MM) for x, y in poly], fill=1)
        m = np.asarray(mask, bool)
        share = changed[m].mean()
        assert share > 0.5, f"{game}: area {name!r} lit changes only {share:.0%} of its pixels"


def test_every_area_is_a_filled_shape():
    """A lit area is a region, so each area is a closed shape (never a line or an arc), drawn
    (on a table with the features the area's item needs: ``when``)."""
    for game in GAME_IDS:
        for name, item in area_items(game).items():
            assert item.kind in ("rect", "ellipse", "polygon", "path"), f"{game}: {name} is a {item.kind}"
            features = {item.get("when")} - {None}
            drawn = build_scene(
                layout(game), game_name=GAMES[game].default_name, casino_name=LONG_CASINO_NAME, features=features
            )
            assert any(isinstance(s, Shape) and s.area == name for s in drawn.items), (
                f"{game}: area {name} is not drawn in the scene"
            )
