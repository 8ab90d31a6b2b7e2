"""`kiosk serve --apply-floor` goes through the console's change controls: a floor-file change to a
running database is a set of commands by the operator who applies it.  What needs notice is
scheduled, what waits for a hand waits, what needs two people becomes a proposal, and what the law
forbids is refused with its citation while nothing else of the file is applied.  The audit's
attempts 24, 24b, 24c and 24d on the demo floor, through the real service on SQLite and PostgreSQL
(the command itself, and its dry run: ``tests/cli/test_serve.py``)."""

from __future__ import annotations

import itertools
import json
import sqlite3
from datetime import timedelta

import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import Forbidden, RuleRefused
from kiosk.state.events import Actor
from kiosk.state.service import Service
from kiosk.state.showing import parse_report
from kiosk.state.store import AuditQuery
from tests.fixtures.actors import ADMIN2, DEALER, display_actor
from tests.fixtures.clock import START, Clock
from tests.fixtures.floor_edits import (
    NO_BLINDS,
    PK01_BLINDS,
    PK01_LIMITS,
    PK01_NO_BLINDS_SIGN,
    RAKE_10,
    SEED_2000,
    STAKE_200,
)
from tests.fixtures.floor_edits import edited_demo_floor as edited

OPERATOR = "Olive Operator"
MP01_SIGNS = display_actor("MP-01 signs screen", "tok_mp01", "D-MP-01-signs")


@pytest.fixture
async def seeded(db_url, demo_floor, clock):
    """A database the demo floor seeded (its service closed: the next start applies a file)."""
    service = await Service.open(db_url, floor=demo_floor, clock=clock, tick_seconds=None)
    await service.close()
    return db_url


async def apply(db_url, path, clock, operator=OPERATOR) -> Service:
    return await Service.open(
        db_url, floor=load_floor(path), apply_floor=True, operator=operator, clock=clock, tick_seconds=None
    )


async def _table(service, table_id):
    return (await service.snapshot([table_id]))["tables"][table_id]


async def test_attempt_24_a_higher_minimum_table_stake_is_scheduled_with_notice(seeded, tmp_path, clock):
    service = await apply(seeded, edited(tmp_path, STAKE_200), clock)
    try:
        table = await _table(service, "MP-01")
        assert table["limits"]["minimum_table_stake_cents"] == 10_000  # not at once (003 s259(3))
        [scheduled] = table["scheduled"]
        assert scheduled["limits"] == {"minimum_table_stake_cents": 20_000} and scheduled["by"] == OPERATOR
        due = START + timedelta(minutes=25)
        assert scheduled["effective_at"] == due.isoformat().replace("+00:00", ".000000Z")
        [line] = [line for line in service.floor_applied if line.startswith("MP-01: ")]
        assert "scheduled" in line and "19:25" in line and "003 s259(3)" in line  # Brisbane time
        [record] = await service.audit_records(AuditQuery(target="MP-01", action="change_scheduled"))
        assert record["actor"] == OPERATOR
        # the notice shown on a display of MP-01 for the 20 minutes: then it applies, not before
        clock.advance(seconds=5)
        await service.record_showing(
            MP01_SIGNS,
            parse_report(
                {
                    "type": "showing",
                    "table_id": "MP-01",
                    "display_id": "D-MP-01-signs",
                    "signs": ["limits", "minimum_table_stake"],
                    "notices": [scheduled["id"]],
                }
            ),
        )
        clock.advance(minutes=20)
        assert await service.apply_due() == []
        clock.advance(minutes=5)
        [event] = await service.apply_due()
        assert event.type == "scheduled_change_applied" and event.data["rule"] == "003 s259(3)"
        assert (await _table(service, "MP-01"))["limits"]["minimum_table_stake_cents"] == 20_000
    finally:
        await service.close()


async def test_attempt_24b_a_new_progressive_seed_is_a_proposal_a_second_person_approves(seeded, tmp_path, clock):
    service = await apply(seeded, edited(tmp_path, SEED_2000), clock)
    try:
        link = (await service.snapshot())["links"]["CSP-PROG"]
        assert link["meter"]["seed_cents"] == 10_000_00  # not by one person
        [proposal] = link["proposals"].values()
        assert proposal["changes"] == {"seed_cents": 2_000_00} and proposal["by"] == OPERATOR
        [line] = [line for line in service.floor_applied if line.startswith("jackpot CSP-PROG: ")]
        assert proposal["id"] in line and "second administrator" in line
        approve = {"type": "jackpot_approve", "link_id": "CSP-PROG", "proposal_id": proposal["id"]}
        with pytest.raises(Forbidden, match="another person"):
            await service.execute(Actor(name=OPERATOR, role="admin", token_id="tok_olive"), approve)
        await service.execute(ADMIN2, approve)
        assert (await service.snapshot())["links"]["CSP-PROG"]["meter"]["seed_cents"] == 2_000_00
    finally:
        await service.close()


