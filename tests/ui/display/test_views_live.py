"""Every display view from a real ``kiosk serve``, as the pit and the dealer drive it.

Tri-chro: after each of the 21 kinds of drawing exactly the winning areas are lit, on the layout
and on the result screen, until the next "no more bets" (001 s463).  Two-up: the result lights
follow a spin sequence as the rules count them, and a failed light shows its card (004 sch13
s19).  Jackpot: the meter rolls its digits up to each new amount and lands on it exactly; a hit
is celebrated with the hand and the prize on every linked display, then shows PENDING and the
winning table until paid, then the reset amount; after 30 s without a word from the server the meter alternates a
fault with the last amount, marked not current, and is live again when the server returns.
"""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from kiosk.rules.money import format_money
from kiosk.rules.trichro import winning_wagers
from kiosk.rules.twoup import SpinnerGame
from kiosk.scene.primitives import Clipped
from kiosk.state.client import KioskClient
from kiosk.ui.display.spec import DisplaySpec
from kiosk.views import builders as b
from tests.fixtures.live_display import close_display, grab_array, open_display, run, wait_for
from tests.fixtures.scenes import lines, texts

pytestmark = [pytest.mark.timeout(240), pytest.mark.slow]
BALLS = ["red", "red*", "green", "green*", "gold", "gold*"]
GLOW = np.array([255, 240, 160])  # kiosk.scene.lighting.DEFAULT_LIT_FILL


class Clock:
    """The display's clock: real time, moved ahead when a test needs 30 s to have passed."""

    def __init__(self) -> None:
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead


def _turning(item) -> bool:
    """A jackpot meter's wheel between two digits (its window holds both)."""
    return isinstance(item, Clipped) and len(item.items) == 2


def _glow_pixels(widget) -> int:
    image = grab_array(widget).astype(np.int16)
    return int((np.abs(image - GLOW).max(axis=2) <= 6).sum())


def test_trichro_lights_exactly_the_winning_areas_of_every_drawing(qapp, served):
    async def scenario():
        specs = [DisplaySpec("L", "layout", table="TC54-01"), DisplaySpec("R", "trichro", table="TC54-01", screen=1)]
        client, process = await open_display(served, specs)
        layout, result = process.screens
        try:
            assert layout.state.scene.lit == frozenset() and _glow_pixels(layout.widget) == 0
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                for draw in itertools.combinations_with_replacement(BALLS, 2):
                    await pit.execute(b.trichro_no_more_bets("TC54-01"))
                    await wait_for(
                        lambda: not layout.state.scene.lit and not result.state.scene.lit,
                        what="nothing lit after no more bets",
                    )
                    assert _glow_pixels(layout.widget) == 0
                    await pit.execute(b.trichro_draw("TC54-01", list(draw)))
                    expected = winning_wagers(54, list(draw))
                    await wait_for(
                        lambda expected=expected: (
                            layout.state.scene.lit == expected and result.state.scene.lit == expected
                        ),
                        what=f"the winning areas of {draw}",
                    )
                    assert _glow_pixels(layout.widget) > 500 * len(expected), draw  # lit as painted, not just listed
                    words = " ".join(texts(result.state.scene)).upper()
                    for ball in draw:
                        assert ball.rstrip("*").upper() in words, (draw, words)
            assert layout.widget.partial_repaints > 0  # a drawing repaints what changed, not the screen
        finally:
            await close_display(client, process)

    run(scenario())


def test_twoup_lights_follow_the_spins_and_a_failed_light_shows_its_card(qapp, served):
    async def scenario():
        client, process = await open_display(served, [DisplaySpec("T", "twoup_lights", table="TU-01")])
        screen = process.screens[0]

        def lit():
            return dict(screen.state.content.lit)

        try:
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                await pit.execute(b.twoup_new_game("TU-01", seat=3, call="heads"))
                reference = SpinnerGame("heads")
                for code in ["O", "O", "X", "H", "O", "T", "O", "O", "H"]:
                    await pit.execute(b.twoup_no_more_bets("TU-01"))
                    await pit.execute(b.twoup_spin("TU-01", code))
                    reference.spin(code)
                    await wait_for(lambda: lit() == reference.lights, what=f"lights {reference.lights} after {code}")
                    if reference.outcome is not None:
                        break
                before = texts(screen.state.scene)
                await pit.execute(b.twoup_light("TU-01", "tails", 2, True))
                await wait_for(lambda: dict(screen.state.content.failed)["tails"] == (2,), what="the failed light")
                assert texts(screen.state.scene) != before  # the card is drawn in the failed light's place
                await pit.execute(b.twoup_light("TU-01", "tails", 2, False))
                await wait_for(lambda: dict(screen.state.content.failed)["tails"] == (), what="the repaired light")
        finally:
            await close_display(client, process)

    run(scenario())


