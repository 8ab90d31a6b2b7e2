"""The ``trichro`` view: the drawing's two balls, large, beside the lit layout.

* betting (before the first call): "PLACE YOUR BETS";
* 'no more bets' called: "NO MORE BETS" (001 s462, s463(1));
* result: the two balls drawn, each a disc in its colour with a star where the ball has one,
  and named in words ("RED STAR", "GOLD") so it reads without colour; a random result
  generator's balls say so (001 s455); the winning areas lit on the layout (s463(3));
* voided drawing (a malfunction, s465(3), s466(a)): "DRAWING VOID", why, and no area lit;
  after a generator malfunction, that a new drawing needs an inspector's approval (s466(b));
  after a broken ball, that it is replaced before the next drawing (s465(4)(c));
* the table's notices (:mod:`kiosk.views.table_notices`: "Result stands: illumination fault"
  when the dealer recorded a winning area that did not light, 000 s78(7); a closing) on a band
  across the top.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from kiosk.language import N_, tr
from kiosk.rules.trichro import Ball, wagers
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, ellipse_path, polygon_path, rect_path
from kiosk.state.shapes import TRI_CHRO_GAMES, LinkState, TableState
from kiosk.views.base import (
    DEFAULT_AREA,
    GOLD_TEXT,
    LIVE,
    MIN_SIGN_TEXT_MM,
    WHITE,
    Area,
    CasinoSettings,
    Line,
    Status,
    ViewState,
    fit_sign_text,
    ink_pitch,
    sign_text,
    sign_text_height,
    sign_text_width,
    stack,
    status_band_mm,
    status_mark,
)
from kiosk.views.cloth import cloth_scene
from kiosk.views.facts import trichro_drawn, trichro_lit, trichro_state
from kiosk.views.placing import Box, placed
from kiosk.views.table_notices import NOTICE_SECONDS, TableNotice, notice_bands, table_notices

__all__ = [
    "VIEW",
    "BALL_COLOURS",
    "HIGHLIGHT",
    "TriChroContent",
    "compose",
    "ball_primitives",
    "ball_words",
    "winners_of",
]

VIEW = "trichro"
BALL_COLOURS: dict[str, Colour] = {"red": (206, 32, 41, 255), "green": (19, 133, 67, 255), "gold": (217, 165, 32, 255)}
_STAR: Colour = (255, 255, 255, 255)
_STAR_EDGE: Colour = (17, 17, 17, 255)
_ALERT: Colour = (255, 120, 100, 255)
HIGHLIGHT: Colour = (0, 229, 255, 255)
"""The ring round each winning area: electric cyan, a colour the tri-chro cloths use nowhere
(their felt is navy, their areas red, green, gold and cream, and the lamp glow warm yellow)."""
HIGHLIGHT_RING_MM = 1.6
"""The ring's width on the screen."""
_DIM: Colour = (0, 0, 0, 178)  # a losing area while a result is shown: at 30 % of its brightness


@dataclass(frozen=True)
class TriChroContent:
    """Everything the trichro view's scene is drawn from."""

    table_id: str
    display_name: str
    phase: str
    drawing: int
    balls: tuple[str, ...]
    generator: bool
    lit: frozenset[str]
    void_reason: str | None
    void_rule: str | None
    awaiting_inspector: bool
    broken_ball: bool
    area: Area
    notices: tuple[TableNotice, ...] = ()
    ball_count: int = 54


_BALL_WORDS = {
    ("red", False): N_("RED"),
    ("red", True): N_("RED STAR"),
    ("green", False): N_("GREEN"),
    ("green", True): N_("GREEN STAR"),
    ("gold", False): N_("GOLD"),
    ("gold", True): N_("GOLD STAR"),
}


def ball_words(token: str) -> str:
    """A ball in words: ``"red*"`` -> ``"RED STAR"``."""
    ball = Ball.parse(token)
    return tr(_BALL_WORDS[(ball.colour, ball.star)])


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    return points


