"""Command builders and check(): the console refuses exactly what the service refuses, with
the same message and citation, and accepts exactly what it accepts (both driven on one state)."""

from __future__ import annotations

import inspect
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from kiosk.state.errors import StateError
from kiosk.state.events import Actor
from kiosk.state.handlers import COMMAND_TYPES, COMMANDS
from kiosk.views import builders as b

ACTORS = {
    role: Actor(name=f"{role} person", role=role, token_id=f"tok_{role}")
    for role in ("display", "dealer", "pit", "admin")
}


def test_every_command_type_has_a_builder():
    assert set(b.BUILDERS) == set(COMMAND_TYPES)
    assert b.set_limits("BJ-01", {"maximum_cents": 1}, expected_version=3) == {
        "type": "set_limits",
        "table_id": "BJ-01",
        "expected_version": 3,
        "limits": {"maximum_cents": 1},
    }
    assert b.jackpot_reset("CSP-PROG") == {"type": "jackpot_reset", "link_id": "CSP-PROG"}
    assert b.twoup_new_game("TU-01") == {"type": "twoup_new_game", "table_id": "TU-01", "seat": None, "call": None}
    with pytest.raises(ValueError, match="unknown command type"):
        b.build("no_such_command", "X")


@pytest.mark.parametrize("type_", COMMAND_TYPES)
def test_each_builder_takes_its_commands_fields_by_name(type_):
    """A field renamed in a command's spec breaks here, at its builder, not at a caller."""
    spec = COMMANDS[type_]
    params = inspect.signature(b.BUILDERS[type_]).parameters
    target, *fields = [name for name in params if name != "expected_version"]
    assert target == f"{spec.target}_id"
    assert set(fields) == set(spec.fields)
    assert params["expected_version"].kind is inspect.Parameter.KEYWORD_ONLY
    assert b.BUILDERS[type_] is getattr(b, type_) and type_ in b.__all__


async def _both(service, clock, role: str, command: dict):
    """(check's answer, the service's answer) for one command on the same state."""
    snap = await service.snapshot()
    predicted = b.check(command, snap["tables"], snap["links"], role=role, name=f"{role} person", now=clock.now)
    try:
        await service.execute(ACTORS[role], command)
        actual = None
    except StateError as exc:
        actual = exc
    return predicted, actual


def _same(predicted, actual, command) -> None:
    if actual is None:
        assert predicted is None, (command, predicted)
        return
    assert predicted is not None, (command, actual)
    assert (type(predicted), predicted.message, predicted.rule) == (type(actual), actual.message, actual.rule), command


