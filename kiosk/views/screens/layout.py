"""The ``layout`` view: the table's cloth, with what the dealer has recorded lit on it.

* tri-chro: after the result is entered, exactly the winning areas lit until the next game
  (001 s463(3)); nothing lit for a voided drawing (s465, s466);
* Caribbean stud with jackpot slots: each place's slot light lit while its jackpot wager is in
  play (000 s231(1));
* roulette: the winning number lit, and the last results beside the cloth in the wheel's colours;
  with the floor's wheel (003 s131(2B), (2C)), the wheel itself, its compartments in their order
  and colours round the latest number, that number's neighbours on the wheel, and the
  arrangement's approval in small print;
* pai gow: who banks (the chung, 003 s417) and the priority set marker (s421(1)(d)), marked on the
  boxes and named beside the cloth;
* poker room: the marker buttons at each seat (002 r8.1.3): a disc with the button's letter
  beside the seat, each seat's buttons named in words beside the cloth;
* Caribbean stud: a place whose slot light did not light is crossed out on its slot and named
  on the notice band (000 s237(3));
* the table's notices (:mod:`kiosk.views.table_notices`: closing, illumination fault, ...) on a
  band across the top;
* on an upright screen (ux-review P10), the cloth across the top and under it what a player at
  the table reads: roulette's last results, the poker room's buttons, pai gow's banker and
  priority, and for every other game the table's limits sign (the limits view's own content,
  :func:`kiosk.views.signs.limits_sign`: its name, its game and its limits, one definition),
  without its citation and, when it would not fit, without its notices of changes ahead (the
  limits and signs views count those down).  A landscape screen is composed as before.

The cloth is fitted into the screen area; everything the view adds is set in screen
millimetres, every letter at least the sign floor (:data:`kiosk.views.base.MIN_SIGN_TEXT_MM`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from kiosk.language import N_, tr
from kiosk.rules.poker_buttons import BUTTONS
from kiosk.rules.roulette import ARRANGEMENT_RULE, Wheel, colour_of_fill
from kiosk.scene.fonts import font_face
from kiosk.scene.layout_file import Layout
from kiosk.scene.legibility import ink_rows
from kiosk.scene.primitives import (
    Colour,
    Primitive,
    Scene,
    Shape,
    TextRun,
    ellipse_path,
    polygon_path,
    rect_path,
)
from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import (
    DEFAULT_AREA,
    LIVE,
    MIN_SIGN_TEXT_MM,
    Area,
    CasinoSettings,
    Line,
    Status,
    ViewState,
    fit_sign_text,
    sign_text,
    sign_text_width,
    stack,
    status_band_mm,
    status_mark,
)
from kiosk.views.cloth import cloth_scene, layout_file, layout_for
from kiosk.views.composition import InkBox, ink_box
from kiosk.views.facts import (
    layout_features,
    pai_gow_markers,
    poker_buttons,
    roulette_lit,
    roulette_results,
    roulette_wheel,
    slots_in_play,
    slots_not_accepted,
    trichro_drawn,
    trichro_lit,
    twoup_state,
)
from kiosk.views.placing import Box, Placement, placed
from kiosk.views.screens.trichro import ball_row
from kiosk.views.screens.twoup_lights import content_of as twoup_content
from kiosk.views.screens.twoup_lights import result_banner
from kiosk.views.signs.content import Context, Notice, SignContent, SignProblem
from kiosk.views.signs.frames import on_screen
from kiosk.views.signs.kinds import sign_contents
from kiosk.views.signs.typeset import compose_sign
from kiosk.views.table_notices import NOTICE_SECONDS, TableNotice, notice_bands, table_notices

__all__ = ["VIEW", "LayoutContent", "compose", "lit_areas", "number_colour", "WHEEL_FILLS"]

VIEW = "layout"
RESULTS_SHOWN = 8  # roulette: the latest and the 7 before it
_PANEL_BG: Colour = (18, 18, 18, 255)
_GOLD: Colour = (230, 190, 90, 255)
_WHITE: Colour = (255, 255, 255, 255)
_INK: Colour = (17, 17, 17, 255)


@dataclass(frozen=True)
class LayoutContent:
    """Everything the layout view's scene is drawn from."""

    table_id: str
    layout: str
    display_name: str
    casino: str
    game: str
    lit: frozenset[str]
    results: tuple[int, ...]
    banker: str | None
    chung: int | None
    priority: tuple[int, ...]
    area: Area
    buttons: tuple[tuple[int, tuple[str, ...]], ...] = ()
    not_accepted: tuple[int, ...] = ()
    notices: tuple[TableNotice, ...] = ()
    wheel: Wheel | None = None
    limits: SignContent | None = None
    """The table's limits sign as a display shows it (no citation), for an upright screen."""
    drawn: tuple[str, ...] = ()
    """Tri-chro on an upright screen: the two balls of the result shown (001 s463(3))."""
    banner: tuple[str, str] | None = None
    """Two-up on an upright screen: what the last spin decided (the lights view's banner)."""


