"""Players' agreement instead of notice (003 s259(3)(b), s295(3)(b); 002 r6.9): the number of
players who agreed is recorded in the command, the event and the audit trail, and an agreement
of no players is refused (docs/readings.md A-30), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kiosk.state.errors import RuleRefused
from kiosk.state.store import AuditQuery
from tests.fixtures.actors import PIT
from tests.fixtures.clock import START


def _at(delta: timedelta) -> str:
    return (START + delta).isoformat().replace("+00:00", "Z")


def _agreed(agreeing: int, players: int) -> dict:
    return {"confirmed_by": "Fay Floor", "agreeing": agreeing, "players_at_table": players}


@pytest.mark.parametrize(("table_id", "rule"), [("MP-01", "003 s259(3)(b)"), ("DP-01", "003 s295(3)(b)")])
@pytest.mark.parametrize(("agreeing", "players"), [(0, 0), (0, 6)])
async def test_a_raise_now_with_no_player_agreeing_is_refused(service, table_id, rule, agreeing, players):
    before = await service.snapshot()
    with pytest.raises(RuleRefused) as err:
        await service.execute(
            PIT,
            {
                "type": "set_limits",
                "table_id": table_id,
                "limits": {"minimum_table_stake_cents": 20_000},
                "players_agreed": _agreed(agreeing, players),
            },
        )
    assert err.value.rule == rule
    assert (
        err.value.message.startswith(f"table {table_id}: ") and f"({rule}; docs/readings.md A-30)" in err.value.message
    )
    assert "no player" in err.value.message
    assert await service.snapshot() == before


async def test_a_scheduled_change_with_an_agreement_of_nobody_is_refused(service):
    """Even with the notice's 20 minutes ahead: the agreement it carries is false, so the command is."""
    with pytest.raises(RuleRefused) as err:
        await service.execute(
            PIT,
            {
                "type": "schedule_change",
                "table_id": "MP-01",
                "limits": {"minimum_table_stake_cents": 20_000},
                "effective_at": _at(timedelta(minutes=25)),
                "players_agreed": _agreed(0, 0),
            },
        )
    assert err.value.rule == "003 s259(3)(b)"


@pytest.mark.parametrize("limits", [{"game_type": "Omaha"}, {"minimum_buy_in_cents": 20_000}])
async def test_a_poker_room_change_with_no_player_agreeing_is_refused(service, limits):
    before = await service.snapshot()
    with pytest.raises(RuleRefused) as err:
        await service.execute(
            PIT, {"type": "set_limits", "table_id": "PK-01", "limits": limits, "players_agreed": _agreed(0, 0)}
        )
    assert err.value.rule == "002 r6.9" and "no player" in err.value.message
    assert await service.snapshot() == before


async def test_the_number_who_agreed_is_in_the_event_and_the_audit(service):
    agreed = _agreed(6, 6)
    command = {
        "type": "set_limits",
        "table_id": "DP-01",
        "limits": {"minimum_table_stake_cents": 15_000},
        "players_agreed": agreed,
    }
    [event] = await service.execute(PIT, command)
    assert event.type == "limits_changed" and event.data["rule"] == "003 s295(3)"
    assert event.data["agreement"] == agreed
    assert "all 6 players" in event.data["reason"]
    [record] = await service.audit_records(AuditQuery(target="DP-01", action="limits_changed"))
    assert record["details"]["event"]["data"]["agreement"] == agreed
