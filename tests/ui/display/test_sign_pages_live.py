"""A sign too long for a small screen, on a real display: its pages turn by themselves, each
whole at 8 mm with its place ("2 of 7"), and the fault page never appears (ux-review P2)."""

from __future__ import annotations

import re

import pytest

from kiosk.ui.display.spec import DisplaySpec
from kiosk.views.composition import composition_faults
from tests.fixtures.live_display import close_display, open_display, run, wait_for
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(120), pytest.mark.slow]


def _place(scene) -> tuple[int, int] | None:
    for text in texts(scene):
        found = re.search(r"\((\d+) of (\d+)\)", text)
        if found:
            return int(found.group(1)), int(found.group(2))
    return None


def test_a_small_screen_turns_the_pages_of_the_roulette_limits(qapp, served):
    async def scenario():
        client, process = await open_display(served, [DisplaySpec("RO", "limits", table="RO-01")])
        screen = process.screens[0]
        try:
            process.calibrate(screen, 3.75)  # the 800-pixel window is 213 mm wide: a 10-inch screen
            await wait_for(lambda: screen.state is not None and len(screen.state.frames) > 1, what="the pages")
            area = screen.area()
            assert area.width_mm < 220
            first = _place(screen.widget.scene)
            assert first is not None and first[0] == 1 and first[1] == len(screen.state.frames), texts(
                screen.widget.scene
            )
            seen = {first[0]}
            # the display turns to the next page by itself (every 12 s), and back round
            await wait_for(lambda: _place(screen.widget.scene) == (2, first[1]), timeout=40, what="page 2")
            seen.add(2)
            for scene in [screen.widget.scene, *screen.state.frames]:
                assert "SIGN NOT SHOWN" not in " ".join(texts(scene))
                assert composition_faults(scene, area) == []
            assert screen.notice is None and seen == {1, 2}
        finally:
            await close_display(client, process)

    run(scenario())
