"""The pit console's table page against a real ``kiosk serve``: the actions the law gives the pit,
not the dealer, each driven as pit staff would: close a table after 3 more rounds (003 s32(3)),
record the inspector's approval of a new tri-chro drawing (001 s466(b)), overrule a two-up 'no
spin' (004 sch13 s20(4)); each refused while the table does not wait for it."""

from __future__ import annotations

import pytest

from kiosk.state.client import KioskClient
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.ops import Outcome
from kiosk.views import builders
from tests.fixtures.live_display import table_as_pit, wait_for

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]  # starts and stops a kiosk serve: ~6 s


async def test_the_pit_closes_a_table_approves_a_drawing_and_overrules_a_no_spin(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = ConsoleWindow([server.url], Credentials(tmp_path / "cfg", use_keyring=False))
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.signin.token.setText(server.tokens["pit"])
    window.signin.submit()
    try:
        await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="sign-in and the floor")
        page = window.pages["At the table"]
        window.tabs.setCurrentWidget(page)

        # 003 s32(3): "a pit boss or assistant pit boss directs only 3 more rounds"
        page.select("RO-01")
        await wait_for(lambda: page.direct.isEnabled(), what="RO-01 on the page")
        assert not page.withdraw.isEnabled() and not page.inspector_box.isVisible()
        assert page.rounds.value() == 3
        page.direct.click()
        await wait_for(lambda: "3 of 3 rounds remaining" in page.state.text(), what="the closing on the stream")
        assert "3 of 3 rounds remaining" in page.state.text()
        assert (await table_as_pit(server, "RO-01"))["closing"]["rounds"] == 3
        page.withdraw.click()
        await wait_for(lambda: "No closing directed" in page.state.text(), what="the closing withdrawn")
        # the write path enables the button when the command is answered, which may come after the
        # stream withdrew the closing: the page decides the button again
        page.withdraw.setEnabled(True)
        window.ctx.ops.finished.emit(Outcome("ok"))
        assert not page.withdraw.isEnabled()

        # 001 s466(b): "a new drawing may be conducted only with an inspector's approval"
        page.select("TC63-01")
        await wait_for(lambda: page.inspector_box.isVisible(), what="the tri-chro table")
        page.inspector.setText("Ivy Inspector")
        assert not page.approve.isEnabled()  # no malfunction: nothing to approve
        async with KioskClient(server.url, server.tokens["dealer"]) as dealer:
            await dealer.execute(builders.trichro_no_more_bets("TC63-01"))
            await dealer.execute(builders.trichro_malfunction("TC63-01", "rrg"))
        await wait_for(lambda: page.approve.isEnabled(), what="the generator malfunction on the stream")
        assert "001 s466(b)" in page.state.text()
        page.approve.click()
        await wait_for(lambda: "No drawing awaits" in page.state.text(), what="the approval on the stream")
        assert (await table_as_pit(server, "TC63-01"))["game_state"]["awaiting_inspector"] is False

        # 004 sch13 s20(4): a casino key employee may overrule the dealer's 'no spin'
        page.select("TU-01")
        await wait_for(lambda: page.overrule_box.isVisible(), what="the two-up table")
        assert not page.overrule["T"].isEnabled()
        async with KioskClient(server.url, server.tokens["dealer"]) as dealer:
            await dealer.execute(builders.twoup_new_game("TU-01"))
            await dealer.execute(builders.twoup_no_more_bets("TU-01"))
            await dealer.execute(builders.twoup_spin("TU-01", "X"))
        await wait_for(lambda: page.overrule["T"].isEnabled(), what="the 'no spin' on the stream")
        page.overrule["T"].click()
        await wait_for(lambda: "No 'no spin' call" in page.state.text(), what="the overrule on the stream")
        game = (await table_as_pit(server, "TU-01"))["game_state"]["game"]
        assert game["actions"][-1] == ["spin", "T"] and game["lights"]["tails"] == 1
        assert not page.feedback.isVisible()
    finally:
        await window.stop()
