"""Floor loading: a floor seeds an empty database; a different floor is reported and not
applied unless asked; the same floor again changes nothing."""

from __future__ import annotations

import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import Conflict, RuleRefused
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.actors import ADMIN2, PIT
from tests.fixtures.floors import TEST_FLOOR


def _floor(tmp_path, text, name="floor.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_floor(path)


async def test_same_floor_again_changes_nothing_even_after_pit_changes(db_url, floor):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    await service.execute(PIT, b.set_display_name("BJ-01", "Run-time name"))
    before = await service.snapshot()
    await service.close()
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    try:
        assert await service.snapshot() == before
    finally:
        await service.close()


async def test_different_floor_is_reported_and_not_applied(db_url, floor, tmp_path):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    before = await service.snapshot()
    await service.close()
    # DP-01 becomes DP-02, and so does the table its display shows
    changed = TEST_FLOOR.replace('maximum = "$1,000"', 'maximum = "$2,000"').replace('"DP-01"', '"DP-02"')
    other = _floor(tmp_path, changed)
    with pytest.raises(Conflict) as err:
        await Service.open(db_url, floor=other, tick_seconds=None)
    message = err.value.message
    assert "\n" not in message
    assert "table BJ-01: limits.maximum_cents is 100000 in the database, 200000 in the floor file" in message
    assert "table DP-02 is in the floor file but not in the database" in message
    assert "table DP-01 is in the database but not in the floor file" in message
    service = await Service.open(db_url, tick_seconds=None)
    try:
        assert await service.snapshot() == before
    finally:
        await service.close()
    # applied when asked, as events
    service = await Service.open(db_url, floor=other, apply_floor=True, tick_seconds=None)
    try:
        snap = await service.snapshot()
        assert snap["tables"]["BJ-01"]["limits"]["maximum_cents"] == 200_000
        assert "DP-02" in snap["tables"] and "DP-01" not in snap["tables"]
        types = [e.type for e in await service.events_since(before["seq"])]
        assert sorted(types) == ["limits_changed", "table_created", "table_removed"]  # set_limits, as at the console
        assert (await service.verify_audit()).ok
    finally:
        await service.close()
    again = await Service.open(db_url, floor=other, tick_seconds=None)  # now the same floor
    await again.close()


async def test_floor_that_breaks_a_rule_is_refused(tmp_path):
    bad = TEST_FLOOR.replace('"3:4" = "$1,200"', '"3:4" = "$1,000"', 1)
    with pytest.raises(RuleRefused) as err:
        await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=_floor(tmp_path, bad), tick_seconds=None)
    assert "TC54-01" in err.value.message and err.value.rule.startswith("001 s459(1)")


async def test_link_changes_are_reported(db_url, floor, tmp_path):
    service = await Service.open(db_url, floor=floor, tick_seconds=None)
    await service.close()
    other = _floor(tmp_path, TEST_FLOOR.replace('seed = "$10,000"', 'seed = "$12,000"'))
    with pytest.raises(Conflict, match="jackpot PROG: seed_cents is 1000000 in the database, 1200000"):
        await Service.open(db_url, floor=other, tick_seconds=None)
    service = await Service.open(db_url, floor=other, apply_floor=True, operator="Ada Admin", tick_seconds=None)
    try:  # a new seed is a proposal (two administrators), as at the console
        link = (await service.snapshot())["links"]["PROG"]
        [proposal] = link["proposals"].values()
        assert link["meter"]["seed_cents"] == 1_000_000 and proposal["changes"] == {"seed_cents": 1_200_000}
        await service.execute(ADMIN2, {"type": "jackpot_approve", "link_id": "PROG", "proposal_id": proposal["id"]})
        link = (await service.snapshot())["links"]["PROG"]
        assert link["meter"]["seed_cents"] == 1_200_000 and link["meter"]["amount_cents"] == 1_000_000
    finally:
        await service.close()


async def test_demo_floor_loads(tmp_path, demo_floor):
    service = await Service.open(f"sqlite:///{tmp_path / 'demo.db'}", floor=demo_floor, tick_seconds=None)
    try:
        snap = await service.snapshot()
        assert set(snap["tables"]) == set(demo_floor.tables)
        assert all(link["meter"]["amount_cents"] > 0 for link in snap["links"].values())
    finally:
        await service.close()


async def test_progressive_link_without_approval_is_refused(tmp_path):
    bad = TEST_FLOOR.replace('approval = "CE approval TEST-1"\n', "")
    with pytest.raises(RuleRefused) as err:
        await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=_floor(tmp_path, bad), tick_seconds=None)
    assert err.value.rule == "000 s231(3)" and "PROG" in err.value.message
    assert not (tmp_path / "k.db").exists() or (await _empty(tmp_path / "k.db"))


async def _empty(path):
    service = await Service.open(f"sqlite:///{path}", tick_seconds=None)
    try:
        return (await service.snapshot())["tables"] == {}
    finally:
        await service.close()
