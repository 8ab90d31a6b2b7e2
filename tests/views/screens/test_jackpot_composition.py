"""The jackpot meter through a hit, composed right on the five screens of issue 18.

The state comes from a real service (SQLite) after real commands: contributions, a hit with two
royal flushes, the checks before payment, the payment and the reset.  Every frame a player can
see (the meter, its rolling wheels, the celebration, PENDING, paid, the reset amount, the
30-second fault) passes the composition check (:func:`kiosk.views.composition.composition_faults`:
nothing under 8 mm, nothing off the screen, no texts over each other, no word split).
"""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.floor import load_floor
from kiosk.rules.money import format_money
from kiosk.scene.legibility import text_runs_of
from kiosk.scene.primitives import Clipped, Scene
from kiosk.scene.resources import assets_dir
from kiosk.state.events import Actor
from kiosk.views import builders as b
from kiosk.views.base import Area, CasinoSettings
from kiosk.views.composition import composition_faults, ink_box, vocabulary
from kiosk.views.screens import jackpot
from tests.fixtures.composition import BIG, SCREENS
from tests.fixtures.scenes import lines

AREA = Area(527.0, 296.0)
SETTINGS = CasinoSettings.from_floor(load_floor(assets_dir() / "demo_floor.toml"))

DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")


@pytest.fixture(name="settings")
def casino_settings(demo_floor) -> CasinoSettings:
    return CasinoSettings.from_floor(demo_floor)


def _faults(compose, size: str) -> list[str]:
    words = vocabulary(compose(BIG).frames)
    state = compose(SCREENS[size])
    return [
        f"frame {i + 1} of {len(state.frames)}: {fault}"
        for i, frame in enumerate(state.frames)
        for fault in composition_faults(frame, SCREENS[size], words=words)
    ]


async def _link(service):
    return (await service.snapshot())["links"]["CSP-PROG"]


@pytest.mark.parametrize("size", list(SCREENS))
async def test_every_moment_of_a_hit_composes_right(service, settings, clock, size):
    run = service.execute
    await run(DEALER, b.jackpot_wagers("CSP-01", count=9))
    moments = {"meter": (await _link(service), clock.now)}
    hands = {"seat 2": ["AS", "KS", "QS", "JS", "TS"], "seat 6": ["AH", "KH", "QH", "JH", "TH"]}
    await run(DEALER, b.jackpot_hit("CSP-01", hands))
    hit = await _link(service)
    moments["celebration"] = (hit, clock.now + timedelta(seconds=1))
    moments["pending"] = (hit, clock.now + timedelta(seconds=30))
    await run(DEALER, b.jackpot_before_payment("CSP-01", "Fran Floor", 52))  # 000 s245(5)
    await run(PIT, b.jackpot_paid("CSP-PROG"))
    moments["paid"] = (await _link(service), clock.now)
    await run(PIT, b.jackpot_reset("CSP-PROG"))
    reset = await _link(service)
    moments["reset"] = (reset, clock.now)
    for name, (link, now) in moments.items():
        faults = _faults(lambda area, link=link, now=now: jackpot.compose(None, link, settings, now, area=area), size)
        assert faults == [], f"{name} on {size}: " + "; ".join(faults[:6])
    celebration = jackpot.compose(None, hit, settings, clock.now + timedelta(seconds=1), area=SCREENS[size])
    assert "Table CSP-01, seat 2, seat 6" in " ".join(lines(celebration.scene)).replace("\n", " ")
    # the server silent for more than 30 s: the fault and the last amount, both right
    heard = clock.now
    faults = _faults(
        lambda area: jackpot.compose(None, reset, settings, heard + timedelta(seconds=31), heard_at=heard, area=area),
        size,
    )
    assert faults == [], f"fault on {size}: " + "; ".join(faults[:6])


def _still(scene: Scene) -> Scene:
    """The scene without its turning wheels (each is checked against its window instead)."""
    return dataclasses.replace(scene, items=tuple(i for i in scene.items if not _turning(i)))


def _turning(item: object) -> bool:
    """A wheel between two digits: its window holds the digit leaving and the one coming."""
    return isinstance(item, Clipped) and len(item.items) == 2


@pytest.mark.parametrize("size", list(SCREENS))
async def test_the_rolling_wheels_stay_in_the_amount_line(service, settings, clock, size):
    link = await _link(service)
    area = SCREENS[size]
    content = jackpot.compose(None, link, settings, clock.now, area=area).content
    amount = 4_821_499  # $48,214.99 -> $48,215.00: three wheels turn (9, 9 and 4)
    rest = jackpot.meter_scene(content, amount, settings)
    digits = [run for run in text_runs_of(rest) if run.text.isdigit() and run.size_mm > 30]
    top = min(box.top for box in map(ink_box, digits) if box is not None)
    bottom = max(box.bottom for box in map(ink_box, digits) if box is not None)
    for roll in (0.1, 0.5, 0.9):
        frame = jackpot.meter_scene(content, amount, settings, roll=roll)
        wheels = [i for i in frame.items if isinstance(i, Clipped) and _turning(i)]
        assert len(wheels) == 3
        for wheel in wheels:
            x0, y0, x1, y1 = wheel.clip.bounds()
            assert top - 0.1 * (bottom - top) <= y0 and y1 <= bottom + 0.1 * (bottom - top) + 1e-6
        assert composition_faults(_still(frame), area, words=vocabulary([rest])) == []
        assert lines(frame) == lines(rest)  # each wheel reads as the digit it leaves


@given(cents=st.integers(min_value=0, max_value=10**10), roll=st.floats(0.0, 0.999))
@settings(max_examples=150, deadline=None)
def test_the_meter_reads_its_amount_and_turns_only_the_carrying_wheels(cents, roll):
    content = jackpot.JackpotContent("CSP-PROG", "Coral Coast Progressive", cents, None, None, False, None, AREA)
    scene = jackpot.meter_scene(content, cents, SETTINGS, roll=roll)
    assert format_money(cents, always_cents=True) in lines(scene)  # a turning wheel reads as the digit it leaves
    digits = len(str(cents)) if cents >= 100 else 3  # $0.05 has three wheels
    nines = len(str(cents)) - len(str(cents).rstrip("9"))
    turning = sum(_turning(item) for item in scene.items)
    assert turning == (min(nines + 1, digits) if roll > 0 else 0)