def ball_primitives(token: str, cx: float, cy: float, r: float) -> list[Primitive]:
    """A ball: a disc in its colour, with a white star (dark edged) when it has one."""
    ball = Ball.parse(token)
    out: list[Primitive] = [
        Shape(ellipse_path(cx, cy, r, r), fill=BALL_COLOURS[ball.colour], stroke=WHITE, stroke_mm=max(1.0, r * 0.04))
    ]
    if ball.star:
        out.append(
            Shape(polygon_path(_star(cx, cy, r * 0.62)), fill=_STAR, stroke=_STAR_EDGE, stroke_mm=max(0.6, r * 0.02))
        )
    return out


def content_of(table: TableState, area: Area) -> TriChroContent:
    gs = trichro_state(table)
    if gs is None:
        raise ValueError(f"the trichro view shows a tri-chro table, not {table['game']}")
    void = gs.get("void") if isinstance(gs.get("void"), dict) else None
    return TriChroContent(
        table_id=table["id"],
        display_name=table["display_name"],
        phase=str(gs.get("phase", "betting")),
        drawing=int(gs.get("drawing", 0)),
        balls=trichro_drawn(table),
        generator=gs.get("source") == "random_result_generator",
        lit=trichro_lit(table),
        void_reason=None if void is None else str(void.get("reason") or ""),
        void_rule=None if void is None else void.get("rule"),
        awaiting_inspector=bool(gs.get("awaiting_inspector")),
        broken_ball=bool(gs.get("broken_ball")),
        area=area,
        ball_count=int(gs.get("balls", 54)),
        notices=table_notices(table),
    )


def winners_of(content: TriChroContent) -> tuple[tuple[str, str], ...]:
    """The winning wagers lit, in the seed's order, as ``(name, odds)`` in capitals: the names and
    odds of 001 s467 from the rules data (the same the cloth and the signs print)."""
    return tuple(
        (tr(w.name).upper(), tr("{odds} TO {per}").format(odds=w.odds[0], per=w.odds[1]))
        for w in wagers(content.ball_count)
        if w.id in content.lit
    )


def _balls(content: TriChroContent, box: Box) -> list[Primitive]:
    """The two balls side by side, as large as ``box`` allows, each named under it in its own
    half (a gap between the names, nothing over a ball)."""
    half = box.w / 2
    label_w = half - MIN_SIGN_TEXT_MM
    words = [ball_words(t) for t in content.balls]
    largest = max(MIN_SIGN_TEXT_MM, min(16.0, box.h * 0.14))
    fitted = [fit_sign_text(w, width_mm=label_w, largest_mm=largest, weight="bold") for w in words]
    mm = min(m for _, m in fitted)
    fitted = [fit_sign_text(w, width_mm=label_w, largest_mm=mm, weight="bold") for w in words]
    label_h = max(sign_text_height(t, m) for t, m in fitted) + mm * 0.6
    r = max(MIN_SIGN_TEXT_MM, min(half * 0.42, (box.h - label_h) / 2 * 0.94))
    cy = box.y + (box.h - label_h - 2 * r) / 2 + r
    out: list[Primitive] = []
    for i, (token, (text, m)) in enumerate(zip(content.balls, fitted, strict=True)):
        cx = box.x + half * (i + 0.5)
        out += ball_primitives(token, cx, cy, r)
        out += sign_text(text, x=cx, y=cy + r + mm * 0.6, mm=m, valign="top", weight="bold", fill=WHITE)
    return out


def ball_row(
    balls: tuple[str, ...], box: Box, cy: float, mm: float, r: float, max_w: float | None = None
) -> tuple[list[Primitive], float]:
    """The balls small on one line centred across ``box`` at ``cy``, each of radius ``r`` and
    followed by its name at ``mm``; with the line's width (the trichro view's strip, the layout
    view's live row). Nothing is drawn (``[]``) when the line is wider than ``max_w``."""
    words = [ball_words(t) for t in balls]
    widths = [2 * r + mm * 0.6 + sign_text_width(w, mm, weight="bold") for w in words]
    gap = mm * 1.5
    width = sum(widths) + gap * (len(widths) - 1)
    if max_w is not None and width > max_w:
        return [], width
    x = box.x + (box.w - width) / 2
    out: list[Primitive] = []
    for token, word, w in zip(balls, words, widths, strict=True):
        out += ball_primitives(token, x + r, cy, r)
        out += sign_text(
            word, x=x + 2 * r + mm * 0.6, y=cy, mm=mm, anchor="left", valign="middle", weight="bold", fill=WHITE
        )
        x += w + gap
    return out, width


