"""The ``history`` view: a table's last results and, for roulette, its statistics, the way the
billboards players know show them.

* roulette: the last 12 to 20 winning numbers, newest at the top, red numbers in the left
  column, black in the right and zero in the centre (the colour also said by the column, so the
  board reads without colour), in two boards side by side when one column cannot hold 12 on the
  screen; beside (landscape) or under (portrait) it, the hot and cold numbers and the
  red/black/zero, odd/even and dozen shares over the latest ``statistics_spins`` spins (a floor
  setting, :mod:`kiosk.views.results_history`);
* tri-chro: the balls of the last drawings, newest first, each pair in drawn order;
* two-up: the game in play and the last decided games, each with its spins and its outcome.

A view of its own rather than a panel in the live views: the live views keep their room for the
result itself and the lit layout at every screen size (a 10-inch screen has none to spare), and a
floor puts the history on the screen it chooses (``view = "history"``).  Nothing on it is a
result in play: a display may show it beside the live view.  The table's notices (a closing)
are on a band across the top, as on the live views.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from kiosk.language import N_, tr
from kiosk.rules.roulette import Colour as WheelColour
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, parse_colour, rect_path
from kiosk.state.shapes import TRI_CHRO_GAMES, TWO_UP_GAMES, LinkState, TableState
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
from kiosk.views.cloth import layout_for
from kiosk.views.facts import (
    TwoUpPast,
    roulette_results,
    roulette_statistics_spins,
    roulette_wheel,
    trichro_recent,
    twoup_past_games,
)
from kiosk.views.placing import Box
from kiosk.views.results_history import (
    BOARD_MOST,
    HOT_COLD,
    BoardEntry,
    RouletteStatistics,
    roulette_board,
    roulette_statistics,
)
from kiosk.views.screens.layout import WHEEL_FILLS, number_colour
from kiosk.views.screens.trichro import ball_primitives
from kiosk.views.screens.twoup_lights import TwoUpContent
from kiosk.views.screens.twoup_lights import content_of as twoup_content
from kiosk.views.table_notices import NOTICE_SECONDS, TableNotice, notice_bands, table_notices

__all__ = ["VIEW", "HistoryContent", "compose", "roulette_colours"]

VIEW = "history"
HISTORY_GAMES = frozenset({"roulette", *TRI_CHRO_GAMES, *TWO_UP_GAMES})
"""The games whose results the history view shows."""

PAGE_SECONDS = NOTICE_SECONDS
"""How long each picture is shown when the statistics (or the table's notices) need more than one."""
_GREY: Colour = (150, 150, 150, 255)
_HEADER: Colour = (30, 30, 30, 255)
_HOT: Colour = (255, 140, 60, 255)
_COLD: Colour = (120, 190, 255, 255)
_OUTCOME = {"win": N_("SPINNER WON"), "lose": N_("SPINNER LOST"), "end": N_("DEALER ENDED")}
_COLUMN_X = {"left": 0, "centre": 1, "right": 2}


@dataclass(frozen=True)
class HistoryContent:
    """Everything the history view's scene is drawn from."""

    table_id: str
    display_name: str
    game: str
    board: tuple[BoardEntry, ...] = ()
    statistics: RouletteStatistics | None = None
    drawings: tuple[tuple[str, ...], ...] = ()
    games: tuple[TwoUpPast, ...] = ()
    colours: tuple[tuple[str, Colour], ...] = ()
    area: Area = DEFAULT_AREA
    notices: tuple[TableNotice, ...] = ()


_NAMES: dict[str, WheelColour] = {"RED": "red", "BLACK": "black", "GREEN": "green"}


def roulette_colours(table: TableState, settings: CasinoSettings) -> Callable[[int], WheelColour]:
    """A number's colour on this table: its wheel's when the floor gives one (003 s131(2B)), else
    the cloth's (:func:`kiosk.views.screens.layout.number_colour`, the one definition both views use)."""
    wheel = roulette_wheel(table)
    if wheel is not None:
        return wheel.colour
    layout = layout_for(table, settings)
    return lambda number: _NAMES[number_colour(layout, number)[1]]


def content_of(table: TableState, settings: CasinoSettings, area: Area) -> HistoryContent:
    game = table["game"]
    # two-up's content holds the table's notices too: composed once
    twoup = None if game == "roulette" or game in TRI_CHRO_GAMES else twoup_content(table, area)
    notices = twoup.notices if twoup is not None else table_notices(table)
    base = HistoryContent(
        table_id=table["id"], display_name=table["display_name"], game=game, area=area, notices=notices
    )
    if twoup is not None:
        colours = tuple((name, parse_colour(colour) or WHITE) for name, colour in twoup.colours)
        return replace(base, games=_twoup_games(twoup, twoup_past_games(table)), colours=colours)
    if game == "roulette":
        colour_of = roulette_colours(table, settings)
        results = roulette_results(table)
        return replace(
            base,
            board=roulette_board(results, colour_of),
            statistics=roulette_statistics(results, colour_of, roulette_statistics_spins(table)),
        )
    return replace(base, drawings=trichro_recent(table)[:BOARD_MOST])  # a tri-chro table


def _twoup_games(twoup: TwoUpContent, past: tuple[TwoUpPast, ...]) -> tuple[TwoUpPast, ...]:
    """The game in play (if any, undecided or just decided) first, then the decided games kept."""
    if twoup.game is None:
        return past
    current = TwoUpPast(twoup.game, twoup.call, twoup.spins, twoup.outcome)
    return (current, *(p for p in past if p.number != current.number))[:BOARD_MOST]


# --------------------------------------------------------------------------- drawing


_PITCH = 1.45  # a result's row, in digit heights
_CELL = 0.45  # a column's width beyond the digits, in digit heights


def _cell(mm: float) -> float:
    return sign_text_width("00", mm, weight="bold") + mm * _CELL


def board_width(mm: float, boards: int) -> float:
    """The width of ``boards`` boards of results at ``mm`` digits, side by side."""
    return boards * 3 * _cell(mm) + (boards - 1) * mm * 0.6


def board_size(count: int, width: float, height: float) -> tuple[float, int, int]:
    """``(digit mm, rows, boards)`` for ``count`` results in ``width`` x ``height`` mm: the
    largest digits (up to 16 mm) at which the latest 20 (all, when fewer) fit in one board or
    two; at the floor, two boards of as many rows as fit."""
    want = min(count, BOARD_MOST)
    mm = 16.0
    while True:
        rows = max(1, int(height // (mm * _PITCH)))
        for boards in (1, 2):
            if rows * boards >= want and board_width(mm, boards) <= width:
                return mm, rows, boards
        if mm <= MIN_SIGN_TEXT_MM:
            boards = 2 if board_width(mm, 2) <= width else 1
            return mm, rows, boards
        mm = max(MIN_SIGN_TEXT_MM, mm - 0.5)


def _roulette_board(entries: tuple[BoardEntry, ...], box: Box) -> list[Primitive]:
    out: list[Primitive] = []
    mm, rows, boards = board_size(len(entries), box.w, box.h)
    pitch = mm * _PITCH
    cell = _cell(mm)
    board_w = 3 * cell
    total_w = board_width(mm, boards)
    x0 = box.x + (box.w - total_w) / 2
    shown = entries[: rows * boards]
    for i, entry in enumerate(shown):
        b, row = divmod(i, rows)
        x = x0 + b * (board_w + mm * 0.6) + _COLUMN_X[entry.column] * cell
        y = box.y + row * pitch
        chip = Box(x + mm * 0.04, y + mm * 0.06, cell - mm * 0.08, pitch - mm * 0.12)
        newest = i == 0
        out.append(
            Shape(
                rect_path(chip.x, chip.y, chip.w, chip.h, radius=mm * 0.25),
                fill=WHEEL_FILLS[entry.colour],
                stroke=GOLD_TEXT if newest else _GREY,
                stroke_mm=mm * (0.16 if newest else 0.06),
            )
        )
        out += sign_text(
            str(entry.number),
            x=chip.x + chip.w / 2,
            y=chip.y + chip.h / 2,
            mm=mm,
            valign="middle",
            weight="bold",
            fill=WHITE,
        )
    for b in range(1, math.ceil(len(shown) / rows)):  # a hairline between boards
        x = x0 + b * (board_w + mm * 0.6) - mm * 0.3
        out.append(Shape(rect_path(x - 0.2, box.y, 0.4, rows * pitch), fill=_GREY))
    return out


Row = tuple[tuple[str, ...], Colour]
"""A line of the statistics: its groups (never broken inside; a line too long for the screen is
set a group a line) and its colour."""


def statistics_rows(stats: RouletteStatistics, named: int = HOT_COLD) -> list[Row]:
    """The statistics as lines of groups, the most important first (``named`` hot and cold
    numbers)."""
    if not stats.spins:
        return [((tr("No spins yet"),), _GREY)]
    numbers = "  ".join

    return [
        ((tr("LAST {spins} SPINS").format(spins=stats.spins),), GOLD_TEXT),
        ((tr("HOT"), numbers(str(n) for n, _ in stats.hot[:named])), _HOT),
        ((tr("COLD"), numbers(str(n) for n, _ in stats.cold[:named])), _COLD),
        (
            (
                tr("RED {percent}%").format(percent=stats.red),
                tr("BLACK {percent}%").format(percent=stats.black),
                tr("ZERO {percent}%").format(percent=stats.zero),
            ),
            WHITE,
        ),
        ((tr("ODD {percent}%").format(percent=stats.odd), tr("EVEN {percent}%").format(percent=stats.even)), WHITE),
        (
            (
                tr("1-12 {percent}%").format(percent=stats.dozens[0]),
                tr("13-24 {percent}%").format(percent=stats.dozens[1]),
                tr("25-36 {percent}%").format(percent=stats.dozens[2]),
            ),
            WHITE,
        ),
    ]


def _wrapped(group: str, mm: float, width: float) -> list[str]:
    """``group`` on one line, or broken between its words into lines ``width`` wide where it is
    wider (a heading in a longer language); never inside a word."""
    if sign_text_width(group, mm, weight="bold") <= width:
        return [group]
    lines: list[str] = []
    for word in group.split():
        if lines and sign_text_width(f"{lines[-1]} {word}", mm, weight="bold") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _rows(rows: list[Row], box: Box, largest: float) -> list[list[Primitive]]:
    """``rows`` centred in ``box``, one line each, as large as all fit (up to ``largest``); at the
    floor a line too wide is set a group a line, and rows that do not fit go to further pages
    (each under the first row, the heading), shown in turn."""
    mm = largest
    while True:
        blocks: list[list[tuple[str, Colour]]] = []
        for groups, fill in rows:
            whole = "   ".join(groups)
            if sign_text_width(whole, mm, weight="bold") <= box.w:
                blocks.append([(whole, fill)])
            else:
                blocks.append([(line, fill) for g in groups for line in _wrapped(g, mm, box.w)])
        pitch = max(mm * 1.55, ink_pitch((t for b in blocks for t, _ in b), mm, weight="bold"))
        lines = sum(len(b) for b in blocks)
        if lines * pitch <= box.h or mm <= MIN_SIGN_TEXT_MM:
            break
        mm = max(MIN_SIGN_TEXT_MM, mm - 0.5)
    room = max(2, int(box.h // pitch))
    pages: list[list[tuple[str, Colour]]] = [list(blocks[0])]
    for block in blocks[1:]:
        if len(pages[-1]) + len(block) > room and len(pages[-1]) > len(blocks[0]):
            pages.append(list(blocks[0]))
        pages[-1] += block
    out: list[list[Primitive]] = []
    for page in pages:
        y = box.y + (box.h - min(len(page), room) * pitch) / 2 + (pitch - mm) / 2
        prims: list[Primitive] = []
        for text, fill in page[:room]:
            prims += sign_text(text, x=box.x + box.w / 2, y=y, mm=mm, valign="top", weight="bold", fill=fill)
            y += pitch
        out.append(prims)
    return out


def _roulette(content: HistoryContent, body: Box) -> list[list[Primitive]]:
    """The board and the statistics: one picture, or more when the statistics need pages."""
    if not content.board:
        words, _ = stack([Line(tr("No spins yet"), MIN_SIGN_TEXT_MM + 4)], x=body.x, y=body.y, w=body.w, h=body.h)
        return [words]
    portrait = body.h > body.w * 1.2
    if portrait:
        board = Box(body.x, body.y, body.w, body.h * 0.58)
        side = Box(body.x, body.y + board.h + MIN_SIGN_TEXT_MM, body.w, body.h - board.h - MIN_SIGN_TEXT_MM)
    else:
        mm, _, boards = board_size(max(1, len(content.board)), body.w * 0.56, body.h)
        width = board_width(mm, boards) + MIN_SIGN_TEXT_MM
        board = Box(body.x, body.y, width, body.h)
        side = Box(body.x + width, body.y, body.w - width, body.h)
    out = _roulette_board(content.board, board)
    if content.statistics is None:
        return [out]
    named = HOT_COLD  # fewer hot and cold numbers where a line of 5 would not fit the screen
    while (
        content.statistics.spins
        and named > 3
        and sign_text_width(
            "   ".join(statistics_rows(content.statistics, named)[1][0]), MIN_SIGN_TEXT_MM, weight="bold"
        )
        > side.w
    ):
        named -= 1
    return [out + page for page in _rows(statistics_rows(content.statistics, named), side, 16.0)]


def _trichro(content: HistoryContent, body: Box) -> list[Primitive]:
    if not content.drawings:
        words, _ = stack([Line(tr("No drawings yet"), MIN_SIGN_TEXT_MM + 4)], x=body.x, y=body.y, w=body.w, h=body.h)
        return words
    count = len(content.drawings)
    best: tuple[float, int, int] = (0.0, 1, count)
    for columns in range(1, count + 1):  # the arrangement that gives the largest balls
        rows = math.ceil(count / columns)
        r = min(body.w / columns / 4.6, body.h / rows / 2.5)
        if r > best[0]:
            best = (r, columns, rows)
    r, columns, rows = best
    cell_w, cell_h = body.w / columns, body.h / rows
    out: list[Primitive] = []
    for i, pair in enumerate(content.drawings):
        row, col = divmod(i, columns)  # newest first, read left to right, then down
        cx, cy = body.x + col * cell_w + cell_w / 2, body.y + row * cell_h + cell_h / 2
        if i == 0:
            out.append(
                Shape(
                    rect_path(cx - 2.25 * r, cy - 1.2 * r, 4.5 * r, 2.4 * r, radius=r * 0.3),
                    stroke=GOLD_TEXT,
                    stroke_mm=max(0.8, r * 0.08),
                )
            )
        for j, token in enumerate(pair):
            out += ball_primitives(token, cx + (j - 0.5) * 2.1 * r, cy, r)
    return out


def _twoup(content: HistoryContent, body: Box, colours: dict[str, Colour]) -> list[Primitive]:
    """One row a game, newest first: its number, its spins as their letters in their lights'
    colours (H heads, T tails, O odds, a grey bar for no spin), and its outcome."""
    if not content.games:
        words, _ = stack([Line(tr("No games yet"), MIN_SIGN_TEXT_MM + 4)], x=body.x, y=body.y, w=body.w, h=body.h)
        return words
    longest = max(len(g.spins) for g in content.games)
    outcomes = [tr(_OUTCOME[g.outcome]) if g.outcome in _OUTCOME else tr("IN PLAY") for g in content.games]
    labels = [tr("GAME {number}").format(number=g.number) for g in content.games]
    mm = MIN_SIGN_TEXT_MM + 6
    while True:
        gap = mm * 0.8
        label_w = max(sign_text_width(t, mm, weight="bold") for t in labels)
        spin_w = sign_text_width("O", mm, weight="bold") + mm * 0.5
        outcome_w = max(sign_text_width(t, mm, weight="bold") for t in outcomes)
        width = label_w + gap + max(3, longest) * spin_w + gap + outcome_w
        rows = int(body.h // (mm * 1.6))
        if (width <= body.w and rows >= min(len(content.games), BOARD_MOST)) or mm <= MIN_SIGN_TEXT_MM:
            break
        mm = max(MIN_SIGN_TEXT_MM, mm - 0.5)
    # at the floor a row too long for the screen keeps its latest spins
    spins_room = max(1, int((body.w - label_w - outcome_w - 2 * gap) // spin_w))
    out: list[Primitive] = []
    for i, (game, label, outcome) in enumerate(zip(content.games, labels, outcomes, strict=True)):
        if i >= rows:
            break
        y = body.y + i * mm * 1.6
        fill = GOLD_TEXT if game.outcome is None else (WHITE if game.outcome == "win" else _GREY)
        out += sign_text(label, x=body.x, y=y, mm=mm, anchor="left", valign="top", weight="bold", fill=fill)
        x = body.x + label_w + gap
        for code in game.spins[-spins_room:]:
            word = {"H": "heads", "T": "tails", "O": "odds"}.get(code)
            if word is None:  # no spin (004 sch13 s21): a grey bar
                out.append(Shape(rect_path(x + spin_w * 0.2, y + mm * 0.4, spin_w * 0.6, mm * 0.2), fill=_GREY))
            else:
                out += sign_text(code, x=x + spin_w / 2, y=y, mm=mm, valign="top", weight="bold", fill=colours[word])
            x += spin_w
        out += sign_text(outcome, x=body.x + body.w, y=y, mm=mm, anchor="right", valign="top", weight="bold", fill=fill)
    return out


def _heading(content: HistoryContent) -> str:
    if content.game == "roulette":
        return tr("LAST NUMBERS")
    if content.game in TRI_CHRO_GAMES:
        return tr("LAST DRAWINGS")
    return tr("LAST GAMES")


def scenes_of(
    content: HistoryContent, settings: CasinoSettings, status: Status, notices: tuple[list[Primitive], float]
) -> list[Scene]:
    """The view's pictures under one notice band: one, or one a page of the statistics."""
    area = content.area
    pad = MIN_SIGN_TEXT_MM
    band = status_band_mm(status, settings, area)
    items: list[Primitive] = list(notices[0])
    top = notices[1]
    size = min(14.0, max(MIN_SIGN_TEXT_MM, area.height_mm * 0.045))
    heading = _heading(content)
    heading_w = sign_text_width(heading, size, weight="bold")
    room = area.width_mm - 3 * pad - heading_w
    if room < sign_text_width(content.display_name, MIN_SIGN_TEXT_MM, weight="bold"):
        heading, room = "", area.width_mm - 2 * pad  # a narrow screen: the name alone
    name, mm = fit_sign_text(content.display_name, width_mm=room, largest_mm=size, weight="bold")
    header_h = sign_text_height(name, mm) + mm * 1.6
    items.append(Shape(rect_path(0, top, area.width_mm, header_h), fill=_HEADER))
    items += sign_text(
        name, x=pad, y=top + header_h / 2, mm=mm, anchor="left", valign="middle", weight="bold", fill=GOLD_TEXT
    )
    if heading:
        items += sign_text(
            heading,
            x=area.width_mm - pad,
            y=top + header_h / 2,
            mm=size,
            anchor="right",
            valign="middle",
            weight="bold",
            fill=WHITE,
        )
    y = top + header_h + pad
    body = Box(pad, y, area.width_mm - 2 * pad, area.height_mm - y - band - pad)
    if content.game == "roulette":
        pages = _roulette(content, body)
    elif content.game in TRI_CHRO_GAMES:
        pages = [_trichro(content, body)]
    else:
        pages = [_twoup(content, body, dict(content.colours))]
    mark = status_mark(status, settings, area)
    return [
        Scene(
            width_mm=area.width_mm,
            height_mm=area.height_mm,
            items=tuple(items + page + mark),
            background=(0, 0, 0, 255),
        )
        for page in pages
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
    """The history view of a roulette, tri-chro or two-up ``table`` (``link``, ``now``,
    ``heard_at`` and ``lit`` are not used by this view)."""
    if table is None or table["game"] not in HISTORY_GAMES:
        raise ValueError(
            "the history view shows a roulette, tri-chro or two-up table, not "
            f"{None if table is None else table['game']}"
        )
    content = content_of(table, settings, area)
    frames = tuple(
        scene
        for band in notice_bands(content.notices, area)
        for scene in scenes_of(content, settings, connection, band)
    )
    return ViewState(
        VIEW,
        table["id"],
        content,
        connection,
        frames=frames,
        frame_seconds=PAGE_SECONDS if len(frames) > 1 else None,
        version=table["version"],
    )
