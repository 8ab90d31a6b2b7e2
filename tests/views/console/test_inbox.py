"""The approvals waiting for a person (ux-review C7), without Qt: old and new values, and never
an Approve for the proposal's own proposer."""

from __future__ import annotations

import copy

from kiosk.rules.money import format_money
from kiosk.views.console.inbox import inbox, proposal_words


def _with_proposal(link, **proposal):
    link = copy.deepcopy(link)
    link["proposals"] = {"p9": {"id": "p9", "at": "2026-12-01T21:40:00Z", **proposal}}
    return link


def test_a_proposal_reads_old_to_new_and_waits_for_another_administrator(demo_states):
    _, links = demo_states
    link_id, link = next(iter(links.items()))
    seed = link["meter"]["seed_cents"]
    link = _with_proposal(
        link, changes={"seed_cents": seed + 500_000}, by="Alice Admin", person="Alice Admin", token_id="tok_a"
    )
    assert (
        proposal_words(link, link["proposals"]["p9"]) == f"Seed {format_money(seed)} → {format_money(seed + 500_000)}"
    )
    # every (role, same person?) pair: only another administrator may approve
    for role in ("pit", "admin"):
        for token, name in (("tok_a", "Alice Admin"), ("tok_b", "Bob Admin"), ("tok_b", "Alice Admin")):
            (item,) = inbox({link_id: link}, {"role": role, "token_id": token, "name": name, "person": name})
            mine = token == "tok_a" or name == "Alice Admin"
            assert item.mine is mine
            assert item.can_approve is (role == "admin" and not mine)
            assert ("second administrator" in item.status) is mine
            assert item.words.endswith(proposal_words(link, link["proposals"]["p9"]))
            assert link_id not in item.words or not link.get("name")  # the link's name, not its id


def test_a_rate_proposal_is_in_percent():
    link = {"id": "L", "name": "Coral", "meter": {"rate_bp": 150}, "sharing": "equal_shares"}
    assert proposal_words(link, {"changes": {"contribution_bp": 200}}) == (
        "Contribution 1.5 % of each jackpot wager → 2 % of each jackpot wager"
    )


def test_a_token_issued_by_the_proposer_is_the_proposer():
    link = {"id": "L", "name": "Coral", "meter": {"seed_cents": 100}, "sharing": "equal_shares"}
    link["proposals"] = {"p1": {"id": "p1", "changes": {"seed_cents": 200}, "by": "A", "person": "A", "at": ""}}
    (item,) = inbox({"L": link}, {"role": "admin", "token_id": "t2", "name": "admin-b", "person": "A"})
    assert item.mine and not item.can_approve
