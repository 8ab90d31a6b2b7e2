"""Change control: the 20-minute rule (003 s259(3), s295(3)), 002 r6.9 and r7.3/r7.4."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.changes import (
    Approved,
    PlayerAgreement,
    commission_change_decision,
    give_poker_notice,
    minimum_table_stake_change,
    poker_change_decision,
)
from kiosk.rules.citation import Violation
from kiosk.rules.table import RakeSettings

UTC = UTC
# 20:17 in Brisbane (UTC+10) is 10:17 UTC
CHANGE = datetime(2026, 11, 30, 10, 17, tzinfo=UTC)


def stake(notice_before: timedelta | None, *, game="manila_poker", current=5000, new=10000, **kw):
    notice = None if notice_before is None else CHANGE - notice_before
    return minimum_table_stake_change(game, current, new, CHANGE, notice, **kw)


@pytest.mark.parametrize("game,rule", [("manila_poker", "003 s259(3)"), ("draw_poker", "003 s295(3)")])
def test_the_brief_example_message(game, rule) -> None:
    v = stake(timedelta(minutes=12), game=game)
    assert isinstance(v, Violation) and v.rule == rule
    assert v.message == (
        f"notice of the new minimum table stake $100 shown from 20:05 only 12 minutes before "
        f"20:17; needs 20 minutes ({rule})"
    )
    assert v.key == "minimum_table_stake_cents"


@pytest.mark.parametrize(
    ("before", "approved"),
    [
        (timedelta(minutes=20), True),
        (timedelta(minutes=19, seconds=59), False),
        (timedelta(minutes=19), False),
        (timedelta(minutes=20, microseconds=1), True),
        (timedelta(hours=3), True),
        (timedelta(0), False),
        (-timedelta(minutes=5), False),
    ],
)
def test_increase_needs_20_minutes_of_notice(before, approved) -> None:
    result = stake(before)
    assert isinstance(result, Approved) is approved
    if before == timedelta(minutes=19, seconds=59):
        assert "19 minutes 59 seconds" in result.message and "19:57:01" in result.message
    if before < timedelta(0):
        assert "after the change" in result.message


def test_no_notice_is_refused_and_says_what_would_fix_it() -> None:
    v = stake(None)
    assert isinstance(v, Violation)
    assert "20 minutes before" in v.message and "none was shown" in v.message


def test_decrease_or_no_change_applies_at_once() -> None:
    assert isinstance(stake(None, current=10000, new=5000), Approved)
    assert isinstance(stake(None, current=10000, new=10000), Approved)


def test_all_players_agreeing_overrides_the_notice_and_names_who_confirmed() -> None:
    ok = stake(None, agreement=PlayerAgreement("Pit boss Lee", 5, 5))
    assert isinstance(ok, Approved) and "Lee" in ok.reason and ok.reason.endswith("(003 s259(3)(b))")
    v = stake(None, agreement=PlayerAgreement("Pit boss Lee", 4, 5))
    assert isinstance(v, Violation) and "only 4 of 5 players agreed" in v.message
    with pytest.raises(ValueError, match="staff member"):
        stake(None, agreement=PlayerAgreement(" ", 5, 5))
    with pytest.raises(ValueError, match="6 players agreeing"):
        stake(None, agreement=PlayerAgreement("Lee", 6, 5))


def test_notice_taken_down_before_the_change_does_not_count() -> None:
    v = stake(timedelta(minutes=40), notice_until=CHANGE - timedelta(minutes=1))
    assert isinstance(v, Violation) and "taken down at 20:16" in v.message
    assert isinstance(stake(timedelta(minutes=40), notice_until=CHANGE), Approved)


def test_times_are_shown_in_the_timezone_asked_for() -> None:
    v = stake(timedelta(minutes=12), tz=UTC)
    assert "from 10:05 only 12 minutes before 10:17" in v.message


@pytest.mark.parametrize(
    "bad",
    [dict(game="poker"), dict(current=-1), dict(new=1.5), dict(effective=datetime(2026, 11, 30, 10, 17))],
)
def test_bad_input_is_a_one_line_value_error(bad) -> None:
    args = dict(game="manila_poker", current=5000, new=10000, effective=CHANGE)
    args.update(bad)
    with pytest.raises(ValueError) as err:
        minimum_table_stake_change(args["game"], args["current"], args["new"], args["effective"], None)
    assert "\n" not in str(err.value)


@settings(max_examples=300, deadline=None)
@given(seconds=st.integers(-3600, 7200), current=st.integers(0, 10**6), new=st.integers(0, 10**6))
def test_an_increase_is_approved_exactly_from_20_minutes(seconds, current, new) -> None:
    result = minimum_table_stake_change("draw_poker", current, new, CHANGE, CHANGE - timedelta(seconds=seconds))
    assert isinstance(result, Approved) is (new <= current or seconds >= 1200)


# --- poker room 002 r6.9 ------------------------------------------------------------------


def test_three_hands_of_notice_then_the_change_at_the_end_of_a_hand() -> None:
    notice = give_poker_notice("betting_limit", "$5/$10", "Supervisor Ana", hand_in_progress=False)
    for done in range(3):
        v = poker_change_decision(notice, hand_in_progress=False)
        assert isinstance(v, Violation) and v.rule == "002 r6.9" and f"{3 - done} more" in v.message
        notice = notice.after_hand()
    assert isinstance(poker_change_decision(notice, hand_in_progress=False), Approved)
    v = poker_change_decision(notice, hand_in_progress=True)
    assert isinstance(v, Violation) and "completion of the hand" in v.message


def test_a_hand_already_in_play_when_notice_is_given_does_not_count() -> None:
    notice = give_poker_notice("game", "Omaha", "Ana", hand_in_progress=True)
    for _ in range(3):
        notice = notice.after_hand()
    assert notice.hands_completed == 2
    assert isinstance(poker_change_decision(notice, hand_in_progress=False), Violation)
    assert isinstance(poker_change_decision(notice.after_hand(), hand_in_progress=False), Approved)


@pytest.mark.parametrize(
    ("agreeing", "players", "approved"), [(3, 5, True), (2, 4, False), (3, 4, True), (1, 1, True), (0, 0, False)]
)
def test_majority_agreement_needs_no_notice_but_still_waits_for_the_hand(agreeing, players, approved) -> None:
    notice = give_poker_notice("minimum_buy_in", 10000, "Ana", hand_in_progress=False)
    assert notice.new_value == "$100"
    agreement = PlayerAgreement("Ana", agreeing, players)
    assert isinstance(poker_change_decision(notice, hand_in_progress=False, agreement=agreement), Approved) is approved
    assert isinstance(poker_change_decision(notice, hand_in_progress=True, agreement=agreement), Violation)


def test_poker_notice_bad_input() -> None:
    with pytest.raises(ValueError, match="002 r6.9 governs"):
        give_poker_notice("rake", "5 %", "Ana", hand_in_progress=False)
    with pytest.raises(ValueError, match="Poker Supervisor"):
        give_poker_notice("game", "Omaha", "", hand_in_progress=False)


# --- poker room 002 r7.3, r7.4 ------------------------------------------------------------


def test_commission_changes_only_between_hands_with_the_signs_changed() -> None:
    rake = RakeSettings("percentage", percent_bp=500, cap_cents=500, minimum_cents=50)
    assert isinstance(commission_change_decision(rake, hand_in_progress=False, signs_changed=True), Approved)
    v = commission_change_decision(rake, hand_in_progress=True, signs_changed=True)
    assert isinstance(v, Violation) and v.rule == "002 r7.3" and "before a hand commences" in v.message
    v = commission_change_decision(rake, hand_in_progress=False, signs_changed=False)
    assert isinstance(v, Violation) and "signs" in v.message


def test_commission_may_be_varied_to_nil() -> None:
    for nil in (None, RakeSettings("percentage", percent_bp=0), {"type": "time_charge", "hourly_fee_cents": 0}):
        result = commission_change_decision(nil, hand_in_progress=False, signs_changed=True)
        assert isinstance(result, Approved) and result.rule == "002 r7.4"


def test_an_unlawful_new_commission_is_refused_with_its_rule() -> None:
    v = commission_change_decision(
        RakeSettings("percentage", percent_bp=1200, cap_cents=500), hand_in_progress=False, signs_changed=True
    )
    assert isinstance(v, Violation) and v.rule == "002 r7.2.1"


@settings(max_examples=200, deadline=None)
@given(
    rake=st.one_of(
        st.none(),
        st.text(max_size=3),
        st.dictionaries(
            st.sampled_from(
                ["type", "percent_bp", "cap_cents", "hourly_fee_cents", "fee_per_hand_cents", "minimum_cents"]
            ),
            st.one_of(
                st.none(),
                st.integers(-5, 2000),
                st.text(max_size=3),
                st.lists(st.integers(), max_size=2),
                st.sampled_from(["percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"]),
            ),
        ),
    )
)
def test_any_new_commission_gets_a_decision_not_an_exception(rake) -> None:
    result = commission_change_decision(rake, hand_in_progress=False, signs_changed=True)
    assert isinstance(result, (Approved, Violation))


def test_names_and_values_with_line_breaks_are_refused() -> None:
    with pytest.raises(ValueError, match="one line"):
        give_poker_notice("game", "Omaha\nHi-Lo", "Ana", hand_in_progress=False)
    with pytest.raises(ValueError, match="one line"):
        give_poker_notice("game", "Omaha", "Ana\nB", hand_in_progress=False)
    with pytest.raises(ValueError, match="one line"):
        stake(None, agreement=PlayerAgreement("Lee\n", 5, 5))


# ---------------------------------------------------------------- an agreement of nobody


@pytest.mark.parametrize(("agreeing", "players"), [(0, 0), (0, 3)])
def test_an_agreement_of_no_player_is_no_agreement(agreeing, players) -> None:
    """'All players at the table agree' (003 s259(3)(b)) is not true of an empty table: with
    nobody to agree, only the notice raises the stake (docs/readings.md A-30)."""
    nobody = PlayerAgreement("Fay Floor", agreeing, players)
    assert not nobody.unanimous and not nobody.majority
    result = stake(None, agreement=nobody)
    assert isinstance(result, Violation) and result.rule == "003 s259(3)"
    assert "no player agreed" in result.message


@pytest.mark.parametrize(
    ("game", "rule"), [("manila_poker", "003 s259(3)(b)"), ("draw_poker", "003 s295(3)(b)"), ("poker", "002 r6.9")]
)
def test_an_agreement_of_nobody_is_refused_with_its_citation(game, rule) -> None:
    from kiosk.rules.changes import agreement_violation

    for agreeing, players in ((0, 0), (0, 7)):
        v = agreement_violation(game, PlayerAgreement("Fay Floor", agreeing, players))
        assert isinstance(v, Violation) and v.rule == rule and v.key == "players_agreed"
        assert v.message.endswith(f"({rule}; docs/readings.md A-30)")
    assert agreement_violation(game, PlayerAgreement("Fay Floor", 1, 1)) is None
    assert agreement_violation(game, None) is None
    assert agreement_violation("blackjack", PlayerAgreement("Fay Floor", 0, 0)) is None  # no agreement rule there