EQUALLY = "Winners share the prize equally"
PROG_SIGNS = 'signs = ["limits", "maximum_payment", "jackpot_meter", "jackpot_paytable"]'
PROG_SHARES_EQUALLY = [  # CSP-PROG's three tables: the sharing sign, and the words it states
    *[(PROG_SIGNS, PROG_SIGNS.replace('"]', '", "jackpot_sharing"]'))] * 3,
    (
        "dead_mans_hand = true                    # 000 s227(2)\n",
        f'dead_mans_hand = true\nsharing_method = "{EQUALLY}"\n',
    ),
    *[("dead_mans_hand = true\n\n", f'dead_mans_hand = true\nsharing_method = "{EQUALLY}"\n\n')] * 2,
]
CSP04_SHARES_NO_MORE = [
    (
        '"limits", "maximum_payment", "jackpot_meter", "jackpot_sharing"]',
        '"limits", "maximum_payment", "jackpot_meter"]',
    ),
    ('sharing_method = "Two or more straight or royal flush winners share the jackpot prize equally"', ""),
]


def _signs(table):
    return [s["kind"] for s in table["signs"]]


async def test_a_new_way_of_sharing_and_its_sign_wait_for_a_second_administrator(seeded, tmp_path, clock):
    """The sharing sign goes up with the way it states, when the proposal is approved: not at once,
    stating nothing (000 s247(3)); nor does a sign that makes the approved way apply come down
    before (the two-person control on the way a hit pays)."""
    service = await apply(seeded, edited(tmp_path, *PROG_SHARES_EQUALLY, *CSP04_SHARES_NO_MORE), clock)
    try:
        snapshot = await service.snapshot()
        for table_id in ("CSP-01", "CSP-02", "CSP-03"):
            assert "jackpot_sharing" not in _signs(snapshot["tables"][table_id])
            assert snapshot["tables"][table_id]["settings"]["jackpot"]["sharing_method"] is None
        assert "jackpot_sharing" in _signs(snapshot["tables"]["CSP-04"])
        lines = {line.split(": ", 1)[0]: line for line in service.floor_applied}
        assert "sharing sign" in lines["CSP-01"] and "approve" in lines["CSP-01"]
        assert "sharing sign" in lines["CSP-04"] and "approve" in lines["CSP-04"]
        for link_id, words in (("CSP-PROG", EQUALLY), ("CSP-04.jackpot", None)):
            [proposal] = snapshot["links"][link_id]["proposals"].values()
            assert proposal["changes"]["sharing_words"] == words
            approve = {"type": "jackpot_approve", "link_id": link_id, "proposal_id": proposal["id"]}
            await service.execute(ADMIN2, approve)
        snapshot = await service.snapshot()
        for table_id in ("CSP-01", "CSP-02", "CSP-03"):
            assert "jackpot_sharing" in _signs(snapshot["tables"][table_id])
            assert snapshot["tables"][table_id]["settings"]["jackpot"]["sharing_method"] == EQUALLY
        assert "jackpot_sharing" not in _signs(snapshot["tables"]["CSP-04"])
        assert snapshot["links"]["CSP-PROG"]["sharing"] == "equal_shares"
        assert snapshot["links"]["CSP-04.jackpot"]["sharing"] == "s246"
    finally:
        await service.close()


async def test_attempt_24c_a_new_commission_waits_for_a_hand_and_the_table_signs(seeded, tmp_path, clock):
    service = await apply(seeded, edited(tmp_path, RAKE_10), clock)
    try:
        table = await _table(service, "PK-01")
        assert table["limits"]["rake"]["percent_bp"] == 500  # not mid-session (002 r7.3)
        [pending] = table["pending"]
        assert pending["commission"] is True and pending["limits"]["rake"]["percent_bp"] == 1000
        [line] = [line for line in service.floor_applied if line.startswith("PK-01: ")]
        assert "pending" in line and "002 r7.3" in line
        [event] = await service.execute(DEALER, {"type": "hand_complete", "table_id": "PK-01"})
        assert event.data["held"][0]["rule"] == "002 r7.3"  # no display of PK-01 has shown it yet
        assert (await _table(service, "PK-01"))["limits"]["rake"]["percent_bp"] == 500
    finally:
        await service.close()


