"""Helpers shared by the sign kinds: the table's values, notices of changes ahead, times."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from kiosk.floor.signs import SIGN_KINDS
from kiosk.language import N_, tr
from kiosk.rules.money import format_money
from kiosk.rules.times import parse_utc
from kiosk.views.signs.content import Context, Notice, SignProblem

__all__ = ["money", "heading", "settings", "limits", "require", "notices", "local_clock", "DEFAULT_TZ"]

DEFAULT_TZ = "Australia/Brisbane"


def money(cents: int) -> str:
    """Cents as a sign prints them: ``$1,200``, ``$12.50``."""
    return format_money(int(cents))


def heading(ctx: Context) -> str:
    """The casino's name for the game (000 s230(5), 001 s456(7), 003 s50A(3))."""
    return str(ctx.table.get("display_name") or ctx.table["game"])


def settings(ctx: Context) -> Mapping[str, Any]:
    """The game's settings section of the table (as the floor file gives it)."""
    return ctx.table.get("settings") or {}


def limits(ctx: Context) -> Mapping[str, Any]:
    """The table's current limits and rule-relevant settings, in cents."""
    return ctx.table.get("limits") or {}


def require(value: Any, kind: str, ctx: Context, what: str, rule: str) -> Any:
    """``value``, or a :class:`SignProblem` saying the sign needs ``what`` configured."""
    if value is None or value == "" or value == () or value == []:
        raise SignProblem(f"table {ctx.table['id']}: sign {kind}: {what} is not configured ({rule})", rule)
    return value


def _tz(ctx: Context) -> tzinfo:
    return ctx.timezone or ZoneInfo(DEFAULT_TZ)


_DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
_MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)  # fmt: skip


def local_clock(ctx: Context, when: datetime) -> str:
    """``"9:30 pm Mon 30 Nov"`` in the casino's time zone, in the language shown (never the host's locale
    (``strftime("%a")`` follows ``LC_TIME``, which Qt takes from the environment when a display
    starts: a German host would show "Sa" where the export prints "Sat", and the display's scene
    digest would depend on the machine)."""
    local = when.astimezone(_tz(ctx))
    said = (
        tr("{hour}:{minute} am {weekday} {day} {month}")
        if local.hour < 12
        else tr("{hour}:{minute} pm {weekday} {day} {month}")
    )
    return said.format(
        hour=local.hour % 12 or 12,
        minute=f"{local.minute:02d}",
        weekday=tr(_DAYS[local.weekday()]),
        day=local.day,
        month=tr(_MONTHS[local.month - 1]),
    )


def notices(ctx: Context, kind: str, describe: Callable[[Mapping[str, Any]], str]) -> list[Notice]:
    """Notices of the table's scheduled changes (003 s259(3), s295(3)) and pending poker room
    changes (002 r6.9) that sign ``kind`` announces (``SIGN_KINDS[kind].announces``: the one
    list a display's report is checked against, docs/readings.md A-28); ``describe(patch)``
    words the new values."""
    wanted = set(SIGN_KINDS[kind].announces)
    out: list[Notice] = []
    for item in ctx.table.get("scheduled") or []:
        patch = item.get("limits") or {}
        if not wanted & set(patch):
            continue
        when = parse_utc(item["effective_at"])
        rule = {"manila_poker": "003 s259(3)", "draw_poker": "003 s295(3)"}.get(ctx.table["game"], "")
        said = tr("From {time}: {change}").format(time=local_clock(ctx, when), change=describe(patch))
        out.append(Notice(said, when, rule, item["id"]))
    for item in ctx.table.get("pending") or []:
        patch = item.get("limits") or {}
        if not wanted & set(patch):
            continue
        notice = item.get("notice")
        if notice is not None:
            more = max(0, 3 - int(notice.get("hands_completed", 0)))
            if more == 0:
                said = tr("Change at the end of this hand: {change}")
            elif more == 1:
                said = tr("Change after 1 more hand: {change}")
            else:
                said = tr("Change after {count} more hands: {change}")
            out.append(Notice(said.format(count=more, change=describe(patch)), None, "002 r6.9", item["id"]))
        else:
            said = tr("Change before the next hand: {change}").format(change=describe(patch))
            out.append(Notice(said, None, "002 r7.3", item["id"]))
    return out
