"""The staff controls' decisions at a table, without Qt: a touch on a marker button (002 r8.1.3),
what a closing says to staff (003 s32(3)), and which of the pit's actions are open now
(001 s466(b), 004 sch13 s20(4)), asked of the service's own code."""

from __future__ import annotations

from itertools import combinations

import pytest

from kiosk.rules.poker_buttons import BUTTONS, seat_buttons
from kiosk.views import builders as b
from kiosk.views.console.table_controls import closing_line, dealer_counts_rounds, pit_actions, seat_words, toggled

SETS = [tuple(c for c in BUTTONS if c in combo) for n in range(4) for combo in combinations(BUTTONS, n)]


def _lawful(held: tuple[str, ...]) -> bool:
    try:
        seat_buttons(1, held)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("held", [h for h in SETS if _lawful(h)], ids=lambda h: "+".join(h) or "none")
def test_a_touch_places_a_button_or_takes_it_away_and_the_seat_stays_lawful(held):
    for code in BUTTONS:
        after = toggled(held, code)
        if code in held:
            assert code not in after and set(after) == set(held) - {code}
        else:
            assert code in after and set(after) <= set(held) | {code}
        assert seat_buttons(1, after) == after  # never a contradiction to send


def test_absent_replaces_missed_blind_and_walking():
    assert toggled(("missed_blind", "dealt_out"), "absent") == ("absent", "dealt_out")
    assert toggled(("dealer", "dealt_out"), "reserved") == ("reserved",)
    assert seat_words(3, ("dealer", "missed_blind")) == "Seat 3: Dealer, Missed blind"


def test_what_a_closing_says_to_staff(demo_states):
    tables, links = demo_states
    assert closing_line(tables["BJ-02"]) == ""
    after, _ = b.simulate([b.table_closing("BJ-02", 3)], tables, links, role="pit")
    line = closing_line(after["BJ-02"])
    assert "3 of 3 rounds remaining" in line and "003 s32(3)" in line and "003 s32(4)" in line
    assert dealer_counts_rounds(after["BJ-02"]) and not dealer_counts_rounds(after["RO-01"])
    after, _ = b.simulate([b.closing_round_played("BJ-02")] * 3, after, links)
    assert closing_line(after["BJ-02"]).startswith("Table closed")


def test_the_pit_may_approve_a_new_drawing_only_after_a_generator_malfunction(demo_states):
    tables, links = demo_states
    actions = pit_actions("TC63-01", tables, links)
    assert actions.shows_inspector and actions.inspector is not None and "001 s466(b)" in actions.inspector
    assert actions.direct is None and actions.withdraw is not None  # nothing to withdraw yet
    after, _ = b.simulate([b.trichro_no_more_bets("TC63-01"), b.trichro_malfunction("TC63-01", "rrg")], tables, links)
    actions = pit_actions("TC63-01", after, links)
    assert actions.inspector is None and any("inspector's approval" in line for line in actions.lines)
    assert not actions.shows_overrule


def test_the_pit_may_overrule_only_a_no_spin(demo_states):
    tables, links = demo_states
    start = [b.twoup_new_game("TU-01"), b.twoup_no_more_bets("TU-01")]
    after, _ = b.simulate([*start, b.twoup_spin("TU-01", "O")], tables, links)
    actions = pit_actions("TU-01", after, links)
    assert actions.shows_overrule and actions.overrule is not None and "004 sch13 s20(4)" in actions.overrule
    after, _ = b.simulate([*start, b.twoup_spin("TU-01", "X")], tables, links)
    assert pit_actions("TU-01", after, links).overrule is None
