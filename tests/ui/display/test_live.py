"""A display process against a real ``kiosk serve``: what the screens show, offline and back.

The display runs on the qasync loop (``asyncio.Runner(loop_factory=qasync.QEventLoop)``), as
``kiosk display`` does; the server is a separate process that the tests kill and start again.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from kiosk.state.client import KioskClient
from kiosk.ui.display.app import DisplayProcess
from kiosk.ui.display.cache import load_cache
from kiosk.ui.display.device_settings import DeviceSettings
from kiosk.ui.display.main import casino_from_summary
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views import builders as b
from tests.fixtures.live_display import close_display, open_display, run, wait_for
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]


def test_limits_follow_the_server_go_offline_and_come_back(qapp, served, tmp_path):
    async def scenario():
        client, process = await open_display(
            served,
            [DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")],
            wait=False,
            cache_file=tmp_path / "cache" / "state.json",
        )
        screen = process.screens[0]
        try:
            await wait_for(lambda: screen.state is not None and screen.state.status.is_live, what="the limits sign")
            shown = texts(screen.widget.scene)
            assert "$10" in shown and "$1,000" in shown, shown
            # pit staff change the limits: the sign follows, through the stream only
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                await pit.execute(b.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250000}))
            await wait_for(lambda: "$2,500" in texts(screen.widget.scene), what="the new maximum")
            assert "$25" in texts(screen.widget.scene)
            # the server dies: the picture stays, marked offline since the time it was last heard
            served.kill()
            await wait_for(lambda: screen.state is not None and screen.state.status.kind == "stale", what="stale")
            since = screen.state.status.since.astimezone(ZoneInfo("Australia/Brisbane"))
            mark = f"OFFLINE since {since:%H:%M}"
            await wait_for(lambda: mark in texts(screen.widget.scene), what=mark)
            assert "$2,500" in texts(screen.widget.scene)  # the last picture is kept
            # it comes back on the same address: live again, the mark gone, nothing missed
            served.start()
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                await pit.execute(b.set_limits("BJ-01", {"maximum_cents": 300000}))
            await wait_for(
                lambda: (
                    "$3,000" in texts(screen.widget.scene)
                    and not any(t.startswith("OFFLINE") for t in texts(screen.widget.scene))
                ),
                timeout=30,
                what="live again with the change made while it was away",
            )
            process.save_now()
        finally:
            await close_display(client, process)
        cached, problem = load_cache(tmp_path / "cache" / "state.json")
        assert problem is None and cached.tables["BJ-01"]["limits"]["maximum_cents"] == 300000

    run(scenario())


def test_a_restart_without_server_shows_the_saved_state_marked_offline(qapp, served, tmp_path):
    async def first():
        client, process = await open_display(
            served,
            [DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")],
            wait=False,
            cache_file=tmp_path / "cache" / "state.json",
        )
        try:
            await wait_for(lambda: process.screens[0].state is not None, what="the sign")
            process.save_now()
        finally:
            await close_display(client, process)

    run(first())
    served.kill()
    heard = load_cache(tmp_path / "cache" / "state.json")[0].heard_at

    async def second():
        client = KioskClient(served.url, served.tokens["display"])
        cached, _ = load_cache(tmp_path / "cache" / "state.json")
        process = DisplayProcess(
            client,
            [DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")],
            DeviceSettings(),
            casino=casino_from_summary(cached.floor, DeviceSettings(), None),
        )
        process.open_windows()
        process.restore(cached)
        process.start()
        try:
            screen = process.screens[0]
            await wait_for(lambda: screen.state is not None, what="the saved sign")
            shown = texts(screen.widget.scene)
            assert "$1,000" in shown
            assert f"OFFLINE since {heard.astimezone(ZoneInfo('Australia/Brisbane')):%H:%M}" in shown
            await asyncio.sleep(1.5)  # retrying the dead server changes nothing on screen
            assert screen.state.status.kind == "stale"
        finally:
            await close_display(client, process)

    run(second())
    served.start()


def test_a_refused_token_says_so_on_screen(qapp, served, tmp_path):
    async def scenario():
        client = KioskClient(served.url, "not-a-token")
        process = DisplayProcess(client, [DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")], DeviceSettings())
        process.open_windows()
        process.start()
        try:
            screen = process.screens[0]
            await wait_for(lambda: screen.notice == "refused", what="the refusal")
            shown = texts(screen.widget.scene)
            assert "DISPLAY NOT AUTHORISED" in shown
        finally:
            await close_display(client, process)

    run(scenario())


def test_night_brightness_follows_the_schedule_in_the_casino_zone(qapp, tmp_path):
    from datetime import time as daytime

    from kiosk.ui.display.device_settings import BrightnessPeriod

    zone = ZoneInfo("Australia/Brisbane")
    now = [datetime(2026, 11, 30, 21, 59, tzinfo=zone)]
    settings = DeviceSettings(brightness=(BrightnessPeriod(start=daytime(22), end=daytime(6), percent=55),))

    async def scenario():
        client = KioskClient("http://127.0.0.1:9", "unused")
        process = DisplayProcess(
            client, [DisplaySpec("D", "limits", table="BJ-01")], settings, clock=lambda: now[0].astimezone(UTC)
        )
        process.open_windows()
        widget = process.screens[0].widget
        try:
            assert widget.brightness() == 100
            now[0] = datetime(2026, 11, 30, 22, 0, tzinfo=zone)
            process.tick()
            assert widget.brightness() == 55  # dimmed, never below the 40 % floor the settings allow
            now[0] = datetime(2026, 12, 1, 6, 0, tzinfo=zone)
            process.tick()
            assert widget.brightness() == 100
        finally:
            await close_display(client, process)

    run(scenario())


def test_a_restart_shows_the_saved_picture_marked_offline_at_once_then_the_live_one(qapp, served, tmp_path):
    """``kiosk display`` started again with the server up: its first picture is the saved one,
    marked offline since it was last heard (the limits may have changed while it was off), shown
    before the server has answered anything; then the live one, unmarked."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from kiosk.ui.display.main import DisplayOptions, _main
    from kiosk.ui.display.window import KioskWindow

    cache = tmp_path / "cache" / "state.json"
    spec = DisplaySpec("D-BJ-01-limits", "limits", table="BJ-01")

    async def first():
        client, process = await open_display(served, [spec], wait=False, cache_file=cache)
        try:
            screen = process.screens[0]
            await wait_for(lambda: screen.state is not None and screen.state.status.is_live, what="the sign")
            assert "$1,000" in texts(screen.widget.scene)
            process.save_now()
        finally:
            await close_display(client, process)
        async with KioskClient(served.url, served.tokens["pit"]) as pit:  # changed while the display is off
            await pit.execute(b.set_limits("BJ-01", {"maximum_cents": 250000}))

    run(first())

    def shown() -> list[list[str]]:
        return [
            texts(w.view.scene)
            for w in QApplication.topLevelWidgets()
            if isinstance(w, KioskWindow) and w.view.scene is not None
        ]

    async def second():
        options = DisplayOptions(servers=[served.url], token=served.tokens["display"], specs=[spec], cache_file=cache)
        display = asyncio.ensure_future(_main(options))
        while not shown():  # every turn of the loop: the first picture is never missed
            assert not display.done(), display.result()
            await asyncio.sleep(0)
        saved = shown()[0]
        assert "$1,000" in saved and "$2,500" not in saved, saved
        assert any(t.startswith("OFFLINE since") for t in saved), saved
        await wait_for(
            lambda: shown() and "$2,500" in shown()[0] and not any(t.startswith("OFFLINE") for t in shown()[0]),
            what="the live sign",
        )
        next(w for w in QApplication.topLevelWidgets() if isinstance(w, KioskWindow)).staff_exit.emit()
        assert await display == 0
        await asyncio.sleep(0.1)
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    run(second())
