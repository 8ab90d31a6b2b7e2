"""Issue 19 section 3 at the dealer panel, driven as a dealer would (touches on real widgets)
against a real ``kiosk serve``: the roulette pad's colours, confirm and double tap, a supervisor's
correction in the audit trail; the Caribbean jackpot hand picked by touch with the amount to pay;
two-up's seats, lights and status in words; tri-chro's phases; every touch target at least 9 mm."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from kiosk.rules.cards import Card
from kiosk.rules.money import format_money
from kiosk.state.client import KioskClient
from kiosk.ui.staff.dealer import DealerPanel
from tests.fixtures.live_display import table_as_pit, wait_for

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]  # each test starts and stops a kiosk serve: ~6 s


async def _panel(qtbot, server, table_id: str, role: str = "dealer", size=(1280, 800)):
    client = KioskClient(server.url, server.tokens[role])
    panel = DealerPanel(client, table_id, k=6.0)
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    panel.start()
    await wait_for(lambda: panel.section is not None, what="the table's snapshot")
    return client, panel


async def _close(client, panel):
    await panel.stop()
    await client.close()


def touch(qtbot, widget) -> None:
    assert widget.isVisible() and widget.isEnabled(), widget.text() if hasattr(widget, "text") else widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


async def test_roulette_pad_is_coloured_and_a_double_tap_records_one_spin(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "RO-01")
    try:
        sec = panel.section
        await wait_for(lambda: sec.colours, what="the pad's colours")
        assert "#168c48" in sec.numbers[0].styleSheet()  # zero green
        assert "#c8102e" in sec.numbers[32].styleSheet() and "#111111" in sec.numbers[15].styleSheet()
        assert not sec.confirm.isEnabled()  # nothing picked: nothing to confirm
        touch(qtbot, sec.numbers[17])
        assert sec.confirm.text() == "17 BLACK: confirm"
        assert (await table_as_pit(live_server_sqlite, "RO-01"))["game_state"].get("number") is None  # not yet
        touch(qtbot, sec.numbers[6])  # changed her mind: the strip follows
        assert sec.confirm.text() == "6 BLACK: confirm"
        touch(qtbot, sec.confirm)
        qtbot.mouseClick(sec.confirm, Qt.MouseButton.LeftButton)  # the double tap, 0 ms later
        await wait_for(lambda: "Winning number 6 BLACK" in sec.status.text(), what="the result on the stream")
        await panel.ops.drain()
        state = (await table_as_pit(live_server_sqlite, "RO-01"))["game_state"]
        assert state["results"] == [6] and state["spins"] == 1
        assert sec.confirm.text() == "Touch the winning number" and not sec.confirm.isEnabled()
    finally:
        await _close(client, panel)


async def test_a_supervisor_corrects_the_last_spin_in_the_audit_trail(qtbot, live_server_sqlite):
    server = live_server_sqlite
    client, panel = await _panel(qtbot, server, "RO-01")
    try:
        sec = panel.section
        await wait_for(lambda: sec.colours, what="the pad's colours")
        assert not sec.correct.isEnabled()  # no spin yet: nothing to correct
        touch(qtbot, sec.numbers[17])
        touch(qtbot, sec.confirm)
        await wait_for(lambda: "Winning number 17" in sec.status.text(), what="the result on the stream")
        touch(qtbot, sec.correct)
        assert sec.correction_row.isVisible()
        touch(qtbot, sec.numbers[7])
        assert sec.apply_correction.text() == "Supervisor: correct spin 1 from 17 BLACK to 7 RED"
        touch(qtbot, sec.apply_correction)
        # nobody is enrolled on this computer: the page says so and asks for the token
        assert sec.enrol_note.isVisible() and "No supervisor is enrolled on this computer" in sec.enrol_note.text()
        assert not sec.keypad.isVisible() and not sec.names.isVisible()
        # the dealer's own token is not a supervisor's: refused, nothing changes
        qtbot.keyClicks(sec.supervisor, server.tokens["dealer"])
        touch(qtbot, sec.supervisor_ok)
        await sec.supervisor_task
        assert sec.feedback.isVisible() and sec.feedback.outcome.kind != "ok"
        assert (await table_as_pit(server, "RO-01"))["game_state"]["number"] == 17
        assert sec.supervisor.text() == ""  # the token is never kept on the panel
        qtbot.keyClicks(sec.supervisor, server.tokens["pit"])
        touch(qtbot, sec.supervisor_ok)
        await sec.supervisor_task
        await wait_for(lambda: "Winning number 7 RED" in sec.status.text(), what="the correction on the stream")
        assert not sec.correction_row.isVisible() and not sec.supervisor_page.isVisible()
        state = (await table_as_pit(server, "RO-01"))["game_state"]
        assert state["results"] == [7] and state["spins"] == 1
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            [record] = (await pit.audit(target="RO-01", action="roulette_result_corrected"))["records"]
        data = record["details"]["event"]["data"]
        assert record["role"] == "pit" and (data["spin"], data["was"], data["number"]) == (1, 17, 7)
    finally:
        await _close(client, panel)


async def test_two_up_seat_by_touch_status_in_words_and_a_stray_touch_fails_no_light(qtbot, live_server_sqlite):
    server = live_server_sqlite
    client, panel = await _panel(qtbot, server, "TU-01")
    try:
        sec = panel.section
        assert not sec.seat_down.isEnabled() and sec.seat_label.text() == "seat 1"
        touch(qtbot, sec.seat_up)
        touch(qtbot, sec.seat_up)
        touch(qtbot, sec.seat_down)
        assert sec.seat_label.text() == "seat 2"
        touch(qtbot, sec.new_tails)
        await wait_for(lambda: sec.no_more_bets.isEnabled(), what="the game on the stream")
        assert sec.status.text() == "Game 1, seat 2 calls tails; no spins yet; bets open"
        # the lights are not on the game's screen: a stray touch there cannot reach them
        assert not sec.light_buttons[("heads", 1)].isVisible()
        touch(qtbot, sec.open_lights)
        touch(qtbot, sec.light_buttons[("heads", 1)])  # the stray touch
        assert sec.light_question.text() == "Mark heads light 1 FAILED: the display shows a result card instead?"
        assert not (await table_as_pit(server, "TU-01"))["game_state"]["failed_lights"]["heads"]
        touch(qtbot, sec.light_done)  # back: nothing sent
        touch(qtbot, sec.open_lights)
        assert not sec.light_confirm.isEnabled()
        touch(qtbot, sec.light_buttons[("heads", 1)])
        touch(qtbot, sec.light_confirm)
        await wait_for(lambda: "FAILED" in sec.light_buttons[("heads", 1)].text(), what="the failed light")
        assert (await table_as_pit(server, "TU-01"))["game_state"]["failed_lights"]["heads"] == [1]
        touch(qtbot, sec.light_buttons[("heads", 1)])
        assert sec.light_question.text() == "Mark heads light 1 repaired?"
        touch(qtbot, sec.light_confirm)
        await wait_for(lambda: "FAILED" not in sec.light_buttons[("heads", 1)].text(), what="the light repaired")
        touch(qtbot, sec.light_done)
        touch(qtbot, sec.no_more_bets)
        await wait_for(lambda: sec.spin_buttons["O"].isEnabled(), what="no more bets")
        touch(qtbot, sec.spin_buttons["O"])
        await wait_for(lambda: "lit: no heads, no tails, 1 odds" in sec.status.text(), what="the spin in words")
    finally:
        await _close(client, panel)


async def test_tri_chro_offers_only_the_next_legal_control_and_keeps_a_refused_pick(qtbot, live_server_sqlite):
    server = live_server_sqlite
    client, panel = await _panel(qtbot, server, "TC54-01")
    try:
        sec = panel.section
        await wait_for(lambda: "bets open" in sec.status.text(), what="the snapshot")
        assert sec.no_more_bets.isEnabled()
        assert not any(b.isEnabled() for b in sec.ball_buttons.values())
        assert not sec.enter.isEnabled() and not sec.void.isEnabled()
        touch(qtbot, sec.no_more_bets)
        await wait_for(lambda: sec.ball_buttons["gold"].isEnabled(), what="'no more bets' on the stream")
        assert not sec.no_more_bets.isEnabled()
        touch(qtbot, sec.ball_buttons["red*"])
        assert not sec.enter.isEnabled()  # one ball is not a draw
        touch(qtbot, sec.clear_pick)
        assert not sec.ball_buttons["red*"].isChecked()
        touch(qtbot, sec.ball_buttons["green"])
        touch(qtbot, sec.ball_buttons["gold*"])
        assert sec.ball_label.text() == "Balls drawn: GREEN + GOLD WITH STAR"
        assert sec.ball_buttons["green"].isChecked() and sec.ball_buttons["gold*"].isChecked()
        touch(qtbot, sec.enter)
        await wait_for(lambda: "areas lit" in sec.status.text(), what="the result on the stream")
        assert sec.no_more_bets.isEnabled() and not sec.enter.isEnabled() and sec.unlit.isEnabled()
        assert not any(b.isChecked() for b in sec.ball_buttons.values())
        # the void takes two touches, and the armed one is red
        touch(qtbot, sec.void)
        assert "VOID" in sec.void.text() and "#b00020" in sec.void.styleSheet().split("background:")[1][:8]
        # a draw that is not recorded (here: the server is gone) keeps the balls to send again
        touch(qtbot, sec.no_more_bets)
        await wait_for(lambda: sec.ball_buttons["gold"].isEnabled(), what="the next drawing")
        touch(qtbot, sec.ball_buttons["red"])
        touch(qtbot, sec.ball_buttons["gold"])
        server.process.stop()
        touch(qtbot, sec.enter)
        await wait_for(lambda: sec.feedback.isVisible(), what="the write refused")
        await panel.ops.drain()
        assert sec.picked == ["red", "gold"] and sec.ball_buttons["gold"].isChecked()
        assert sec.feedback.font().pixelSize() >= round(4.5 * panel.k / 0.72)  # a banner, not 3 mm text
    finally:
        await _close(client, panel)


async def test_a_caribbean_jackpot_hit_by_touch_confirmed_with_the_amount_to_pay(qtbot, live_server_sqlite):
    server = live_server_sqlite
    client, panel = await _panel(qtbot, server, "CSP-01")
    try:
        sec = panel.section
        await wait_for(lambda: sec.open_hit.isEnabled(), what="the jackpot link on the stream")
        prize = panel.feed.link(panel.feed.table("CSP-01")["link_id"])["meter"]["amount_cents"]
        touch(qtbot, sec.open_hit)
        assert not sec.hit.isEnabled() and sec.hit.text() == "Touch the winner's place and five cards"
        touch(qtbot, sec.hit_places[2])
        for rank in (14, 13, 12, 11):
            touch(qtbot, sec.card_buttons[Card(rank, "H")])
        assert sec.hand_line.text().endswith("4 of 5 cards")
        touch(qtbot, sec.card_buttons[Card(9, "H")])
        assert sec.hand_line.text() == "place 2: A\u2665  K\u2665  Q\u2665  J\u2665  9\u2665 \u2014 Flush"
        touch(qtbot, sec.card_buttons[Card(9, "H")])  # took it back
        touch(qtbot, sec.card_buttons[Card(10, "H")])
        assert sec.hand_line.text().endswith("Royal flush")
        assert not sec.card_buttons[Card(2, "C")].isEnabled()  # five cards: no sixth
        touch(qtbot, sec.hit)  # the first touch asks
        expected = format_money(max(prize, 1_000_000), always_cents=True)  # 000 s246(1): the greater
        assert sec.hit.text() == f"Royal flush at place 2 pays {expected} (000 s246(1)): confirm?"
        link = (await table_as_pit(server, "CSP-01"))["link_id"]
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            assert (await pit.link(link))["pending"] is None  # nothing recorded yet
            touch(qtbot, sec.hit)  # the confirm
            await wait_for(lambda: sec.payout.isVisible(), what="the payout card")
            pending = (await pit.link(link))["pending"]
        paid = format_money(pending["payments"][0]["amount_cents"], always_cents=True)
        assert sec.payout.text().startswith(f"Pay place 2: {paid} (Royal flush): call the pit")
        assert sec.pages.currentIndex() == 0 and not sec.open_hit.isEnabled()  # locked until paid (000 s245)
    finally:
        await _close(client, panel)