def _script(clock):
    soon = clock.now + timedelta(hours=2)
    return [
        ("pit", b.set_limits("BJ-01", {"maximum_cents": 200000})),
        ("pit", b.set_limits("BJ-01", {"maximum_cents": 100}, expected_version=1)),  # stale version: 409
        ("pit", b.set_limits("BJ-01", {"minimum_cents": 500000})),  # minimum above maximum
        ("pit", b.set_limits("BJ-01", {"maximum_cents": 1.5})),  # a float
        ("pit", b.set_limits("BJ-01", {"bogus": 1})),
        ("dealer", b.set_limits("BJ-01", {"maximum_cents": 300000})),  # role
        ("display", b.trichro_no_more_bets("TC54-01")),
        ("pit", b.set_limits("NOPE", {"maximum_cents": 1})),
        ("pit", b.schedule_change("MP-01", {"minimum_table_stake_cents": 20000}, soon)),
        ("pit", b.schedule_change("MP-01", {"minimum_table_stake_cents": 20000}, clock.now - timedelta(hours=1))),
        ("pit", b.cancel_change("MP-01", "nope")),
        ("pit", b.set_display_name("BJ-01", "Blackjack Royale")),
        ("pit", b.set_display_name("BJ-01", "x" * 200)),
        ("pit", b.set_signs("BJ-01", [])),
        ("dealer", b.trichro_draw("TC54-01", ["red", "gold"])),  # before 'no more bets'
        ("dealer", b.trichro_no_more_bets("TC54-01")),
        ("dealer", b.trichro_no_more_bets("TC54-01")),  # called twice
        ("dealer", b.trichro_draw("TC54-01", ["red", "purple"])),
        ("dealer", b.trichro_draw("TC54-01", ["red*", "gold"])),
        ("dealer", b.trichro_generate("TC54-01")),  # a ball-device table
        ("dealer", b.trichro_no_more_bets("BJ-01")),  # wrong game
        ("dealer", b.trichro_no_more_bets("TC63-01")),
        ("dealer", b.trichro_malfunction("TC63-01", "rrg")),
        ("dealer", b.trichro_generate("TC63-01")),  # needs the inspector's approval
        ("pit", b.trichro_approve_redraw("TC63-01", "Ivy Inspector")),
        ("dealer", b.twoup_spin("TU-01", "H")),  # no game yet
        ("dealer", b.twoup_new_game("TU-01", seat=None, call="heads")),  # a dealer may not wager
        ("dealer", b.twoup_new_game("TU-01", seat=4, call="tails")),
        ("dealer", b.twoup_spin("TU-01", "T")),  # no 'no more bets'
        ("dealer", b.twoup_no_more_bets("TU-01")),
        ("dealer", b.twoup_spin("TU-01", "Q")),
        ("dealer", b.twoup_spin("TU-01", "T")),
        ("dealer", b.twoup_light("TU-01", "tails", 4, True)),  # only 3 tails lights
        ("dealer", b.twoup_light("TU-01", "odds", 5, True)),
        ("dealer", b.jackpot_wagers("CSP-01", 3)),
        ("dealer", b.jackpot_wagers("CSP-01", 0)),
        ("dealer", b.jackpot_hit("CSP-02", {"seat 1": ["2S", "7H", "9D", "JC", "KS"]})),  # no winning hand
        ("dealer", b.jackpot_hit("CSP-02", {"seat 1": ["AS", "KS", "QS", "JS", "TS"]})),
        ("dealer", b.jackpot_wagers("CSP-01", 1)),  # locked while pending
        ("pit", b.jackpot_reset("CSP-PROG")),  # not paid yet
        ("pit", b.jackpot_paid("CSP-PROG", note="cash")),  # no floor manager, no count yet: 000 s245(5)
        ("dealer", b.jackpot_before_payment("CSP-01", "Fran Floor", 52)),  # the hit was at CSP-02
        ("dealer", b.jackpot_before_payment("CSP-02", " ", 52)),
        ("dealer", b.jackpot_before_payment("CSP-02", "Fran Floor", 51)),
        ("pit", b.jackpot_paid("CSP-PROG")),  # 51 of 52 cards: a note says why it is paid
        ("pit", b.jackpot_paid("CSP-PROG", note="cash")),
        ("pit", b.jackpot_reset("CSP-PROG")),
        ("pit", b.jackpot_propose("CSP-PROG", seed_cents=2_000_000)),  # admin only
        ("admin", b.jackpot_propose("CSP-PROG", seed_cents=2_000_000)),
        ("admin", b.jackpot_approve("CSP-PROG", "p999")),
        ("dealer", b.hand_complete("PK-01")),
        ("dealer", b.roulette_result("RO-01", 37)),  # a single zero wheel: 0 to 36
        ("dealer", b.roulette_result("RO-01", 17)),
        ("dealer", b.pai_gow_priority("PG-01", [2], {2: 250_000})),  # no bank recorded yet
        ("dealer", b.pai_gow_bank("PG-01", "player", 3)),  # the house banks the first round
        ("dealer", b.pai_gow_bank("PG-01", "house")),
        ("dealer", b.pai_gow_priority("PG-01", [2, 9], {2: 250_000, 9: 250_000})),
        ("dealer", b.pai_gow_priority("PG-01", [2], {2: 249_999})),  # under half the $5,000 maximum
        ("dealer", b.pai_gow_priority("PG-01", [], {3: 300_000})),  # box 3 needs its marker
        ("dealer", b.pai_gow_priority("PG-01", [3], {3: 300_000, 4: 1.5})),  # a float
        ("dealer", b.pai_gow_priority("PG-01", [3], {3: 300_000, 4: 2_000})),
        ("dealer", b.bonus_wagers("BJ-01", [2])),  # no round (no nomination) yet
        ("dealer", b.nominate_blackjack("BJ-01", "hearts", "king")),
        ("dealer", b.bonus_wagers("BJ-01", [2, 5])),
        ("dealer", b.bonus_wagers("BJ-01", [5])),  # 1 per box per round
        ("dealer", b.blackjack_dealing("BJ-01")),
        ("dealer", b.bonus_wagers("BJ-01", [1])),  # the cards are being dealt
        ("dealer", b.bonus_wagers("BJ-02", [1])),  # no bonus blackjack at BJ-02
        ("dealer", b.jackpot_wagers("CSP-03", places=[1, 4])),
        ("dealer", b.jackpot_wagers("CSP-03", places=[4])),  # one jackpot wager per place
        ("dealer", b.caribbean_round_end("CSP-03")),
        ("dealer", {"type": "trichro_draw", "table_id": "TC54-01"}),  # missing field
        ("dealer", {"type": "no_such_command", "table_id": "TC54-01"}),
        ("dealer", ["not", "an", "object"]),
    ]