def lit_areas(table: TableState) -> frozenset[str]:
    """The areas the layout lights for the table's recorded state (see the module docstring)."""
    lit = set(trichro_lit(table))
    if "jackpot_slots" in layout_features(table):
        lit |= {f"seat{n}_slot" for n in slots_in_play(table)}
    lit |= roulette_lit(table)
    return frozenset(lit)


WHEEL_FILLS: dict[str, Colour] = {"green": (22, 140, 72, 255), "red": (200, 16, 46, 255), "black": (17, 17, 17, 255)}


def number_colour(layout: Layout, number: int, wheel: Wheel | None = None) -> tuple[Colour, str]:
    """A roulette number's colour and its name, so the result reads without colour: the wheel's
    (the approved arrangement, 003 s131(2B)) when the floor gives one, else the cloth's."""
    if wheel is not None:
        colour = wheel.colour(number)
        return WHEEL_FILLS[colour], colour.upper()
    fill = layout.item_for_area(f"number_{number}").get("fill") or (0, 0, 0, 255)
    return fill, colour_of_fill(fill).upper()


_COLOUR_NAMES = {"RED": N_("RED"), "BLACK": N_("BLACK"), "GREEN": N_("GREEN")}
"""A roulette number's colour as the panel says it (:func:`number_colour` names it in English)."""


def _said(colour: str) -> str:
    return tr(_COLOUR_NAMES.get(colour, colour))


def _panel_width(area: Area) -> float:
    return max(90.0, min(170.0, area.width_mm * 0.24))


_PANEL_GAMES = ("roulette", "pai_gow", "poker")
"""The games whose layout view has a panel of its own beside (or under) the cloth."""


def _upright(area: Area) -> bool:
    """An upright screen (1080x1920): the cloth across the top, what players read under it."""
    return area.height_mm > area.width_mm * 1.2


def _limits_content(table: TableState, settings: CasinoSettings) -> SignContent | None:
    """The table's limits sign (its first page), as the limits view shows it; ``None`` when the
    table's game has no limits sign or its limits are not configured (the limits view says why)."""
    try:
        pages = sign_contents("limits", Context(table, None, settings.timezone))
    except SignProblem:
        return None
    return on_screen(pages[0]) if pages else None


def _moved(items: Iterable[Primitive], dx: float, dy: float) -> list[Primitive]:
    """``items`` moved by ``(dx, dy)`` mm at their own size: text keeps its letters (unlike
    :func:`kiosk.views.placing.placed`, which scales a drawing)."""
    where = Placement(1.0, dx, dy)
    out: list[Primitive] = []
    for item in items:
        if isinstance(item, TextRun):
            ox, oy = item.origin
            out.append(replace(item, x=item.x + dx, y=item.y + dy, origin=(ox + dx, oy + dy)))
        else:
            out.append(where.item(item))
    return out


def _limits_panel(sign: SignContent, box: Box) -> list[Primitive]:
    """The limits sign set in ``box`` at true size, its letters as large as the box allows and
    never under the floor; without its notices when they would not fit, then with only its
    first table (tri-chro: the minimum and the table maximum, without each odds class's own);
    nothing when even that does not fit (the limits view shows the sign whole, in pages)."""
    bare = replace(sign, blocks=tuple(b for b in sign.blocks if not isinstance(b, Notice)))
    first = replace(bare, blocks=bare.blocks[:1])
    tries = [sign] + [c for c in (bare, first) if c != sign]
    for content in dict.fromkeys(tries):
        try:
            scene = compose_sign(content, box.w, box.h, screen=True)
        except SignProblem:
            continue
        back: list[Primitive] = []
        if scene.background is not None:
            back.append(Shape(rect_path(0.0, 0.0, box.w, box.h), fill=scene.background))
        return _moved([*back, *scene.items], box.x, box.y)
    return []


