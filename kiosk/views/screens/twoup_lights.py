"""The ``twoup_lights`` view: the 3 heads, 3 tails and 5 odds result lights (004 sch13 s19(1)).

Each set is in the table's configured colour (``[table.two_up_dice]`` ``heads_colour``,
``tails_colour``, ``odds_colour``) and also has its own shape and letter (H in a circle, T in a
square, O in a triangle: :data:`kiosk.views.signs.CARD_FACES`), so the lights read without
colour.  A light marked failed shows the result card in its place while it would be lit
(s19(2)): :func:`kiosk.views.signs.cards.result_card` draws the card's face, the same face as
the printed card.
Below the lights: the spinner's progress (who spins, the spins of this game, the outcome).
The table's notices (:mod:`kiosk.views.table_notices`: a closing) on a band across the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from kiosk.scene.primitives import (
    Colour,
    Primitive,
    Scene,
    Shape,
    parse_colour,
    rect_path,
)
from kiosk.state.shapes import TWO_UP_GAMES, LinkState, TableState
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
from kiosk.views.facts import twoup_state
from kiosk.views.placing import Box
from kiosk.views.signs.cards import card_ink, letter_centre, light_shape, result_card
from kiosk.views.signs.kinds_cards import CARD_FACES
from kiosk.views.table_notices import NOTICE_SECONDS, TableNotice, notice_bands, table_notices

__all__ = ["VIEW", "SETS", "TwoUpContent", "compose"]

VIEW = "twoup_lights"
Result = Literal["heads", "tails", "odds"]
SETS: tuple[tuple[Result, int], ...] = (("heads", 3), ("tails", 3), ("odds", 5))  # 004 sch13 s19(1)
_WHITE: Colour = (255, 255, 255, 255)
_DIM: Colour = (40, 40, 40, 255)
_GOLD_TEXT: Colour = (240, 200, 90, 255)
_SPIN_WORDS = {"H": "H", "T": "T", "O": "O", "X": "no spin"}
_OUTCOME = {"win": "SPINNER WINS", "lose": "SPINNER LOSES", "end": "DEALER'S GAME ENDS"}


@dataclass(frozen=True)
class TwoUpContent:
    """Everything the twoup_lights view's scene is drawn from."""

    table_id: str
    display_name: str
    colours: tuple[tuple[str, str], ...]
    lit: tuple[tuple[str, int], ...]
    failed: tuple[tuple[str, tuple[int, ...]], ...]
    phase: str
    game: int | None
    spinner: str | None
    call: str | None
    spins: tuple[str, ...]
    outcome: str | None
    must_change_spinner: bool
    area: Area
    notices: tuple[TableNotice, ...] = ()


def _light(result: str, lit: bool, failed: bool, colour: Colour, box: Box, card_box: Box) -> list[Primitive]:
    """One light in its cell: lit (its colour, letter in ink), dark (a dim shape edged in its
    colour, letter in its colour) or failed (the result card while it would be lit; a dashed
    empty outline while dark)."""
    if failed:
        if lit:
            return result_card(result, colour, card_box)
        return [
            Shape(
                rect_path(box.x, box.y, box.w, box.h, radius=2.0),
                stroke=(150, 150, 150, 255),
                stroke_mm=0.8,
                dash_mm=(3.0, 3.0),
            )
        ]
    size = min(box.w, box.h) * 0.92
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    letter = CARD_FACES[result][1]
    letter_mm = max(MIN_SIGN_TEXT_MM, size * (0.32 if CARD_FACES[result][2] == "triangle" else 0.45))
    if lit:
        return [
            Shape(light_shape(result, cx, cy, size), fill=colour, stroke=_WHITE, stroke_mm=max(1.0, size * 0.03)),
            *sign_text(
                letter,
                x=cx,
                y=letter_centre(result, cy, size),
                mm=letter_mm,
                valign="middle",
                weight="bold",
                fill=card_ink(colour),
            ),
        ]
    return [
        Shape(light_shape(result, cx, cy, size), fill=_DIM, stroke=colour, stroke_mm=max(1.0, size * 0.04)),
        *sign_text(
            letter, x=cx, y=letter_centre(result, cy, size), mm=letter_mm, valign="middle", weight="bold", fill=colour
        ),
    ]


def content_of(table: TableState, area: Area) -> TwoUpContent:
    gs = twoup_state(table)
    if gs is None:
        raise ValueError(f"the twoup_lights view shows a two-up table, not {table['game']}")
    settings = table.get("settings") or {}
    game = gs.get("game") if isinstance(gs.get("game"), dict) else None
    lights = game.get("lights") if game else None
    failed: object = gs.get("failed_lights")  # as stored: a row older than the key has none
    spins: list[str] = [code for kind, code in (game.get("actions") or ()) if kind == "spin"] if game else []
    return TwoUpContent(
        table_id=table["id"],
        display_name=table["display_name"],
        colours=tuple((name, str(settings.get(f"{name}_colour") or "#ffffff")) for name, _ in SETS),
        lit=tuple((name, int(lights.get(name, 0)) if lights else 0) for name, _ in SETS),
        failed=tuple(
            (name, tuple(sorted((failed.get(name) if isinstance(failed, dict) else None) or ()))) for name, _ in SETS
        ),
        phase=str(gs.get("phase", "betting")),
        game=None if game is None else int(game.get("number", 0)),
        spinner=None if game is None else game.get("spinner"),
        call=None if game is None else game.get("call"),
        spins=tuple(spins),
        outcome=None if game is None else game.get("outcome"),
        must_change_spinner=bool(game and game.get("must_change_spinner")),
        area=area,
        notices=table_notices(table),
    )


