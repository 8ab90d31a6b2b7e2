"""Renaming at run time (docs/readings.md A-31): the seeds give a naming power for Caribbean
stud (000 s230(5)), tri-chro (001 s456(7)) and bonus blackjack (003 s50A(3)) only; on the demo
floor, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from kiosk.state.errors import RuleRefused
from tests.fixtures.actors import PIT
from tests.fixtures.clock import START, Clock

READING = "docs/readings.md A-31"


@pytest.fixture
async def demo(db_url, demo_floor):
    from kiosk.state.service import Service

    svc = await Service.open(db_url, floor=demo_floor, clock=Clock(START), tick_seconds=None, audit_key=None)
    try:
        yield svc
    finally:
        await svc.close()


def _rename(table_id: str, name: str) -> dict:
    return {"type": "set_display_name", "table_id": table_id, "display_name": name}


@pytest.mark.parametrize(
    ("table_id", "name", "rule"),
    [
        ("RO-01", "Lucky Wheel", READING),  # audit 14-RO-01
        ("BJ-02", "Twenty-One Deluxe", "003 s50A(3)"),  # 14-BJ-02: no bonus blackjack at BJ-02
        ("MP-01", "Texas Manila", READING),  # 14-MP-01
        ("TU-01", "Heads Up", READING),  # 14-TU-01
        ("PK-01", "Friday Game", READING),  # the poker room: its name or its variant's (Holdem)
    ],
)
async def test_a_rename_without_a_naming_power_is_refused(demo, table_id, name, rule):
    before = await demo.snapshot()
    with pytest.raises(RuleRefused) as err:
        await demo.execute(PIT, _rename(table_id, name))
    assert err.value.rule == rule
    assert err.value.message.startswith(f"table {table_id}: ") and READING in err.value.message
    assert await demo.snapshot() == before


@pytest.mark.parametrize(
    ("table_id", "name", "rule"),
    [
        ("CSP-01", "Reef Stud", "000 s230(5)"),
        ("TC54-01", "Rainbow Balls", "001 s456(7)"),
        ("BJ-01", "Twenty-One Deluxe", "003 s50A(3)"),  # BJ-01 offers bonus blackjack
        ("BJ-02", "High Limit Blackjack", READING),  # keeps the game's name: no power needed
        ("RO-01", "Roulette Salon", READING),
        ("PK-01", "Texas Hold'em Friday", READING),  # the variant's name, 002 r8.17
    ],
)
async def test_a_lawful_rename_cites_what_it_rests_on(demo, table_id, name, rule):
    [event] = await demo.execute(PIT, _rename(table_id, name))
    assert event.type == "display_name_changed" and event.data["rule"] == rule
    assert (await demo.snapshot([table_id]))["tables"][table_id]["display_name"] == name


async def test_bonus_blackjack_cannot_go_while_its_own_name_stays(demo):
    await demo.execute(PIT, _rename("BJ-01", "Twenty-One Deluxe"))
    with pytest.raises(RuleRefused) as err:
        await demo.execute(
            PIT,
            {
                "type": "set_signs",
                "table_id": "BJ-01",
                "signs": ["limits"],
            },
        )
    assert err.value.rule  # the bonus signs are required while bonus blackjack is on
    with pytest.raises(RuleRefused) as err:
        await demo.execute(PIT, {"type": "set_limits", "table_id": "BJ-01", "limits": {"bonus_blackjack": False}})
    assert err.value.rule == "003 s50A(3)" and "Twenty-One Deluxe" in err.value.message