def test_jackpot_counts_up_lands_exactly_pends_and_faults_without_a_server(qapp, served):
    clock = Clock()

    async def scenario():
        specs = [DisplaySpec("M", "jackpot", link="CSP-PROG"), DisplaySpec("T", "jackpot", table="CSP-03", screen=1)]
        client, process = await open_display(served, specs, clock=clock)
        screen, table = process.screens
        try:
            start = screen.state.facts["amount_cents"]
            assert format_money(start, always_cents=True) in lines(screen.widget.scene)
            seen: set[str] = set()
            async with KioskClient(served.url, served.tokens["pit"]) as pit:
                await pit.execute(b.jackpot_wagers("CSP-01", count=60))
                await wait_for(lambda: screen.state.facts["amount_cents"] > start, what="the new amount")
                target = screen.state.facts["amount_cents"]
                final = format_money(target, always_cents=True)
                rolled = False
                while final not in lines(screen.widget.scene):
                    # the prize: the first amount on the meter (the straight flush's share is beneath it)
                    seen.update([t for t in lines(screen.widget.scene) if t.startswith("$")][:1])
                    rolled = rolled or any(_turning(i) for i in screen.widget.scene.items)
                    await asyncio.sleep(0.02)
                between = {t for t in seen if t not in (final, format_money(start, always_cents=True))}
                assert between, "the meter jumped instead of counting"
                assert rolled, "the digits never rolled"
                values = sorted(int(t.replace("$", "").replace(",", "").replace(".", "")) for t in between)
                assert start < values[0] and values[-1] < target  # on the way, never past the amount
                await asyncio.sleep(0.3)
                assert final in lines(screen.widget.scene) and not screen.meter.counting(1e18)
                assert not any(_turning(i) for i in screen.widget.scene.items)  # landed still
                # a royal flush at CSP-02: a celebration with the hand and the prize on every linked
                # display, then PENDING naming the hand and the table until paid, then the reset amount
                await pit.execute(b.jackpot_hit("CSP-02", {"seat 4": ["AS", "KS", "QS", "JS", "10S"]}))
                both = (screen, table)
                await wait_for(
                    lambda: all("ROYAL FLUSH!" in lines(s.widget.scene) for s in both), what="the celebration"
                )
                link = await pit.link("CSP-PROG")
                prize = format_money(link["pending"]["total_cents"], always_cents=True)
                for s in both:
                    assert prize in lines(s.widget.scene) and "Table CSP-02, seat 4" in lines(s.widget.scene)
                clock.ahead = timedelta(seconds=11)  # the celebration is over
                await wait_for(lambda: all("JACKPOT PENDING" in lines(s.widget.scene) for s in both), what="PENDING")
                assert any("CSP-02" in t for t in lines(screen.widget.scene))
                await pit.execute(b.jackpot_before_payment("CSP-02", "Fran Floor", 52))  # 000 s245(5)
                await pit.execute(b.jackpot_paid("CSP-PROG"))
                await pit.execute(b.jackpot_reset("CSP-PROG"))
                reset = format_money((await pit.link("CSP-PROG"))["meter"]["seed_cents"], always_cents=True)
                await wait_for(lambda: all(reset in lines(s.widget.scene) for s in both), what="the reset amount")
                assert not any("PENDING" in t for t in lines(screen.widget.scene))
                clock.ahead = timedelta(0)
            last = format_money(screen.state.facts["amount_cents"], always_cents=True)
            # the server goes silent; 30 s later (the display's clock moved on) the amount is not current
            served.kill()
            clock.ahead = timedelta(seconds=31)
            await wait_for(lambda: screen.state.status.kind == "fault", what="the meter fault")
            shown: list[list[str]] = []
            for _ in range(30):
                shown.append(lines(screen.widget.scene))
                await asyncio.sleep(0.2)
            faults = [t for t in shown if any("FAULT" in line for line in t)]
            amounts = [t for t in shown if any(last in line for line in t)]
            assert faults and amounts, "the fault text and the last amount must alternate"
            assert all(
                not any(last == line for line in t) or any("not current" in line.lower() for line in t) for t in amounts
            ), "the last amount is shown only marked as not current"
            clock.ahead = timedelta(0)
            served.start()
            await wait_for(lambda: screen.state.status.is_live, timeout=30, what="live again")
            assert any(last in t for t in lines(screen.widget.scene))
        finally:
            await close_display(client, process)

    run(scenario())
