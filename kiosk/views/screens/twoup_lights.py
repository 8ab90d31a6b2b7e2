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

from kiosk.language import N_, tr
from kiosk.rules.twoup import LIGHT_SETS, PLAYER_ODDS, SPINNER_ODDS
from kiosk.scene.legibility import ink_rows
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
    GOLD_TEXT,
    LIVE,
    MIN_SIGN_TEXT_MM,
    Area,
    CasinoSettings,
    Line,
    Status,
    ViewState,
    fit_sign_text,
    sign_text,
    sign_text_height,
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

__all__ = ["VIEW", "SETS", "TwoUpContent", "compose", "odds_words", "result_banner"]

VIEW = "twoup_lights"
Result = Literal["heads", "tails", "odds"]
SETS: tuple[tuple[Result, int], ...] = (("heads", 3), ("tails", 3), ("odds", 5))  # 004 sch13 s19(1)
_WHITE: Colour = (255, 255, 255, 255)
_DIM: Colour = (38, 38, 38, 255)  # an unlit light: 15 % grey
_DIM_EDGE: Colour = (64, 64, 64, 255)
_DIM_INK: Colour = (92, 92, 92, 255)
_BANNER_GREY: Colour = (120, 120, 120, 255)  # a banner after a spin of no set (no spin)
_SPIN_WORDS = {"H": "H", "T": "T", "O": "O", "X": N_("no spin")}


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


def _letter_mm(result: str, size: float) -> float:
    """The letter's height in a light ``size`` mm across (under the sign floor when the light is
    too small to hold a legible letter: it is then drawn without, its shape and its row's label
    telling the set)."""
    return size * (0.32 if CARD_FACES[result][2] == "triangle" else 0.45)