def _ball_strip(content: TriChroContent, box: Box) -> list[Primitive]:
    """The two balls small, each followed by its name, on one line across ``box``."""
    mm = MIN_SIGN_TEXT_MM
    r = max(mm * 0.8, min(box.h * 0.42, mm * 1.4))
    return ball_row(content.balls, box, box.y + box.h / 2, mm, r)[0]


def _winners_block(winners: tuple[tuple[str, str], ...], box: Box, largest: float) -> list[Primitive] | None:
    """ "WINNING BETS" and one line a winning wager, the name at the left and the odds at the
    right, as large as fits ``box`` (up to ``largest``).  At the sign floor a wager too long for
    the width puts its odds on a line of their own, and then the heading may be left out; ``None``
    when even so they do not fit."""
    heading = tr("WINNING BETS")
    mm = max(MIN_SIGN_TEXT_MM, largest)
    while True:
        pitch = max(mm * 1.45, ink_pitch([heading, *(t for w in winners for t in w)], mm, weight="bold"))
        gap = mm * 0.8
        names = [sign_text_width(n, mm, weight="bold") for n, _ in winners]
        odds = [sign_text_width(o, mm, weight="bold") for _, o in winners]
        floor = mm <= MIN_SIGN_TEXT_MM
        split = [n + gap + o > box.w for n, o in zip(names, odds, strict=True)]
        fits_w = all(max(n, o) <= box.w for n, o in zip(names, odds, strict=True)) and (floor or not any(split))
        rows = len(winners) + sum(split)
        for with_heading in (True, False) if floor else (True,):
            if fits_w and pitch * (rows + with_heading) <= box.h:
                break
        else:
            if floor:
                return None
            mm = max(MIN_SIGN_TEXT_MM, mm - 0.5)
            continue
        break
    width = max(
        [min(box.w, n + gap + o) for n, o in zip(names, odds, strict=True)]
        + [sign_text_width(heading, mm, weight="bold") if with_heading else 0.0]
    )
    x = box.x + (box.w - width) / 2
    y = box.y + (box.h - pitch * (rows + with_heading)) / 2 + (pitch - mm) / 2
    out: list[Primitive] = []
    if with_heading:
        out += sign_text(heading, x=x, y=y, mm=mm, anchor="left", valign="top", weight="bold", fill=GOLD_TEXT)
        y += pitch
    for (name, odd), wraps in zip(winners, split, strict=True):
        out += sign_text(name, x=x, y=y, mm=mm, anchor="left", valign="top", weight="bold", fill=WHITE)
        y += pitch if wraps else 0.0
        out += sign_text(odd, x=x + width, y=y, mm=mm, anchor="right", valign="top", weight="bold", fill=WHITE)
        y += pitch
    return out


def _lines(lines: list[Line], box: Box) -> list[Primitive]:
    out, _ = stack(lines, x=box.x, y=box.y, w=box.w, h=box.h, gap=0.5, drop=True)
    return out


def _message(content: TriChroContent, box: Box) -> list[Primitive]:
    """Before the result, or a void drawing: what players need to know, in plain words (the
    citations are in the audit record of the dealer's command)."""
    big = max(MIN_SIGN_TEXT_MM, min(box.w * 0.11, box.h * 0.14))
    body = MIN_SIGN_TEXT_MM + 2
    if content.phase == "void":
        generator = content.void_rule is not None and content.void_rule.startswith("001 s466")
        lines = [
            Line(tr("DRAWING VOID"), big, _ALERT, "bold"),
            Line(
                tr("The electronic drawing failed: it decides no bet")
                if generator
                else tr("The drawing device failed: it decides no bet"),
                body,
            ),
        ]
        if content.awaiting_inspector:
            lines.append(Line(tr("A new drawing needs an inspector's approval"), body, GOLD_TEXT))
        return _lines(lines, box)
    lines = [
        Line(
            tr("NO MORE BETS") if content.phase == "no_more_bets" else tr("PLACE YOUR BETS"),
            big,
            _ALERT if content.phase == "no_more_bets" else WHITE,
            "bold",
        )
    ]
    if content.broken_ball:
        lines.append(Line(tr("A broken ball is replaced before the next drawing"), body, GOLD_TEXT))
    return _lines(lines, box)


