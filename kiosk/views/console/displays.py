"""What each table's displays show now, for the pit console, and the alerts a person must
acknowledge, without Qt.

A table's displays are the floor file's ``[[display]]`` entries of that table
(``FloorFrame.displays``), never "every display streaming": a display connection that takes the
whole floor is not a display of every table (ux-review C3).  What a display shows now comes from
its own latest report (``display_showing`` audit records, :mod:`kiosk.state.showing`): the signs
on it, whether it shows its view or a notice instead, and the status it reports (``live``;
``stale``: lost its server, since when; ``fault``: why).  Whether it is connected comes from the
node's list of streaming displays (``GET /api/v1/displays``): the token that made the report is
streaming now.

:func:`alerts` turns what is wrong into :class:`Alert` s with a stable ``key``: a display
offline or never heard from, a display in fault, a link meter in fault, a scheduled change whose
notice will not be shown in time (003 s259(3), s295(3)).  The console keeps an alert raised until
a person acknowledges it (recorded as an ``alert_acknowledged`` audit record with who and when),
even if what raised it has cleared meanwhile (docs/readings.md A-90).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kiosk.floor.models import Display
from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.changes import STAKE_RULES
from kiosk.rules.times import parse_utc
from kiosk.state.shapes import TableState
from kiosk.state.showing import ACTION, records_from_audit, scheduled_notice_signs
from kiosk.views.console import TIME_FORMAT
from kiosk.views.console.notice_state import notice_state

__all__ = [
    "VIEW_TITLES",
    "Alert",
    "DisplayLine",
    "alert_rank",
    "alerts",
    "displays_cell",
    "latest_reports",
    "notice_warning",
    "sign_titles",
    "table_displays",
]

VIEW_TITLES = {
    "layout": "table layout",
    "limits": "limits sign",
    "signs": "table signs",
    "jackpot": "jackpot meter",
    "trichro": "tri-chro results",
    "twoup_lights": "two-up lights",
}
"""What staff call each display view (never the floor file's names)."""

Local = Callable[[datetime, str], str]

_RANK = {"fault": 0, "offline": 1, "notice": 2, "unheard": 3}  # what an alert's key starts with, worst first
_SIGN_VIEWS = ("signs", "limits")  # the views that show a table's signs (kiosk.views.screens)

# a display's state, worst first: the order the Floor tab counts them in
OFFLINE, FAULT, UNHEARD, NOTICE, SHOWING = "offline", "fault", "unheard", "notice", "showing"


def sign_titles(kinds: Iterable[str]) -> str:
    """Sign kinds as staff read them: ``bonus_payouts`` -> "Bonus blackjack payouts"."""
    return ", ".join(SIGN_KINDS[k].title if k in SIGN_KINDS else k.replace("_", " ") for k in kinds)


@dataclass(frozen=True)
class DisplayLine:
    """One display of a table: its floor id, the view it is set to, its ``state`` (offline,
    fault, unheard, notice, showing), the words the console shows, and since when."""

    display_id: str
    table_id: str
    view: str
    state: str
    words: str
    since: datetime | None = None
    reason: str = ""

    @property
    def bad(self) -> bool:
        """A display nobody can rely on now: offline, in fault or never heard from."""
        return self.state in (OFFLINE, FAULT, UNHEARD)


def latest_reports(rows: Iterable[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """The newest ``display_showing`` audit record of each display id (records as ``GET
    /api/v1/audit`` returns them, any order); records of other actions are skipped."""
    out: dict[str, Mapping[str, Any]] = {}
    for row in rows:
        if row.get("action") != ACTION:
            continue
        display_id = (row.get("details") or {}).get("display_id")
        if not display_id:
            continue
        if display_id not in out or int(row["n"]) > int(out[display_id]["n"]):
            out[display_id] = row
    return out


def _streaming(report: Mapping[str, Any], table_id: str, streams: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the token that made ``report`` streams now with ``table_id`` in its filter."""
    for s in streams:
        if s.get("token_id") and s.get("token_id") == report.get("token_id"):
            tables = s.get("tables")
            if tables is None or table_id in tables:
                return True
    return False


def table_displays(
    table_id: str,
    frame_displays: Mapping[str, Display],
    reports: Mapping[str, Mapping[str, Any]],
    streams: Iterable[Mapping[str, Any]] | None,
    local: Local,
    link_id: str | None = None,
) -> list[DisplayLine]:
    """The displays of ``table_id`` in the floor (``frame_displays``: id -> a floor ``Display``),
    each with what its latest report (``reports``: :func:`latest_reports`) says it shows and
    whether it is connected (``streams``: the node's streaming displays; ``None``: not known);
    with ``link_id``, the displays of the table's jackpot link too (its meter)."""
    streams = list(streams) if streams is not None else None
    out = []
    for display_id, display in sorted(frame_displays.items()):
        if display.table != table_id and (link_id is None or display.link != link_id):
            continue
        view = VIEW_TITLES.get(display.view, display.view.replace("_", " "))
        report = reports.get(display_id)
        if report is None:
            out.append(DisplayLine(display_id, table_id, view, UNHEARD, "never reported what it shows"))
            continue
        details = report.get("details") or {}
        at = parse_utc(report["at"])
        status = details.get("status") or {}
        signs = sorted(details.get("signs") or ())
        shows = f"shows {sign_titles(signs)}" if signs else "shows no sign"
        size = details.get("screen_mm")
        if isinstance(size, list) and len(size) == 2 and all(isinstance(v, int | float) for v in size):
            shows += f" on its {size[0]:.0f} × {size[1]:.0f} mm screen"  # the size it was calibrated to
        if streams is not None and not _streaming(report, str(report.get("target") or table_id), streams):
            out.append(
                DisplayLine(
                    display_id,
                    table_id,
                    view,
                    OFFLINE,
                    f"NOT CONNECTED; last report {local(at, TIME_FORMAT)}: {shows}",
                    at,
                )
            )
            continue
        if status.get("kind") == "fault":
            reason = str(status.get("reason") or "no reason given")
            since = parse_utc(status["since"]) if status.get("since") else at
            out.append(
                DisplayLine(
                    display_id,
                    table_id,
                    view,
                    FAULT,
                    f"FAULT since {local(since, '%H:%M')}: {reason}",
                    since,
                    reason,
                )
            )
        elif status.get("kind") == "stale":
            since = parse_utc(status["since"]) if status.get("since") else at
            out.append(
                DisplayLine(
                    display_id, table_id, view, OFFLINE, f"OFFLINE since {local(since, '%H:%M')}: {shows}", since
                )
            )
        elif not details.get("digest") and not signs:
            out.append(DisplayLine(display_id, table_id, view, NOTICE, "shows a notice instead of its view", at))
        else:
            out.append(DisplayLine(display_id, table_id, view, SHOWING, shows, at))
    return out


def displays_cell(lines: Collection[DisplayLine], known: bool = True) -> tuple[str, int]:
    """The Floor tab's Displays cell of a table, and its sort key (worst first)."""
    if not lines:
        return "no display", -1
    if not known:
        return f"{len(lines)} in the floor; not known now", 0
    bad = [line for line in lines if line.bad]
    if bad:
        states = sorted({line.state for line in bad})
        return f"{len(bad)} of {len(lines)} {' or '.join(states).upper()}", 1
    notices = sum(1 for line in lines if line.state == NOTICE)
    text = f"{len(lines)} showing" if not notices else f"{len(lines) - notices} showing, {notices} a notice"
    return text, 2 + len(lines)


@dataclass(frozen=True)
class Alert:
    """Something a person must see and acknowledge: ``key`` stays the same while it is the same
    problem (a new fault, a new change, is a new alert), ``target`` the table or link."""

    key: str
    target: str
    text: str
    rule: str | None = None


def alerts(
    tables: Mapping[str, TableState],
    lines: Iterable[DisplayLine],
    showing_rows: Iterable[Mapping[str, Any]] | None,
    local: Local,
) -> list[Alert]:
    """What is wrong now: displays offline, in fault (a jackpot meter's display shows its meter's
    fault) or never heard from; scheduled changes whose notice will not be shown in time (``showing_rows``: the
    ``display_showing`` audit records read, ``None`` when they could not be read)."""
    out: list[Alert] = []
    for line in lines:
        if line.state == OFFLINE:
            since = "" if line.since is None else line.since.isoformat()
            out.append(
                Alert(
                    f"offline:{line.display_id}:{since}",
                    line.table_id,
                    f"{line.table_id}: display {line.display_id} ({line.view}) {line.words}",
                )
            )
        elif line.state == FAULT:
            what = "jackpot meter" if line.view == VIEW_TITLES["jackpot"] else "display"
            out.append(
                Alert(
                    f"fault:{line.display_id}:{line.reason}",
                    line.table_id,
                    f"{line.table_id}: {what} {line.display_id} ({line.view}) {line.words}",
                )
            )
        elif line.state == UNHEARD:
            out.append(
                Alert(
                    f"unheard:{line.display_id}",
                    line.table_id,
                    f"{line.table_id}: display {line.display_id} ({line.view}) has never reported what it shows",
                )
            )
    rows = list(showing_rows) if showing_rows is not None else None
    for table_id, table in sorted(tables.items()):
        scheduled = table.get("scheduled") or []
        if not scheduled:
            continue
        records = (
            None
            if rows is None
            else records_from_audit(r for r in rows if r.get("target") == table_id and r.get("action") == ACTION)
        )
        for item in scheduled:
            state, words = notice_state(table, item, records, local)
            if state.refused:
                out.append(
                    Alert(
                        f"notice:{table_id}:{item['id']}",
                        table_id,
                        f"{table_id}: the change at {local(parse_utc(item['effective_at']), '%H:%M')}: {words}",
                    )
                )
    return sorted(out, key=lambda a: alert_rank(a.key))  # the worst first


def alert_rank(key: str) -> int:
    """How bad the alert of ``key`` is, 0 the worst: a fault, offline, a notice, never heard from."""
    return _RANK.get(key.split(":")[0], len(_RANK))


def notice_warning(table: TableState, patch: Mapping[str, Any], frame_displays: Mapping[str, Display]) -> str | None:
    """Before a change is scheduled: what stops its notice being shown, when the law needs one.

    A higher minimum table stake at manila or draw poker needs its notice shown on the table's
    displays for 20 minutes up to the change unless all players agree (003 s259(3), s295(3)); a
    table that no display of the floor shows, or whose displays' views carry no sign, cannot show
    it (ux-review C10).  ``None`` when nothing stops it (or no notice is needed)."""
    game = table.get("game", "")
    rule = STAKE_RULES.get(game)
    new = patch.get("minimum_table_stake_cents")
    old = (table.get("limits") or {}).get("minimum_table_stake_cents") or 0
    if rule is None or not isinstance(new, int) or new <= old:
        return None
    shows = sorted(d.id for d in frame_displays.values() if d.table == table["id"] and d.view in _SIGN_VIEWS)
    if shows:
        return None
    carrier = sign_titles(sorted(scheduled_notice_signs(game, patch))) or "its minimum table stake sign"
    return (
        f"{table['id']} has no display that shows its signs, so the notice ({carrier}) cannot be shown and"
        f" this raise will be refused unless all players agree ({rule}). Add a display showing its signs"
        " or limits to the floor file, or record the players' agreement below."
    )
