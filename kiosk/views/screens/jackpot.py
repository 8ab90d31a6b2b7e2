"""The ``jackpot`` view: a Caribbean stud jackpot meter (000 s231(2), (4)).

* the prize in dollars and cents (``facts["amount_cents"]`` is the exact amount a widget
  counts up to; :func:`meter_scene` draws any amount on the way, its digits on odometer wheels
  that roll to the next digit: :func:`kiosk.views.meter_count.wheels`; each digit is its own
  text run, so a display repaints only the wheels that turn);
* on a hit, for :data:`CELEBRATION_SECONDS` after it, a celebration: the winning hand, the
  prize and where it was won, in frames that flash in turn;
* then "JACKPOT PENDING", the hand and the table that won, on every linked display, until the
  meter is reset (000 s245, s246, s247); no amount is shown as current meanwhile; after the
  reset, the meter shows its reset amount;
* a meter that has not heard from its server for :data:`HEARTBEAT_FAULT_S` seconds must not
  show an amount as current (a stale jackpot is worse than none): the status is a fault and
  the frames alternate between the fault text and the last amount marked "not current".

Citations stay off the players' eye line: the pending screen names its rule in its last,
smallest line (dropped first when the screen is small).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from kiosk.language import N_, tr
from kiosk.rules.caribbean import JackpotHand, jackpot_payment_cents
from kiosk.rules.money import format_money
from kiosk.rules.times import parse_utc
from kiosk.scene.fonts import FontFace
from kiosk.scene.primitives import Clipped, Colour, Primitive, Scene, Shape, TextRun, rect_path
from kiosk.scene.text import text_runs
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
    local_time,
    stack,
    status_band_mm,
    status_mark,
)
from kiosk.views.meter_count import wheels

__all__ = [
    "VIEW",
    "CELEBRATION_SECONDS",
    "CELEBRATION_FLASH_SECONDS",
    "HEARTBEAT_FAULT_S",
    "FRAME_SECONDS",
    "JackpotContent",
    "compose",
    "meter_scene",
]

VIEW = "jackpot"
HEARTBEAT_FAULT_S = 30.0  # after this long without a heartbeat the amount is not current (issue 9)
FRAME_SECONDS = 2.0  # a fault alternates its text and the last amount this often
CELEBRATION_SECONDS = 10.0  # a hit is celebrated this long, then the meter says PENDING until paid
CELEBRATION_FLASH_SECONDS = 0.8  # the celebration's frames alternate this often
_GOLD: Colour = (255, 204, 64, 255)
_WHITE: Colour = (255, 255, 255, 255)
_RED: Colour = (255, 110, 90, 255)
_BG: Colour = (10, 6, 30, 255)
_FLASH_BG: Colour = (90, 10, 40, 255)  # the celebration's second frame: a warm ground, the gold still reads

_HAND_CHEERS = {
    "royal flush": N_("ROYAL FLUSH!"),
    "straight flush": N_("STRAIGHT FLUSH!"),
    "4 of a kind": N_("FOUR OF A KIND!"),
    "full house": N_("FULL HOUSE!"),
    "flush": N_("FLUSH!"),
    "dead man's hand": N_("DEAD MAN'S HAND!"),
}
"""What the celebration shouts for each winning jackpot hand (000 s227; the seed's names)."""

_HAND_WON = {
    "royal flush": N_("Royal flush won at table {table}"),
    "straight flush": N_("Straight flush won at table {table}"),
    "4 of a kind": N_("Four of a kind won at table {table}"),
    "full house": N_("Full house won at table {table}"),
    "flush": N_("Flush won at table {table}"),
    "dead man's hand": N_("Dead man's hand won at table {table}"),
}
"""What the pending meter says was won and where: a whole sentence for each hand (000 s227)."""
_JACKPOT_CHEER = N_("JACKPOT!")  # a hand the meter does not name
_JACKPOT_WON = N_("Jackpot won at table {table}")


@dataclass(frozen=True)
class JackpotContent:
    """Everything the jackpot view's frames are drawn from.

    ``hand`` is the best hand of a pending hit (the one paid most), ``players`` who won it, and
    ``celebrating`` whether the hit is within its :data:`CELEBRATION_SECONDS`; ``wager_cents`` the
    jackpot wager that plays for it (000 s237(2)), when the table or every table of the link takes
    the same."""

    subject: str
    name: str
    amount_cents: int
    pending_table: str | None
    pending_prize_cents: int | None
    paid: bool
    fault: str | None
    area: Area
    hand: str | None = None
    players: tuple[str, ...] = ()
    celebrating: bool = False
    wager_cents: int | None = None


def _frame(
    lines: list[Line],
    area: Area,
    status: Status,
    settings: CasinoSettings,
    background: Colour = _BG,
    gap: float = 0.6,
) -> tuple[Scene, list[Primitive]]:
    band = status_band_mm(status, settings, area) if status.kind == "stale" else 0.0  # a fault fills the frame
    pad = MIN_SIGN_TEXT_MM
    words, _ = stack(
        lines, x=pad, y=pad, w=area.width_mm - 2 * pad, h=area.height_mm - 2 * pad - band, gap=gap, drop=True
    )
    items: list[Primitive] = [Shape(rect_path(0, 0, area.width_mm, area.height_mm), fill=background)]
    items += words
    if status.kind == "stale":
        items += status_mark(status, settings, area)
    scene = Scene(width_mm=area.width_mm, height_mm=area.height_mm, items=tuple(items), background=background)
    return scene, words


def _scene(lines: list[Line], area: Area, status: Status, settings: CasinoSettings, background: Colour = _BG) -> Scene:
    return _frame(lines, area, status, settings, background)[0]


@cache
def _digit_glyphs(face: FontFace) -> dict[str, int]:
    """The glyph id of each digit in ``face`` (a meter's wheels show the next digit coming)."""
    (run,) = text_runs("0123456789", x=0.0, y=0.0, cap_mm=10.0, family=face.family, weight=face.weight)
    return dict(zip("0123456789", run.glyphs, strict=True))


def _odometer(run: TextRun, cents: int, roll: float) -> list[Primitive]:
    """The amount ``run`` as one text run per character, each digit on its wheel, in a window a
    tenth taller than a digit (it stays clear of the lines above and below): a wheel that is
    turning shows its digit leaving upwards and the next one coming up from below."""
    text = run.text
    if len(run.glyphs) != len(text) or len(run.offsets_mm) != len(text):
        return [run]  # a font that joins characters: the amount as one run
    places = [i for i, ch in enumerate(text) if ch.isdigit()]
    turning = dict(zip(reversed(places), wheels(cents, roll, len(places)), strict=True)) if roll else {}
    glyphs = _digit_glyphs(run.face)
    cap = run.face.cap_height_em * run.size_mm
    pitch = 1.1 * cap
    out: list[Primitive] = []
    for i, ch in enumerate(text):
        start = run.offsets_mm[i]
        end = run.offsets_mm[i + 1] if i + 1 < len(text) else run.width_mm
        cell = dataclasses.replace(
            run, x=run.x + start, text=ch, glyphs=(run.glyphs[i],), offsets_mm=(0.0,), width_mm=end - start
        )
        if not ch.isdigit():
            out.append(cell)
            continue
        # each digit in its window: a repaint of a changed digit is its window, not the text's
        # generous box (which reaches into its neighbours)
        window = rect_path(cell.x, run.y - 1.05 * cap, cell.width_mm, pitch)
        wheel = turning.get(i)
        if wheel is None or wheel.roll == 0:
            out.append(Clipped(window, (cell,)))
            continue
        shift = wheel.roll * pitch
        coming = str(wheel.next_digit)
        out.append(
            Clipped(
                window,
                (
                    dataclasses.replace(cell, y=run.y - shift),
                    dataclasses.replace(cell, y=run.y - shift + pitch, text=coming, glyphs=(glyphs[coming],)),
                ),
            )
        )
    return out


def _big(area: Area) -> float:
    return min(area.height_mm * 0.32, area.width_mm * 0.16)


def _levels(prize_cents: int) -> tuple[str, tuple[str, ...], str]:
    """The meter's levels below the prize: what a straight flush pays now (it grows with the
    prize) and the fixed payments, a line each and all on one line, each from
    :func:`kiosk.rules.caribbean.jackpot_payment_cents` (000 s246(1); one jackpot prize per table
    or link: docs/readings.md A-70)."""
    straight = jackpot_payment_cents(JackpotHand.STRAIGHT_FLUSH, prize_cents)
    four, full, flush = (format_money(jackpot_payment_cents(hand, prize_cents)) for hand in _FIXED_LEVELS)
    return (
        tr("Straight flush {amount}").format(amount=format_money(straight, always_cents=True)),
        (
            tr("Four of a kind {amount}").format(amount=four),
            tr("Full house {amount}").format(amount=full),
            tr("Flush {amount}").format(amount=flush),
        ),
        tr("Four of a kind {four}, full house {full}, flush {flush}").format(four=four, full=full, flush=flush),
    )


_FIXED_LEVELS = (JackpotHand.FOUR_OF_A_KIND, JackpotHand.FULL_HOUSE, JackpotHand.FLUSH)


def meter_scene(
    content: JackpotContent, amount_cents: int, settings: CasinoSettings, status: Status = LIVE, roll: float = 0.0
) -> Scene:
    """The meter showing ``amount_cents``, its wheels turned ``roll`` (0 to under 1) of the way to
    the next cent (a widget counting up draws the amounts on the way; the view's own frame shows
    ``content.amount_cents``, still), and beneath it the levels of the pay table (a straight
    flush's share of the prize, then the fixed payments: dropped first on a small screen)."""
    area = content.area
    big = _big(area)
    amount = format_money(amount_cents, always_cents=True)
    straight, fixed, fixed_line = _levels(amount_cents)
    portrait = area.height_mm > area.width_mm  # the height to spare: larger levels, a hand a line
    lines = [
        Line(content.name, max(MIN_SIGN_TEXT_MM, big * 0.24), _WHITE, "bold"),
        Line(amount, big, _GOLD, "bold"),
        Line(tr("JACKPOT"), max(MIN_SIGN_TEXT_MM, big * 0.26), _WHITE, "bold"),
        Line(straight, max(MIN_SIGN_TEXT_MM, big * (0.3 if portrait else 0.2)), _GOLD, "bold"),
    ]
    if portrait:
        lines += [Line(text, max(MIN_SIGN_TEXT_MM, big * 0.26), _WHITE) for text in fixed]
    else:
        lines.append(Line(fixed_line, max(MIN_SIGN_TEXT_MM, big * 0.13), _WHITE))
    if content.wager_cents:
        wager = tr("Jackpot wager {amount}").format(amount=format_money(content.wager_cents))
        lines.append(Line(wager, max(MIN_SIGN_TEXT_MM, big * (0.2 if portrait else 0.13)), _WHITE))
    band = status_band_mm(status, settings, area) if status.kind == "stale" else 0.0
    lines = lines[: _lines_kept(tuple(_shape(line) for line in lines), area, band)]
    scene, words = _frame(lines, area, status, settings, gap=_METER_GAP)
    items: list[Primitive] = []
    for item in scene.items:
        if isinstance(item, TextRun) and item in words and item.text == amount:
            items += _odometer(item, amount_cents, roll)
        elif isinstance(item, TextRun) and item in words and item.text == straight:
            items += _odometer(item, 0, 0.0)  # a run per character: a new cent repaints only its digits
        else:
            items.append(item)
    return dataclasses.replace(scene, items=tuple(items))


_METER_GAP = 0.9
"""The meter's space between lines, in capital heights of the line above: the "$" rises above
the prize's capitals and a name's "(" and "g" hang below its line."""

_PRIZE_KEPT = 0.8
"""The prize keeps at least this share of the size it has alone with the meter's name: the pay
table's lines beneath it are left out (the last first) rather than shrink it further."""


def _shape(line: Line) -> Line:
    """``line`` with every digit a 0: the same width in the meter's tabular figures, so a choice
    made for it holds for every amount of as many digits."""
    return dataclasses.replace(line, text="".join("0" if ch.isdigit() else ch for ch in line.text))


@cache
def _lines_kept(lines: tuple[Line, ...], area: Area, band: float) -> int:
    """How many of the meter's ``lines`` (name, prize, "JACKPOT", then the levels) it shows on
    ``area``: all that leave the prize :data:`_PRIZE_KEPT` of its size with the first three."""
    pad = MIN_SIGN_TEXT_MM
    w, h = area.width_mm - 2 * pad, area.height_mm - 2 * pad - band

    def prize_mm(count: int) -> float:
        words, _ = stack(list(lines[:count]), x=pad, y=pad, w=w, h=h, gap=_METER_GAP, drop=True)
        runs = [item for item in words if isinstance(item, TextRun) and item.text == lines[1].text]
        return runs[0].size_mm if runs else 0.0

    alone = prize_mm(3)
    for count in range(len(lines), 3, -1):
        if prize_mm(count) >= _PRIZE_KEPT * alone:
            return count
    return 3


def _cheer(hand: str | None) -> str:
    return tr(_HAND_CHEERS.get(hand or "", _JACKPOT_CHEER))


def _celebration(content: JackpotContent, settings: CasinoSettings, status: Status) -> tuple[Scene, ...]:
    """A hit's celebration: the hand, the prize, where it was won; two frames flashing in turn."""
    big = _big(content.area)
    prize = content.pending_prize_cents
    where = tr("Table {table}").format(table=content.pending_table)
    if content.players:
        where = tr("Table {table}, {players}").format(table=content.pending_table, players=", ".join(content.players))
    lines = [Line(_cheer(content.hand), big * 0.55, _GOLD, "bold")]
    if prize is not None:
        lines.append(Line(format_money(prize, always_cents=True), big * 0.8, _WHITE, "bold"))
    lines.append(Line(where, max(MIN_SIGN_TEXT_MM, big * 0.25), _WHITE, "bold"))
    return (
        _scene(lines, content.area, status, settings),
        _scene(lines, content.area, status, settings, background=_FLASH_BG),
    )


def _pending(content: JackpotContent, settings: CasinoSettings, status: Status) -> Scene:
    big = _big(content.area)
    won = tr(_HAND_WON.get(content.hand or "", _JACKPOT_WON)).format(table=content.pending_table)
    lines = [
        Line(tr("JACKPOT PENDING"), big * 0.6, _GOLD, "bold"),
        Line(won, max(MIN_SIGN_TEXT_MM, big * 0.25), _WHITE, "bold"),
    ]
    if content.pending_prize_cents is not None:
        prize = format_money(content.pending_prize_cents, always_cents=True)
        lines.append(Line(tr("Prize {amount}").format(amount=prize), max(MIN_SIGN_TEXT_MM, big * 0.22), _WHITE))
    lines.append(
        Line(
            tr("Paid: the meter is being reset") if content.paid else tr("The prize is being verified and paid"),
            max(MIN_SIGN_TEXT_MM, big * 0.16),
            _WHITE,
        )
    )
    lines.append(Line("000 s245", MIN_SIGN_TEXT_MM, (170, 170, 190, 255)))  # small print, dropped first
    return _scene(lines, content.area, status, settings)


def _frames(content: JackpotContent, settings: CasinoSettings, status: Status) -> tuple[Scene, ...]:
    area = content.area
    big = _big(area)
    if content.fault is not None:
        fault = _scene(
            [
                Line(tr("JACKPOT METER FAULT"), big * 0.45, _RED, "bold"),
                Line(content.fault, max(MIN_SIGN_TEXT_MM, big * 0.16), _WHITE),
                Line(tr("The amount shown is not current"), max(MIN_SIGN_TEXT_MM, big * 0.16), _WHITE),
            ],
            area,
            status,
            settings,
        )
        last = _scene(
            [
                Line(tr("LAST AMOUNT - NOT CURRENT"), max(MIN_SIGN_TEXT_MM, big * 0.22), _RED, "bold"),
                Line(format_money(content.amount_cents, always_cents=True), big * 0.8, (150, 150, 150, 255), "bold"),
                Line(content.name, max(MIN_SIGN_TEXT_MM, big * 0.2), _WHITE),
            ],
            area,
            status,
            settings,
        )
        return fault, last
    if content.pending_table is not None:
        if content.celebrating:
            return _celebration(content, settings, status)
        return (_pending(content, settings, status),)
    return (meter_scene(content, content.amount_cents, settings, status),)


def _best_payment(pending: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    """The hand of a hit paid most and the players who won it."""
    payments = [p for p in pending.get("payments") or [] if isinstance(p, Mapping)]
    if not payments:
        return None, ()
    best = max(payments, key=lambda p: int(p.get("amount_cents") or 0))
    hand = str(best.get("hand", "")) or None
    return hand, tuple(str(p.get("player", "")) for p in payments if p.get("hand") == hand and p.get("player"))


def _wager(link: LinkState, table: TableState | None) -> int | None:
    """The jackpot wager of ``table``, or the one every table of ``link`` takes (``None`` if they differ)."""
    wagers: Mapping[str, Any] = link.get("wager_cents") or {}
    amounts = {wagers.get(table["id"])} if table is not None else set(wagers.values())
    (amount,) = amounts if len(amounts) == 1 else (None,)
    return amount if isinstance(amount, int) and not isinstance(amount, bool) and amount > 0 else None


def _celebrating(pending: Mapping[str, Any], now: datetime) -> bool:
    """A hit not yet paid, made less than :data:`CELEBRATION_SECONDS` before ``now``."""
    at = pending.get("at")
    if pending.get("paid") or not isinstance(at, str):
        return False
    try:
        since = now - parse_utc(at)
    except ValueError:
        return False
    return since < timedelta(seconds=CELEBRATION_SECONDS)


def _heartbeat_fault(now: datetime, heard_at: datetime | None, settings: CasinoSettings) -> str | None:
    if heard_at is None or now - heard_at <= timedelta(seconds=HEARTBEAT_FAULT_S):
        return None
    return tr("No word from the jackpot server since {time}").format(time=f"{local_time(heard_at, settings):%H:%M:%S}")


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
    """The jackpot meter of ``link`` (a link display, or the link of a table display).

    ``heard_at`` is when the display last heard from its server (an event or a heartbeat):
    more than :data:`HEARTBEAT_FAULT_S` seconds before ``now`` makes the meter a fault.
    ``lit`` is not used by this view.
    """
    if link is None:
        where = f"table {table['id']}" if table is not None else "this display"
        raise ValueError(f"{where} has no jackpot meter or progressive link (000 s231(2), s231(3))")
    pending = link.get("pending")
    fault, since = _heartbeat_fault(now, heard_at, settings), heard_at
    if fault is None and connection.kind == "fault":
        fault, since = connection.reason or "fault", connection.since
    elif fault is None and connection.kind == "stale" and connection.since is not None:
        fault, since = _heartbeat_fault(now, connection.since, settings), connection.since
    status = Status.fault(fault, since=since) if fault is not None else connection
    hand, players = _best_payment(pending) if pending is not None else (None, ())
    celebrating = pending is not None and fault is None and _celebrating(pending, now)
    content = JackpotContent(
        subject=table["id"] if table is not None else link["id"],
        name=link["name"],
        amount_cents=int(link["meter"]["amount_cents"]),
        pending_table=None if pending is None else pending["table_id"],
        pending_prize_cents=None if pending is None else pending.get("total_cents"),
        paid=bool(pending and pending.get("paid")),
        fault=fault,
        area=area,
        hand=hand,
        players=players,
        celebrating=celebrating,
        wager_cents=_wager(link, table),
    )
    frames = _frames(content, settings, status)
    return ViewState(
        VIEW,
        content.subject,
        content,
        status,
        frames=frames,
        frame_seconds=(CELEBRATION_FLASH_SECONDS if celebrating else FRAME_SECONDS) if len(frames) > 1 else None,
        version=link["version"],
        link_version=link["version"],
        facts={
            "amount_cents": content.amount_cents,
            "pending": pending is not None,
            "current": fault is None and pending is None,
            "celebrating": celebrating,
        },
    )
