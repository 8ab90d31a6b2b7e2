"""The ``jackpot`` view: a Caribbean stud jackpot meter (000 s231(2), (4)).

* the prize in dollars and cents (``facts["amount_cents"]`` is the exact amount a widget
  counts up to; :func:`meter_scene` draws any amount on the way);
* on a hit, "JACKPOT PENDING" and the table that won, on every linked display, until the
  meter is reset (000 s245, s246, s247); no amount is shown as current meanwhile;
* a meter that has not heard from its server for :data:`HEARTBEAT_FAULT_S` seconds must not
  show an amount as current (a stale jackpot is worse than none): the status is a fault and
  the frames alternate between the fault text and the last amount marked "not current".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from kiosk.rules.money import format_money
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, rect_path
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

__all__ = ["VIEW", "HEARTBEAT_FAULT_S", "FRAME_SECONDS", "JackpotContent", "compose", "meter_scene"]

VIEW = "jackpot"
HEARTBEAT_FAULT_S = 30.0  # after this long without a heartbeat the amount is not current (issue 9)
FRAME_SECONDS = 2.0  # a fault alternates its text and the last amount this often
_GOLD: Colour = (255, 204, 64, 255)
_WHITE: Colour = (255, 255, 255, 255)
_RED: Colour = (255, 110, 90, 255)
_BG: Colour = (10, 6, 30, 255)


@dataclass(frozen=True)
class JackpotContent:
    """Everything the jackpot view's frames are drawn from."""

    subject: str
    name: str
    amount_cents: int
    pending_table: str | None
    pending_prize_cents: int | None
    paid: bool
    fault: str | None
    area: Area


def _frame(lines: list[Line], area: Area, status: Status, settings: CasinoSettings) -> Scene:
    band = status_band_mm(status, settings, area) if status.kind == "stale" else 0.0  # a fault fills the frame
    pad = MIN_SIGN_TEXT_MM
    items: list[Primitive] = [Shape(rect_path(0, 0, area.width_mm, area.height_mm), fill=_BG)]
    words, _ = stack(
        lines, x=pad, y=pad, w=area.width_mm - 2 * pad, h=area.height_mm - 2 * pad - band, gap=0.6, drop=True
    )
    items += words
    if status.kind == "stale":
        items += status_mark(status, settings, area)
    return Scene(width_mm=area.width_mm, height_mm=area.height_mm, items=tuple(items), background=_BG)


def meter_scene(content: JackpotContent, amount_cents: int, settings: CasinoSettings, status: Status = LIVE) -> Scene:
    """The meter showing ``amount_cents`` (a widget counting up draws the amounts on the way;
    the view's own frame shows ``content.amount_cents``)."""
    big = min(content.area.height_mm * 0.32, content.area.width_mm * 0.16)
    return _frame(
        [
            Line(content.name, max(MIN_SIGN_TEXT_MM, big * 0.28), _WHITE, "bold"),
            Line(format_money(amount_cents, always_cents=True), big, _GOLD, "bold"),
            Line("JACKPOT", max(MIN_SIGN_TEXT_MM, big * 0.3), _WHITE, "bold"),
        ],
        content.area,
        status,
        settings,
    )


def _frames(content: JackpotContent, settings: CasinoSettings, status: Status) -> tuple[Scene, ...]:
    area = content.area
    big = min(area.height_mm * 0.32, area.width_mm * 0.16)
    if content.fault is not None:
        fault = _frame(
            [
                Line("JACKPOT METER FAULT", big * 0.45, _RED, "bold"),
                Line(content.fault, max(MIN_SIGN_TEXT_MM, big * 0.16), _WHITE),
                Line("The amount shown is not current", max(MIN_SIGN_TEXT_MM, big * 0.16), _WHITE),
            ],
            area,
            status,
            settings,
        )
        last = _frame(
            [
                Line("LAST AMOUNT - NOT CURRENT", max(MIN_SIGN_TEXT_MM, big * 0.22), _RED, "bold"),
                Line(format_money(content.amount_cents, always_cents=True), big * 0.8, (150, 150, 150, 255), "bold"),
                Line(content.name, max(MIN_SIGN_TEXT_MM, big * 0.2), _WHITE),
            ],
            area,
            status,
            settings,
        )
        return fault, last
    if content.pending_table is not None:
        lines = [
            Line("JACKPOT PENDING", big * 0.6, _GOLD, "bold"),
            Line(f"won at table {content.pending_table}", max(MIN_SIGN_TEXT_MM, big * 0.25), _WHITE, "bold"),
        ]
        if content.pending_prize_cents is not None:
            lines.append(
                Line(
                    f"prize {format_money(content.pending_prize_cents, always_cents=True)}",
                    max(MIN_SIGN_TEXT_MM, big * 0.22),
                    _WHITE,
                )
            )
        lines.append(
            Line(
                "paid: the meter is being reset" if content.paid else "being paid (000 s245)",
                max(MIN_SIGN_TEXT_MM, big * 0.16),
                _WHITE,
            )
        )
        return (_frame(lines, area, status, settings),)
    return (meter_scene(content, content.amount_cents, settings, status),)


def _heartbeat_fault(now: datetime, heard_at: datetime | None, settings: CasinoSettings) -> str | None:
    if heard_at is None or now - heard_at <= timedelta(seconds=HEARTBEAT_FAULT_S):
        return None
    return f"no word from the jackpot server since {local_time(heard_at, settings):%H:%M:%S}"


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
    content = JackpotContent(
        subject=table["id"] if table is not None else link["id"],
        name=link["name"],
        amount_cents=int(link["meter"]["amount_cents"]),
        pending_table=None if pending is None else pending["table_id"],
        pending_prize_cents=None if pending is None else pending.get("total_cents"),
        paid=bool(pending and pending.get("paid")),
        fault=fault,
        area=area,
    )
    frames = _frames(content, settings, status)
    return ViewState(
        VIEW,
        content.subject,
        content,
        status,
        frames=frames,
        frame_seconds=FRAME_SECONDS if len(frames) > 1 else None,
        version=link["version"],
        link_version=link["version"],
        facts={
            "amount_cents": content.amount_cents,
            "pending": pending is not None,
            "current": fault is None and pending is None,
        },
    )
