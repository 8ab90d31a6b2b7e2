"""The display's reporter: a change of what a screen shows is reported at once, a picture moved by
the clock alone (a countdown's seconds) at the next refresh, and a stopping display reports that
it shows nothing (no picture)."""

from __future__ import annotations

import asyncio
import time

from kiosk.ui.display.report import ShowingReporter, report_message


def picture(digest: str, seq: int, **more) -> dict:
    return {
        "digest": digest,
        "seq": seq,
        "composer": "kiosk test",
        "view": "signs",
        "screen_mm": [527.0, 296.0],
        "screen_px": [1920, 1080],
        "composed_at": "2026-11-28T11:14:05.000000Z",
        "status": {"kind": "live"},
        "heard_at": None,
        **more,
    }


async def test_the_clock_alone_waits_for_the_refresh_and_a_new_state_does_not():
    sent: list[dict] = []
    now: dict[str, dict] = {}

    async def send(message: dict) -> bool:  # the stream's send: the transport, not our component
        sent.append(message)
        return True

    def current() -> dict[str, dict]:
        return dict(now)

    reporter = ShowingReporter(send, current, refresh_s=3600.0)
    task = asyncio.ensure_future(reporter.run())

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    try:
        now["D-1"] = report_message("MP-01", "D-1", 3, ["limits"], [], None, picture("sha256:a", 40))
        reporter.changed()
        await settle()
        assert [m["digest"] for m in sent] == ["sha256:a"]
        # the countdown's seconds: the picture changed with the clock alone
        now["D-1"] = report_message("MP-01", "D-1", 3, ["limits"], [], None, picture("sha256:b", 40))
        reporter.changed()
        await settle()
        assert len(sent) == 1
        # the refresh reports it
        reporter._refreshed = time.monotonic() - 3601
        reporter.tick()
        await settle()
        assert [m["digest"] for m in sent] == ["sha256:a", "sha256:b"]
        # a new state (seq), a connection status or another screen size: at once
        for change in (
            picture("sha256:c", 41),
            picture("sha256:d", 41, status={"kind": "stale", "since": "2026-11-28T11:15:00.000000Z"}),
            picture("sha256:e", 41, screen_mm=[300.0, 200.0]),
        ):
            now["D-1"] = report_message("MP-01", "D-1", 4, ["limits"], [], None, change)
            reporter.changed()
            await settle()
            assert sent[-1]["digest"] == change["digest"]
        assert len(sent) == 5
        # the same again: nothing
        reporter.changed()
        await settle()
        assert len(sent) == 5
    finally:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
    await reporter.blank()
    assert sent[-1]["signs"] == [] and "digest" not in sent[-1] and sent[-1]["version"] is None