def _header(content: TriChroContent, area: Area, top: float = 0.0) -> tuple[list[Primitive], float]:
    drawing = tr("DRAWING {number}").format(number=content.drawing) if content.drawing else ""
    if content.generator and content.phase == "result":
        drawing = tr("ELECTRONIC DRAWING {number}").format(number=content.drawing)
    size = min(12.0, max(MIN_SIGN_TEXT_MM, area.height_mm * 0.045))
    right_w = sign_text_width(drawing, size) + MIN_SIGN_TEXT_MM * 3 if drawing else MIN_SIGN_TEXT_MM * 2
    if area.width_mm - right_w < sign_text_width(content.display_name, MIN_SIGN_TEXT_MM, weight="bold") * 0.6:
        drawing, right_w = "", MIN_SIGN_TEXT_MM * 2  # a narrow screen: the name alone
    name, mm = fit_sign_text(
        content.display_name, width_mm=area.width_mm - right_w - MIN_SIGN_TEXT_MM, largest_mm=size, weight="bold"
    )
    header_h = max(sign_text_height(name, mm), sign_text_height(drawing, size) if drawing else 0.0) + size * 1.2
    out: list[Primitive] = [Shape(rect_path(0, top, area.width_mm, header_h), fill=(30, 30, 30, 255))]
    out += sign_text(
        name,
        x=MIN_SIGN_TEXT_MM,
        y=top + header_h / 2,
        mm=mm,
        anchor="left",
        valign="middle",
        weight="bold",
        fill=GOLD_TEXT,
    )
    if drawing:
        out += sign_text(
            drawing,
            x=area.width_mm - MIN_SIGN_TEXT_MM,
            y=top + header_h / 2,
            mm=size,
            anchor="right",
            valign="middle",
            fill=WHITE,
        )
    return out, top + header_h


def _cloth(table: TableState, settings: CasinoSettings, content: TriChroContent, box: Box) -> list[Primitive]:
    """The layout fitted into ``box`` with the winning areas lit and ringed in the highlight (a
    colour the cloth has nowhere), and, while a result is shown, every losing area dimmed."""
    cloth = cloth_scene(table, settings, content.lit)
    k = min(box.w / cloth.width_mm, box.h / cloth.height_mm)
    extra: list[Primitive] = []
    if content.phase == "result" and content.lit:
        extra += [Shape(path, fill=_DIM) for area_id, path in sorted(cloth.areas.items()) if area_id not in content.lit]
    ring = HIGHLIGHT_RING_MM / k  # on the screen, whatever the cloth's scale
    extra += [
        Shape(path, stroke=HIGHLIGHT, stroke_mm=ring)
        for area_id, path in sorted(cloth.areas.items())
        if area_id in content.lit
    ]
    out, _ = placed(replace(cloth, items=cloth.items + tuple(extra)), box)
    return out