def approval_words(wheel: Wheel) -> tuple[str, ...]:
    """The small print naming the wheel's arrangement (003 s131(2B), (2C)), longest first: a
    small screen shows the first that fits."""
    approval = (wheel.approval or "").strip()
    if approval.lower().replace(" ", "") == "diagram5":
        approval, rule = tr("diagram 5"), "003 s131(2C)"
        return (
            tr("Wheel arrangement: {approval} ({rule})").format(approval=approval, rule=rule),
            tr("Wheel: {approval} ({rule})").format(approval=approval, rule=rule),
        )
    return (
        tr("Wheel arrangement: {approval} ({rule})").format(approval=approval, rule=ARRANGEMENT_RULE),
        tr("Wheel: {approval}").format(approval=approval),
    )


def _small_print(texts: tuple[str, ...], width: float, most: float) -> tuple[str, float, float] | None:
    """``(words, mm, height)`` of the first of ``texts`` that fits ``width`` in at most 2 lines
    of small print (the sign floor) and ``most`` mm of height, or ``None``."""
    for text in texts:
        words, mm = fit_sign_text(text, width_mm=width, largest_mm=MIN_SIGN_TEXT_MM)
        face = font_face("sans", "regular")
        cap = mm * face.cap_height_em / face.x_height_em  # sign_text sets lowercase by its x-height
        height = cap * (1.3 + 1.6 * words.count("\n"))  # the lines' pitch, and room for descenders
        if words.count("\n") <= 1 and height <= most:
            return words, mm, height
    return None


def _wedge(cx: float, cy: float, r_in: float, r_out: float, start: float, span: float) -> list[tuple[float, float]]:
    """The points of a ring's compartment from ``start`` clockwise through ``span`` radians (0 at
    the top)."""
    steps = 4
    angles = [start + span * i / steps for i in range(steps + 1)]
    outer = [(cx + r_out * math.sin(a), cy - r_out * math.cos(a)) for a in angles]
    inner = [(cx + r_in * math.sin(a), cy - r_in * math.cos(a)) for a in reversed(angles)]
    return outer + inner


def _wheel_ring(wheel: Wheel, latest: int | None, cx: float, cy: float, r: float) -> list[Primitive]:
    """The wheel: its compartments in order and colour, zero at the top, clockwise as the floor
    lists them; the latest number's compartment marked by the ball."""
    out: list[Primitive] = [Shape(ellipse_path(cx, cy, r, r), fill=_PANEL_BG, stroke=_GOLD, stroke_mm=1.2)]
    span = 2 * math.pi / len(wheel.order)
    r_in = r * 0.72
    for i, number in enumerate(wheel.order):
        start = (i - 0.5) * span  # the compartment of zero centred at the top
        shape = _wedge(cx, cy, r_in, r * 0.97, start, span)
        out.append(Shape(polygon_path(shape), fill=WHEEL_FILLS[wheel.colour(number)], stroke=_GOLD, stroke_mm=0.3))
    if latest is not None:
        at = wheel.order.index(latest) * span
        ball = (r * 0.97 - r_in) * 0.36
        bx, by = cx + (r_in + ball * 1.25) * math.sin(at), cy - (r_in + ball * 1.25) * math.cos(at)
        out.append(Shape(ellipse_path(bx, by, ball, ball), fill=_WHITE, stroke=_INK, stroke_mm=0.5))
        out.append(
            Shape(polygon_path(_wedge(cx, cy, r_in, r * 0.97, at - span / 2, span)), stroke=_WHITE, stroke_mm=0.8)
        )
    return out


def _chip(cx: float, cy: float, number: int, fill: Colour, radius: float, ring: Colour) -> list[Primitive]:
    return [
        Shape(ellipse_path(cx, cy, radius, radius), fill=fill, stroke=ring, stroke_mm=0.8),
        *sign_text(str(number), x=cx, y=cy, mm=MIN_SIGN_TEXT_MM, valign="middle", weight="bold", fill=_WHITE),
    ]


