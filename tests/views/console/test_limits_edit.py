"""The console's edit of a table without Qt (kiosk.views.console.limits_edit.LimitsEdit): the
commands it publishes, the table it previews, and the service's own answer to it, each command
checked on the state the ones before it leave."""

from __future__ import annotations

import pytest

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.money import MoneyError, format_money
from kiosk.state.errors import BadRequest, RuleRefused
from kiosk.views import builders as b
from kiosk.views.console.limits_edit import LimitsEdit


def _as_typed(table) -> dict[str, str]:
    """The money fields of a table's limits as the console shows them."""
    return {k: format_money(v) for k, v in table["limits"].items() if k.endswith("_cents") and isinstance(v, int)}


def _kinds(table) -> list[str]:
    return [s["kind"] for s in table["signs"]]


def test_an_edit_that_changes_nothing_sends_nothing(demo_states):
    tables, links = demo_states
    bj = tables["BJ-01"]
    edit = LimitsEdit(bj, _as_typed(bj), bj["display_name"], _kinds(bj))
    assert edit.patch() == {}
    assert edit.commands() == []
    assert edit.check(tables, links) is None
    assert edit.table() == bj


def test_the_commands_are_versioned_one_after_the_other(demo_states):
    tables, _ = demo_states
    bj = tables["BJ-01"]
    version = bj["version"]
    edit = LimitsEdit(bj, {**_as_typed(bj), "minimum_cents": "$60"}, "Big Blackjack", ["limits", "instructional"])
    assert edit.patch() == {"minimum_cents": 6000}
    assert edit.commands() == [
        b.set_limits("BJ-01", {"minimum_cents": 6000}, expected_version=version),
        b.set_display_name("BJ-01", "Big Blackjack", expected_version=version + 1),
        b.set_signs(
            "BJ-01", [{"kind": "limits", "cap_mm": 8.0}, {"kind": "instructional"}], expected_version=version + 2
        ),
    ]


def test_the_previewed_table_is_the_edit_applied(demo_states):
    tables, _ = demo_states
    mp = tables["MP-01"]
    edit = LimitsEdit(
        mp, {**_as_typed(mp), "minimum_table_stake_cents": "$150"}, "Manila", ["minimum_table_stake", "rake"]
    )
    table = edit.table()
    assert table["limits"]["minimum_table_stake_cents"] == 15_000
    assert table["limits"]["minimum_cents"] == mp["limits"]["minimum_cents"]
    assert table["display_name"] == "Manila"
    assert table["signs"] == [{"kind": "minimum_table_stake", "cap_mm": 12.0}, {"kind": "rake", "cap_mm": 8.0}]
    assert mp["limits"]["minimum_table_stake_cents"] == 10_000  # the base is not touched


def test_a_field_that_is_not_money_is_named(demo_states):
    tables, _ = demo_states
    bj = tables["BJ-01"]
    with pytest.raises(MoneyError, match="^Maximum wager: "):
        LimitsEdit(bj, {**_as_typed(bj), "maximum_cents": "lots"}, bj["display_name"], _kinds(bj)).commands()
    with pytest.raises(MoneyError, match="^maximum for dealer bets: "):
        LimitsEdit(bj, _as_typed(bj), bj["display_name"], _kinds(bj), maximum_by={"dealer_bets": "x"}).patch()


def test_a_maximum_by_class_is_patched_whole(demo_states):
    tables, _ = demo_states
    bj = tables["BJ-01"]
    edit = LimitsEdit(bj, _as_typed(bj), bj["display_name"], _kinds(bj), maximum_by={"dealer_bets": "$250"})
    assert edit.patch() == {"maximum_by": {"dealer_bets": 25_000}}


def test_the_service_refuses_what_the_law_forbids_with_its_rule(demo_states):
    tables, links = demo_states
    bj = tables["BJ-01"]
    edit = LimitsEdit(bj, {**_as_typed(bj), "minimum_cents": "$1,000,000"}, bj["display_name"], _kinds(bj))
    refusal = edit.check(tables, links)
    assert isinstance(refusal, RuleRefused) and refusal.rule == "003 s23(1)"


