"""The dealer panel's steps and in-game checks of issue 22, against a real ``kiosk serve``: the
floor manager and the count before a straight or royal flush is paid (000 s245(5)), bonus
blackjack wagers one per box (003 s50B), and the pai gow priority set markers against half the
table maximum (003 s421(1)(d)); each refusal shows its citation beside the controls."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QPoint

from kiosk.rules.cards import Card
from kiosk.state.client import KioskClient
from kiosk.state.errors import RuleRefused
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.dealer import DealerPanel
from kiosk.views import builders
from tests.fixtures.live_display import table_as_pit, wait_for

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
        page.show_link("CSP-PROG")
        sec = panel.section
        steps = sec.before_payment
        assert not steps.isVisible()  # nothing to do before a hit
        sec.open_hit.click()
        sec.hit_places[4].click()
        for rank in (14, 13, 12, 11, 10):
            sec.card_buttons[Card(rank, "S")].click()
        sec.hit.click()  # asks
        sec.hit.click()  # confirms
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
        reset_at = page.reset.mapTo(page, QPoint(0, 0))
        page.paid.click()  # a money action asks first (ux-review C11)
        assert page.paid.text().startswith("Confirm: the payment of $")
        page.paid.click()
        await wait_for(lambda: page.reset.isEnabled(), what="the payment on the stream")
        await asyncio.sleep(0.3)  # the page lays itself out again
        assert page.reset.mapTo(page, QPoint(0, 0)).y() == reset_at.y()  # not moved under the pointer (C11)
        # ... whatever the words of the hit grow to: they are below the buttons
        assert max(page.paid.geometry().bottom(), page.reset.geometry().bottom()) < page.details.geometry().top()
        page.reset.click()
        page.reset.click()
        await wait_for(lambda: not steps.isVisible(), what="the reset")
    finally:
        await pit.close()
        await console.stop()
        await _close(client, panel)


async def test_bonus_wagers_one_per_box_before_the_first_card(qtbot, live_server_sqlite):
    """003 s50B(5): only 1 bonus blackjack wager on a box for a round; s50B(3): placed before any
    cards in the round are dealt."""
    client, panel = await _panel(qtbot, live_server_sqlite, "BJ-01")
    try:
        sec = panel.section
        bonus = sec.bonus
        assert not bonus.record.isEnabled() and "Nominate" in bonus.line.text()  # no round yet
        sec.nominate.click()
        await wait_for(lambda: bonus.record.isEnabled(), what="the round on the stream")
        bonus.boxes[2].click()
        bonus.boxes[5].click()
        bonus.record.click()
        await wait_for(lambda: "boxes 2, 5" in bonus.line.text(), what="the bonus wagers on the stream")
        state = await table_as_pit(live_server_sqlite, "BJ-01")
        assert state["game_state"]["bonus_boxes"] == [2, 5]
        assert bonus.boxes[5].isChecked() and not bonus.boxes[5].isEnabled()  # a box holds one
        with pytest.raises(RuleRefused) as err:
            await client.execute(builders.bonus_wagers("BJ-01", [5]))
        assert err.value.rule == "003 s50B(5)"
        bonus.dealt.click()
        await wait_for(lambda: "no more bonus wagers" in bonus.line.text(), what="the first card on the stream")
        assert not bonus.record.isEnabled() and not bonus.boxes[3].isEnabled()
        with pytest.raises(RuleRefused) as err:
            await client.execute(builders.bonus_wagers("BJ-01", [3]))
        assert err.value.rule == "003 s50B(3)"
        sec.nominate.click()  # the next round: no bonus wagers yet
        await wait_for(lambda: "boxes none yet" in bonus.line.text(), what="the next round")
        assert bonus.record.isEnabled() and not bonus.boxes[2].isChecked()
    finally:
        await _close(client, panel)


async def test_priority_set_markers_follow_the_box_totals(qtbot, live_server_sqlite):
    """003 s421(1)(d): a box whose wagers total half the stated table maximum or more ($2,500 of
    PG-01's $5,000) takes a priority set marker before the tiles are dealt."""
    client, panel = await _panel(qtbot, live_server_sqlite, "PG-01")
    try:
        sec = panel.section
        box = sec.priority
        assert "$2,500" in box.line.text()
        sec.house.click()
        await wait_for(lambda: "Round 1" in sec.status.text(), what="the round's bank")
        box.totals[3].setText("$2,500")
        box.totals[5].setText("$2,499.99")
        assert box.markers[3].isChecked() and not box.markers[5].isChecked()  # checked as typed
        box.markers[3].click()  # the dealer takes it off: the service would refuse
        assert "box 3" in box.hint.text() and "003 s421(1)(d)" in box.hint.text()
        box.record.click()
        await wait_for(lambda: sec.feedback.isVisible(), what="the refusal")
        assert "003 s421(1)(d)" in sec.feedback.text()
        box.markers[3].click()
        assert box.hint.text() == ""
        box.record.click()
        await wait_for(lambda: "priority: 3" in sec.status.text(), what="the marker on the stream")
        state = await table_as_pit(live_server_sqlite, "PG-01")
        assert state["game_state"]["priority_boxes"] == [3]
        assert state["game_state"]["box_totals"] == {"3": 250_000, "5": 249_999}
    finally:
        await _close(client, panel)
