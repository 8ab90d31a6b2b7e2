"""A real display tells a real ``kiosk serve`` what its screens show, and the server records it
(``display_showing`` audit records, the evidence of 003 s259(3), s295(3), 002 r7.3 and
000 s247(3)); a screen that cannot show its sign reports none."""

from __future__ import annotations

import asyncio
import subprocess
import time
import types
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from kiosk.state.client import KioskClient
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views import builders as b
from tests.fixtures.live_display import KIOSK, close_display, open_display, run, wait_for
from tests.fixtures.paths import ROOT
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]

SPEC = DisplaySpec("D-MP-01-signs", "signs", table="MP-01")


async def reported(pit: KioskClient, table_id: str, check: Callable[[dict], bool], what: str) -> dict:
    """Wait until the table's latest display_showing record satisfies ``check``; its details."""
    deadline = time.monotonic() + 20
    latest = None
    while time.monotonic() < deadline:
        found = (await pit.audit(target=table_id, action="display_showing", limit=1))["records"]
        latest = found[0] if found else None
        if latest is not None and check(latest["details"]):
            assert latest["role"] == "display"
            return latest["details"]
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for a report of {what}; the latest: {latest}")


def test_the_notice_a_display_shows_is_recorded_and_so_is_its_end(qapp, served):
    async def scenario():
        client, process = await open_display(served, [SPEC])
        screen = process.screens[0]
        process.calibrate(screen, 2.5)  # the 800-pixel screen is 320 mm wide: room for the notice at 8 mm
        async with KioskClient(served.url, served.tokens["pit"]) as pit:
            try:
                first = await reported(pit, "MP-01", lambda d: "minimum_table_stake" in d["signs"], "the signs")
                assert first["notices"] == [] and "limits" in first["signs"]
                assert first["counts"] is True and first["display_id"] == "D-MP-01-signs"  # its own bound token
                # pit staff schedule a higher minimum table stake: the display shows the notice and says so
                when = datetime.now(UTC) + timedelta(minutes=30)
                [event] = await pit.execute(
                    b.schedule_change("MP-01", {"minimum_table_stake_cents": 20_000}, when.isoformat())
                )
                change = event.data["scheduled"]["id"]
                await reported(pit, "MP-01", lambda d: d["notices"] == [change], "the notice")
                shown = [t for frame in screen.state.frames for t in texts(frame)]
                assert any(t.startswith("From ") for t in shown) and any("$200" in t for t in shown), shown
                # the reports made no new version of the table: nobody's edit conflicts with them
                assert (await pit.table("MP-01"))["version"] == event.version
                await pit.execute(b.cancel_change("MP-01", change))
                await reported(pit, "MP-01", lambda d: d["notices"] == [] and d["signs"], "the notice's end")
            finally:
                await close_display(client, process)
            # stopped, the display reports that it shows nothing
            await reported(pit, "MP-01", lambda d: d["signs"] == [] and d["notices"] == [], "nothing shown")

    run(scenario())


def test_a_screen_that_cannot_show_its_sign_reports_none(qapp, served):
    async def scenario():
        client, process = await open_display(served, [SPEC])
        screen = process.screens[0]
        async with KioskClient(served.url, served.tokens["pit"]) as pit:
            try:
                process.calibrate(screen, 2.5)
                before = await reported(pit, "MP-01", lambda d: "minimum_table_stake" in d["signs"], "the signs")
                # staff calibrate the screen to a scale at which the sign cannot keep 8 mm letters
                process.calibrate(screen, 9.0)
                await wait_for(lambda: screen.notice is not None, what="the sign refused")
                assert "SIGN NOT SHOWN" in texts(screen.widget.scene)
                await reported(pit, "MP-01", lambda d: d["signs"] == [], "no sign shown")
                process.calibrate(screen, 2.5)
                await reported(pit, "MP-01", lambda d: d["signs"] == before["signs"], "the signs back")
            finally:
                await close_display(client, process)

    run(scenario())


def test_a_display_whose_token_is_not_issued_for_its_screen_is_refused_and_recorded(qapp, served):
    async def scenario():
        made = subprocess.run(  # a display token of the floor, issued for another screen only
            [*KIOSK, "token", "create", "--role", "display", "--name", "BJ screen", "--display", "D-BJ-01-limits"]
            + ["--db", served.db],
            capture_output=True,
            text=True,
            env=served.env,
            cwd=ROOT,
            timeout=60,
        )
        assert made.returncode == 0, made.stderr
        other = types.SimpleNamespace(url=served.url, tokens={**served.tokens, "display": made.stdout.strip()})
        client, process = await open_display(other, [SPEC])
        process.calibrate(process.screens[0], 2.5)
        async with KioskClient(served.url, served.tokens["pit"]) as pit:
            try:
                deadline, found = time.monotonic() + 20, []
                while not found and time.monotonic() < deadline:
                    found = (await pit.audit(target="MP-01", action="display_showing_refused"))["records"]
                    await asyncio.sleep(0.1)
                assert found, "timed out waiting for the refused report"
                record = found[-1]
                assert record["actor"] == "BJ screen" and record["details"]["display_id"] == "D-MP-01-signs"
                assert "not for display D-MP-01-signs" in record["details"]["reason"]
                assert (await pit.audit(target="MP-01", action="display_showing"))["records"] == []
                assert process.screens[0].notice is None  # the screen goes on showing its signs
            finally:
                await close_display(client, process)

    run(scenario())
