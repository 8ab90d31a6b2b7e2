"""Helpers shared by the sign kinds: the table's values, notices of changes ahead, times."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from kiosk.floor.signs import SIGN_KINDS
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


def local_clock(ctx: Context, when: datetime) -> str:
    """``"9:30 pm Mon 30 Nov"`` in the casino's time zone."""
    local = when.astimezone(_tz(ctx))
    hour = local.hour % 12 or 12
    ampm = "am" if local.hour < 12 else "pm"
    return f"{hour}:{local.minute:02d} {ampm} {local.strftime('%a')} {local.day} {local.strftime('%b')}"


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
        out.append(Notice(f"From {local_clock(ctx, when)}: {describe(patch)}", when, rule, item["id"]))
    for item in ctx.table.get("pending") or []:
        patch = item.get("limits") or {}
        if not wanted & set(patch):
            continue
        notice = item.get("notice")
        if notice is not None:
            more = max(0, 3 - int(notice.get("hands_completed", 0)))
            after = "at the end of this hand" if more == 0 else f"after {more} more hand{'s' if more != 1 else ''}"
            out.append(Notice(f"Change {after}: {describe(patch)}", None, "002 r6.9", item["id"]))
        else:
            out.append(Notice(f"Change before the next hand: {describe(patch)}", None, "002 r7.3", item["id"]))
    return out
