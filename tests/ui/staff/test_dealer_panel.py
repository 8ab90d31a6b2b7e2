"""The dealer panel against a real ``kiosk serve``: buttons send commands, the panel follows the
stream, refusals show their rule beside the controls, and a lost server shows the banner."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kiosk.rules.trichro import winning_wagers
from kiosk.state.client import KioskClient
from kiosk.ui.staff.dealer import DealerPanel
from kiosk.ui.widgets.touch import MIN_TARGET_MM
from kiosk.views import builders
from tests.fixtures.live_display import display_reports, table_as_pit, wait_for

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


async def _close(client, panel):
    await panel.stop()
    await client.close()


async def test_two_up_buttons_drive_the_lights_and_a_failed_light(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "TU-01")
    try:
        sec = panel.section
        assert not sec.spin_buttons["H"].isEnabled()  # no game yet: nothing to spin
        for _ in range(3):
            sec.seat_up.click()
        assert sec.seat_label.text() == "seat 4"
        sec.new_heads.click()
        await wait_for(lambda: sec.no_more_bets.isEnabled(), what="the game to start on the stream")
        sec.no_more_bets.click()
        await wait_for(lambda: sec.spin_buttons["H"].isEnabled(), what="'no more bets' on the stream")
        sec.spin_buttons["H"].click()
        await wait_for(lambda: "lit: 1 heads, no tails, no odds" in sec.status.text(), what="the first heads light")
        state = await table_as_pit(live_server_sqlite, "TU-01")
        assert state["game_state"]["game"]["lights"] == {"heads": 1, "tails": 0, "odds": 0}
        assert state["game_state"]["game"]["seat"] == 4 and state["game_state"]["game"]["call"] == "heads"

        sec.open_lights.click()
        sec.light_buttons[("odds", 5)].click()
        sec.light_confirm.click()
        await wait_for(
            lambda: sec.light_buttons[("odds", 5)].isChecked() and "FAILED" in sec.light_buttons[("odds", 5)].text(),
            what="the failed light on the stream",
        )
        state = await table_as_pit(live_server_sqlite, "TU-01")
        assert state["game_state"]["failed_lights"]["odds"] == [5]
    finally:
        await _close(client, panel)


async def test_a_tri_chro_draw_lights_exactly_the_winning_areas(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "TC54-01")
    try:
        sec = panel.section
        # A draw before 'no more bets' would be refused by the law (001 s463(1)): it is not offered.
        assert not sec.ball_buttons["red*"].isEnabled() and not sec.enter.isEnabled()
        sec.no_more_bets.click()
        await wait_for(lambda: "no more bets" in sec.status.text(), what="'no more bets' on the stream")
        assert not sec.no_more_bets.isEnabled()
        sec.ball_buttons["red*"].click()
        sec.ball_buttons["gold"].click()
        sec.enter.click()
        await wait_for(lambda: "areas lit" in sec.status.text(), what="the result on the stream")
        state = await table_as_pit(live_server_sqlite, "TC54-01")
        assert set(state["game_state"]["winning"]) == winning_wagers(54, ["red*", "gold"])
        assert sec.status.text().endswith(f"{len(winning_wagers(54, ['red*', 'gold']))} areas lit")
    finally:
        await _close(client, panel)


async def test_touch_targets_are_at_least_9_mm(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "TU-01")
    try:
        k = panel.k
        from PySide6.QtWidgets import QAbstractButton

        buttons = [b for b in panel.findChildren(QAbstractButton) if b.isVisible()]
        assert buttons
        for b in buttons:
            assert b.width() >= MIN_TARGET_MM * k - 0.5 and b.height() >= MIN_TARGET_MM * k - 0.5, b.text()
    finally:
        await _close(client, panel)


async def test_a_lost_server_shows_the_offline_banner_and_sends_nothing(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "TU-01")
    try:
        live_server_sqlite.process.stop()
        sec = panel.section
        sec.new_dealer.setEnabled(True)
        sec.new_dealer.click()
        await wait_for(lambda: panel.banner.isVisible(), what="the offline banner")
        assert "OFFLINE" in panel.banner.text().upper()
        assert sec.feedback.outcome is not None and sec.feedback.outcome.kind == "offline"
    finally:
        await _close(client, panel)


def test_kiosk_dealer_refuses_an_unknown_table_in_one_line(live_server_sqlite, tmp_path):
    token = tmp_path / "token"
    token.write_text(live_server_sqlite.tokens["dealer"])
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "kiosk.cli",
            "dealer",
            "--server",
            live_server_sqlite.url,
            "--table",
            "NOPE-9",
            "--token-file",
            str(token),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "NOPE-9" in lines[0] and "Traceback" not in out.stderr


async def test_a_roulette_result_lights_the_number(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "RO-01")
    try:
        sec = panel.section
        await wait_for(lambda: sec.colours, what="the pad's colours")
        sec.numbers[17].click()
        sec.confirm.click()
        await wait_for(lambda: "Winning number 17" in sec.status.text(), what="the result on the stream")
        state = await table_as_pit(live_server_sqlite, "RO-01")
        assert state["game_state"]["number"] == 17 and state["game_state"]["winning"] == ["number_17"]
        sec.numbers[0].click()
        sec.entry.sent_at = None  # a second spin, not a double tap
        sec.confirm.click()
        await wait_for(lambda: "Winning number 0" in sec.status.text(), what="the zero")
        assert (await table_as_pit(live_server_sqlite, "RO-01"))["game_state"]["results"][:2] == [0, 17]
    finally:
        await _close(client, panel)


async def test_caribbean_places_light_their_slots_until_the_round_ends(qtbot, live_server_sqlite):
    client, panel = await _panel(qtbot, live_server_sqlite, "CSP-01")
    try:
        sec = panel.section
        sec.places[2].setChecked(True)
        sec.places[5].setChecked(True)
        sec.wagers.click()
        await wait_for(
            lambda: (panel.feed.table("CSP-01")["game_state"].get("jackpot_places") or []) == [2, 5],
            what="the places in play on the stream",
        )
        assert sec.places[2].isChecked() and sec.places[5].isChecked() and not sec.places[1].isChecked()
        await wait_for(lambda: sec.recorded.isVisible(), what="the dealer told what was recorded")
        assert sec.recorded.text().startswith("Recorded: places 2 and 5")
        sec.round_end.click()
        await wait_for(
            lambda: not panel.feed.table("CSP-01")["game_state"].get("jackpot_places"), what="the round's end"
        )
        assert not sec.places[2].isChecked()
    finally:
        await _close(client, panel)


async def test_bonus_blackjack_nomination_and_pai_gow_bank_and_poker_clock(qtbot, live_server_sqlite):
    for table_id, act, done in (
        (
            "BJ-01",
            lambda s: (s.suit_buttons["H"].click(), s.card_buttons["Q"].click(), s.nominate.click()),
            lambda t: (
                t["settings"].get("nominated_suit") == "hearts" and t["settings"].get("nominated_card") == "queen"
            ),
        ),
        ("PG-01", lambda s: s.house.click(), lambda t: (t["game_state"].get("bank") or {}).get("banker") == "house"),
        ("PK-01", lambda s: s.seats[3].click(), lambda t: (t["game_state"].get("clock") or {}).get("seat") == 3),
    ):
        client, panel = await _panel(qtbot, live_server_sqlite, table_id)
        try:
            act(panel.section)
            await wait_for(
                lambda done=done, panel=panel, table_id=table_id: done(panel.feed.table(table_id)),
                what=f"{table_id}'s command on the stream",
            )
            assert not panel.section.feedback.isVisible(), panel.section.feedback.text()
        finally:
            await _close(client, panel)


async def test_a_commission_change_waits_at_the_dealer_until_the_displays_show_it(qtbot, live_server_sqlite):
    server = live_server_sqlite
    client, panel = await _panel(qtbot, server, "PK-01")
    rake = {"type": "percentage", "percent_bp": 800, "cap_cents": 600, "minimum_cents": 100}
    try:
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            [given] = await pit.execute(builders.set_limits("PK-01", {"rake": rake}))
        change = given.data["pending"]["id"]
        sec = panel.section
        await wait_for(lambda: "displays to show it (002 r7.3)" in sec.waiting.text(), what="the change waiting")
        sec.hand.click()  # no display shows it: the hand completes, the change keeps waiting
        await wait_for(lambda: panel.feed.table("PK-01")["hands_completed"] >= 1, what="the hand completed")
        assert panel.feed.table("PK-01")["pending"] and "002 r7.3" in sec.waiting.text()
        await display_reports(server, "PK-01", signs=["game_notice", "rake"], notices=[change])
        sec.hand.click()
        await wait_for(lambda: not panel.feed.table("PK-01")["pending"], what="the change made")
        assert panel.feed.table("PK-01")["limits"]["rake"]["percent_bp"] == 800 and sec.waiting.text() == ""
    finally:
        await _close(client, panel)
