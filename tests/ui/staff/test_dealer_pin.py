"""Issue 19 section 3: a roulette correction under a supervisor's name and PIN, driven as the
dealer and the supervisor would (touches on real widgets) against a real ``kiosk serve``.  The
supervisor enrols on the panel's computer with ``kiosk enrol`` (the console's store); the audit
trail names them; a wrong PIN changes nothing, and after three the panel waits."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from kiosk.state.client import KioskClient
from kiosk.ui.staff.credentials import Attempts, Credentials
from kiosk.ui.staff.dealer import DealerPanel
from tests.fixtures.floors import run_kiosk
from tests.fixtures.live_display import table_as_pit, wait_for

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]  # each test starts and stops a kiosk serve


def enrol(server, role: str, config: Path, pin: str):
    """``kiosk enrol`` as a supervisor runs it at the panel's computer (``config``: their
    XDG config folder; the PIN typed on standard input)."""
    return run_kiosk(
        "enrol",
        "--server",
        server.url,
        env={"XDG_CONFIG_HOME": str(config), "KIOSK_TOKEN": server.tokens[role]},
        input=f"{pin}\n",
    )


async def _panel(qtbot, server, credentials: Credentials | None):
    client = KioskClient(server.url, server.tokens["dealer"])
    panel = DealerPanel(client, "RO-01", k=6.0, credentials=credentials)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.start()
    await wait_for(lambda: panel.section is not None, what="the table's snapshot")
    await wait_for(lambda: panel.section.colours, what="the pad's colours")
    return client, panel


def touch(qtbot, widget) -> None:
    assert widget.isVisible() and widget.isEnabled(), widget.text() if hasattr(widget, "text") else widget
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def type_pin(qtbot, sec, pin: str) -> None:
    for digit in pin:
        touch(qtbot, sec.keys[digit])


async def _record_17_and_ask_for_18(qtbot, sec) -> None:
    touch(qtbot, sec.numbers[17])
    touch(qtbot, sec.confirm)
    await wait_for(lambda: "Winning number 17" in sec.status.text(), what="the result on the stream")
    touch(qtbot, sec.correct)
    touch(qtbot, sec.numbers[18])
    touch(qtbot, sec.apply_correction)
    assert sec.supervisor_page.isVisible() and not sec.game_page.isVisible()


def test_only_a_pit_or_admin_token_enrols_and_a_short_pin_is_refused(live_server_sqlite, tmp_path):
    server = live_server_sqlite
    dealer = enrol(server, "dealer", tmp_path, "2468")
    assert dealer.returncode == 2 and dealer.stderr.splitlines() == [
        "kiosk enrol: a dealer token cannot supervise; enrol with a pit or admin token"
    ]
    short = enrol(server, "pit", tmp_path, "24")
    assert short.returncode == 2 and "a PIN is 4 to 8 digits" in short.stderr and "Traceback" not in short.stderr
    assert not (tmp_path / "kiosk" / "console-credentials.json").exists()
    ok = enrol(server, "pit", tmp_path, "2468")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith(f"Enrolled pit-tester (pit) for {server.url}")
    stored = (tmp_path / "kiosk" / "console-credentials.json").read_text(encoding="utf-8")
    assert server.tokens["pit"] not in stored and "2468" not in stored


async def test_a_supervisor_corrects_by_name_and_pin_and_the_audit_names_them(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    assert enrol(server, "pit", tmp_path, "2468").returncode == 0
    assert enrol(server, "admin", tmp_path, "13579").returncode == 0
    credentials = Credentials(tmp_path / "kiosk", use_keyring=False)  # what `kiosk dealer` opens here
    client, panel = await _panel(qtbot, server, credentials)
    try:
        sec = panel.section
        await _record_17_and_ask_for_18(qtbot, sec)
        assert sec.supervisor_title.text() == (
            "Supervisor: correct spin 1 from 17 BLACK to 18 RED. Touch your name and type your PIN."
        )
        assert not sec.enrol_note.isVisible() and set(sec.name_buttons) == {"pit-tester", "admin-tester"}
        assert not sec.supervisor_ok.isEnabled()  # two people here: a name first
        touch(qtbot, sec.name_buttons["pit-tester"])
        # a wrong PIN: refused in one line, nothing changes
        type_pin(qtbot, sec, "1357")
        touch(qtbot, sec.supervisor_ok)
        await sec.supervisor_task
        assert sec.feedback.isVisible() and sec.feedback.outcome.kind == "refused"
        assert sec.feedback.text() == (
            "Wrong PIN or password for pit-tester: nothing was corrected;"
            " 2 more wrong tries and the panel waits before the next"
        )
        assert sec.supervisor.text() == "" and sec.supervisor_page.isVisible()
        assert (await table_as_pit(server, "RO-01"))["game_state"]["number"] == 17
        # the right one, after a slip corrected on the keypad
        type_pin(qtbot, sec, "2469")
        touch(qtbot, sec.keys["\u232b"])
        type_pin(qtbot, sec, "8")
        assert sec.supervisor.text() == "2468"
        touch(qtbot, sec.supervisor_ok)
        await sec.supervisor_task
        await wait_for(lambda: "Winning number 18 RED" in sec.status.text(), what="the correction on the stream")
        assert sec.supervisor.text() == "" and sec.game_page.isVisible() and not sec.supervisor_page.isVisible()
        assert sec.feedback.text() == "Spin 1 corrected from 17 to 18 under pit-tester's PIN"
        assert sec.attempts.wrong == 0
        state = (await table_as_pit(server, "RO-01"))["game_state"]
        assert state["results"] == [18] and state["spins"] == 1
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            [record] = (await pit.audit(target="RO-01", action="roulette_result_corrected"))["records"]
        data = record["details"]["event"]["data"]
        assert (record["actor"], record["role"]) == ("pit-tester", "pit")  # the supervisor, not the dealer
        assert (data["spin"], data["was"], data["number"]) == (1, 17, 18)
    finally:
        await panel.stop()
        await client.close()


async def test_three_wrong_pins_make_the_panel_wait_and_change_nothing(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    credentials = Credentials(tmp_path, use_keyring=False)
    credentials.set_secret(server.url, "Pat Pit", "2468", server.tokens["pit"])
    client, panel = await _panel(qtbot, server, credentials)
    try:
        sec = panel.section
        await _record_17_and_ask_for_18(qtbot, sec)
        assert sec.name_buttons["Pat Pit"].isChecked()  # the one person enrolled here is picked
        for _ in range(Attempts.FREE):
            type_pin(qtbot, sec, "0000")
            touch(qtbot, sec.supervisor_ok)
            await sec.supervisor_task
        assert "too many wrong tries: wait" in sec.feedback.text()
        assert not sec.supervisor_ok.isEnabled()
        type_pin(qtbot, sec, "2468")  # the right PIN, typed with Return: still waits
        qtbot.keyClick(sec.supervisor, Qt.Key.Key_Return)
        assert sec.supervisor.text() == "2468"  # not taken
        assert (await table_as_pit(server, "RO-01"))["game_state"]["number"] == 17
        touch(qtbot, sec.supervisor_back)  # back to the pad: nothing sent, the PIN gone
        assert sec.game_page.isVisible() and sec.supervisor.text() == ""
    finally:
        await panel.stop()
        await client.close()
