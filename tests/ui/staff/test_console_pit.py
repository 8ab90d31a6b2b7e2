"""The pit console as a pit boss uses it at speed (issue 19, ux-review section 2), against a real
``kiosk serve``: each table's own displays and what they show, alerts acknowledged into the audit
trail, every write confirmed, scheduling that cannot be applied at once by Ctrl+S, roulette's
per-wager minimums."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton

from kiosk.rules.money import format_money
from kiosk.state.client import KioskClient
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.credentials import Credentials
from tests.fixtures.live_display import display_reports, table_as_pit, wait_for
from tests.ui.staff.test_console import _console, _stop

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]


def _row(floor, table_id: str) -> list[str]:
    for r in range(floor.model.rowCount()):
        if floor.model.item(r, 0).text() == table_id:
            return [floor.model.item(r, c).text() for c in range(floor.model.columnCount())]
    raise AssertionError(f"no row {table_id}")


async def test_each_table_lists_its_own_displays_and_alerts_stay_until_acknowledged(
    qtbot, live_server_sqlite, tmp_path
):
    server = live_server_sqlite
    window = await _console(qtbot, server, tmp_path)
    try:
        floor = window.pages["Floor"]
        frame = window.ctx.frame
        assert frame is not None
        of_bj = sorted(d.id for d in frame.displays.values() if d.table == "BJ-01")
        # the display reports what it shows, then goes away (its stream closes)
        await display_reports(server, "BJ-01", signs=["limits"], notices=[])
        await floor.read_displays()  # the page's poll, now rather than in 10 s
        await wait_for(lambda: floor.model.rowCount() == len(window.ctx.feed.state.tables), what="every table")
        # the floor file's displays of the table, never every connection (ux-review C3)
        assert f"of {len(of_bj)}" in _row(floor, "BJ-01")[-1]
        assert "streaming" not in " ".join(_row(floor, t)[-1] for t in window.ctx.feed.state.tables)
        assert "OFFLINE" in _row(floor, "BJ-01")[-1] or "UNHEARD" in _row(floor, "BJ-01")[-1]
        # picking the row says what each display of the table shows, in staff words
        index = floor.proxy.mapFromSource(
            floor.model.index(
                next(r for r in range(floor.model.rowCount()) if floor.model.item(r, 0).text() == "BJ-01"), 0
            )
        )
        rect = floor.view.visualRect(index)
        QTest.mouseClick(floor.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert "D-BJ-01-signs" in floor.detail.text() and "NOT CONNECTED" in floor.detail.text()
        assert "Limits" in floor.detail.text() or "limits" in floor.detail.text()
        # the alert for it stays on screen until a person acknowledges it
        assert floor.alerts_box.isVisible()
        key = next(k for k in floor.raised if k.startswith("offline:D-BJ-01-signs"))
        row = floor.alert_rows[key]
        button = row.findChild(QPushButton)
        await floor.read_displays()
        assert key in floor.raised  # a second poll does not clear it
        # an alert raised before the display was heard from stays, but no longer claims to be true
        unheard = "unheard:D-BJ-01-signs"
        if unheard in floor.raised:
            assert "CLEARED at" in floor.alert_labels[unheard].text()
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: key not in floor.raised, what="the alert acknowledged")
        assert "Acknowledged by pit-tester" in floor.feedback.text() and "audit record" in floor.feedback.text()
        async with _pit(server) as pit:
            records = (await pit.audit(action="alert_acknowledged"))["records"]
        assert records[0]["actor"] == "pit-tester" and records[0]["target"] == "BJ-01"
        assert records[0]["details"]["key"] == key
        await floor.read_displays()
        assert key not in floor.raised  # acknowledged stays acknowledged
    finally:
        await _stop(window)


def _pit(server):
    return KioskClient(server.url, server.tokens["pit"])


async def test_publish_says_what_it_did_and_schedule_cannot_be_applied_now(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = await _console(qtbot, server, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("BJ-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "BJ-01", what="BJ-01 in the editor")
        assert editor.caption.text().startswith("LIVE NOW")
        before = await table_as_pit(server, "BJ-01")
        editor.money["maximum_cents"].setText("lots")  # not money: the field is outlined, as the message says
        assert editor.feedback.text().startswith("Maximum wager: ")
        assert "border" in editor.money["maximum_cents"].styleSheet()
        assert editor.money["minimum_cents"].styleSheet() == ""
        editor.money["maximum_cents"].setText("$2,500")
        assert editor.money["maximum_cents"].styleSheet() == ""
        assert editor.caption.text().startswith("NOT LIVE")  # the preview is an edit, not the table
        QTest.keySequence(window, "Ctrl+S")
        await wait_for(lambda: editor.feedback.isVisible(), what="the confirmation")
        text = editor.feedback.text()
        assert text.startswith("Published BJ-01 at ") and "Maximum wager" in text and "→ $2,500" in text
        assert editor.feedback.outcome.kind == "ok"
        await wait_for(lambda: editor.base["version"] > before["version"], what="the editor to follow the stream")
        assert editor.caption.text().startswith("LIVE NOW")
        # schedule a raise: the form goes back to the table as it is; Ctrl+S then sends nothing
        editor.money["minimum_cents"].setText("$25")
        box = editor.schedule
        later = datetime.now(UTC) + timedelta(minutes=40)
        box.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(later.timestamp()), box.when.timeZone()))
        QTest.mouseClick(box.button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: box.feedback.isVisible() and box.feedback.outcome.kind == "ok", what="scheduled")
        assert box.feedback.text().startswith("Scheduled BJ-01: Minimum wager") and "→ $25" in box.feedback.text()
        await wait_for(lambda: editor.money["minimum_cents"].text() != "$25", what="the form reset")
        assert not editor.publish.isEnabled()
        state = await table_as_pit(server, "BJ-01")
        assert state["scheduled"] and state["limits"]["minimum_cents"] != 2500
        QTest.keySequence(window, "Ctrl+S")
        await asyncio.sleep(0.5)
        after = await table_as_pit(server, "BJ-01")
        assert after["limits"]["minimum_cents"] == state["limits"]["minimum_cents"]  # not applied now
        assert after["version"] == state["version"]
    finally:
        await _stop(window)


async def test_roulettes_per_wager_minimums_are_edited_in_the_console(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = await _console(qtbot, server, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("RO-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "RO-01", what="RO-01 in the editor")
        assert "red" in editor.min_by and "straight_up" in editor.by
        field = editor.min_by["red"]
        field.selectAll()
        QTest.keyClicks(field, "$15")
        assert editor.publish.isEnabled(), editor.feedback.text()
        QTest.mouseClick(editor.publish, Qt.MouseButton.LeftButton)
        assert editor.confirm.isVisible() and "Minimum, red $10 → $15 NOW?" in editor.confirm.text()
        QTest.mouseClick(editor.publish, Qt.MouseButton.LeftButton)  # confirmed: a raise players see at once
        await wait_for(lambda: editor.feedback.isVisible(), what="the confirmation")
        assert "Minimum, red $10 → $15" in editor.feedback.text()
        await wait_for(lambda: window.ctx.feed.table("RO-01")["limits"]["minimum_by"]["red"] == 1500, what="the stream")
    finally:
        await _stop(window)


async def test_a_proposal_waits_in_the_second_administrators_inbox(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    made = subprocess.run(  # another person: issued from the database, not by the first administrator
        [sys.executable, "-m", "kiosk.cli", "token", "create", "--role", "admin", "--name", "admin-b"]
        + ["--db", server.db_url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    second = {**server.tokens, "admin": made.stdout.strip().split()[-1]}
    first = await _console(qtbot, server, tmp_path, "admin")
    window = None
    try:
        page = first.pages["Jackpots"]
        first.tabs.setCurrentWidget(page)
        link_id = page.link_id
        seed = first.ctx.feed.link(link_id)["meter"]["seed_cents"]
        page.seed.setText(format_money(seed + 300_000))
        QTest.mouseClick(page.propose, Qt.MouseButton.LeftButton)
        await wait_for(lambda: page._proposal_rows, what="the proposal")
        assert first.tabs.tabText(first.tabs.indexOf(page)) == "Jackpots"  # nothing for the proposer to approve
        assert not first.pages["Floor"].inbox_rows
        window = await _console(qtbot, _Tokens(server, second), tmp_path / "b", "admin")
        floor = window.pages["Floor"]
        await wait_for(lambda: floor.inbox_rows, what="the proposal in the second administrator's inbox")
        assert floor.inbox_box.isVisible()
        text = " ".join(label.text() for label in floor.inbox_rows[0].findChildren(QLabel))
        assert f"Seed {format_money(seed)} → {format_money(seed + 300_000)}" in text and "admin-tester" in text
        jackpots = window.pages["Jackpots"]
        assert window.tabs.tabText(window.tabs.indexOf(jackpots)) == "Jackpots (1 to approve)"
        assert jackpots.link_id == link_id  # opens on the link waiting
        button = floor.inbox_rows[0].findChild(QPushButton)
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        await wait_for(
            lambda: window.ctx.feed.link(link_id)["meter"]["seed_cents"] == seed + 300_000, what="the approved seed"
        )
        await wait_for(lambda: floor.feedback.isVisible(), what="the confirmation")
        assert floor.feedback.text().startswith("Approved ") and "admin-tester" in floor.feedback.text()
        await wait_for(lambda: not floor.inbox_box.isVisible(), what="the inbox emptied")
    finally:
        if window is not None:
            await _stop(window)
        await _stop(first)


async def test_after_three_wrong_pins_the_console_waits_even_for_the_right_one(qtbot, live_server_sqlite, tmp_path):
    """docs/readings.md A-96: three wrong ones in a row are free, then the next try waits 30 s."""
    server = live_server_sqlite
    credentials = Credentials(tmp_path / "cfg", use_keyring=False)
    credentials.set_secret(server.url, "pit-tester", "2468", server.tokens["pit"])
    window = ConsoleWindow([server.url], credentials)
    qtbot.addWidget(window)
    window.show()
    signin = window.signin
    try:
        for left in ("2 more wrong tries", "1 more wrong try", "too many wrong tries: wait 30 s"):
            QTest.keyClicks(signin.pin, "1357")
            QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
            await wait_for(lambda left=left: left in signin.message.text(), what=left)
            assert signin.message.text().startswith("wrong PIN or password for pit-tester; ")
            if left == "1 more wrong try":  # a typed token comes before the PIN: no PIN was checked
                QTest.keyClicks(signin.token, "not-a-token")
                QTest.keyClicks(signin.pin, "2468")
                QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
                await wait_for(lambda: "Not signed in" in signin.message.text(), what="the token refused")
                assert signin.attempts.wrong == 2  # ... so the count of wrong PINs stands
                signin.token.clear()
                signin.pin.clear()
        QTest.keyClicks(signin.pin, "2468")  # the right one, too soon
        QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
        assert signin.message.text().startswith("too many wrong tries: wait ")
        await asyncio.sleep(0.3)
        assert window.ctx is None and signin.attempts.wrong == 3
    finally:
        await _stop(window)


class _Tokens:
    """The live server with other tokens (a second administrator)."""

    def __init__(self, server, tokens):
        self.url, self.tokens, self.db_url = server.url, tokens, server.db_url


async def test_named_people_sign_in_by_pin_or_password_and_sign_out_visibly(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = ConsoleWindow([server.url], Credentials(tmp_path / "cfg", use_keyring=False))
    qtbot.addWidget(window)
    window.show()
    signin = window.signin
    try:
        assert not signin.named.isVisible()  # nobody has a PIN here yet: the token, once
        for role, secret in (("pit", "2468"), ("admin", "a long password")):
            QTest.keyClicks(signin.token, server.tokens[role])
            QTest.keyClicks(signin.new_pin, secret)
            QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
            await wait_for(lambda: window.ctx is not None and window.bar.isVisible(), what=f"{role} signed in")
            assert f"{role}-tester" in window.who.text()
            assert window.switch.isVisible()  # sign-out is on screen, not a hidden shortcut
            QTest.mouseClick(window.switch, Qt.MouseButton.LeftButton)
            await wait_for(lambda: window.ctx is None and window.stack.currentWidget() is signin, what="signed out")
        names = [signin.person.itemText(i) for i in range(signin.person.count())]
        assert names == ["admin-tester", "pit-tester"] and signin.named.isVisible()
        signin.person.setCurrentIndex(names.index("pit-tester"))
        QTest.keyClicks(signin.pin, "a long password")  # the administrator's password is not Pat's
        QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: "wrong PIN or password for pit-tester" in signin.message.text(), what="refused")
        assert "2 more wrong tries and the console waits before the next" in signin.message.text()
        assert window.ctx is None and signin.pin.text() == ""
        signin.pin.clear()
        QTest.keyClicks(signin.pin, "2468")
        QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: window.ctx is not None, what="signed in by PIN")
        assert window.ctx.session["name"] == "pit-tester" and window.ctx.role == "pit"
        stored = (tmp_path / "cfg" / "console-credentials.json").read_text(encoding="utf-8")
        assert server.tokens["pit"] not in stored and server.tokens["admin"] not in stored
    finally:
        await _stop(window)


async def test_a_console_larger_than_its_screen_fits_the_screen(qtbot, tmp_path):
    window = ConsoleWindow(["http://127.0.0.1:9"], Credentials(tmp_path, use_keyring=False))
    qtbot.addWidget(window)
    free = window.screen().availableGeometry()
    window.resize(free.width() + 400, free.height() + 300)  # the CLI's 1440x900 on a smaller podium
    window.show()
    try:
        window.start()
        assert window.width() <= free.width() and window.height() <= free.height()
    finally:
        await window.stop()


async def test_switching_tables_asks_before_unsaved_edits_are_dropped(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("BJ-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "BJ-01", what="BJ-01 in the editor")
        assert "Blackjack" in editor.picker.currentText()  # the game, not the id alone (C8)
        editor.money["maximum_cents"].setText("$3,000")
        window.edit_table("BJ-02")  # a double-click on another row of the Floor tab
        assert editor.base["id"] == "BJ-01" and editor.discard_bar.isVisible()
        assert "not published (Maximum wager" in editor.discard_text.text()
        QTest.mouseClick(editor.keep, Qt.MouseButton.LeftButton)
        assert not editor.discard_bar.isVisible() and editor.money["maximum_cents"].text() == "$3,000"
        window.edit_table("BJ-02")
        QTest.mouseClick(editor.discard, Qt.MouseButton.LeftButton)
        assert editor.base["id"] == "BJ-02" and editor.table_id == "BJ-02"
        assert not editor.discard_bar.isVisible()
    finally:
        await _stop(window)


async def test_a_second_administrator_approves_at_the_proposers_console(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    made = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "token", "create", "--role", "admin", "--name", "admin-b"]
        + ["--db", server.db_url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    window = ConsoleWindow([server.url], Credentials(tmp_path / "cfg", use_keyring=False))
    qtbot.addWidget(window)
    window.show()
    signin = window.signin
    try:
        # admin-b has signed in on this podium before and set a PIN
        QTest.keyClicks(signin.token, made.stdout.strip().split()[-1])
        QTest.keyClicks(signin.new_pin, "7531")
        QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: window.ctx is not None, what="admin-b signed in")
        QTest.mouseClick(window.switch, Qt.MouseButton.LeftButton)
        await wait_for(lambda: window.ctx is None, what="signed out")
        QTest.keyClicks(signin.token, server.tokens["admin"])
        QTest.mouseClick(signin.button, Qt.MouseButton.LeftButton)
        await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="the first administrator")
        page = window.pages["Jackpots"]
        window.tabs.setCurrentWidget(page)
        link_id = page.link_id
        seed = window.ctx.feed.link(link_id)["meter"]["seed_cents"]
        page.seed.setText(format_money(seed + 200_000))
        QTest.mouseClick(page.propose, Qt.MouseButton.LeftButton)
        await wait_for(lambda: page._proposal_rows, what="the proposal")
        here = next(
            b for b in page._proposal_rows[0].findChildren(QPushButton) if b.text().startswith("Another administrator")
        )
        QTest.mouseClick(here, Qt.MouseButton.LeftButton)
        assert page.second_box.isVisible()
        people = [page.second_person.itemText(i) for i in range(page.second_person.count())]
        assert people == ["admin-b"]  # never the proposer
        QTest.keyClicks(page.second_secret, "0000")
        await page.approve_as_second()
        assert "wrong PIN or password for admin-b" in page.feedback.text()
        assert "2 more wrong tries and the console waits before the next" in page.feedback.text()
        assert window.ctx.feed.link(link_id)["meter"]["seed_cents"] == seed
        QTest.keyClicks(page.second_secret, "7531")
        QTest.mouseClick(page.second_approve, Qt.MouseButton.LeftButton)
        await wait_for(
            lambda: window.ctx.feed.link(link_id)["meter"]["seed_cents"] == seed + 200_000, what="the approved seed"
        )
        await wait_for(lambda: page.feedback.outcome is not None and page.feedback.outcome.kind == "ok", what="ok")
        assert page.feedback.text().startswith("Approved by admin-b: ")
        assert window.ctx.session["name"] == "admin-tester"  # the first administrator is still signed in
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            record = (await pit.audit(action="jackpot_settings_changed", limit=1))["records"][0]
        assert record["actor"] == "admin-b"
    finally:
        await _stop(window)
