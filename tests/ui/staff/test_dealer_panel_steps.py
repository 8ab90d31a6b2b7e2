"""The dealer panel's steps and in-game checks of issue 22, against a real ``kiosk serve``: the
floor manager and the count before a straight or royal flush is paid (000 s245(5)), bonus
blackjack wagers one per box (003 s50B), and the pai gow priority set markers against half the
table maximum (003 s421(1)(d)); each refusal shows its citation beside the controls."""

from __future__ import annotations

import pytest

from kiosk.state.client import KioskClient
from kiosk.state.errors import RuleRefused
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.console.credentials import Credentials
from kiosk.ui.staff.dealer import DealerPanel
from kiosk.views import builders
from tests.fixtures.live_display import wait_for

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]  # each test starts and stops a kiosk serve: ~6 s


async def _panel(qtbot, server, table_id: str, role: str = "dealer"):
    client = KioskClient(server.url, server.tokens[role])
    panel = DealerPanel(client, table_id, k=6.0)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.start()
    await wait_for(lambda: panel.section is not None, what="the table's snapshot")
    return client, panel


async def _console(qtbot, server, tmp_path, role: str = "pit") -> ConsoleWindow:
    window = ConsoleWindow([server.url], Credentials(tmp_path / f"cfg-{role}", use_keyring=False))
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.signin.token.setText(server.tokens[role])
    window.signin.submit()
    await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="sign-in and the floor snapshot")
    return window


async def _close(client, panel):
    await panel.stop()
    await client.close()


async def test_a_royal_flush_waits_for_the_floor_manager_and_the_count(qtbot, live_server_sqlite, tmp_path):
    """000 s245(5): the dealer notifies the floor manager and counts the deck before the payment,
    which the pit's console records only then."""
    client, panel = await _panel(qtbot, live_server_sqlite, "CSP-02")
    console = await _console(qtbot, live_server_sqlite, tmp_path)
    pit = KioskClient(live_server_sqlite.url, live_server_sqlite.tokens["pit"])
    try:
        page = console.pages["Jackpots"]
        console.tabs.setCurrentWidget(page)
        page.picker.setCurrentText("CSP-PROG")
        sec = panel.section
        steps = sec.before_payment
        assert not steps.isVisible()  # nothing to do before a hit
        sec.place.setValue(4)
        sec.cards.setText("AS KS QS JS TS")
        sec.hit.click()
        await wait_for(lambda: steps.isVisible(), what="the steps after the royal flush")
        assert "royal flush" in steps.line.text() and "000 s245(5)" in steps.line.text()
        await wait_for(lambda: "000 s245(5)" in page.details.text(), what="the step on the console")
        assert not page.paid.isEnabled()  # the pit cannot record the payment yet ...
        with pytest.raises(RuleRefused) as err:  # ... nor through the API
            await pit.execute(builders.jackpot_paid("CSP-PROG"))
        assert err.value.rule == "000 s245(5)"

        steps.floor_manager.setText("Fran Floor")
        steps.record.click()  # no count entered: the panel says so and sends nothing
        assert sec.feedback.isVisible() and "cards you counted" in sec.feedback.text()
        steps.cards.setValue(52)
        steps.minutes.setValue(3)
        steps.record.click()
        await wait_for(lambda: "Fran Floor notified" in steps.line.text(), what="the record on the stream")
        assert "52 of 52 cards counted" in steps.line.text() and not steps.form.isVisible()
        pending = (await pit.link("CSP-PROG"))["pending"]
        assert pending["before_payment"]["floor_manager"] == "Fran Floor"
        assert pending["before_payment"]["cards_counted"] == 52
        await wait_for(lambda: page.paid.isEnabled(), what="the console's payment button")
        assert "Fran Floor notified" in page.details.text()
        page.paid.click()
        await wait_for(lambda: page.reset.isEnabled(), what="the payment on the stream")
        page.reset.click()
        await wait_for(lambda: not steps.isVisible(), what="the reset")
    finally:
        await pit.close()
        await console.stop()
        await _close(client, panel)