def _light(result: str, lit: bool, failed: bool, colour: Colour, box: Box, card_box: Box) -> list[Primitive]:
    """One light in its cell: lit (its colour, letter in ink), dark (a dim grey shape and letter,
    none of its colour) or failed (the result card while it would be lit; a dashed
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
    letter_mm = _letter_mm(result, size)
    if lit:
        shape = Shape(light_shape(result, cx, cy, size), fill=colour, stroke=_WHITE, stroke_mm=max(1.0, size * 0.03))
        ink = card_ink(colour)
    else:
        # unlit: a dark grey shape with a grey letter, nothing in the set's colour, so that from
        # across the table an unlit light never looks lit (a coloured outline did)
        shape = Shape(light_shape(result, cx, cy, size), fill=_DIM, stroke=_DIM_EDGE, stroke_mm=max(0.6, size * 0.02))
        ink = _DIM_INK
    if letter_mm < MIN_SIGN_TEXT_MM:
        return [shape]
    return [
        shape,
        *sign_text(
            letter, x=cx, y=letter_centre(result, cy, size), mm=letter_mm, valign="middle", weight="bold", fill=ink
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


def odds_words(odds: tuple[int, int]) -> str:
    """Payout odds as players read them: ``(15, 2)`` -> ``"7.5 TO 1"``, ``(1, 1)`` -> ``"1 TO 1"``."""
    num, den = odds
    return tr("{odds} TO 1").format(odds=f"{num // den}" if num % den == 0 else f"{num / den:g}")


_SIDE_OF = {"H": "heads", "T": "tails", "O": "odds"}


def result_banner(content: TwoUpContent) -> tuple[str, str, str | None] | None:
    """What the last spin decided, as the banner says it: ``(heading, what pays, the set whose
    colour it is in)``; ``None`` before the game's first spin.

    Each heads or tails spin decides the players' wagers (004 sch13 s12: the side spun wins at
    1 to 1, s13; the other loses), 5 odds in a row lose them (s12(1)(b)(ii), (2)(b)(ii)); when
    the spin also decides the spinner's wager (s8), the heading says so and that it pays 7.5 to 1
    (s9).  The odds come from :mod:`kiosk.rules.twoup`, the one definition."""
    if content.game is None or not content.spins:
        return None
    last = content.spins[-1]
    side = _SIDE_OF.get(last)
    odds_run = dict(content.lit).get("odds", 0)
    if side in ("heads", "tails"):
        heading = tr("HEADS") if side == "heads" else tr("TAILS")
        pays = (tr("HEADS PAYS {odds}") if side == "heads" else tr("TAILS PAYS {odds}")).format(
            odds=odds_words(PLAYER_ODDS)
        )
    elif side == "odds" and odds_run >= LIGHT_SETS["odds"]:
        heading, pays = tr("5 ODDS"), tr("HEADS AND TAILS LOSE")
    elif side == "odds":
        heading = tr("ODDS")
        pays = tr("{run} OF 5 ODDS: BETS STAY").format(run=odds_run)
    else:
        heading, pays = tr("NO SPIN"), tr("SPIN AGAIN")
    if content.outcome == "win":  # the spinner's call was spun: that side's wagers win too
        heading = tr("SPINNER WINS")
        pays = (
            tr("SPINNER'S BET PAYS {spinner}, HEADS {player}")
            if side == "heads"
            else tr("SPINNER'S BET PAYS {spinner}, TAILS {player}")
        ).format(spinner=odds_words(SPINNER_ODDS), player=odds_words(PLAYER_ODDS))
    elif content.outcome == "lose":
        heading = tr("SPINNER LOSES")
    elif content.outcome == "end":
        heading = tr("DEALER'S GAME ENDS")
    return heading, pays, side


def _progress(content: TwoUpContent, banner: bool = False) -> list[Line]:
    """The game's progress, the most important first (a small screen leaves out the last): with
    a result banner, the spins before who spins."""
    if content.game is None:
        return [Line(tr("Waiting for a spinner"), MIN_SIGN_TEXT_MM + 2)]
    who = (
        tr("Dealer spins")
        if content.spinner == "dealer"
        else tr("Spinner calls {call}").format(call=tr(str(content.call).upper()))
    )
    spins = " ".join(tr(_SPIN_WORDS.get(code, code)) for code in content.spins[-12:]) or tr("no spin yet")
    lines = []  # the most important first: a small screen leaves out the last
    if content.phase == "no_more_bets" and content.outcome is None:
        lines.append(Line(tr("NO MORE BETS"), MIN_SIGN_TEXT_MM + 6, (255, 120, 100, 255), "bold"))
    game = Line(
        tr("Game {number}: {who}").format(number=content.game, who=who), MIN_SIGN_TEXT_MM + 3, GOLD_TEXT, "bold"
    )
    spun = Line(tr("Spins: {spins}").format(spins=spins), MIN_SIGN_TEXT_MM + 2)
    lines += [spun, game] if banner else [game, spun]
    if content.must_change_spinner:  # 004 sch13 s21: the citation is in the audit record
        lines.append(Line(tr("3 no-spins in a row: the spinner changes"), MIN_SIGN_TEXT_MM + 1))
    return lines


def _banner(content: TwoUpContent, box: Box, colours: dict[str, Colour], least_mm: float) -> list[Primitive]:
    """The last spin's result across the screen, its heading the largest text on it (at least
    ``least_mm``, more than any other text), in the colour of the set spun."""
    said = result_banner(content)
    if said is None:
        return []
    heading, pays, side = said
    fill = colours.get(side or "", _BANNER_GREY)
    ink = card_ink(fill)
    out: list[Primitive] = [Shape(rect_path(box.x, box.y, box.w, box.h, radius=3.0), fill=fill)]
    inner = Box(box.x + MIN_SIGN_TEXT_MM, box.y, box.w - 2 * MIN_SIGN_TEXT_MM, box.h)
    largest = max(least_mm, box.h * 0.42)
    while True:  # the heading as large as leaves room for what pays, never under least_mm
        big, big_mm = fit_sign_text(heading, width_mm=inner.w, largest_mm=largest, weight="bold")
        small, small_mm = fit_sign_text(pays, width_mm=inner.w, largest_mm=max(MIN_SIGN_TEXT_MM, big_mm * 0.42))
        big_h = big_mm * (1 + 1.6 * big.count("\n"))
        small_h = sign_text_height(small, small_mm)
        gap = big_mm * 0.3
        above, below = (
            ink_rows(sign_text(small, x=0.0, y=0.0, mm=small_mm, valign="top")),
            ink_rows(sign_text(big, x=0.0, y=0.0, mm=big_mm, valign="top", weight="bold")),
        )
        if above is not None and below is not None:  # marks over the capitals under it: measured
            gap = max(gap, below[1] - big_h - above[0] + 0.1 * small_mm)
        show_small = big_h + gap + small_h <= box.h * 0.9
        if show_small or largest <= least_mm:
            break
        largest = max(least_mm, largest - 1.0)
    used = big_h + (gap + small_h if show_small else 0.0)
    y = box.y + (box.h - used) / 2
    out += sign_text(big, x=box.x + box.w / 2, y=y, mm=big_mm, valign="top", weight="bold", fill=ink)
    if show_small:
        out += sign_text(small, x=box.x + box.w / 2, y=y + big_h + gap, mm=small_mm, valign="top", fill=ink)
    return out


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
    largest = min(12.0, max(MIN_SIGN_TEXT_MM, area.height_mm * 0.04))
    name, mm = fit_sign_text(content.display_name, width_mm=area.width_mm - 2 * pad, largest_mm=largest, weight="bold")
    items += sign_text(
        name, x=pad, y=notices[1] + pad, mm=mm, anchor="left", valign="top", weight="bold", fill=GOLD_TEXT
    )
    top = notices[1] + pad + mm * 1.45 * (1 + 1.6 * name.count("\n")) + pad * (1.0 if area.height_mm > 200 else 0.5)
    colours = {n: parse_colour(c) or _WHITE for n, c in content.colours}
    lit = dict(content.lit)
    failed = dict(content.failed)
    room = area.height_mm - top - band
    banner = result_banner(content) is not None
    # after a spin its result takes a banner under the lights, the largest text on the screen
    small = area.height_mm < 200
    banner_h = room * (0.45 if small else 0.3) if banner else 0.0
    progress_h = room * ((0.1 if small else 0.17) if banner else 0.3)
    rows_h = room - progress_h - banner_h
    row_h = rows_h / len(SETS)
    label_mm = MIN_SIGN_TEXT_MM + (4 if area.width_mm > 400 else 1)
    label_w = max(sign_text_width(tr(CARD_FACES[n][0]), label_mm, weight="bold") for n, _ in SETS) + 2 * pad
    cell_w = (area.width_mm - label_w - pad) / max(count for _, count in SETS)
    for row, (result, count) in enumerate(SETS):
        y = top + row * row_h
        items += sign_text(
            tr(CARD_FACES[result][0]),
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
    if banner:
        letters = max(_letter_mm(result, min(cell_w * 0.88, row_h * 0.88) * 0.92) for result, _ in SETS)
        letters = letters if letters >= MIN_SIGN_TEXT_MM else 0.0  # lights too small for a letter have none
        items += _banner(
            content,
            Box(pad, top + rows_h + pad * 0.25, area.width_mm - 2 * pad, banner_h - pad * 0.5),
            colours,
            max(letters, label_mm, mm) + 4.0,
        )
    lines = _progress(content, banner)
    # stack() measures lines from cap top to baseline: leave the last line's descenders room
    # above the screen's edge (a 1280x800 screen cut the "p" of "Spins")
    words, used = stack(
        lines,
        x=pad,
        y=top + rows_h + banner_h,
        w=area.width_mm - 2 * pad,
        h=progress_h - MIN_SIGN_TEXT_MM * 0.6,
        gap=0.5,
        drop=True,
    )
    if used <= progress_h - MIN_SIGN_TEXT_MM * 0.6 or not banner:  # a small screen: the banner alone
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