def _bodies(content: TriChroContent, table: TableState, settings: CasinoSettings, body: Box) -> list[list[Primitive]]:
    """What the body of the screen shows, one list of primitives per frame: the result (balls,
    winning bets, lit cloth) on one frame where it fits, else on two shown in turn (balls with the
    cloth, then the balls in a strip over the winning bets); the other phases on one."""
    pad = MIN_SIGN_TEXT_MM
    landscape = body.w > body.h * 1.2
    inner = Box(body.x + pad, body.y + pad * 0.5, body.w - 2 * pad, body.h - pad)
    if landscape:
        text = Box(inner.x, inner.y, inner.w * 0.5 - pad / 2, inner.h)
        cloth = Box(inner.x + inner.w * 0.5 + pad / 2, inner.y, inner.w * 0.5 - pad / 2, inner.h)
    else:
        text = Box(inner.x, inner.y, inner.w, inner.h * 0.55)
        cloth = Box(inner.x, inner.y + inner.h * 0.55 + pad / 2, inner.w, inner.h * 0.45 - pad / 2)
    if content.phase == "void":  # nothing is lit: the words take the screen
        return [_message(content, inner)]
    if content.phase != "result" or len(content.balls) != 2:
        return [_message(content, text) + _cloth(table, settings, content, cloth)]
    winners = winners_of(content)
    largest = min(16.0, max(MIN_SIGN_TEXT_MM, text.h * 0.07))
    # one frame where it fits: the balls over the winners, beside the cloth (landscape: the cloth
    # may give up a fifth of its width); the balls as large as leaves the winners room
    for wide, share in ((0.5, 0.5), (0.5, 0.4), (0.6, 0.4), (0.6, 0.33)) if landscape else ((0, 0.5), (0, 0.4)):
        words, drawing = text, cloth
        if landscape and wide != 0.5:
            words = Box(inner.x, inner.y, inner.w * wide - pad / 2, inner.h)
            drawing = Box(inner.x + inner.w * wide + pad / 2, inner.y, inner.w * (1 - wide) - pad / 2, inner.h)
        balls = Box(words.x, words.y, words.w, words.h * share)
        listed = Box(words.x, words.y + balls.h + pad / 2, words.w, words.h - balls.h - pad / 2)
        block = _winners_block(winners, listed, largest)
        if block is not None:
            return [_balls(content, balls) + block + _cloth(table, settings, content, drawing)]
    first = _balls(content, text) + _cloth(table, settings, content, cloth)
    strip = Box(inner.x, inner.y, inner.w, min(inner.h * 0.2, MIN_SIGN_TEXT_MM * 2.6))
    listed = Box(body.x + pad / 2, strip.y + strip.h + pad / 2, body.w - pad, inner.h - strip.h - pad / 2)
    block = _winners_block(winners, listed, largest)
    if block is not None:
        return [first, _ball_strip(content, strip) + block]
    whole = Box(body.x + pad / 2, inner.y, body.w - pad, inner.h)
    block = _winners_block(winners, whole, largest)  # a page of their own (the balls on the other)
    if block is not None:
        return [first, block]
    pages: list[list[Primitive]] = [first]
    half = (len(winners) + 1) // 2  # still too many: two pages of them
    for part in (winners[:half], winners[half:]):
        pages.append(
            _winners_block(part, whole, largest) or _lines([Line(f"{n} {o}", MIN_SIGN_TEXT_MM) for n, o in part], whole)
        )
    return pages


def scenes_of(
    content: TriChroContent,
    table: TableState,
    settings: CasinoSettings,
    status: Status,
    notices: tuple[list[Primitive], float] = ([], 0.0),
) -> list[Scene]:
    area = content.area
    band = status_band_mm(status, settings, area)
    items, header_h = _header(content, area, notices[1])
    items = list(notices[0]) + items
    body = Box(0.0, header_h, area.width_mm, area.height_mm - header_h - band)
    mark = status_mark(status, settings, area)
    return [
        Scene(
            width_mm=area.width_mm,
            height_mm=area.height_mm,
            items=tuple(items + frame + mark),
            background=(0, 0, 0, 255),
            lit=content.lit,
        )
        for frame in _bodies(content, table, settings, body)
    ]


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
    """The trichro view of a tri-chro ``table``; ``lit`` lights more areas (``kiosk snapshot
    --lit``); ``heard_at`` is not used by this view."""
    if table is None or table["game"] not in TRI_CHRO_GAMES:
        raise ValueError(f"the trichro view shows a tri-chro table, not {None if table is None else table['game']}")
    content = content_of(table, area)
    if lit:
        content = replace(content, lit=content.lit | frozenset(lit))
    bands = notice_bands(content.notices, area)
    frames = tuple(scene for band in bands for scene in scenes_of(content, table, settings, connection, band))
    return ViewState(
        VIEW,
        table["id"],
        content,
        connection,
        frames=frames,
        frame_seconds=NOTICE_SECONDS if len(frames) > 1 else None,
        version=table["version"],
    )
