"""The casino's way of sharing a jackpot is the one paid (000 s247(2),(3)): it comes from the floor,
changes only with two administrators, and a hit settles by it only when a display of the table
reported the sharing sign with its words; otherwise 000 s246(1).  The audit's attempts 20 and 22
on the demo floor, through the real service on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import sqlite3

import psycopg
import pytest

from kiosk.state.errors import Conflict, Forbidden, RuleRefused
from kiosk.state.service import Service
from kiosk.state.showing import parse_report
from kiosk.state.store import AuditQuery
from tests.fixtures.actors import ADMIN, ADMIN2, DEALER, PIT, display_actor

ROYAL_S = ["AS", "KS", "QS", "JS", "10S"]
ROYAL_H = ["AH", "KH", "QH", "JH", "10H"]
LINK = "CSP-04.jackpot"
SIGNS_DISPLAY = "D-CSP-04-signs"  # the demo floor's display of CSP-04's signs, the sharing sign among them
WORDS = "Two or more straight or royal flush winners share the jackpot prize equally"  # the demo floor's
CSP04_SCREEN = display_actor("CSP-04 signs screen", "tok_csp04_signs", SIGNS_DISPLAY)


@pytest.fixture
async def demo(make_service, db_url, demo_floor, clock):
    """The demo floor's service, on SQLite and on PostgreSQL."""
    return await make_service(db_url, floor=demo_floor, clock=clock, tick_seconds=None)


async def show_sharing_sign(service, words=WORDS, *, signs=("limits", "maximum_payment", "jackpot_sharing")):
    """The CSP-04 signs display reports showing the sharing sign stating ``words``."""
    await service.record_showing(
        CSP04_SCREEN,
        parse_report(
            {
                "type": "showing",
                "table_id": "CSP-04",
                "display_id": SIGNS_DISPLAY,
                "signs": list(signs),
                "notices": [],
                "sharing": words,
            }
        ),
    )


async def two_royal_flushes(service):
    hit, _end = await service.execute(
        DEALER, {"type": "jackpot_hit", "table_id": "CSP-04", "hands": {"seat 2": ROYAL_S, "seat 5": ROYAL_H}}
    )
    return hit


async def link(service):
    return (await service.snapshot())["links"][LINK]


async def test_the_link_shares_the_way_the_floor_says(demo):
    assert (await link(demo))["sharing"] == "equal_shares"  # the sign's words: "share ... equally"
    assert (await demo.snapshot())["links"]["CSP-PROG"]["sharing"] == "s246"  # no sharing sign: s246(1)


async def test_attempt_20_two_royal_flushes_with_the_sign_shown_share_the_prize(demo):
    await show_sharing_sign(demo)
    hit = await two_royal_flushes(demo)
    pending = hit.data["hit"]
    assert [p["amount_cents"] for p in pending["payments"]] == [3_671_25, 3_671_25]
    assert pending["total_cents"] == pending["prize_cents"] == 7_342_50 and pending["shortfall_cents"] == 0
    assert {p["rule"] for p in pending["payments"]} == {"000 s247(2),(3)"}
    assert pending["sharing_method"] == "equal_shares" and pending["sharing_configured"] == "equal_shares"
    assert pending["sharing_sign_displayed"] is True and pending["sharing_sign_shown_by"] == [SIGNS_DISPLAY]
    assert "000 s247(2),(3)" in pending["note"] and hit.data["rule"] == "000 s245, s246(1), s247(2),(3)"
    [record] = await demo.audit_records(AuditQuery(target=LINK, action="jackpot_hit"))
    assert record["details"]["event"]["data"]["hit"]["sharing_method"] == "equal_shares"
    assert (await link(demo))["meter"]["amount_cents"] == 0


@pytest.mark.parametrize(
    "shown",
    [
        None,  # no display reported anything
        ("limits", "maximum_payment"),  # the signs display shows the other signs only
        "other words",  # the sharing sign, stating another way
    ],
)
async def test_attempt_22_flip_side_without_the_sign_each_royal_flush_is_paid_under_s246(demo, shown):
    if shown == "other words":
        await show_sharing_sign(demo, "Winners share by seat order")
    elif shown is not None:
        await show_sharing_sign(demo, None, signs=shown)
    hit = await two_royal_flushes(demo)
    pending = hit.data["hit"]
    assert [p["amount_cents"] for p in pending["payments"]] == [10_000_00, 10_000_00]
    assert {p["rule"] for p in pending["payments"]} == {"000 s246(1)"}
    assert pending["sharing_method"] == "s246" and pending["sharing_configured"] == "equal_shares"
    assert pending["sharing_sign_displayed"] is False
    assert "no sharing sign" in pending["note"] and "s247(3)" in hit.data["rule"]
    assert pending["shortfall_cents"] == 20_000_00 - 7_342_50  # owed by the casino


