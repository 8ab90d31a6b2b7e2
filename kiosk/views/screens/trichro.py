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

from kiosk.rules.trichro import Ball
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, ellipse_path, polygon_path, rect_path
from kiosk.state.shapes import TRI_CHRO_GAMES, LinkState, TableState
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
from kiosk.views.cloth import cloth_scene
from kiosk.views.facts import trichro_lit, trichro_state
from kiosk.views.placing import Box, placed
from kiosk.views.table_notices import NOTICE_SECONDS, TableNotice, notice_bands, table_notices

__all__ = ["VIEW", "BALL_COLOURS", "TriChroContent", "compose", "ball_primitives", "ball_words"]

VIEW = "trichro"
BALL_COLOURS: dict[str, Colour] = {"red": (206, 32, 41, 255), "green": (19, 133, 67, 255), "gold": (217, 165, 32, 255)}
_STAR: Colour = (255, 255, 255, 255)
_STAR_EDGE: Colour = (17, 17, 17, 255)
_WHITE: Colour = (255, 255, 255, 255)
_GOLD_TEXT: Colour = (240, 200, 90, 255)
_ALERT: Colour = (255, 120, 100, 255)


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


def ball_words(token: str) -> str:
    """A ball in words: ``"red*"`` -> ``"RED STAR"``."""
    ball = Ball.parse(token)
    return ball.colour.upper() + (" STAR" if ball.star else "")


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
        Shape(ellipse_path(cx, cy, r, r), fill=BALL_COLOURS[ball.colour], stroke=_WHITE, stroke_mm=max(1.0, r * 0.04))
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
        balls=tuple(gs.get("drawn") or ()) if gs.get("phase") == "result" else (),
        generator=gs.get("source") == "random_result_generator",
        lit=trichro_lit(table),
        void_reason=None if void is None else str(void.get("reason") or ""),
        void_rule=None if void is None else void.get("rule"),
        awaiting_inspector=bool(gs.get("awaiting_inspector")),
        broken_ball=bool(gs.get("broken_ball")),
        area=area,
        notices=table_notices(table),
    )


def _left(content: TriChroContent, box: Box) -> list[Primitive]:
    out: list[Primitive] = []
    big = max(MIN_SIGN_TEXT_MM, min(box.w * 0.11, box.h * 0.14))
    body = MIN_SIGN_TEXT_MM + 2
    if content.phase == "result" and len(content.balls) == 2:
        notes = [Line("drawn by the random result generator (001 s455)", body, _GOLD_TEXT)] if content.generator else []
        words, used = stack(notes, x=box.x, y=box.y, w=box.w, h=box.h * 0.2, valign="top") if notes else ([], 0.0)
        label_h = box.h * 0.22
        ball_h = box.h - label_h - used - (MIN_SIGN_TEXT_MM if notes else 0)
        r = max(MIN_SIGN_TEXT_MM, min(box.w * 0.22, ball_h * 0.45))
        cy = box.y + ball_h / 2
        for i, token in enumerate(content.balls):
            cx = box.x + box.w * (0.26 if i == 0 else 0.74)
            out += ball_primitives(token, cx, cy, r)
            label, _ = stack(
                [Line(ball_words(token), max(big * 0.5, body + 2), _WHITE, "bold")],
                x=cx - box.w * 0.24,
                y=box.y + ball_h,
                w=box.w * 0.48,
                h=label_h,
            )
            out += label
        if notes:
            moved, _ = stack(notes, x=box.x, y=box.y + ball_h + label_h, w=box.w, h=box.h - ball_h - label_h)
            out += moved
        return out
    if content.phase == "void":
        reason = content.void_reason or "the drawing device malfunctioned"
        rule = f" ({content.void_rule})" if content.void_rule and content.void_rule not in reason else ""
        lines = [
            Line("DRAWING VOID", big, _ALERT, "bold"),
            Line(reason + rule, body),
            Line("No area is lit: this drawing decides no wager", body),
        ]
        if content.awaiting_inspector:
            lines.append(Line("A new drawing needs an inspector's approval (001 s466(b))", body, _GOLD_TEXT))
        out, _ = stack(lines, x=box.x, y=box.y, w=box.w, h=box.h, gap=1.0)
        return out
    lines = [
        Line(
            "NO MORE BETS" if content.phase == "no_more_bets" else "PLACE YOUR BETS",
            big,
            _ALERT if content.phase == "no_more_bets" else _WHITE,
            "bold",
        )
    ]
    if content.broken_ball:
        lines.append(Line("A broken ball is replaced before the next drawing (001 s465(4)(c))", body, _GOLD_TEXT))
    out, _ = stack(lines, x=box.x, y=box.y, w=box.w, h=box.h)
    return out


def _header(content: TriChroContent, area: Area, top: float = 0.0) -> tuple[list[Primitive], float]:
    drawing = f"Drawing {content.drawing}" if content.drawing else ""
    size = min(12.0, max(MIN_SIGN_TEXT_MM, area.height_mm * 0.045))
    right_w = sign_text_width(drawing, size) + MIN_SIGN_TEXT_MM * 3 if drawing else MIN_SIGN_TEXT_MM * 2
    name, mm = fit_sign_text(
        content.display_name, width_mm=area.width_mm - right_w - MIN_SIGN_TEXT_MM, largest_mm=size, weight="bold"
    )
    face_ratio = 1.45 if any(ch.islower() for ch in name) else 1.0
    header_h = mm * face_ratio * (1 + 1.6 * name.count("\n")) + size * 2.2
    out: list[Primitive] = [Shape(rect_path(0, top, area.width_mm, header_h), fill=(30, 30, 30, 255))]
    out += sign_text(
        name,
        x=MIN_SIGN_TEXT_MM,
        y=top + header_h / 2,
        mm=mm,
        anchor="left",
        valign="middle",
        weight="bold",
        fill=_GOLD_TEXT,
    )
    if drawing:
        out += sign_text(
            drawing,
            x=area.width_mm - MIN_SIGN_TEXT_MM,
            y=top + header_h / 2,
            mm=size,
            anchor="right",
            valign="middle",
            fill=_WHITE,
        )
    return out, top + header_h


def scene_of(
    content: TriChroContent,
    table: TableState,
    settings: CasinoSettings,
    status: Status,
    notices: tuple[list[Primitive], float] = ([], 0.0),
) -> Scene:
    area = content.area
    band = status_band_mm(status, settings, area)
    items, header_h = _header(content, area, notices[1])
    items = list(notices[0]) + items
    body = Box(0.0, header_h, area.width_mm, area.height_mm - header_h - band)
    left = Box(
        body.x + MIN_SIGN_TEXT_MM,
        body.y + MIN_SIGN_TEXT_MM,
        body.w * 0.52 - MIN_SIGN_TEXT_MM,
        body.h - 2 * MIN_SIGN_TEXT_MM,
    )
    right = Box(body.x + body.w * 0.54, body.y + body.h * 0.04, body.w * 0.45, body.h * 0.92)
    items += _left(content, left)
    cloth, _ = placed(cloth_scene(table, settings, content.lit), right)
    items += cloth
    items += status_mark(status, settings, area)
    return Scene(
        width_mm=area.width_mm, height_mm=area.height_mm, items=tuple(items), background=(0, 0, 0, 255), lit=content.lit
    )


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
    frames = tuple(scene_of(content, table, settings, connection, band) for band in bands)
    return ViewState(
        VIEW,
        table["id"],
        content,
        connection,
        frames=frames,
        frame_seconds=NOTICE_SECONDS if len(frames) > 1 else None,
        version=table["version"],
    )
