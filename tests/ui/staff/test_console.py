"""The pit console against a real ``kiosk serve``: sign in, the floor, edits validated as you
type with the rule cited, publishing reaching a display's view, the 20-minute notice, concurrent
edits, a jackpot change waiting for a second administrator, the audit trail, sign export,
keyboard reach and the idle sign-out."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from kiosk.rules.money import format_money
from kiosk.state.client import KioskClient, LiveState
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.credentials import Credentials
from kiosk.views import builders
from kiosk.views.base import CasinoSettings
from kiosk.views.screen import Subject, compose_view
from tests.fixtures.backend import start_live_server
from tests.fixtures.live_display import display_reports, table_as_pit, wait_for
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(180), pytest.mark.slow]  # each test starts and stops a kiosk serve: ~6 s


async def _console(qtbot, server, tmp_path, role: str = "pit", **kw) -> ConsoleWindow:
    window = ConsoleWindow(
        [server.url],
        Credentials(tmp_path / f"cfg-{role}", use_keyring=False),
        devices_path=tmp_path / f"device-{role}.json",
        **kw,
    )
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.signin.token.setText(server.tokens[role])
    window.signin.submit()
    await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="sign-in and the floor snapshot")
    return window


async def _stop(window: ConsoleWindow) -> None:
    await window.stop()


async def test_sign_in_refuses_a_dealer_token_and_shows_every_table(qtbot, live_server_sqlite, tmp_path):
    window = ConsoleWindow([live_server_sqlite.url], Credentials(tmp_path / "cfg", use_keyring=False))
    qtbot.addWidget(window)
    try:
        window.signin.token.setText(live_server_sqlite.tokens["dealer"])
        window.signin.submit()
        await wait_for(lambda: "pit or admin" in window.signin.message.text(), what="the refusal of a dealer token")
        assert window.ctx is None
        window.signin.token.setText(live_server_sqlite.tokens["pit"])
        window.signin.new_pin.setText("4321")
        window.signin.submit()
        await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="sign-in")
        floor = window.pages["Floor"]
        await wait_for(lambda: floor.model.rowCount() == 16, what="16 tables on the floor")
        floor.filter.setText("tri-chro")
        assert floor.proxy.rowCount() == 2
        await window.sign_out("bye")
        assert window.ctx is None and window.stack.currentWidget() is window.signin
        window.signin.pin.setText("4321")  # the PIN set at the first sign-in now stands for the token
        window.signin.submit()
        await wait_for(lambda: window.ctx is not None, what="sign-in by PIN")
    finally:
        await _stop(window)


async def test_an_invalid_limit_shows_the_rule_and_sends_nothing(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("BJ-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "BJ-01", what="BJ-01 in the editor")
        before = await table_as_pit(live_server_sqlite, "BJ-01")
        editor.money["minimum_cents"].setText("$5")
        editor.money["maximum_cents"].setText("$50")
        assert editor.feedback.isVisible() and "003 s23(3)" in editor.feedback.text()
        assert not editor.publish.isEnabled()
        editor.publish.click()
        await asyncio.sleep(0.5)
        assert (await table_as_pit(live_server_sqlite, "BJ-01"))["version"] == before["version"]
        editor.money["maximum_cents"].setText("$500")
        assert not editor.feedback.isVisible() and editor.publish.isEnabled()
        # the signs: a required sign cannot be removed (the message cites the rule)
        assert window.ctx.frame is not None and "D-BJ-01-limits" in window.ctx.frame.displays
        editor.sign_boxes["limits"].setChecked(False)
        assert editor.feedback.isVisible() and "003 s23(2)" in editor.feedback.text()
        assert not editor.publish.isEnabled()
    finally:
        await _stop(window)


async def test_a_published_limit_reaches_the_tables_display(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = await _console(qtbot, server, tmp_path)
    display = KioskClient(server.url, server.tokens["display"])
    mirror = LiveState()

    async def watch():
        async for item in display.stream(["BJ-01"]):
            mirror.apply(item)

    task = asyncio.ensure_future(watch())
    try:
        editor = window.pages["Edit table"]
        window.edit_table("BJ-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "BJ-01", what="BJ-01 in the editor")
        editor.money["minimum_cents"].setText("$25")
        editor.money["maximum_cents"].setText("$2,500")
        assert editor.publish.isEnabled(), editor.feedback.text()
        editor.publish.click()
        # a raise of the minimum, now, is asked about first: nothing is sent yet (ux-review C2)
        assert editor.confirm.isVisible() and "Minimum wager $10 → $25 NOW?" in editor.confirm.text()
        await asyncio.sleep(0.3)
        assert (await table_as_pit(server, "BJ-01"))["limits"]["minimum_cents"] == 1000
        editor.publish.click()
        await wait_for(
            lambda: mirror.tables.get("BJ-01", {}).get("limits", {}).get("minimum_cents") == 2500,
            what="the new limits on the display's stream",
        )
        view = compose_view(
            Subject("limits", "BJ-01"), mirror.tables, mirror.links, CasinoSettings(name="Test"), datetime.now(UTC)
        )
        shown = " ".join(texts(view.scene))
        assert "$25" in shown and "$2,500" in shown
        await wait_for(
            lambda: editor.base["version"] == mirror.tables["BJ-01"]["version"], what="the editor to follow the stream"
        )
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await display.close()
        await _stop(window)


async def test_a_higher_minimum_table_stake_needs_20_minutes_notice(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("MP-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "MP-01", what="MP-01 in the editor")
        editor.money["minimum_table_stake_cents"].setText("$200")
        box = editor.schedule
        soon = datetime.now(UTC) + timedelta(minutes=5)
        box.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(soon.timestamp()), box.when.timeZone()))
        box.button.click()
        await wait_for(lambda: box.feedback.isVisible(), what="the refusal")
        assert "003 s259(3)" in box.feedback.text()
        later = datetime.now(UTC) + timedelta(minutes=25)
        box.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(later.timestamp()), box.when.timeZone()))
        box.button.click()
        await wait_for(lambda: box._texts, what="the scheduled change with its countdown")
        assert "(in 2" in box._texts[0][0].text()  # "(in 24:59)" or "(in 25:00)"
        state = await table_as_pit(live_server_sqlite, "MP-01")
        assert state["scheduled"][0]["limits"] == {"minimum_table_stake_cents": 20000}
        # no display shows the notice yet: the console says so, and what follows
        await wait_for(lambda: box._texts and "NOTICE NOT SHOWN" in box._texts[0][0].text(), what="not shown")
        assert "003 s259(3)" in box._texts[0][0].text()
        # another table's display claims it: refused, and the console still counts no display
        await display_reports(
            live_server_sqlite,
            "MP-01",
            signs=["minimum_table_stake"],
            notices=[state["scheduled"][0]["id"]],
            display_id="D-BJ-01-limits",
            recorded_as="display_showing_refused",
        )
        box._evidence_read = 0.0  # read the displays' reports again now, not in a few seconds
        box.refresh()
        await wait_for(lambda: box._reading is not None and box._reading.done(), what="the reports read again")
        assert "NOTICE NOT SHOWN" in box._texts[0][0].text()
        # a display of the table reports showing it: the console shows since when
        await display_reports(
            live_server_sqlite, "MP-01", signs=["minimum_table_stake"], notices=[state["scheduled"][0]["id"]]
        )
        await wait_for(
            lambda: box._texts and "notice shown since" in box._texts[0][0].text(),
            timeout=30,
            what="the notice shown on a display",
        )
        assert "on 1 display" in box._texts[0][0].text()
    finally:
        await _stop(window)


async def test_concurrent_edits_conflict_visibly_and_overwrite_nothing(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    first = await _console(qtbot, server, tmp_path, "pit")
    second = await _console(qtbot, server, tmp_path, "admin")
    try:
        a, b = first.pages["Edit table"], second.pages["Edit table"]
        for win, editor in ((first, a), (second, b)):
            win.edit_table("BJ-02")
            await wait_for(lambda e=editor: e.base is not None and e.base["id"] == "BJ-02", what="BJ-02")
        a.money["maximum_cents"].setText("$900")
        b.money["maximum_cents"].setText("$800")
        a.publish.click()
        await wait_for(lambda: b.ctx.feed.table("BJ-02")["limits"]["maximum_cents"] == 90000, what="the first edit")
        b.publish.click()
        await wait_for(lambda: b.conflict.isVisible(), what="the conflict")
        assert "changed by someone else" in b.conflict.text().lower() and "$900" in b.conflict.text()
        assert (await table_as_pit(server, "BJ-02"))["limits"]["maximum_cents"] == 90000
        b.reload.click()
        assert b.money["maximum_cents"].text() == "$900"
    finally:
        await _stop(first)
        await _stop(second)


async def test_a_jackpot_setting_change_waits_for_a_second_administrator(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    other = subprocess.run(
        [
            sys.executable,
            "-m",
            "kiosk.cli",
            "token",
            "create",
            "--role",
            "admin",
            "--name",
            "admin-b",
            "--db",
            server.db_url,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert other.returncode == 0, other.stderr
    server_b_token = other.stdout.strip().split()[-1]
    window = await _console(qtbot, server, tmp_path, "admin")
    try:
        page = window.pages["Jackpots"]
        window.tabs.setCurrentWidget(page)
        page.refresh()
        link_id = page.link_id
        assert link_id
        page.seed.setText("$12,000")
        page.propose.click()
        # the stream may bring the proposal before the reply that says what was done
        await wait_for(lambda: page._proposal_rows and page.feedback.outcome, what="the proposal and its reply")
        seed_before = window.ctx.feed.link(link_id)["meter"]["seed_cents"]
        # the proposer is told it waits for another person, with the old and new seed; no Approve (C7)
        assert page.feedback.outcome.kind == "ok" and "second administrator" in page.feedback.text()
        row = page._proposal_rows[0]
        assert not [b for b in row.findChildren(type(page.propose)) if b.text() == "Approve"]
        assert f"Seed {format_money(seed_before)} → $12,000" in " ".join(
            label.text() for label in row.findChildren(QLabel)
        )
        assert "waiting for a second administrator" in " ".join(label.text() for label in row.findChildren(QLabel))
        assert window.ctx.feed.link(link_id)["meter"]["seed_cents"] == seed_before
        async with KioskClient(server.url, server_b_token) as b:
            proposal = next(iter(window.ctx.feed.link(link_id)["proposals"]))
            await b.execute(builders.jackpot_approve(link_id, proposal))
        await wait_for(
            lambda: window.ctx.feed.link(link_id)["meter"]["seed_cents"] == 1_200_000, what="the approved seed"
        )
    finally:
        await _stop(window)


async def test_audit_search_csv_and_verify(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path, "admin")
    try:
        page = window.pages["Audit"]
        window.tabs.setCurrentWidget(page)
        await wait_for(lambda: page.records, what="the last hour's records, shown on opening")
        assert page.use_since.isChecked()
        page.target.setText("TU-01")
        page.run(fresh=True)
        await wait_for(lambda: page._task.done() and page.records, what="the audit records of TU-01")
        # each record reads as a sentence, never a dict of internal names (ux-review C6)
        sentences = [page.model.item(r, 1).text() for r in range(page.model.rowCount())]
        assert sentences and not any("{" in text or "_cents" in text for text in sentences)
        assert all(r["target"] == "TU-01" for r in page.records)
        page.csv_path.setText(str(tmp_path / "audit.csv"))
        page.save_csv()
        lines = (tmp_path / "audit.csv").read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("n,at,actor") and len(lines) == len(page.records) + 1
        page.verify.click()
        await wait_for(lambda: "Chain verified" in page.result.text() or "BROKEN" in page.result.text(), what="verify")
        assert "Chain verified" in page.result.text()
    finally:
        await _stop(window)


async def test_export_writes_pdfs_off_the_ui_thread(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path)
    try:
        page = window.pages["Export signs"]
        window.tabs.setCurrentWidget(page)
        await wait_for(lambda: page.tables.count() == 16, what="the tables")
        for i in range(page.tables.count()):
            if page.tables.item(i).data(Qt.ItemDataRole.UserRole) == "BJ-01":
                page.tables.item(i).setCheckState(Qt.CheckState.Checked)
        page.folder.setText(str(tmp_path / "signs"))
        page.open_when_done.setChecked(False)
        page.button.click()
        await wait_for(lambda: page.last_result is not None or page.feedback.isVisible(), timeout=60, what="export")
        assert page.last_result is not None, page.feedback.text()
        files = sorted(p.name for p in (tmp_path / "signs").glob("*.pdf"))
        assert files and all(f.startswith("BJ-01_") for f in files)
        assert page.progress.value() == page.progress.maximum()
    finally:
        await _stop(window)


async def test_every_tab_is_reached_from_the_keyboard_and_idle_signs_out(qtbot, live_server_sqlite, tmp_path):
    window = await _console(qtbot, live_server_sqlite, tmp_path, idle_minutes=0.02)
    try:
        window.activateWindow()
        assert "What was shown" in window.pages and window.tabs.count() == len(window.pages)
        for i in range(window.tabs.count()):
            QTest.keyClick(window, Qt.Key.Key_1 + i, Qt.KeyboardModifier.ControlModifier)
            assert window.tabs.currentIndex() == i
        QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
        assert window.tabs.currentIndex() == 0
        await wait_for(lambda: "without use" in window.signin.message.text(), timeout=10, what="the idle sign-out")
        assert window.ctx is None and window.stack.currentWidget() is window.signin
    finally:
        await _stop(window)


async def test_the_agreement_form_asks_how_many_players_agreed(qtbot, live_server_sqlite, tmp_path):
    """The players' agreement (003 s259(3)(b)) is a number the pit boss enters: the form sends
    none until it is given, and the schedule records it (docs/readings.md A-30)."""
    window = await _console(qtbot, live_server_sqlite, tmp_path)
    try:
        editor = window.pages["Edit table"]
        window.edit_table("MP-01")
        await wait_for(lambda: editor.base is not None and editor.base["id"] == "MP-01", what="MP-01 in the editor")
        editor.money["minimum_table_stake_cents"].setText("$200")
        box = editor.schedule
        soon = datetime.now(UTC) + timedelta(minutes=5)
        box.when.setDateTime(QDateTime.fromSecsSinceEpoch(int(soon.timestamp()), box.when.timeZone()))
        box.agreed.setChecked(True)
        box.confirmed_by.setText("Fay Floor")
        box.button.click()
        await wait_for(lambda: box.feedback.isVisible(), what="the form asking for the number")
        assert "enter the number of players who agreed" in box.feedback.text()
        await asyncio.sleep(0.5)
        assert not (await table_as_pit(live_server_sqlite, "MP-01")).get("scheduled")  # nothing was sent
        box.agreeing.setValue(4)
        box.players.setValue(4)
        box.button.click()
        await wait_for(lambda: box._texts, what="the change scheduled on the players' agreement")
        [item] = (await table_as_pit(live_server_sqlite, "MP-01"))["scheduled"]
        assert item["agreement"] == {"confirmed_by": "Fay Floor", "agreeing": 4, "players_at_table": 4}
    finally:
        await _stop(window)


@pytest.mark.parametrize("keyed", [False, True])
async def test_the_audit_page_says_when_the_server_signs_no_audit_records(qtbot, tmp_path, monkeypatch, keyed):
    """A server with no audit key writes a chain anyone with its database file can rewrite: the
    audit page says so and names ``kiosk audit keygen``; with a key it says nothing of it."""
    if keyed:
        monkeypatch.setenv("KIOSK_AUDIT_KEY", "5a" * 32)  # the seeding and kiosk serve both take it
    server = start_live_server(f"sqlite:///{tmp_path / 'kiosk.sqlite3'}", "sqlite", tmp_path)
    try:
        window = await _console(qtbot, server, tmp_path)
        try:
            page = window.pages["Audit"]
            window.tabs.setCurrentWidget(page)
            await wait_for(lambda: page.keyed is not None, what="the server's health")
            assert page.keyed is keyed and page.keying.isVisible() is not keyed
            if not keyed:
                text = page.keying.text()
                assert "no audit key" in text and "rewrite" in text and "kiosk audit keygen" in text
        finally:
            await _stop(window)
    finally:
        server.process.stop()


async def _limits_display_reports_its_picture(server, pit: KioskClient, seq: int) -> None:
    """D-BJ-01-limits reports the picture it painted from the state right after event ``seq``,
    as a display does (its digest, seq and what it was composed with)."""
    import dataclasses

    from kiosk.ui.display.report import report_message
    from kiosk.views.base import Area
    from kiosk.views.proof import picture_report

    after = await pit.state_after(seq, table="BJ-01")
    summary = await pit.floor_summary()
    logo = await pit.floor_logo(server.log.parent, summary)
    settings = CasinoSettings.from_summary(summary, logo)
    now = datetime.now(UTC)
    state = compose_view(
        Subject("limits", "BJ-01"), after.tables, after.links, settings, now, area=Area(527, 296), heard_at=now
    )
    fields = picture_report(dataclasses.replace(state, seq=seq), (1920, 1080))
    message = report_message("BJ-01", "D-BJ-01-limits", after.tables["BJ-01"]["version"], ["limits"], [], None, fields)
    async with KioskClient(server.url, server.tokens["display"]) as display:
        before = len((await pit.audit(target="BJ-01", action="display_showing"))["records"])
        stream = display.stream(["BJ-01"])
        try:
            await stream.__anext__()
            assert await stream.send(message)
            for _ in range(200):
                if len((await pit.audit(target="BJ-01", action="display_showing"))["records"]) > before:
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"the picture report was not recorded ({stream.last_error})")
        finally:
            await stream.close()


async def test_what_was_shown_rebuilds_a_past_moment_and_certifies_it(qtbot, live_server_sqlite, tmp_path, capsys):
    """A display reports BJ-01's limits sign, pit staff set $25-$2,500 and a second later
    $10-$1,000: the page, given the moment between, shows the $25 picture, the sign and who
    reported it, the records around it, and exports a picture and a certificate whose checkpoint
    kiosk audit verify holds; a bad or too early time is one line."""
    import pypdfium2

    from kiosk.cli import main
    from tests.fixtures.sign_pdf import page_text

    server = live_server_sqlite
    await display_reports(server, "BJ-01", signs=["limits"], notices=[])
    async with KioskClient(server.url, server.tokens["pit"]) as pit:
        first = await pit.execute(builders.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000}))
        await _limits_display_reports_its_picture(server, pit, first[-1].seq)
        await asyncio.sleep(1.2)
        await pit.execute(builders.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 100_000}))
    moment = first[-1].at + timedelta(milliseconds=500)
    window = await _console(qtbot, server, tmp_path)
    try:
        page = window.pages["What was shown"]
        window.tabs.setCurrentWidget(page)
        page.pick("Display D-BJ-01-limits")
        local = moment.astimezone(window.ctx.casino.timezone).replace(tzinfo=None).isoformat(sep=" ")
        page.typed.setText(local)  # the casino's time, as the pit boss reads it off a clock
        page.go.click()
        await wait_for(lambda: page.past is not None and page.past.at == moment, what="the picture of the moment")
        shown = texts(page.view_state.scene)
        assert "$25" in shown and "$2,500" in shown and page.picture.scene is page.view_state.scene
        assert page.slider.value() == page.span.second_of(moment) and "AEST" in page.moment_label.text()
        signs = [page.signs.item(i).text() for i in range(page.signs.count())]
        assert "Minimum and maximum wagers (limits): D-BJ-01-limits, D-BJ-01-signs" in signs, signs
        assert "built from event" in page.facts.text() and page.past.head in page.facts.text()
        assert page.verdict is not None and page.verdict.startswith("digest matches the display's report of ")
        assert page.digest is not None and page.digest.startswith("sha256:") and page.digest in page.facts.text()
        reports = [page.reports.item(i).text() for i in range(page.reports.count())]
        assert reports[0].startswith("D-BJ-01-signs at ") and reports[1].startswith("this display: D-BJ-01-limits at ")
        kinds = [page.audit.item(r, 3).text() for r in range(page.audit.rowCount())]
        bold = [page.audit.item(r, 3).font().bold() for r in range(page.audit.rowCount())]
        assert kinds.count("limits_changed") == 2 and bold[kinds.index("limits_changed")] and not bold[-1]
        await wait_for(lambda: len(page.bar.marks) >= 3, what="the day's records marked on the slider")
        # export: picture, certificate, checkpoint
        page.folder.setText(str(tmp_path / "shown"))
        page.export.click()
        assert set(page.last_export) == {"png", "pdf", "checkpoint"}, page.feedback.text()
        document = pypdfium2.PdfDocument(str(page.last_export["pdf"]))
        try:
            assert len(document) == 1
            text = " ".join(page_text(document[0]).split())
        finally:
            document.close()
        assert f"event {page.past.seq}" in text and page.past.head in text and "$25" in text
        assert page.digest in text and "digest matches the display's report of" in text
        assert moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC") in text
        verify = ["audit", "verify", "--db", server.db_url, "--checkpoints", str(page.last_export["checkpoint"])]
        assert await asyncio.to_thread(main, verify) == 0  # its own loop, off the console's
        assert f"records 1 to {page.past.n} are as the server held them" in capsys.readouterr().out
        # the slider: the day's start, before the table existed, is one line; so is a bad time
        page.slider.setValue(0)
        await wait_for(lambda: page.feedback.isVisible(), what="the refusal of a moment before the table")
        assert "did not exist yet" in page.feedback.text() and not page.export.isEnabled()
        page.typed.setText("Saturday at nine")
        page.go.click()
        assert "not a time" in page.feedback.text()
    finally:
        await _stop(window)
