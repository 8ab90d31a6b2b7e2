"""The console's Export signs tab against a real ``kiosk serve``, driven as a pit boss would
(clicks and keys on the real widgets): the defaults write every chosen sign, each on the paper
it needs (C5); crop marks with the slug line, the press condition; after a limits change
"only signs changed" writes just that sign; a fixed paper with a tent lists the signs it cannot
hold and writes the rest.  The PDFs are read back."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit

from kiosk.state.client import KioskClient
from kiosk.ui.staff.console import ConsoleWindow
from kiosk.ui.staff.console.export import AUTO_LABEL
from kiosk.ui.staff.credentials import Credentials
from kiosk.views import builders
from tests.fixtures.live_display import wait_for
from tests.fixtures.sign_pdf import assert_pdfx_structure, page_text

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]


async def _console(qtbot, server, tmp_path) -> ConsoleWindow:
    window = ConsoleWindow(
        [server.url], Credentials(tmp_path / "cfg", use_keyring=False), devices_path=tmp_path / "device.json"
    )
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.signin.token.setText(server.tokens["pit"])
    window.signin.submit()
    await wait_for(lambda: window.ctx is not None and window.ctx.feed.ready, what="sign-in and the floor snapshot")
    return window


def _tick(widget, value: str) -> None:
    """Tick the list item whose value is ``value`` with the keyboard: select it, press space."""
    for i in range(widget.count()):
        if widget.item(i).data(Qt.ItemDataRole.UserRole) == value:
            widget.setFocus()
            widget.setCurrentItem(widget.item(i))
            QTest.keyClick(widget, Qt.Key.Key_Space)
            assert widget.item(i).checkState() == Qt.CheckState.Checked
            return
    raise AssertionError(f"no {value} in the list")


def _click(checkbox) -> None:
    QTest.mouseClick(checkbox, Qt.MouseButton.LeftButton, pos=QPoint(8, checkbox.height() // 2))


def _choose(combo, text: str) -> None:
    combo.setFocus()
    combo.setCurrentIndex(combo.findText(text))
    assert combo.currentText() == text


async def _export(page) -> None:
    page.last_result = None
    page.feedback.clear_outcome()
    QTest.mouseClick(page.button, Qt.MouseButton.LeftButton)
    await wait_for(lambda: page.last_result is not None or page.feedback.isVisible(), timeout=120, what="export")
    assert page.last_result is not None, page.feedback.text()


async def test_the_export_tab_offers_what_the_command_does(qtbot, live_server_sqlite, tmp_path):
    server = live_server_sqlite
    window = await _console(qtbot, server, tmp_path)
    out = tmp_path / "signs"
    try:
        page = window.pages["Export signs"]
        window.tabs.setCurrentWidget(page)
        await wait_for(lambda: page.tables.count() == 16, what="the tables")
        assert page.paper.currentText() == AUTO_LABEL and page.bleed.value() == 3.0
        for table in ("BJ-01", "RO-01", "CSP-01"):
            _tick(page.tables, table)
        _click(page.crop)
        assert page.crop.isChecked()
        page.open_when_done.setChecked(False)
        # the folder through the folder dialog: it opens where the box says; type the name, Enter
        out.mkdir()
        page.folder.setText(str(tmp_path))
        QTest.mouseClick(page.choose, Qt.MouseButton.LeftButton)
        await wait_for(lambda: page.chooser is not None and page.chooser.isVisible(), what="the folder dialog")
        assert Path(page.chooser.directory().absolutePath()) == tmp_path
        name_box = page.chooser.findChild(QLineEdit, "fileNameEdit")
        name_box.setFocus()
        QTest.keyClicks(name_box, out.name)
        QTest.keyClick(name_box, Qt.Key.Key_Return)
        await wait_for(lambda: not page.chooser.isVisible(), what="the dialog closed")
        assert Path(page.folder.text()) == out
        # 1. the defaults: every sign written, each on the paper it needs
        await _export(page)
        manifest = json.loads((out / "manifest.json").read_text())
        papers = {(s["table"], s["kind"]): s["paper"] for s in manifest["signs"]}
        assert papers[("RO-01", "limits")] == "A3" and papers[("BJ-01", "limits")] == "A4", papers
        assert all(s["written"] for s in manifest["signs"]) and manifest["page"]["press"] == "fogra39"
        assert "on A3" in page.result.text() and "on A4" in page.result.text() and not page.not_written.isVisible()
        with assert_pdfx_structure(out / "RO-01_limits.pdf") as pdf:
            assert int(pdf.Root.OutputIntents[0].DestOutputProfile.N) == 4
        doc = pdfium.PdfDocument(out / "BJ-01_limits.pdf")
        text = " ".join(page_text(doc[0]).split())
        doc.close()
        assert "BJ-01_limits.pdf | table BJ-01 | sign limits | configuration" in text  # the slug line
        # 2. pit staff change BJ-01's limits; only the changed sign is written again
        async with KioskClient(server.url, server.tokens["pit"]) as pit:
            await pit.execute(builders.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000}))
        await wait_for(
            lambda: window.ctx.feed.state.tables["BJ-01"]["limits"]["minimum_cents"] == 2500, what="the new limits"
        )
        _click(page.changed_only)
        await _export(page)
        manifest = json.loads((out / "manifest.json").read_text())
        written = [(s["table"], s["kind"]) for s in manifest["signs"] if s["written"]]
        assert written == [("BJ-01", "limits")], written
        assert page.last_result.unchanged == len(manifest["signs"]) - 1
        assert "unchanged, not written again" in page.result.text()
        # 3. a fixed paper and a tent, sRGB: what it cannot hold is listed, the rest written
        _click(page.changed_only)
        _choose(page.paper, "A4")
        _click(page.tent)
        _choose(page.press, "RGB artwork with an sRGB intent (digital printers; the shop converts)")
        page.folder.setText(str(tmp_path / "tents"))
        await _export(page)
        assert page.not_written.isVisible() and page.not_written.count() == len(page.last_result.refused) > 0
        lines = [page.not_written.item(i).text() for i in range(page.not_written.count())]
        assert any(line.startswith("table RO-01: sign limits") for line in lines), lines
        assert all("--tent" in line for line in lines), lines  # the way to make it, tent included
        tents = sorted((tmp_path / "tents").glob("*.pdf"))
        assert tents and "not written (no paper holds them at 8 mm)" in page.result.text()
        with pikepdf.open(tents[0]) as pdf:
            assert int(pdf.Root.OutputIntents[0].DestOutputProfile.N) == 3
    finally:
        await window.stop()
