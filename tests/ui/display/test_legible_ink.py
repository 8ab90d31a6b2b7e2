"""Signs on screen: every letter and number at least 8 mm of ink, measured on the grabbed picture.

The limits and signs views of two tables are shown on screens calibrated to several densities
(2.5 to 9 device pixels per millimetre, so the same 800-pixel screen is 320 mm down to 89 mm
wide).  For every flat letter and digit of every line (lowercase without ascenders or descenders,
capitals and digits on the baseline) the ink height is measured on the widget's pixels and
converted with the calibrated scale: none may be under 8 mm (001 s459(2), 003 s23(2); docs/readings.md
P-1 holds every sign to it), less one pixel of antialiasing.  A screen too small for a sign
shows the "SIGN NOT SHOWN" notice instead, and an uncalibrated screen never shows a sign.
"""

from __future__ import annotations

import pytest

from kiosk.ui.display.calibration import ScreenScale
from kiosk.ui.display.spec import DisplaySpec
from tests.fixtures.live_display import close_display, glyph_ink_heights, grab_array, open_display, run, wait_for
from tests.fixtures.scenes import texts

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]
DENSITIES = [2.5, 3.0, 3.75, 4.5, 9.0]  # device px per mm: the 800-pixel screen is 320 to 89 mm wide


def test_every_letter_is_8mm_of_ink_or_the_sign_is_not_shown(qapp, served):
    async def scenario():
        specs = [DisplaySpec("BJ", "limits", table="BJ-01"), DisplaySpec("MP", "signs", table="MP-01")]
        client, process = await open_display(served, specs)
        measured = {}
        try:
            for k in DENSITIES:
                for screen in process.screens:
                    process.calibrate(screen, k)
                    await wait_for(
                        lambda s=screen: s.state is not None or (s.notice or "").startswith(("small", "short")),
                        what=f"{screen.spec.id} at {k} px/mm",
                    )
                    if screen.state is None:
                        assert "SIGN NOT SHOWN" in texts(screen.widget.scene)
                        area = screen.area()
                        measured[(screen.spec.id, k)] = f"not shown on {area.width_mm:.0f} mm"
                        continue
                    scene = screen.widget.scene
                    image = grab_array(screen.widget)
                    px_per_mm = image.shape[1] / scene.width_mm  # the scene fills the screen: true size
                    assert px_per_mm == pytest.approx(k, rel=0.01)
                    heights = [
                        (text, ch, px / k) for text, ch, px in glyph_ink_heights(image, scene, px_per_mm, (0, 0))
                    ]
                    assert len(heights) > 20, f"{screen.spec.id} at {k}: too few letters measured: {texts(scene)}"
                    text, ch, mm = min(heights, key=lambda h: h[2])
                    assert mm >= 8.0 - 1.0 / k, f"{screen.spec.id} at {k} px/mm: {ch!r} of {text!r} is {mm:.2f} mm"
                    measured[(screen.spec.id, k)] = round(mm, 2)
            # an uncalibrated screen (a size the screen lies about) never shows a sign
            screen = process.screens[0]
            screen.scale = ScreenScale(None, "uncalibrated", "the screen reports 160x90 mm, a placeholder")
            screen.state = None
            process._show_state(screen, process.model.view(screen.spec.subject))
            assert "SIGN NOT SHOWN" in texts(screen.widget.scene)
            assert any("160x90" in t for t in texts(screen.widget.scene))
        finally:
            await close_display(client, process)
        shown = [v for v in measured.values() if isinstance(v, float)]
        assert len(shown) >= 6, measured  # the signs are shown wherever they fit ...
        assert measured[("BJ", 9.0)] == measured[("MP", 9.0)] == "not shown on 89 mm", measured  # ... and only there

    run(scenario())