async def test_check_answers_what_the_service_answers(service, clock):
    refused = accepted = 0
    for role, command in _script(clock):
        predicted, actual = await _both(service, clock, role, command)
        _same(predicted, actual, command)
        refused += actual is not None
        accepted += actual is None
    assert refused >= 25 and accepted >= 15  # both sides were exercised


_TEMPLATES = [
    (
        "pit",
        "set_limits",
        "BJ-01",
        {
            "limits": st.dictionaries(
                st.sampled_from(["minimum_cents", "maximum_cents", "decks", "bonus_blackjack", "nope"]),
                st.one_of(st.integers(-5, 10**7), st.booleans(), st.none(), st.floats(0, 10), st.text(max_size=3)),
                max_size=3,
            )
        },
    ),
    (
        "dealer",
        "twoup_light",
        "TU-01",
        {
            "light": st.sampled_from(["heads", "tails", "odds", "evens"]),
            "index": st.integers(-1, 7),
            "failed": st.booleans(),
        },
    ),
    (
        "dealer",
        "trichro_draw",
        "TC54-01",
        {
            "balls": st.lists(
                st.sampled_from(["red", "red*", "green", "green*", "gold", "gold*", "broken", "blue", 3]), max_size=4
            )
        },
    ),
    ("dealer", "jackpot_wagers", "CSP-03", {"count": st.one_of(st.integers(-2, 120), st.text(max_size=2))}),
    ("pit", "set_display_name", "DP-01", {"display_name": st.text(max_size=90)}),
    (
        "dealer",
        "bonus_wagers",
        "BJ-01",
        {"boxes": st.lists(st.one_of(st.integers(-1, 9), st.text(max_size=1)), max_size=4)},
    ),
    (
        "dealer",
        "pai_gow_priority",
        "PG-01",
        {
            "boxes": st.lists(st.integers(0, 9), max_size=3),
            "totals": st.dictionaries(
                st.one_of(st.integers(0, 9).map(str), st.text(max_size=2)),
                st.one_of(st.integers(-5, 600_000), st.floats(0, 10), st.none()),
                max_size=3,
            ),
        },
    ),
]


@st.composite
def _commands(draw):
    role, kind, target, fields = draw(st.sampled_from(_TEMPLATES))
    command = {"type": kind, "table_id": target}
    for name, strategy in fields.items():
        if draw(st.booleans()) or name in ("limits", "balls"):
            command[name] = draw(strategy)
    if draw(st.booleans()):
        command["expected_version"] = draw(st.one_of(st.integers(-1, 5), st.none()))
    return draw(st.sampled_from([role, "dealer", "pit"])), command


async def test_check_agrees_with_the_service_on_fuzzed_commands(service, clock):
    await service.execute(ACTORS["dealer"], b.trichro_no_more_bets("TC54-01"))
    await service.execute(ACTORS["dealer"], b.twoup_new_game("TU-01", seat=2, call="heads"))
    found: list = []

    @hyp_settings(max_examples=60, deadline=None, database=None)
    @given(st.lists(_commands(), min_size=1, max_size=1))
    def draw_commands(batch):
        found.extend(batch)

    draw_commands()
    assert len(found) >= 30
    for role, command in found:
        predicted, actual = await _both(service, clock, role, command)
        _same(predicted, actual, command)
