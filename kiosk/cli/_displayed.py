"""``kiosk snapshot --at TIME --display ID``: what a display showed, proved from the audit trail.

The display's report in force at TIME (its latest ``display_showing`` record at or before the
last audit record at or before TIME, :mod:`kiosk.state.history`) names the picture it painted:
its digest, the ``seq`` of the state it was composed from, the composer, the view, the screen and
the rest of what it was composed with (:mod:`kiosk.views.proof`).  The state right after event
``seq`` is rebuilt from the event log (``--db``: :func:`kiosk.state.history.state_after`;
``--server``: ``GET /api/v1/state`` at that event's moment, folded to the event itself when
later events share its moment), the view is composed again by today's code as the display
composed it (with the casino's name, zone and logo then, and the shipped layouts, as a display
draws them: ``kiosk.ui.display.main.casino_from_summary``), and its digest compared with the
reported one: it matches, differs, or the composer has changed since (both digests shown).
Exit 0 when the digests are equal, 1 when they differ or the report carries no picture.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kiosk.cli._errors import CommandError
from kiosk.cli._sources import on_db

if TYPE_CHECKING:
    from kiosk.state.client import KioskClient
    from kiosk.state.history import PastState
    from kiosk.state.service import Service
    from kiosk.views.proof import Picture

__all__ = ["Found", "display_table", "report_of", "run_display"]

_REFUSED_WITH_DISPLAY = ("view", "screen_mm", "draw")


@dataclass(frozen=True)
class Found:
    """A display's report in force at a moment and the state it was composed from.

    ``then``: the floor at the moment asked about (with the table's reports then); ``record``:
    the report's audit record; ``picture``: what it says it painted (None: no picture reported);
    ``after``: the floor right after the picture's ``seq`` (None without a picture); ``logo``:
    the casino's logo as recorded, if this computer has the same bytes."""

    display_id: str
    table_id: str
    then: PastState
    record: Mapping[str, Any]
    picture: Picture | None
    after: PastState | None
    logo: Path | None
    where: str


def display_table(frame: Mapping[str, Any] | None, display_id: str) -> str:
    """The table display ``display_id`` shows in the floor frame ``frame``; one line when it is
    not a display of the floor or shows a jackpot link's meter (such a display reports nothing)."""
    displays = [d for d in (frame or {}).get("displays") or [] if isinstance(d, Mapping)]
    found = next((d for d in displays if d.get("id") == display_id), None)
    if found is None:
        known = ", ".join(sorted(str(d.get("id")) for d in displays)) or "none recorded"
        raise CommandError(f"--display: no display {display_id!r} on the floor then; displays: {known}")
    if not found.get("table"):
        raise CommandError(
            f"--display: {display_id} shows jackpot link {found.get('link')}'s meter, and displays report only what"
            f" they show of a table: snapshot the meter with --link {found.get('link')} --view jackpot --at"
        )
    return str(found["table"])


def report_of(reports: Sequence[Mapping[str, Any]], display_id: str) -> Mapping[str, Any] | None:
    """The newest of ``reports`` (``display_showing`` audit records) made by display ``display_id``."""
    mine = [r for r in reports if (r.get("details") or {}).get("display_id") == display_id]
    return max(mine, key=lambda r: int(r["n"])) if mine else None


def _picture(record: Mapping[str, Any]) -> Picture | None:
    from kiosk.views.proof import Picture

    try:
        return Picture.of(record.get("details") or {})
    except ValueError as exc:
        raise CommandError(f"the display's report (audit record {record.get('n')}): {exc}") from None


def _no_report(display_id: str, table_id: str, then: PastState) -> CommandError:
    from kiosk.state.history import describe_moment

    return CommandError(
        f"display {display_id} made no report about table {table_id} up to {describe_moment(then.at, then.zone)}"
        f" (audit record {then.n}): nothing to compare",
        exit_code=1,
    )


# --------------------------------------------------------------------------- reading


def from_db(db: str, at: str | None, display_id: str) -> Found:
    """The report in force and the state it was composed from, from database ``db``."""
    from kiosk.rules.times import utc_now
    from kiosk.state.time_input import parse_moment
    from kiosk.views.past import logo_then

    async def read(service: Service) -> Found:
        moment = utc_now() if at is None else parse_moment(at, "--at", service.floor_frame.casino.timezone)
        floor = await service.state_at(moment)
        table_id = display_table(floor.frame, display_id)
        then = await service.state_at(moment, table=table_id)
        record = report_of(then.reports, display_id)
        if record is None:
            raise _no_report(display_id, table_id, then)
        picture = _picture(record)
        after = None if picture is None else await service.state_after(picture.seq, table=table_id)
        logo = None if after is None else logo_then(after)[0]
        return Found(display_id, table_id, then, record, picture, after, logo, f"in {db}")

    return on_db(db, read)


async def _after_on_server(client: KioskClient, seq: int, table_id: str) -> PastState:
    """The floor right after event ``seq`` as server ``client`` rebuilds it: the state at that
    event's moment, folded back to the event itself when events of the same moment (one write)
    follow it."""
    from kiosk.rules.times import format_utc
    from kiosk.state.errors import BadRequest
    from kiosk.state.replay import Rebuilt, apply_event

    found = await client.events_since(seq - 1, limit=1) if seq > 0 else []
    if not found or found[0].seq != seq:
        raise CommandError(f"the display's report names event {seq}, which the server's log does not hold", 1)
    event = found[0]
    at_event = await client.state_at(format_utc(event.at), table=table_id)
    if at_event.seq == seq:
        return at_event
    try:
        before = await client.state_at(format_utc(event.at - timedelta(microseconds=1)))
        into = Rebuilt(dict(before.tables), dict(before.links))  # type: ignore[arg-type]  # the log's JSON
        start = before.seq
    except BadRequest:  # the event is in the first write of the log
        into, start = Rebuilt(), 0
    for item in await client.events_since(start, limit=max(1, min(10_000, seq - start))):
        if item.seq <= seq:
            data = item.data or {}
            apply_event(into, item.type, item.table_id, data.get("link_id") if item.table_id is None else None, data)
    return dataclasses.replace(at_event, seq=seq, tables=into.tables, links=into.links)  # type: ignore[arg-type]


def from_server(url: str, token: str, at: str | None, display_id: str, folder: Path) -> Found:
    """The report in force and the state it was composed from, as server ``url`` rebuilds them."""
    from kiosk.rules.times import format_utc, utc_now
    from kiosk.state.client import KioskClient
    from kiosk.state.errors import StateError

    async def read() -> Found:
        async with KioskClient(url, token) as client:
            moment = at if at is not None else format_utc(utc_now())
            floor = await client.state_at(moment)
            table_id = display_table(floor.frame, display_id)
            then = await client.state_at(moment, table=table_id)
            record = report_of(then.reports, display_id)
            if record is None:
                raise _no_report(display_id, table_id, then)
            picture = _picture(record)
            after = None if picture is None else await _after_on_server(client, picture.seq, table_id)
            logo = None
            recorded = ((after.frame if after is not None else None) or {}).get("logo") or {}
            if isinstance(recorded, Mapping) and recorded.get("sha256"):
                logo = await client.floor_logo(folder, await client.floor_summary())
                if logo is not None and hashlib.sha256(logo.read_bytes()).hexdigest() != recorded["sha256"]:
                    logo = None
            return Found(display_id, table_id, then, record, picture, after, logo, f"on {url}")

    try:
        return asyncio.run(read())
    except ValueError as exc:  # a URL that is not http(s)
        raise CommandError(f"--server: {exc}") from None
    except StateError as exc:
        raise CommandError(f"--server {url}: {exc.message}") from None
    except (TimeoutError, OSError) as exc:
        raise CommandError(f"--server {url}: cannot reach it ({exc.__class__.__name__}: {exc})") from None


# --------------------------------------------------------------------------- the command


def _check_flags(args: argparse.Namespace) -> None:
    if getattr(args, "floor", None) is not None:
        raise CommandError("--display reads the display's report from an audit trail: give --db URL or --server URL")
    given = [name for name in _REFUSED_WITH_DISPLAY if getattr(args, name, None) is not None]
    if getattr(args, "lit", None):
        given.append("lit")
    if given:
        flag = "--" + given[0].replace("_", "-")
        raise CommandError(
            f"{flag}: with --display the display's report says what it showed (its table, view and screen); leave"
            f" {flag} out"
        )


def _pixels(size: tuple[int, int] | None, picture: Picture) -> tuple[int, int]:
    """The PNG's pixels: ``--size``, else the display's window as it reported it, else 1920 wide."""
    if size is not None:
        return size
    if picture.screen_px is not None:
        return picture.screen_px
    mm_w, mm_h = picture.screen_mm
    return 1920, max(1, round(1920 * mm_h / mm_w))


def _moment(found: Found, when: datetime) -> str:
    from kiosk.state.history import describe_moment

    return describe_moment(when, found.then.zone)


def run_display(args: argparse.Namespace, out: Path, size: tuple[int, int] | None = None) -> int:
    """``kiosk snapshot --display ID [--at TIME]``: write the picture composed again (``size``
    pixels, default the display's), print what it was built from and the verdict; exit 0 when
    the digests are equal, else 1."""
    from kiosk.cli._token import read_token
    from kiosk.render.qt import render_png
    from kiosk.rules.times import parse_utc
    from kiosk.views.past import built_from, settings_then
    from kiosk.views.proof import Comparison, recompose
    from kiosk.views.screen import Subject

    _check_flags(args)
    with tempfile.TemporaryDirectory(prefix="kiosk-snapshot-") as folder:
        if getattr(args, "server", None) is not None:
            found = from_server(args.server, read_token(args), args.at, args.display, Path(folder))
        else:
            found = from_db(args.db, args.at, args.display)
        record, picture, after = found.record, found.picture, found.after
        reported_at = parse_utc(str(record["at"]))
        report = (
            f"display {found.display_id}'s report in force at {_moment(found, found.then.at)}: audit record"
            f" {record['n']} of {_moment(found, reported_at)} {found.where}"
        )
        if picture is None or after is None:
            details = record.get("details") or {}
            why = (
                "it showed no view (a notice in its place, or it had stopped)"
                if not details.get("signs") and details.get("version") is None
                else "it was made by a display that did not report its picture (older than this release)"
            )
            print(f"{report}; it carries no picture: {why}; nothing to compare")
            return 1
        # the display composes with the casino's name, zone and logo, and the shipped layouts
        settings = dataclasses.replace(settings_then(after, found.logo), layouts=())
        try:
            state, digest = recompose(
                picture, Subject(picture.view, table=found.table_id), after.tables, after.links, settings
            )
        except (LookupError, ValueError) as exc:
            raise CommandError(f"{str(exc).splitlines()[0]} ({found.where}, event {picture.seq})", 1) from None
        w, h = _pixels(size, picture)
        mm_w, mm_h = picture.screen_mm
        comparison = Comparison(picture, reported_at, digest)
        marked = "" if picture.status.is_live else f", marked {picture.status.kind}"
        # worded before Qt starts: Qt takes the host's locale, and strftime's day names with it
        lines = [
            f"{out}: {w}x{h} px, {picture.view} of {found.table_id} on display {found.display_id}"
            f" ({mm_w:g}x{mm_h:g} mm{marked}), composed again by today's code as the display composed it at"
            f" {_moment(found, picture.composed_at)}",
            report,
            f"{built_from(after)}; casino frame from {after.frame_from}",
            comparison.verdict(found.then.zone),
        ]
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # headless unless told otherwise
        image = render_png(state.scene, w, h, px_per_mm=min(w / mm_w, h / mm_h))
    if not image.save(str(out), "PNG"):  # type: ignore[call-overload]  # stubs say bytes; PySide6 takes str only
        raise CommandError(f"cannot write {out}")
    print("\n".join(lines))
    return 0 if comparison.matches else 1
