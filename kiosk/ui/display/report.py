"""A display tells its server what its screens really show, table by table.

Each screen (a floor file's ``[[display]]``, by its id) reports for its table, and while it
shows its view, the picture: the digest of the view's scene(s), the ``seq`` of the state it was
composed from, the composer and what else it was composed with (:mod:`kiosk.views.proof`), so
``kiosk snapshot --at TIME --display ID`` can compose it again from the audit trail.  The rules that
depend on a sign being displayed count from these reports
(:mod:`kiosk.state.showing`: the stake notice, 003 s259(3), s295(3); the commission's signs,
002 r7.3; the jackpot sharing sign, 000 s247(3)).  A screen contributes only while it shows
its view: a screen showing a notice instead (its size unknown, letters that would be under
8 mm, a refused token) shows no sign.

:class:`ShowingReporter` sends a screen's report when what it says changes, again after each
reconnection (the node may be another one) and every ``refresh_s`` seconds (the server records
only changes, so a report that failed to be recorded is retried at no cost).  A picture that
changed with the clock alone (a countdown's seconds) waits for that refresh: it is reported at
most once a ``refresh_s``, where a change of the state, the connection or the screen is
reported at once.  Bursts of changes
are coalesced: one task sends the latest reports.  When the display stops it reports that it
shows nothing, so a notice is not taken to be shown by a display that is switched off.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

__all__ = ["ShowingReporter", "report_message"]

log = logging.getLogger(__name__)

Send = Callable[[dict[str, Any]], Awaitable[bool]]


def report_message(
    table_id: str,
    display_id: str,
    version: int | None,
    signs: Iterable[str],
    notices: Iterable[str],
    sharing: str | None,
    picture: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The stream message reporting what the display (screen) ``display_id`` shows of ``table_id``;
    ``picture``: the fields of :func:`kiosk.views.proof.picture_report` while it shows its view."""
    return {
        "type": "showing",
        "table_id": table_id,
        "display_id": display_id,
        "version": version,
        "signs": sorted(signs),
        "notices": sorted(notices),
        "sharing": sharing,
        **(picture or {}),
    }


def _key(message: Mapping[str, Any]) -> tuple[object, ...]:
    """What the server records a report for (:attr:`kiosk.state.showing.Report.key`)."""
    return tuple(message["signs"]), tuple(message["notices"]), message["sharing"], message.get("digest")


def _at_once(message: Mapping[str, Any]) -> tuple[object, ...]:
    """What is reported at once when it changes: all but a picture that moved with the clock
    alone (same state, connection and screen)."""
    status = message.get("status") or {}
    return (
        tuple(message["signs"]),
        tuple(message["notices"]),
        message["sharing"],
        message.get("digest") is None,
        message.get("seq"),
        message.get("view"),
        tuple(message.get("screen_mm") or ()),
        tuple(message.get("screen_px") or ()),
        status.get("kind"),
        status.get("since"),
        status.get("reason"),
    )


class ShowingReporter:
    """Sends ``current()``'s reports (display id -> :func:`report_message`) with ``send``."""

    def __init__(
        self, send: Send, current: Callable[[], dict[str, dict[str, Any]]], *, refresh_s: float = 60.0
    ) -> None:
        self._send = send
        self._current = current
        self._refresh_s = refresh_s
        self._sent: dict[str, tuple[tuple[object, ...], tuple[object, ...]]] = {}
        self._wake = asyncio.Event()
        self._refreshed = time.monotonic()
        self.reports_sent = 0

    def changed(self) -> None:
        """What a screen shows may have changed: report what differs."""
        self._wake.set()

    def reconnected(self) -> None:
        """A new connection: report everything again."""
        self._sent.clear()
        self._wake.set()

    def tick(self) -> None:
        """About once a second: every ``refresh_s`` seconds, report everything again."""
        if time.monotonic() - self._refreshed >= self._refresh_s:
            self._refreshed = time.monotonic()
            self.reconnected()

    async def run(self) -> None:
        """Send reports as they are wanted, until cancelled."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._report(self._current())

    async def _report(self, reports: Mapping[str, dict[str, Any]]) -> None:
        for display_id, message in sorted(reports.items()):
            key, at_once = _key(message), _at_once(message)
            sent = self._sent.get(display_id)
            if sent is not None and (sent[0] == key or sent[1] == at_once):
                continue  # nothing new, or only the clock moved the picture: the refresh reports it
            if await self._send(message):
                self._sent[display_id] = (key, at_once)
                self.reports_sent += 1

    async def blank(self, timeout: float = 1.0) -> None:
        """Report that every screen shows nothing (the display is stopping); best effort."""
        blank = {d: report_message(m["table_id"], d, None, (), (), None) for d, m in self._current().items()}
        try:
            async with asyncio.timeout(timeout):
                await self._report(blank)
        except TimeoutError:
            log.warning("could not report to the server that this display stopped showing its signs")