async def test_attempt_24d_new_poker_limits_and_blinds_wait_three_hands(seeded, tmp_path, clock):
    service = await apply(seeded, edited(tmp_path, PK01_LIMITS, PK01_BLINDS), clock)
    try:
        table = await _table(service, "PK-01")
        assert (table["limits"]["minimum_cents"], table["limits"]["maximum_cents"]) == (500, 1000)
        assert table["limits"]["blinds_cents"] == [200, 500]
        [pending] = table["pending"]
        assert pending["notice"]["setting"] in ("betting_limit", "betting_type")
        [line] = [line for line in service.floor_applied if line.startswith("PK-01: ")]
        assert "pending" in line and "002 r6.9" in line
        hands = 0
        while (await _table(service, "PK-01"))["pending"]:
            await service.execute(DEALER, {"type": "hand_complete", "table_id": "PK-01"})
            hands += 1
            assert hands <= 4
        assert hands >= 3  # three hands' notice, then at the completion of a hand
        table = await _table(service, "PK-01")
        assert (table["limits"]["minimum_cents"], table["limits"]["maximum_cents"]) == (1000, 2000)
        assert table["limits"]["blinds_cents"] == [500, 1000]
    finally:
        await service.close()


async def test_what_needs_no_control_applies_at_once_by_the_operator(seeded, tmp_path, clock):
    lower_bj = ('maximum = "$1,000"', 'maximum = "$2,000"')  # BJ-01: a new maximum, no notice rule
    service = await apply(seeded, edited(tmp_path, lower_bj), clock)
    try:
        assert (await _table(service, "BJ-01"))["limits"]["maximum_cents"] == 2_000_00
        [record] = await service.audit_records(AuditQuery(target="BJ-01", action="limits_changed"))
        assert record["actor"] == OPERATOR
        [applied] = await service.audit_records(AuditQuery(action="floor_file_applied"))
        assert applied["actor"] == OPERATOR and applied["details"]["source"].endswith("edited_floor.toml")
        assert any(line.startswith("BJ-01: ") for line in applied["details"]["lines"])
        assert (await service.verify_audit()).ok
    finally:
        await service.close()
    again = await Service.open(seeded, floor=load_floor(tmp_path / "edited_floor.toml"), tick_seconds=None)
    await again.close()  # the same file again: nothing differs, nothing to apply


async def test_a_refused_change_leaves_the_whole_file_unapplied(seeded, tmp_path, clock, demo_floor):
    service = await Service.open(seeded, floor=demo_floor, clock=clock, tick_seconds=None)
    try:  # a hit on CSP-04 is pending: its jackpot is locked until paid and reset (000 s245)
        await service.execute(
            DEALER,
            {"type": "jackpot_hit", "table_id": "CSP-04", "hands": {"seat 1": ["AS", "KS", "QS", "JS", "10S"]}},
        )
        before = await service.snapshot()
    finally:
        await service.close()
    wager_2 = ('wager = "$1"\narea_wording = "jackpot"', 'wager = "$2"\narea_wording = "jackpot"')  # CSP-04
    path = edited(tmp_path, STAKE_200, SEED_2000, RAKE_10, ('maximum = "$1,000"', 'maximum = "$2,000"'), wager_2)
    with pytest.raises(RuleRefused) as err:
        await apply(seeded, path, clock)
    assert err.value.rule == "000 s245" and "CSP-04" in err.value.message and "\n" not in err.value.message
    assert "nothing" in err.value.message
    service = await Service.open(seeded, tick_seconds=None, clock=clock)
    try:
        after = await service.snapshot()
        assert after == before  # no schedule, no proposal, no pending change, no new maximum
        assert await service.audit_records(AuditQuery(action="floor_file_applied")) == []
    finally:
        await service.close()


