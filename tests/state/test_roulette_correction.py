"""Correcting a roulette number the dealer entered wrongly (000 s78 "Entering results into the
electronic equipment"; docs/readings.md A-95), through the service on SQLite and PostgreSQL: a pit
supervisor's command, the last spin only, recorded in the audit trail with both numbers."""

from __future__ import annotations

import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import Forbidden, RuleRefused
from kiosk.state.handlers._roulette import CORRECTION_RULE
from kiosk.state.store import AuditQuery
from kiosk.views import builders as b
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.paths import DEMO_FLOOR


@pytest.fixture(scope="module")
def floor():
    return load_floor(DEMO_FLOOR)


async def _state(service):
    return (await service.snapshot(["RO-01"]))["tables"]["RO-01"]["game_state"]


async def test_a_supervisor_corrects_the_last_spin_and_the_audit_keeps_both(service):
    await service.execute(DEALER, b.roulette_result("RO-01", 6))
    await service.execute(DEALER, b.roulette_result("RO-01", 17))
    with pytest.raises(Forbidden):  # a dealer alone cannot change a result
        await service.execute(DEALER, b.roulette_correct_result("RO-01", 2, 17, 7, "dealer touched 17"))
    [event] = await service.execute(PIT, b.roulette_correct_result("RO-01", 2, 17, 7, "dealer touched 17"))
    assert event.type == "roulette_result_corrected"
    assert (event.data["spin"], event.data["was"], event.data["number"]) == (2, 17, 7)
    assert event.data["rule"] == CORRECTION_RULE
    state = await _state(service)
    assert state["number"] == 7 and state["winning"] == ["number_7"] and state["results"][:2] == [7, 6]
    assert state["spins"] == 2  # a correction is not a spin
    [record] = await service.audit_records(AuditQuery(target="RO-01", action="roulette_result_corrected"))
    assert record["actor"] == PIT.name and record["role"] == "pit"


@pytest.mark.parametrize(
    "spin, replaces, number, why",
    [
        (1, 6, 9, "only the last spin"),  # an earlier spin
        (2, 6, 9, "only the last spin"),  # the wrong number named as replaced
        (2, 17, 17, "already recorded"),  # the same number
    ],
)
async def test_only_the_last_spin_can_be_corrected(service, spin, replaces, number, why):
    await service.execute(DEALER, b.roulette_result("RO-01", 6))
    await service.execute(DEALER, b.roulette_result("RO-01", 17))
    with pytest.raises(RuleRefused) as refused:
        await service.execute(PIT, b.roulette_correct_result("RO-01", spin, replaces, number, "wrong touch"))
    assert refused.value.rule == CORRECTION_RULE and why in refused.value.message
    assert (await _state(service))["results"][:2] == [17, 6]


async def test_nothing_to_correct_before_the_first_spin(service):
    with pytest.raises(RuleRefused) as refused:
        await service.execute(PIT, b.roulette_correct_result("RO-01", 0, 0, 5, "wrong touch"))
    assert "no result" in refused.value.message
