"""Help by touch on a real display window, from a real ``kiosk serve`` (issue 18 section 4).

A player touches the tri-chro result screen while bets are placed: help opens over it and turns
its pages by touch; left alone it returns to the live view by itself.  Once the dealer calls no
more bets a touch does nothing (the live view stays), and help that was open closes by itself.
The language button switches help, and then the table's limits view, to Chinese: every word
translated, and every glyph, measured on the picture in pixels (CJK: each character's own ink),
at least 8 mm on a calibrated screen.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.state.client import KioskClient
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views import builders as b
from kiosk.views.screens.help import BACK, LANGUAGE
from tests.fixtures.live_display import close_display, grab_array, open_display, run, wait_for
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]
K = 2.5  # device px per mm: the 800-pixel offscreen screen is 320 mm wide


def _touch(screen, x: float, y: float) -> None:
    """A player's tap on the window (a touch screen's tap arrives as a press and a release)."""
    QTest.mouseClick(screen.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(int(x), int(y)))


def _touch_button(screen, name: str) -> None:
    """A tap in the middle of the help bar's button ``name``, mapped from its scene box."""
    scene = screen.help.frames[screen.help_page]
    x, y, w, h = screen.help.facts["buttons"][name]
    k = min(screen.window.width() / scene.width_mm, screen.window.height() / scene.height_mm)
    ox = (screen.window.width() - scene.width_mm * k) / 2
    oy = (screen.window.height() - scene.height_mm * k) / 2
    _touch(screen, ox + (x + w / 2) * k, oy + (y + h / 2) * k)


def _middle(screen) -> tuple[float, float]:
    return screen.window.width() / 2, screen.window.height() / 3


def _cjk_ink_mm(image: np.ndarray, scene, k: float) -> list[tuple[str, float]]:
    """``(character, ink height in mm)`` of every CJK character that is read by its height, each
    measured on the picture: the rows of its advance box whose colour moved at least half way
    from the background to the ink, plus the partly covered rows just outside."""
    out = []
    for text_run in text_runs_of(scene):
        if text_run.face.family != "cjk":
            continue
        ink = np.array(text_run.fill[:3], dtype=np.float32)
        for i, ch in enumerate(text_run.text):
            if text_run.face.ink_em(ch) is None:
                continue
            left = text_run.x + text_run.offsets_mm[i]
            right = text_run.x + (text_run.offsets_mm[i + 1] if i + 1 < len(text_run.offsets_mm) else text_run.width_mm)
            x0, x1 = int(left * k) + 1, int(np.ceil(right * k)) - 1
            y0, y1 = (
                int((text_run.y - text_run.size_mm * 1.0) * k),
                int(np.ceil((text_run.y + text_run.size_mm * 0.25) * k)),
            )
            box = image[max(0, y0) : y1, x0:x1].astype(np.float32)
            background = np.median(np.concatenate([box[0], box[-1]]), axis=0)
            reach = np.abs(ink - background).max()
            if reach < 60:
                continue
            coverage = np.clip(np.abs(box - background).max(axis=2) / reach, 0, 1).max(axis=1)
            inked = np.flatnonzero(coverage > 0.5)
            top, bottom = int(inked[0]), int(inked[-1])
            edges = (coverage[top - 1] if top > 0 else 0.0) + (
                coverage[bottom + 1] if bottom + 1 < len(coverage) else 0
            )
            out.append((ch, (bottom - top + 1 + edges) / k))
    return out


def test_a_touch_opens_help_idle_returns_and_a_round_in_play_is_never_hidden(qapp, served):
    async def scenario():
        client, process = await open_display(served, [DisplaySpec("R", "trichro", table="TC54-01")])
        screen = process.screens[0]
        try:
            assert screen.idle.interval() == 45_000  # the demo floor's [help] idle_seconds
            live = texts(screen.widget.scene)
            _touch(screen, *_middle(screen))
            await wait_for(lambda: screen.help is not None, what="help to open on a touch")
            shown = " ".join(texts(screen.widget.scene))
            assert "How to play" in shown and "Tri-Chro" in shown
            pages = len(screen.help.frames)
            _touch(screen, *_middle(screen))
            await wait_for(lambda: screen.help_page == 1, what="the next page on a touch")
            assert texts(screen.widget.scene) != texts(screen.help.frames[0])
            _touch_button(screen, BACK)
            await wait_for(lambda: screen.help is None, what="Back to the live view")
            assert texts(screen.widget.scene) == live
            # left alone, help returns to the live view by itself
            screen.idle.setInterval(400)
            _touch(screen, *_middle(screen))
            await wait_for(lambda: screen.help is not None, what="help again")
            await wait_for(lambda: screen.help is None, what="the idle return", timeout=10)
            assert texts(screen.widget.scene) == live
            # a round in play: help closes by itself, and a touch does not open it
            _touch(screen, *_middle(screen))
            await wait_for(lambda: screen.help is not None, what="help before no more bets")
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                await pit.execute(b.trichro_no_more_bets("TC54-01"))
                await wait_for(lambda: screen.help is None, what="help to give way to the round")
                await pit.execute(b.trichro_draw("TC54-01", ["red", "gold*"]))
                await wait_for(lambda: screen.state.scene.lit, what="the result lit")
                result = texts(screen.widget.scene)
                for _ in range(3):
                    _touch(screen, *_middle(screen))
                await wait_for(lambda: True)
                assert screen.help is None and texts(screen.widget.scene) == result
                assert screen.widget.scene.lit  # the winning areas stay lit
            assert pages >= 3
        finally:
            await close_display(client, process)

    run(scenario())


def test_the_language_button_switches_help_and_the_view_to_chinese(qapp, served):
    async def scenario():
        client, process = await open_display(served, [DisplaySpec("L", "limits", table="TC54-01")])
        screen = process.screens[0]
        try:
            process.calibrate(screen, K)
            await wait_for(lambda: screen.state is not None, what="the limits sign at 2.5 px/mm")
            assert "Table limits" in texts(screen.widget.scene)
            _touch(screen, *_middle(screen))
            await wait_for(lambda: screen.help is not None, what="help on a touch")
            _touch_button(screen, LANGUAGE)
            await wait_for(lambda: screen.help.language == "zh_Hans", what="help in Chinese")
            assert "玩法" in " ".join(texts(screen.widget.scene))
            _touch_button(screen, BACK)
            await wait_for(lambda: screen.help is None, what="back to the limits view")
            await wait_for(lambda: screen.state.language == "zh_Hans", what="the view in Chinese")
            scene = screen.widget.scene
            words = texts(scene)
            assert "本桌限额" in words
            latin = [t for t in words if re.search(r"[A-Za-z]{2,}", t) and not re.fullmatch(r"Tri-Chro|[\d\s,()s]+", t)]
            assert latin == [], latin  # every word translated: only the table's name and the citation's figures
            for run_ in text_runs_of(scene):
                height = letter_height_mm(run_)
                assert height is None or height >= 8.0 - 1e-6, (run_.text, height)
            image = grab_array(screen.widget)
            k = image.shape[1] / scene.width_mm
            assert k == pytest.approx(K, rel=0.01)
            measured = _cjk_ink_mm(image, scene, k)
            assert len(measured) >= 20, measured
            ch, mm = min(measured, key=lambda m: m[1])
            assert mm >= 8.0 - 1.0 / k, f"{ch!r} is {mm:.2f} mm of ink on the glass"
        finally:
            await close_display(client, process)

    run(scenario())