async def test_a_law_break_while_a_change_waits_is_refused_with_its_citation(seeded, tmp_path, clock):
    # PK-01 drops its compulsory blinds (waits for hands, 002 r6.9) and, at once, the blinds sign the
    # blinds in force still need (002 r8.2.1): refused, nothing applied
    path = edited(
        tmp_path,
        NO_BLINDS,
        ('blinds = ["$2", "$5"]', "blinds = []"),
        PK01_NO_BLINDS_SIGN,
    )
    with pytest.raises(RuleRefused) as err:
        await apply(seeded, path, clock)
    assert err.value.rule == "002 r8.2.1" and "PK-01" in err.value.message and "blinds" in err.value.message
    assert "nothing of the floor file was applied" in err.value.message


async def test_a_poker_betting_type_is_not_changed_at_once(seeded, tmp_path, clock):
    path = edited(tmp_path, ('betting = "fixed_limit"', 'betting = "pot_limit"'), STAKE_200)
    with pytest.raises(RuleRefused) as err:
        await apply(seeded, path, clock)
    assert err.value.rule == "002 r6.9" and err.value.message.startswith(
        "PK-01: poker.betting fixed_limit -> pot_limit"
    )
    service = await Service.open(seeded, tick_seconds=None, clock=clock)
    try:
        assert (await _table(service, "MP-01"))["scheduled"] == []  # nothing of the file was applied
    finally:
        await service.close()


async def test_a_dry_run_says_what_each_table_gets_and_writes_nothing(seeded, tmp_path, clock, demo_floor):
    service = await Service.open(seeded, tick_seconds=None, clock=clock)
    before, head = await service.snapshot(), await service.audit_head()
    await service.close()
    path = edited(tmp_path, STAKE_200, SEED_2000, RAKE_10)
    service = await Service.open(
        seeded,
        floor=load_floor(path),
        apply_floor=True,
        operator=OPERATOR,
        dry_run=True,
        clock=clock,
        tick_seconds=None,
    )
    try:
        lines = service.floor_applied
        assert len(lines) == len(demo_floor.tables) + len(before["links"]) and service.floor_refusals == 0
        assert [line.split(":")[0] for line in lines[: len(demo_floor.tables)]] == sorted(demo_floor.tables)
        assert await service.snapshot() == before and await service.audit_head() == head
    finally:
        await service.close()


async def test_a_setting_added_since_the_database_was_seeded_is_no_difference(sqlite_url, demo_floor):
    """A table stored by an older release lacks the settings added since (``jackpot.sharing``): its
    unchanged floor file still starts the node, as it did before the upgrade."""
    service = await Service.open(sqlite_url, floor=demo_floor, tick_seconds=None)
    await service.close()
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as conn:
        (text,) = conn.execute("SELECT state FROM kiosk_tables WHERE id = 'CSP-01'").fetchone()
        state = json.loads(text)
        del state["settings"]["jackpot"]["sharing"]
        conn.execute("UPDATE kiosk_tables SET state = ? WHERE id = 'CSP-01'", (json.dumps(state),))
        conn.execute("UPDATE kiosk_meta SET value = 'older' WHERE key = 'floor_digest'")
    service = await Service.open(sqlite_url, floor=demo_floor, tick_seconds=None)
    await service.close()


EDITS = {"stake": [STAKE_200], "seed": [SEED_2000], "rake": [RAKE_10], "limits": [PK01_LIMITS, PK01_BLINDS]}


@pytest.mark.parametrize(
    "chosen", [c for n in range(1, len(EDITS) + 1) for c in itertools.combinations(sorted(EDITS), n)], ids="+".join
)
async def test_no_combination_of_the_audits_edits_takes_effect_at_once(chosen, db_url, demo_floor, tmp_path):
    """Every combination of attempts 24-24d in one file: each controlled change waits (scheduled,
    pending or proposed), none is in force after the start, and each is given once."""
    clock = Clock(START)
    service = await Service.open(db_url, floor=demo_floor, clock=clock, tick_seconds=None)
    before = await service.snapshot()
    await service.close()
    service = await apply(db_url, edited(tmp_path, *[e for name in chosen for e in EDITS[name]]), clock)
    try:
        after = await service.snapshot()
        for table_id in ("MP-01", "PK-01"):
            assert after["tables"][table_id]["limits"] == before["tables"][table_id]["limits"]
        assert after["links"]["CSP-PROG"]["meter"] == before["links"]["CSP-PROG"]["meter"]
        assert len(after["tables"]["MP-01"]["scheduled"]) == ("stake" in chosen)
        assert len(after["tables"]["PK-01"]["pending"]) == bool({"rake", "limits"} & set(chosen))
        assert len(after["links"]["CSP-PROG"]["proposals"]) == ("seed" in chosen)
    finally:
        await service.close()
