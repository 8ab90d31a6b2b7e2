"""Every touch target of every game's dealer panel is at least 9 mm and on the screen, measured
on calibrated screens: the panel is built at the screen's pixels per millimetre (its width in
pixels over its width in millimetres, as the calibration gives it) and sized to the screen; each
page of a section is walked.  Against a real ``kiosk serve``.  With ``KIOSK_SHOTS=folder`` each
page is saved as a PNG to look at."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QLineEdit, QWidget

from kiosk.state.client import KioskClient
from kiosk.ui.staff.credentials import Credentials
from kiosk.ui.staff.dealer import SECTIONS, DealerPanel
from kiosk.ui.widgets.touch import MIN_TARGET_MM
from tests.fixtures.backend import start_live_server
from tests.fixtures.live_display import wait_for

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]

SCREENS = {  # pixels and millimetres, as a screen's calibration gives them
    "1920x1080": (1920, 1080, 527.0, 296.0),
    "1280x800": (1280, 800, 217.0, 136.0),
    "1366x768": (1366, 768, 344.0, 194.0),
    "3840x2160": (3840, 2160, 527.0, 296.0),
    "1080x1920": (1080, 1920, 296.0, 527.0),
}
TABLES = ("TC54-01", "TU-01", "CSP-01", "RO-01", "BJ-01", "PG-01", "PK-01", "MP-01")


def _pages(section) -> list[tuple[str, callable]]:
    """Each screen a section can show, with how the dealer gets there."""
    pages = [("main", lambda: None)]
    if hasattr(section, "open_lights"):
        pages.append(("lights", section.open_lights.click))
    if hasattr(section, "open_hit"):
        pages.append(("jackpot-hit", lambda: section._show_hit(True)))
    if hasattr(section, "supervisor_page"):  # the roulette correction: names and keypad, or a token
        pages.append(("supervisor-pin", lambda: _supervisor(section, section.credentials)))
        pages.append(("supervisor-token", lambda: _supervisor(section, None)))
    return pages


def _supervisor(section, credentials) -> None:
    """The supervisor's page for correcting spin 1 from 17 to 18, as if the dealer had asked."""
    section.credentials = credentials
    section.last, section.correction_number = (1, 17), 18
    section._open_supervisor()


def _problems(panel: DealerPanel, k: float) -> list[str]:
    out = []
    screen = QRect(0, 0, panel.width(), panel.height())
    targets: list[QWidget] = [
        *panel.findChildren(QAbstractButton),
        *panel.findChildren(QLineEdit),
        *panel.findChildren(QAbstractSpinBox),
    ]
    for w in targets:
        if not w.isVisible():
            continue
        name = getattr(w, "text", lambda: "")() or w.accessibleName() or type(w).__name__
        wide, high = w.width() / k, w.height() / k
        if wide < MIN_TARGET_MM - 0.1 or high < MIN_TARGET_MM - 0.1:
            out.append(f"{name!r} is {wide:.1f} x {high:.1f} mm")
        rect = QRect(w.mapTo(panel, QPoint(0, 0)), w.size())
        if not screen.contains(rect):
            out.append(f"{name!r} runs off the screen at {rect.getRect()}")
    return out


PEOPLE = ("Pat Pit", "Alex Admin", "Samantha Supervisor-Whitfield", "Jo Li")


@pytest.fixture(scope="module")
def enrolled(tmp_path_factory, served) -> Credentials:
    """Four supervisors enrolled on the panel's computer (the names wrap on the page)."""
    credentials = Credentials(tmp_path_factory.mktemp("enrolled"), use_keyring=False)
    for person in PEOPLE:
        credentials.set_secret(served.url, person, "2468", served.tokens["pit"])
    return credentials


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One real ``kiosk serve`` for the module: the walk only reads (it touches no control)."""
    folder = tmp_path_factory.mktemp("targets")
    server = start_live_server(f"sqlite:///{folder / 'kiosk.sqlite3'}", "sqlite", folder)
    try:
        yield server
    finally:
        server.process.stop()


def test_the_walk_covers_every_game_section():
    games = {"TC54-01": "tri_chro_54", "TU-01": "two_up_dice", "CSP-01": "caribbean_stud", "RO-01": "roulette"}
    games |= {"BJ-01": "blackjack", "PG-01": "pai_gow", "PK-01": "poker", "MP-01": "manila_poker"}
    assert set(games) == set(TABLES)
    assert {SECTIONS[g] for g in games.values()} == set(SECTIONS.values())


@pytest.mark.parametrize("table_id", TABLES)
@pytest.mark.parametrize("size", list(SCREENS))
async def test_every_target_is_9_mm_and_on_the_screen(qtbot, served, enrolled, size, table_id):
    w_px, h_px, w_mm, h_mm = SCREENS[size]
    k = w_px / w_mm
    assert abs(k - h_px / h_mm) < 0.1, "the calibration gives square pixels"
    shots = os.environ.get("KIOSK_SHOTS")
    found: dict[str, list[str]] = {}
    client = KioskClient(served.url, served.tokens["pit"])
    panel = DealerPanel(client, table_id, k=k, credentials=enrolled)
    qtbot.addWidget(panel)
    panel.resize(w_px, h_px)
    panel.show()
    panel.start()
    try:
        await wait_for(lambda: panel.section is not None, what=f"{table_id}'s snapshot")
        for page, go in _pages(panel.section):
            go()
            await asyncio.sleep(0.05)
            problems = _problems(panel, k)
            if problems:
                found[page] = problems
            if shots:
                panel.grab().save(str(Path(shots) / f"dealer-{table_id}-{page}-{size}.png"))
    finally:
        await panel.stop()
        await client.close()
    assert not found, "\n".join(f"{table_id} {where}: {'; '.join(p)}" for where, p in found.items())