def _neighbours(layout: Layout, wheel: Wheel, latest: int, box: Box, y: float) -> tuple[list[Primitive], float]:
    """The latest number between its neighbours on the wheel, in the wheel's order: as many each
    side as the panel's width holds (at least 1), or nothing; returns the primitives and the
    height used."""
    radius = sign_text_width("36", MIN_SIGN_TEXT_MM, weight="bold") / 2 + MIN_SIGN_TEXT_MM * 0.3
    pitch = 2 * radius + MIN_SIGN_TEXT_MM * 0.25
    each_side = min(2, int((box.w * 0.94 - 2 * radius) // pitch) // 2)
    if each_side < 1:
        return [], 0.0
    numbers = wheel.neighbours(latest, each_side)
    cx = box.x + box.w / 2
    cy = y + radius
    out: list[Primitive] = []
    for i, number in enumerate(numbers):
        x = cx + (i - each_side) * pitch
        out += _chip(
            x, cy, number, number_colour(layout, number, wheel)[0], radius, _GOLD if number == latest else _WHITE
        )
    return out, 2 * radius


def _roulette_panel(layout: Layout, results: tuple[int, ...], box: Box, wheel: Wheel | None = None) -> list[Primitive]:
    out: list[Primitive] = [Shape(rect_path(box.x, box.y, box.w, box.h), fill=_PANEL_BG)]
    cx = box.x + box.w / 2
    words, head = fit_sign_text(tr("LAST RESULTS"), width_mm=box.w * 0.9, largest_mm=12.0, weight="bold")
    y = box.y + head * 2.0
    header = sign_text(words, x=cx, y=y, mm=head, weight="bold", fill=_GOLD)
    out += header
    ink = ink_rows(header)
    if "\n" in words and ink is not None:  # a heading in lines (a longer language): the rest under its last
        y = ink[1]
    bottom = box.y + box.h - MIN_SIGN_TEXT_MM * 0.5
    if not results:
        # fitted to the panel (at least 90 mm: the words fit whole at 8 mm)
        idle, idle_mm = fit_sign_text(tr("no spin yet"), width_mm=box.w * 0.9, largest_mm=MIN_SIGN_TEXT_MM + 2)
        idle_ink = ink_rows(sign_text(idle, x=0.0, y=0.0, mm=idle_mm))
        below = idle_ink[1] if idle_ink is not None else 0.0  # the words' last ink under their first baseline
        if wheel is not None:
            # the wheel as large as leaves room under it for the words (in lines in a longer language)
            r = min(box.w * 0.42, (bottom - y) * 0.32, (bottom - y - head * 3.1 - below) / 2)
            if r >= MIN_SIGN_TEXT_MM * 2:
                out += _wheel_ring(wheel, None, cx, y + head * 0.9 + r, r)
                y += head * 0.9 + 2 * r
        out += sign_text(idle, x=cx, y=y + head * 2.2, mm=idle_mm, fill=_WHITE)
        return out
    # the latest number, large, in its colour, with its colour named: in the wheel's hub when there is one
    fill, name = number_colour(layout, results[0], wheel)
    name = _said(name)
    r = max(MIN_SIGN_TEXT_MM / 0.8, min(box.w * 0.36, box.h * 0.16))  # its number never under the floor
    if wheel is not None:
        ring = min(box.w * 0.46, box.h * 0.2)
        r = max(MIN_SIGN_TEXT_MM / 0.8 / 0.66, ring)
        cy = y + head * 0.9 + r
        out += _wheel_ring(wheel, results[0], cx, cy, r)
        hub = r * 0.66
        out.append(Shape(ellipse_path(cx, cy, hub, hub), fill=fill, stroke=_GOLD, stroke_mm=1.5))
        out += sign_text(str(results[0]), x=cx, y=cy, mm=hub * 0.8, valign="middle", weight="bold", fill=_WHITE)
    else:
        cy = y + head * 1.6 + r
        out.append(Shape(ellipse_path(cx, cy, r, r), fill=fill, stroke=_GOLD, stroke_mm=2.5))
        out += sign_text(str(results[0]), x=cx, y=cy, mm=r * 0.8, valign="middle", weight="bold", fill=_WHITE)
    y = cy + r + MIN_SIGN_TEXT_MM * 2.2
    out += sign_text(name, x=cx, y=y, mm=MIN_SIGN_TEXT_MM + 2, weight="bold", fill=_WHITE)
    if wheel is not None:  # the latest between its neighbours: the wheel's order in numbers
        strip, used = _neighbours(layout, wheel, results[0], box, y + MIN_SIGN_TEXT_MM * 1.2)
        if strip and y + MIN_SIGN_TEXT_MM * 1.2 + used <= bottom:
            out += strip
            y += MIN_SIGN_TEXT_MM * 1.2 + used
    # the ones before it, newest first
    pitch = MIN_SIGN_TEXT_MM * 2.6
    chip = MIN_SIGN_TEXT_MM * 1.1
    for number in results[1:RESULTS_SHOWN]:
        y += pitch
        if y > bottom - MIN_SIGN_TEXT_MM * 0.5:
            break
        fill, name = number_colour(layout, number, wheel)
        name = _said(name)
        left = box.x + box.w * 0.12
        room = box.w * 0.82 - chip * 2.8 - sign_text_width("36", MIN_SIGN_TEXT_MM, weight="bold") - MIN_SIGN_TEXT_MM
        if sign_text_width(name, MIN_SIGN_TEXT_MM) > room:
            name = name[0]  # R, G or B: a narrow panel names the colour by its letter
        out.append(
            Shape(
                ellipse_path(left + chip, y - MIN_SIGN_TEXT_MM / 2, chip, chip), fill=fill, stroke=_WHITE, stroke_mm=0.8
            )
        )
        out += sign_text(f"{number}", x=left + chip * 2.8, y=y, mm=MIN_SIGN_TEXT_MM, anchor="left", weight="bold")
        out += sign_text(name, x=box.x + box.w * 0.94, y=y, mm=MIN_SIGN_TEXT_MM, anchor="right")
    return out


_BANKERS = {"house": N_("HOUSE"), "player": N_("PLAYER"), "co_banking": N_("CO-BANKING")}


def _pai_gow_panel(banker: str | None, chung: int | None, priority: tuple[int, ...], box: Box) -> list[Primitive]:
    out: list[Primitive] = [Shape(rect_path(box.x, box.y, box.w, box.h), fill=_PANEL_BG)]
    bank = tr("NOT RECORDED") if banker is None else tr(_BANKERS.get(banker, banker.upper()))
    if banker is not None and chung is not None:
        bank = f"{bank}\n" + tr("CHUNG AT BOX {box}").format(box=chung)
    marks = tr("BOX {boxes}").format(boxes=", ".join(str(b) for b in priority)) if priority else tr("NONE")
    lines = [
        Line(tr("BANKER"), MIN_SIGN_TEXT_MM + 2, _GOLD, "bold"),
        Line(bank, MIN_SIGN_TEXT_MM + 5, _WHITE, "bold"),
        Line(tr("PRIORITY"), MIN_SIGN_TEXT_MM + 2, _GOLD, "bold"),
        Line(marks, MIN_SIGN_TEXT_MM + 5, _WHITE, "bold"),
    ]
    words, _ = stack(
        lines,
        x=box.x + box.w * 0.05,
        y=box.y + MIN_SIGN_TEXT_MM,
        w=box.w * 0.9,
        h=box.h - 2 * MIN_SIGN_TEXT_MM,
        gap=1.5,
        valign="top",
    )
    return out + words


def _marker(where: Placement, layout: Layout, box_no: int, letter: str, fill: Colour, offset: float) -> list[Primitive]:
    """A round marker with a letter on the box's area (B: banker, P: priority)."""
    try:
        item = layout.item_for_area(f"box{box_no}")
    except KeyError:
        return []
    from kiosk.scene.build import item_path

    x0, y0, x1, y1 = where.path(item_path(item)).bounds()
    r = MIN_SIGN_TEXT_MM * 1.3
    cx, cy = (x0 + x1) / 2 + offset * r, y0 - r * 0.9  # above the box, its number left readable
    return [
        Shape(ellipse_path(cx, cy, r, r), fill=fill, stroke=_INK, stroke_mm=1.2),
        *sign_text(letter, x=cx, y=cy, mm=MIN_SIGN_TEXT_MM, valign="middle", weight="bold", fill=_INK),
    ]


def _buttons_panel(buttons: tuple[tuple[int, tuple[str, ...]], ...], box: Box) -> list[Primitive]:
    """Each seat's marker buttons in words (002 r8.1.3); on a screen too small for them all, the
    letters in use and what each stands for (every seat still shows its letters)."""
    out: list[Primitive] = [Shape(rect_path(box.x, box.y, box.w, box.h), fill=_PANEL_BG)]
    head = Line(tr("BUTTONS"), MIN_SIGN_TEXT_MM + 2, _GOLD, "bold")
    seats = [
        Line(f"{seat}: " + ", ".join(tr(BUTTONS[c].name).upper() for c in codes), MIN_SIGN_TEXT_MM + 2, _WHITE, "bold")
        for seat, codes in buttons
    ]
    used_codes = sorted({c for _, codes in buttons for c in codes}, key=list(BUTTONS).index)
    legend = [
        Line(f"{BUTTONS[c].letter} {tr(BUTTONS[c].name).upper()}", MIN_SIGN_TEXT_MM + 2, _WHITE) for c in used_codes
    ]
    lines = [head, *(seats or [Line(tr("NONE"), MIN_SIGN_TEXT_MM + 2, _WHITE)])]
    x, w, y, h = box.x + box.w * 0.05, box.w * 0.9, box.y + MIN_SIGN_TEXT_MM, box.h - 2 * MIN_SIGN_TEXT_MM
    chosen: list[Primitive] | None = None
    for paragraphs, gap in (([head, *lines[1:]], 0.8), ([head, *legend], 0.5), (legend, 0.3)):
        whole = all(
            sign_text_width(word, MIN_SIGN_TEXT_MM, weight=line.weight) <= w
            for line in paragraphs
            for word in line.text.split()
        )
        if not whole:  # a word would be broken: the next, shorter way
            continue
        chosen, used = stack(paragraphs, x=x, y=y, w=w, h=h, gap=gap, valign="top", drop=paragraphs is legend)
        if used <= h + 1e-6:
            break
    if chosen is None:  # a panel narrower than one word: what of the legend fits whole
        chosen, _ = stack(legend or [head], x=x, y=y, w=w, h=h, gap=0.3, valign="top", drop=True)
    return out + chosen


_BUTTON_FILL: dict[str, Colour] = {"dealer": _WHITE, "dead": (150, 150, 150, 255)}


def _clear(cx: float, cy: float, r: float, avoid: list[InkBox], room: Box) -> bool:
    """Whether a disc of radius ``r`` at ``(cx, cy)`` is inside ``room`` and clear of ``avoid``."""
    if cx - r < room.x or cy - r < room.y or cx + r > room.x + room.w or cy + r > room.y + room.h:
        return False
    disc = InkBox(cx - r, cy - r, cx + r, cy + r)
    return all(min(across, down) <= 0 for across, down in (disc.overlap(box) for box in avoid))


def _seat_buttons(
    where: Placement,
    layout: Layout,
    seat: int,
    codes: tuple[str, ...],
    centre: tuple[float, float],
    avoid: list[InkBox],
    room: Box,
) -> list[Primitive]:
    """The seat's buttons as discs with their letters, in a row from the seat towards the
    table's centre (where the dealer places them, in front of the playing area); where that
    row would cover the cloth's words or other buttons (a small screen: the discs keep their
    8 mm letters while the cloth shrinks), straight out over the rail, else away from the
    centre, else to one side, inside ``room`` (the cloth's box).  The discs placed are added to ``avoid``."""
    try:
        item = layout.item_for_area(f"seat{seat}")
    except KeyError:
        return []
    from kiosk.scene.build import item_path

    x0, y0, x1, y1 = where.path(item_path(item)).bounds()
    sx, sy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = centre[0] - sx, centre[1] - sy
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    r = MIN_SIGN_TEXT_MM * 0.8
    step = 2 * r + MIN_SIGN_TEXT_MM * 0.25
    start = max(x1 - x0, y1 - y0) / 2 + r + MIN_SIGN_TEXT_MM * 0.6
    rows = []
    out_y = -1.0 if uy > 0 else 1.0  # straight out over the rail, above or below the seat
    for vx, vy in ((ux, uy), (0.0, out_y), (-ux, -uy), (-uy, ux), (uy, -ux)):
        rows.append([(sx + vx * (start + i * step), sy + vy * (start + i * step)) for i in range(len(codes))])
    row = next((row for row in rows if all(_clear(cx, cy, r, avoid, room) for cx, cy in row)), rows[0])
    out: list[Primitive] = []
    for code, (cx, cy) in zip(codes, row, strict=True):
        avoid.append(InkBox(cx - r, cy - r, cx + r, cy + r))
        out.append(Shape(ellipse_path(cx, cy, r, r), fill=_BUTTON_FILL.get(code, _GOLD), stroke=_INK, stroke_mm=1.0))
        out += sign_text(
            BUTTONS[code].letter, x=cx, y=cy, mm=MIN_SIGN_TEXT_MM, valign="middle", weight="bold", fill=_INK
        )
    return out


_CROSS: Colour = (210, 30, 30, 255)


def _not_accepted(where: Placement, layout: Layout, place: int) -> list[Primitive]:
    """A place's slot crossed out in red: its light did not light, the wager is not accepted
    (000 s231(1)(b), s237(3)); the notice band says so in words."""
    try:
        item = layout.item_for_area(f"seat{place}_slot")
    except KeyError:
        return []
    from kiosk.scene.build import item_path

    x0, y0, x1, y1 = where.path(item_path(item)).bounds()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = max((x1 - x0) / 2, (y1 - y0) / 2, MIN_SIGN_TEXT_MM) * 1.15
    t = r * 0.16
    out: list[Primitive] = [Shape(ellipse_path(cx, cy, r, r), fill=None, stroke=_CROSS, stroke_mm=t)]
    for sign in (1, -1):
        arm = [
            (cx - r * 0.7 - t * 0.5, cy - sign * (r * 0.7 - t * 0.5)),
            (cx - r * 0.7 + t * 0.5, cy - sign * (r * 0.7 + t * 0.5)),
            (cx + r * 0.7 + t * 0.5, cy + sign * (r * 0.7 - t * 0.5)),
            (cx + r * 0.7 - t * 0.5, cy + sign * (r * 0.7 + t * 0.5)),
        ]
        out.append(Shape(polygon_path(arm), fill=_CROSS))
    return out


def _ball_row(balls: tuple[str, ...], box: Box) -> tuple[list[Primitive], float]:
    """The result's balls on one line across ``box``, each followed by its name, as the trichro
    view's strip draws them; ``([], 0)`` when the line does not fit the box's width."""
    for mm in (MIN_SIGN_TEXT_MM * 1.5, MIN_SIGN_TEXT_MM * 1.25, MIN_SIGN_TEXT_MM):
        r = mm * 1.3
        height = 2 * r + 2 * mm
        if height > box.h:
            continue
        out, width = ball_row(balls, box, box.y + height / 2, mm, r, max_w=box.w * 0.94)
        if width <= box.w * 0.94:
            return out, height
    return [], 0.0


def _live(content: LayoutContent, box: Box) -> tuple[list[Primitive], float]:
    """What the table's game has live, for the room under an upright screen's cloth: tri-chro's
    result balls, two-up's last spin; the primitives and the height they take in ``box``."""
    if content.drawn:
        return _ball_row(content.drawn, box)
    if content.banner is not None:
        heading, pays = content.banner
        lines = [
            Line(heading, MIN_SIGN_TEXT_MM * 2.2, _GOLD, "bold"),
            Line(pays, MIN_SIGN_TEXT_MM * 1.3, _WHITE, "bold"),
        ]
        pad = MIN_SIGN_TEXT_MM
        words, used = stack(lines, x=box.x, y=box.y + pad, w=box.w * 0.94, h=box.h - 2 * pad, valign="top", drop=True)
        if words and used <= box.h - 2 * pad:
            return _moved(words, box.w * 0.03, 0.0), used + 2 * pad
    return [], 0.0


def _under(panel: list[Primitive], box: Box, sign: SignContent | None) -> list[Primitive]:
    """``panel`` (a panel's primitives in ``box``) and, under its words, the limits sign
    ``sign`` in the rest of the box (an upright screen's room below a short panel)."""
    if sign is None:
        return panel
    inks = [b for b in (ink_box(i) for i in panel if isinstance(i, TextRun)) if b is not None]
    lowest = max((b.bottom for b in inks), default=box.y) + MIN_SIGN_TEXT_MM
    rest = Box(box.x, lowest, box.w, box.y + box.h - lowest)
    return panel + (_limits_panel(sign, rest) if rest.h > 0 else [])


def scene_of(
    content: LayoutContent,
    table: TableState,
    settings: CasinoSettings,
    status: Status,
    notices: tuple[list[Primitive], float] = ([], 0.0),
) -> Scene:
    """The view's scene for ``content`` (composed in the screen area's millimetres), under the
    notice band ``notices`` (:func:`kiosk.views.table_notices.notice_bands`)."""
    area = content.area
    cloth = cloth_scene(table, settings, content.lit)
    band = status_band_mm(status, settings, area)
    top = notices[1]
    room = area.height_mm - band - top
    upright = _upright(area)
    portrait = content.game in _PANEL_GAMES and upright
    panel_w = _panel_width(area) if content.game in _PANEL_GAMES and not portrait else 0.0
    cloth_box = Box(0.0, top, area.width_mm - panel_w, room)
    panel_box = Box(area.width_mm - panel_w, top, panel_w, room)
    if portrait:  # an upright screen: the cloth across the top, the panel under it (ux-review P10)
        cloth_h = min(area.width_mm * cloth.height_mm / cloth.width_mm, room * 0.5)
        cloth_box = Box(0.0, top, area.width_mm, cloth_h)
        panel_box = Box(0.0, top + cloth_h, area.width_mm, room - cloth_h)
    sign = content.limits if upright and not portrait else None
    if sign is not None:  # every other game: the table's limits sign under the cloth
        cloth_h = min(area.width_mm * cloth.height_mm / cloth.width_mm, room * 0.45)
        cloth_box = Box(0.0, top, area.width_mm, cloth_h)
        panel_box = Box(0.0, top + cloth_h, area.width_mm, room - cloth_h)
    small = None
    if content.wheel is not None:  # under the cloth: the wheel's approval (003 s131(2B), (2C))
        small = _small_print(approval_words(content.wheel), cloth_box.w * 0.94, cloth_box.h * 0.2)
        if small is not None:
            cloth_box = replace(cloth_box, h=cloth_box.h - small[2] - MIN_SIGN_TEXT_MM * 1.2)
    items, where = placed(cloth, cloth_box)
    items = list(items)
    if small is not None:
        below = where.point(0.0, cloth.height_mm)[1] + MIN_SIGN_TEXT_MM * 0.8
        items += sign_text(small[0], x=cloth_box.w / 2, y=below, mm=small[1], valign="top", fill=_WHITE)
    if content.buttons or content.not_accepted:
        layout = layout_for(table, settings)
        centre = where.point(cloth.width_mm / 2, cloth.height_mm / 2)
        words = [box for box in (ink_box(i) for i in items if isinstance(i, TextRun)) if box is not None]
        for seat, codes in content.buttons:
            items += _seat_buttons(where, layout, seat, codes, centre, words, cloth_box)
        for place in content.not_accepted:
            items += _not_accepted(where, layout, place)
    if panel_w or portrait:
        panel = panel_box
        layout = layout_for(table, settings)
        if content.game == "roulette":
            items += _roulette_panel(layout, content.results, panel, content.wheel)
        elif content.game == "poker":
            items += _under(_buttons_panel(content.buttons, panel), panel, content.limits if portrait else None)
        else:
            panel_items = _pai_gow_panel(content.banker, content.chung, content.priority, panel)
            items += _under(panel_items, panel, content.limits if portrait else None)
            if content.chung is not None:  # the chung: "B" on the banker's box (003 s417)
                items += _marker(
                    where, layout, content.chung, "B", _GOLD, -1.1 if content.chung in content.priority else 0
                )
            for box_no in content.priority:  # priority set markers: "P" (s421(1)(d))
                items += _marker(where, layout, box_no, "P", _WHITE, 1.1 if box_no == content.chung else 0)
    if sign is not None:  # under the cloth: what is live (if the limits still fit), the limits
        live, live_h = _live(content, replace(panel_box, h=panel_box.h * 0.3))
        under = Box(panel_box.x, panel_box.y + live_h, panel_box.w, panel_box.h - live_h)
        limits = _limits_panel(sign, under)
        if live and not limits:
            live, limits = [], _limits_panel(sign, panel_box)
        items += live + limits
    items += notices[0]
    items += status_mark(status, settings, area)
    return Scene(
        width_mm=area.width_mm,
        height_mm=area.height_mm,
        items=tuple(items),
        background=(0, 0, 0, 255),
        areas={},
        lit=content.lit,
    )


def content_of(table: TableState, settings: CasinoSettings, area: Area) -> LayoutContent:
    banker, chung, priority = pai_gow_markers(table)
    return LayoutContent(
        table_id=table["id"],
        layout=str(layout_file(table, settings)),
        display_name=table["display_name"],
        casino=settings.name,
        game=table["game"],
        lit=lit_areas(table),
        results=roulette_results(table)[:RESULTS_SHOWN],
        banker=banker,
        chung=chung,
        priority=priority,
        area=area,
        wheel=roulette_wheel(table),
        buttons=poker_buttons(table),
        not_accepted=slots_not_accepted(table) if "jackpot_slots" in layout_features(table) else (),
        notices=table_notices(table),
        limits=_limits_content(table, settings) if _upright(area) and table["game"] != "roulette" else None,
        drawn=trichro_drawn(table) if _upright(area) else (),
        banner=_banner(table, area) if _upright(area) else None,
    )


def _banner(table: TableState, area: Area) -> tuple[str, str] | None:
    """What a two-up table's last spin decided (the lights view's banner), or ``None``."""
    if twoup_state(table) is None:
        return None
    said = result_banner(twoup_content(table, area))
    return None if said is None else (said[0], said[1])


def compose(
    table: TableState | None,
    link: LinkState | None,
    settings: CasinoSettings,
    now: datetime,
    *,
    area: Area = DEFAULT_AREA,
    connection: Status = LIVE,
    heard_at: datetime | None = None,
    lit: Iterable[str] = frozenset(),
) -> ViewState:
    """The layout view of ``table`` (``link``, ``now`` and ``heard_at`` are not used by this
    view); ``lit`` lights more areas (``kiosk snapshot --lit``)."""
    if table is None:
        raise ValueError("the layout view shows a table; none was given")
    content = content_of(table, settings, area)
    if lit:
        content = replace(content, lit=content.lit | frozenset(lit))
    bands = notice_bands(content.notices, area)
    frames = tuple(scene_of(content, table, settings, connection, band) for band in bands)
    return ViewState(
        VIEW,
        table["id"],
        content,
        connection,
        frames=frames,
        frame_seconds=NOTICE_SECONDS if len(frames) > 1 else None,
        version=table["version"],
        link_version=None if link is None else link["version"],
    )