def test_each_command_is_checked_on_the_state_the_ones_before_it_leave(demo_states):
    tables, links = demo_states
    bj = tables["BJ-01"]
    # the name change goes at the next version: checked on the table as it was, it would conflict
    edit = LimitsEdit(bj, {**_as_typed(bj), "maximum_cents": "$5,000"}, "Big Blackjack", _kinds(bj))
    assert [c["expected_version"] for c in edit.commands()] == [bj["version"], bj["version"] + 1]
    assert edit.check(tables, links) is None
    refused = LimitsEdit(bj, {**_as_typed(bj), "maximum_cents": "$5,000"}, "", _kinds(bj)).check(tables, links)
    assert isinstance(refused, BadRequest) and "display_name" in str(refused)


def test_roulettes_per_wager_minimums_are_edited_and_checked(demo_states):
    # ux-review C9: the minimums on outside bets could not be changed from the console
    tables, links = demo_states
    table = tables["RO-01"]
    limits = table["limits"]
    minima = {cls: format_money(v) for cls, v in limits["minimum_by"].items()}
    maxima = {cls: format_money(v) for cls, v in limits["maximum_by"].items()}
    edit = LimitsEdit(
        table, _as_typed(table), table["display_name"], _kinds(table), maximum_by=maxima, minimum_by=minima
    )
    assert edit.commands() == []
    minima["red"] = "$15"
    edit = LimitsEdit(
        table, _as_typed(table), table["display_name"], _kinds(table), maximum_by=maxima, minimum_by=minima
    )
    assert edit.patch() == {"minimum_by": {**limits["minimum_by"], "red": 1500}}
    assert edit.words() == ["Minimum, red $10 → $15"]
    assert edit.check(tables, links) is None
    minima["red"] = "ten"
    with pytest.raises(MoneyError, match="^minimum for red: "):
        LimitsEdit(table, {}, table["display_name"], _kinds(table), minimum_by=minima).patch()


def test_an_edit_says_what_it_changes_in_staff_words(demo_states):
    table = demo_states[0]["BJ-01"]
    typed = _as_typed(table)
    typed["maximum_cents"] = "$2,000"
    extra = next(k for k in ("bonus_payouts", "nominated_blackjack", "instructional") if k not in _kinds(table))
    edit = LimitsEdit(table, typed, "Blackjack", [*_kinds(table), extra])
    words = edit.words()
    assert words[0] == f"Maximum wager {format_money(table['limits']['maximum_cents'])} → $2,000"
    assert [w for w in words if w.startswith("signs added: ")] == [f"signs added: {SIGN_KINDS[extra].title}"]


def test_raising_a_minimum_now_is_named_for_confirmation_and_nothing_else_is(demo_states):
    tables, _ = demo_states
    bj = tables["BJ-01"]
    typed = _as_typed(bj)
    low = format_money(bj["limits"]["minimum_cents"])
    for field, text, raised in (
        ("minimum_cents", "$25", True),
        ("minimum_cents", low, False),
        ("maximum_cents", "$9,000", False),
    ):
        edit = LimitsEdit(bj, {**typed, field: text}, bj["display_name"], _kinds(bj))
        assert bool(edit.live_raises()) is raised
    edit = LimitsEdit(bj, {**typed, "minimum_cents": "$25"}, bj["display_name"], _kinds(bj))
    assert edit.live_raises() == [f"Minimum wager {low} → $25"]
    ro = tables["RO-01"]
    minima = {c: format_money(v) for c, v in ro["limits"]["minimum_by"].items()}
    lowered = LimitsEdit(ro, {}, ro["display_name"], _kinds(ro), minimum_by={**minima, "red": "$5"})
    raised_ = LimitsEdit(ro, {}, ro["display_name"], _kinds(ro), minimum_by={**minima, "red": "$20"})
    assert lowered.live_raises() == [] and raised_.live_raises() == ["Minimum, red $10 → $20"]
