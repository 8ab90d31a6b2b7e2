"""Tri-chro at the dealer panel below Qt: only the next legal control is offered, over every
phase and flag (exhaustive)."""

from __future__ import annotations

import itertools

import pytest

from kiosk.views.dealer.trichro import controls

PHASES = ("betting", "no_more_bets", "result", "void")


@pytest.mark.parametrize(
    "phase, by_generator, awaiting, broken, fault, picked",
    list(itertools.product(PHASES, (False, True), (False, True), (False, True), (False, True), (0, 1, 2))),
)
def test_each_control_only_in_its_phase(phase, by_generator, awaiting, broken, fault, picked):
    c = controls(
        phase,
        by_generator=by_generator,
        awaiting_inspector=awaiting,
        broken_ball=broken,
        fault_recorded=fault,
        picked=picked,
    )
    assert c.no_more_bets == (phase != "no_more_bets" and not broken)  # 001 s463(1), s465(4)(c)
    assert c.pick_balls == (phase == "no_more_bets" and not by_generator)
    assert c.enter == (c.pick_balls and picked == 2)
    assert c.generate == (phase == "no_more_bets" and by_generator and not awaiting)  # 001 s466(b)
    assert c.void == (phase in ("no_more_bets", "result"))  # 001 s465(1)
    assert c.unlit == (phase == "result" and not fault)  # 000 s78(7)
    assert c.replaced == broken
    assert not (c.no_more_bets and (c.enter or c.generate))  # never both ends of a drawing at once
