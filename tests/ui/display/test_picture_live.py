"""A real display reports the digest of the picture it paints, with the seq of its state; ``kiosk
snapshot --at TIME --display ID`` rebuilds that picture from the audit trail (the SQLite file and
the running server) and finds the same digest; a report whose digest was edited in the file (its
hashes recomputed, so an unkeyed ``audit verify`` passes) is found to differ.  ``kiosk snapshot``
runs as users run it, in its own process: run inside this one, beside the display's Qt objects,
it once crashed pytest-qt's teardown."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from kiosk.rules.times import format_utc, parse_utc
from kiosk.scene.digest import COMPOSER, frames_digest
from kiosk.state.client import KioskClient
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views import builders as b
from tests.fixtures.floors import run_kiosk
from tests.fixtures.live_display import close_display, open_display, run, wait_for
from tests.fixtures.scenes import texts
from tests.fixtures.tamper import Attacker

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]

SPEC = DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")


async def latest_report(pit: KioskClient, check, what: str) -> dict:
    deadline = time.monotonic() + 20
    latest = None
    while time.monotonic() < deadline:
        found = (await pit.audit(target="BJ-01", action="display_showing", limit=1))["records"]
        latest = found[0] if found else None
        if latest is not None and check(latest["details"]):
            return latest
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for a report of {what}; the latest: {latest}")


def test_the_picture_a_display_reported_is_rebuilt_from_the_audit_trail(qapp, served, tmp_path):
    seen: dict = {}

    async def scenario():
        client, process = await open_display(served, [SPEC])
        screen = process.screens[0]
        process.calibrate(screen, 2.5)  # a 320 mm wide window: the sign at its legal size
        async with KioskClient(served.url, served.tokens["pit"]) as pit:
            try:
                [event] = await pit.execute(b.set_limits("BJ-01", {"maximum_cents": 250_000}))
                record = await latest_report(pit, lambda d: d.get("seq") == event.seq, f"seq {event.seq}")
                await wait_for(lambda: screen.state is not None and screen.state.seq == event.seq, what="the view")
                shown = screen.state
                assert any("$2,500" in t for t in texts(shown.scene))
                details = record["details"]
                # what the display reported is what it paints
                assert details["digest"] == frames_digest(shown.frames, shown.frame_seconds)
                assert screen.widget.scene is shown.scene
                assert details["composer"] == COMPOSER and details["view"] == "limits" and details["counts"] is True
                assert details["screen_px"] == [screen.window.width(), screen.window.height()]
                seen.update(record=record, at=format_utc(parse_utc(record["at"])))
            finally:
                await close_display(client, process)

    run(scenario())
    record, at = seen["record"], seen["at"]
    out = tmp_path / "shown.png"
    token = tmp_path / "pit.token"
    token.write_text(served.tokens["pit"], encoding="utf-8")
    for source in (["--db", served.db], ["--server", served.url, "--token-file", str(token)]):
        said = run_kiosk("snapshot", *source, "--at", at, "--display", "D-BJ-01-limits", "--out", str(out))
        assert said.returncode == 0, said.stderr
        lines = said.stdout.splitlines()
        assert (
            lines[1].startswith("display D-BJ-01-limits's report in force at ") and f"record {record['n']} " in lines[1]
        )
        assert lines[2].startswith(f"built from event {record['details']['seq']},"), said.stdout
        assert lines[-1].startswith("digest matches the display's report of ") and lines[-1].endswith(
            f"(seq {record['details']['seq']})"
        ), said.stdout
        assert out.stat().st_size > 1000
    # someone with the file edits the reported digest and recomputes the hashes
    served.stop()
    Attacker(str(Path(served.db.removeprefix("sqlite:///")))).edit_record_and_rehash(
        record["n"], "digest", "sha256:" + "0" * 64
    )
    said = run_kiosk("snapshot", "--db", served.db, "--at", at, "--display", "D-BJ-01-limits", "--out", str(out))
    assert said.returncode == 1, said.stderr
    assert said.stdout.splitlines()[-1].startswith("digest differs from the display's report of "), said.stdout
    assert f"reported sha256:{'0' * 64}, composed {record['details']['digest']}" in said.stdout