def _progress(content: TwoUpContent) -> list[Line]:
    if content.game is None:
        return [Line("Waiting for a spinner", MIN_SIGN_TEXT_MM + 2)]
    who = "Dealer spins" if content.spinner == "dealer" else f"Spinner calls {str(content.call).upper()}"
    spins = " ".join(_SPIN_WORDS.get(code, code) for code in content.spins[-12:]) or "no spin yet"
    lines = []  # the most important first: a small screen leaves out the last
    if content.outcome is not None:
        lines.append(Line(_OUTCOME.get(content.outcome, content.outcome.upper()), MIN_SIGN_TEXT_MM + 6, _WHITE, "bold"))
    elif content.phase == "no_more_bets":
        lines.append(Line("NO MORE BETS", MIN_SIGN_TEXT_MM + 6, (255, 120, 100, 255), "bold"))
    lines += [
        Line(f"Game {content.game}: {who}", MIN_SIGN_TEXT_MM + 3, _GOLD_TEXT, "bold"),
        Line(f"Spins: {spins}", MIN_SIGN_TEXT_MM + 2),
    ]
    if content.must_change_spinner:
        lines.append(Line("3 no-spins in a row: the spinner changes (004 sch13 s21)", MIN_SIGN_TEXT_MM + 1))
    return lines


def scene_of(
    content: TwoUpContent,
    settings: CasinoSettings,
    status: Status,
    notices: tuple[list[Primitive], float] = ([], 0.0),
) -> Scene:
    area = content.area
    band = status_band_mm(status, settings, area)
    pad = MIN_SIGN_TEXT_MM
    items: list[Primitive] = list(notices[0])
    name, mm = fit_sign_text(content.display_name, width_mm=area.width_mm - 2 * pad, largest_mm=12.0, weight="bold")
    items += sign_text(
        name, x=pad, y=notices[1] + pad, mm=mm, anchor="left", valign="top", weight="bold", fill=_GOLD_TEXT
    )
    top = notices[1] + pad + mm * 1.45 * (1 + 1.6 * name.count("\n")) + pad
    colours = {n: parse_colour(c) or _WHITE for n, c in content.colours}
    lit = dict(content.lit)
    failed = dict(content.failed)
    progress_h = (area.height_mm - top - band) * 0.3
    rows_h = area.height_mm - top - band - progress_h
    row_h = rows_h / len(SETS)
    label_mm = MIN_SIGN_TEXT_MM + (4 if area.width_mm > 400 else 1)
    label_w = max(sign_text_width(CARD_FACES[n][0], label_mm, weight="bold") for n, _ in SETS) + 2 * pad
    cell_w = (area.width_mm - label_w - pad) / max(count for _, count in SETS)
    for row, (result, count) in enumerate(SETS):
        y = top + row * row_h
        items += sign_text(
            CARD_FACES[result][0],
            x=pad,
            y=y + row_h / 2,
            mm=label_mm,
            anchor="left",
            valign="middle",
            weight="bold",
            fill=colours[result],
        )
        left = label_w + (max(c for _, c in SETS) - count) * cell_w / 2  # centred under the odds
        for i in range(count):
            cell = Box(left + i * cell_w + cell_w * 0.06, y + row_h * 0.06, cell_w * 0.88, row_h * 0.88)
            card = Box(left + i * cell_w + 0.75, y + row_h * 0.04, cell_w - 1.5, row_h * 0.92)
            items += _light(result, i < lit[result], i + 1 in failed[result], colours[result], cell, card)
    lines = _progress(content)
    # stack() measures lines from cap top to baseline: leave the last line's descenders room
    # above the screen's edge (a 1280x800 screen cut the "p" of "Spins")
    words, _ = stack(
        lines,
        x=pad,
        y=top + rows_h,
        w=area.width_mm - 2 * pad,
        h=progress_h - MIN_SIGN_TEXT_MM * 0.6,
        gap=0.5,
        drop=True,
    )
    items += words
    items += status_mark(status, settings, area)
    return Scene(width_mm=area.width_mm, height_mm=area.height_mm, items=tuple(items), background=(0, 0, 0, 255))


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
    """The result lights of a two-up dice ``table`` (``heard_at`` and ``lit`` are not used by
    this view)."""
    if table is None or table["game"] not in TWO_UP_GAMES:
        raise ValueError(f"the twoup_lights view shows a two-up table, not {None if table is None else table['game']}")
    content = content_of(table, area)
    frames = tuple(scene_of(content, settings, connection, band) for band in notice_bands(content.notices, area))
    return ViewState(
        VIEW,
        table["id"],
        content,
        connection,
        frames=frames,
        frame_seconds=NOTICE_SECONDS if len(frames) > 1 else None,
        version=table["version"],
    )