async def test_the_way_changes_only_with_a_second_administrator(demo):
    words = "Two or more straight or royal flush winners share the prize in proportion to their payouts"
    propose = {"type": "jackpot_propose", "link_id": LINK, "sharing": "proportional", "sharing_words": words}
    with pytest.raises(Forbidden):
        await demo.execute(PIT, propose)
    [event] = await demo.execute(ADMIN, propose)
    proposal = event.data["proposal_id"]
    assert event.data["changes"] == {"sharing": "proportional", "sharing_words": words}
    with pytest.raises(Forbidden, match="another person"):
        await demo.execute(ADMIN, {"type": "jackpot_approve", "link_id": LINK, "proposal_id": proposal})
    assert (await link(demo))["sharing"] == "equal_shares"  # nothing changed yet
    events = await demo.execute(ADMIN2, {"type": "jackpot_approve", "link_id": LINK, "proposal_id": proposal})
    assert [e.type for e in events] == ["jackpot_settings_changed", "jackpot_sharing_changed"]
    assert (await link(demo))["sharing"] == "proportional"
    table = (await demo.snapshot(["CSP-04"]))["tables"]["CSP-04"]
    assert table["settings"]["jackpot"]["sharing_method"] == words  # the sign states the new way
    assert table["settings"]["jackpot"]["sharing"] == "proportional"
    # the old words no longer count; the new ones do
    await show_sharing_sign(demo)
    assert (await two_royal_flushes(demo)).data["hit"]["sharing_method"] == "s246"
    await demo.execute(PIT, {"type": "jackpot_paid", "link_id": LINK})
    await demo.execute(PIT, {"type": "jackpot_reset", "link_id": LINK})
    await show_sharing_sign(demo, words)
    assert (await two_royal_flushes(demo)).data["hit"]["sharing_method"] == "proportional"
    assert (await demo.verify_audit()).ok


async def test_a_proposed_way_the_sign_would_not_state_is_refused(demo):
    for sharing, words, rule in (
        ("proportional", WORDS, "000 s247(3)"),  # the words say "equally"
        ("equal_shares", None, "000 s247(3)"),  # a way of sharing with no sign stating it
    ):
        command = {"type": "jackpot_propose", "link_id": LINK, "sharing": sharing, "sharing_words": words}
        with pytest.raises(RuleRefused) as err:
            await demo.execute(ADMIN, command)
        assert err.value.rule == rule and rule in err.value.message


async def test_back_to_s246_takes_the_sharing_sign_down(demo):
    [event] = await demo.execute(ADMIN, {"type": "jackpot_propose", "link_id": LINK, "sharing": "s246"})
    await demo.execute(ADMIN2, {"type": "jackpot_approve", "link_id": LINK, "proposal_id": event.data["proposal_id"]})
    assert (await link(demo))["sharing"] == "s246"
    table = (await demo.snapshot(["CSP-04"]))["tables"]["CSP-04"]
    assert table["settings"]["jackpot"]["sharing_method"] is None
    assert "jackpot_sharing" not in [s["kind"] for s in table["signs"]]


def as_an_older_release_left_it(db_url: str) -> None:
    """The database as a release before issue 17 kept it: every link paying under 000 s246(1), the
    tables without ``jackpot.sharing``, the digest of a floor configuration without them."""
    if db_url.startswith("sqlite:///"):
        conn: sqlite3.Connection | psycopg.Connection = sqlite3.connect(db_url.removeprefix("sqlite:///"))
        mark = "?"
    else:
        conn = psycopg.connect(db_url)
        mark = "%s"
    try:
        cur = conn.cursor()
        for kind in ("tables", "links"):
            cur.execute(f"SELECT id, state FROM kiosk_{kind}")
            for row_id, text in cur.fetchall():
                state = json.loads(text)
                if kind == "links":
                    state["sharing"] = "s246"
                else:
                    ((state.get("settings") or {}).get("jackpot") or {}).pop("sharing", None)
                cur.execute(f"UPDATE kiosk_{kind} SET state = {mark} WHERE id = {mark}", (json.dumps(state), row_id))
        cur.execute(f"UPDATE kiosk_meta SET value = {mark} WHERE key = {mark}", ("older", "floor_digest"))
        conn.commit()
    finally:
        conn.close()


async def test_a_link_an_older_release_kept_pays_the_floors_way_once_a_second_administrator_approves(
    db_url, demo_floor, clock, make_service
):
    """docs/deploy.md, "Upgrading": the floor's way differs from the link's s246(1); the node says
    so, --apply-floor proposes the floor's way, and hits pay under s246(1) until it is approved."""
    service = await Service.open(db_url, floor=demo_floor, tick_seconds=None)
    await service.close()
    as_an_older_release_left_it(db_url)
    with pytest.raises(Conflict, match=f'jackpot {LINK}: sharing is "s246" in the database, "equal_shares"'):
        await Service.open(db_url, floor=demo_floor, tick_seconds=None)
    service = await make_service(
        db_url, floor=demo_floor, apply_floor=True, operator="Olive Operator", clock=clock, tick_seconds=None
    )
    [line] = [line for line in service.floor_applied if line.startswith(f"jackpot {LINK}: ")]
    assert "sharing each winner paid under 000 s246(1) -> equal shares" in line and "proposed" in line
    [proposal] = (await link(service))["proposals"].values()
    assert proposal["changes"] == {"sharing": "equal_shares", "sharing_words": WORDS}
    await show_sharing_sign(service)
    assert (await two_royal_flushes(service)).data["hit"]["sharing_method"] == "s246"  # not yet approved
    await service.execute(PIT, {"type": "jackpot_paid", "link_id": LINK})
    await service.execute(PIT, {"type": "jackpot_reset", "link_id": LINK})
    approve = {"type": "jackpot_approve", "link_id": LINK, "proposal_id": proposal["id"]}
    await service.execute(ADMIN2, approve)
    hit = (await two_royal_flushes(service)).data["hit"]
    assert hit["sharing_method"] == "equal_shares" and hit["total_cents"] == hit["prize_cents"]
