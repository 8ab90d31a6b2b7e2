"""Command builders and checks for the console and the dealer panel, without Qt.

One builder per command type the service accepts (``GET /api/v1/commands``): each returns the
JSON object to send, e.g. ``set_limits("BJ-01", {"maximum_cents": 200000}, expected_version=7)``.
:data:`BUILDERS` lists them by type; each takes its command's fields by the names of its
:class:`~kiosk.state.handlers.CommandSpec`'s fields, which a test holds so: a field renamed in
a spec breaks at its builder, in one place.

:func:`check` answers "would the service accept this now?" with the service's own code: the
shape and role checks of :func:`kiosk.state.handlers.prepare`, then the command's handler run
on the states the console mirrors (:class:`kiosk.state.client.LiveState`), exactly as the
store runs it inside its transaction; nothing is written.  It returns the refusal the server
would answer (a :class:`kiosk.state.errors.StateError` with its ``rule``), or ``None``.  A form
validates as the user types by calling it on every change.

What :func:`check` cannot know: writes by others after the mirrored state (the server then
answers 409 Conflict), and a secure random draw (``trichro_generate``) is only checked for
being allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from kiosk.state.errors import StateError
from kiosk.state.events import Actor, Role
from kiosk.state.floorlaw import FloorFrame, FloorLaw
from kiosk.state.handlers import COMMAND_TYPES, COMMANDS, Context, make_apply, prepare
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.store import Loaded

__all__ = [
    "BUILDERS",
    "build",
    "check",
    "check_or_raise",
    "simulate",
    "set_limits",
    "schedule_change",
    "cancel_change",
    "hand_complete",
    "set_display_name",
    "nominate_blackjack",
    "bonus_wagers",
    "blackjack_dealing",
    "set_signs",
    "trichro_no_more_bets",
    "trichro_draw",
    "trichro_generate",
    "trichro_malfunction",
    "trichro_approve_redraw",
    "trichro_ball_replaced",
    "trichro_illumination_fault",
    "twoup_new_game",
    "twoup_no_more_bets",
    "twoup_spin",
    "twoup_spinner_stops",
    "twoup_overrule_invalid",
    "twoup_light",
    "jackpot_wagers",
    "caribbean_round_end",
    "jackpot_hit",
    "jackpot_before_payment",
    "jackpot_paid",
    "jackpot_reset",
    "jackpot_propose",
    "jackpot_approve",
    "jackpot_withdraw",
    "roulette_result",
    "roulette_correct_result",
    "pai_gow_bank",
    "pai_gow_priority",
    "time_to_act",
    "poker_buttons",
    "caribbean_slot_unlit",
    "roulette_illumination_fault",
    "card_machine_malfunction",
    "card_machine_round_completed",
    "table_closing",
    "closing_round_played",
]


def build(type_: str, target_id: str, *, expected_version: int | None = None, **fields: Any) -> dict[str, Any]:
    """A command of ``type_`` for a table or link (which one the command's spec says); fields
    left as ``None`` are not sent."""
    spec = COMMANDS.get(type_)
    if spec is None:
        raise ValueError(f"unknown command type {type_!r}; known: {', '.join(COMMAND_TYPES)}")
    command: dict[str, Any] = {"type": type_, f"{spec.target}_id": target_id}
    if expected_version is not None:
        command["expected_version"] = expected_version
    command.update({k: v for k, v in fields.items() if v is not None})
    return command


def check(
    command: Mapping[str, Any],
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState] | None = None,
    *,
    role: Role = "pit",
    name: str = "console",
    now: datetime | None = None,
    frame: FloorFrame | None = None,
) -> StateError | None:
    """The refusal the service would answer to ``command`` from a ``role`` token, given these
    states (all the tables and links the console mirrors), or ``None`` when it would accept it.
    ``frame`` is the floor file's casino, displays and approvals the service checks
    configuration against (:mod:`kiosk.state.floorlaw`; without it, no displays are known)."""
    try:
        check_or_raise(command, tables, links, role=role, name=name, now=now, frame=frame)
    except StateError as exc:
        return exc
    return None


def check_or_raise(
    command: Mapping[str, Any],
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState] | None = None,
    *,
    role: Role = "pit",
    name: str = "console",
    now: datetime | None = None,
    frame: FloorFrame | None = None,
) -> None:
    """As :func:`check`, raising the refusal."""
    actor = Actor(name=name, role=role)
    spec, cmd = prepare(actor, command)
    moment = now or datetime.now(UTC)
    ctx = Context(actor=actor, now=moment, rng=random.Random(0), law=FloorLaw(frame or FloorFrame()))
    loaded = Loaded(tables=dict(tables), links=dict(links or {}), now=moment)
    make_apply(spec, cmd, ctx)(loaded)


def simulate(
    commands: Sequence[Mapping[str, Any]],
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState] | None = None,
    *,
    role: Role = "dealer",
    name: str = "simulation",
    now: datetime | None = None,
    frame: FloorFrame | None = None,
) -> tuple[dict[str, TableState], dict[str, LinkState]]:
    """The tables and links after the service's handlers ran ``commands`` in turn on copies of
    these states (nothing is sent or written); raises the first refusal.  ``kiosk snapshot
    --draw`` shows a drawing this way, exactly as the display would show it; the console checks
    an edit of several commands this way, each on the state the ones before it leave.  ``frame``
    is as for :func:`check`."""
    out_tables: dict[str, Any] = dict(tables)
    out_links: dict[str, Any] = dict(links or {})
    moment = now or datetime.now(UTC)
    actor = Actor(name=name, role=role)
    for command in commands:
        spec, cmd = prepare(actor, command)
        ctx = Context(actor=actor, now=moment, rng=random.SystemRandom(), law=FloorLaw(frame or FloorFrame()))
        outcome = make_apply(spec, cmd, ctx)(Loaded(tables=out_tables, links=out_links, now=moment))
        for key, state in outcome.tables.items():
            if state is None:
                out_tables.pop(key, None)
            else:
                out_tables[key] = state
        for key, state in outcome.links.items():
            if state is None:
                out_links.pop(key, None)
            else:
                out_links[key] = state
    return out_tables, out_links


# --------------------------------------------------------------------------- table configuration


def set_limits(
    table_id: str,
    limits: Mapping[str, Any],
    *,
    players_agreed: Mapping[str, Any] | None = None,
    expected_version: int | None = None,
) -> dict[str, Any]:
    """Change limits now (poker room: after notice, 002 r6.9); ``limits`` in cents."""
    return build(
        "set_limits",
        table_id,
        expected_version=expected_version,
        limits=dict(limits),
        players_agreed=None if players_agreed is None else dict(players_agreed),
    )


def schedule_change(
    table_id: str,
    limits: Mapping[str, Any],
    effective_at: datetime | str,
    *,
    players_agreed: Mapping[str, Any] | None = None,
    expected_version: int | None = None,
) -> dict[str, Any]:
    """A limits change at ``effective_at`` (aware time), noticed from now (003 s259(3), s295(3))."""
    when = effective_at if isinstance(effective_at, str) else _utc_text(effective_at)
    return build(
        "schedule_change",
        table_id,
        expected_version=expected_version,
        limits=dict(limits),
        effective_at=when,
        players_agreed=None if players_agreed is None else dict(players_agreed),
    )


def cancel_change(table_id: str, change_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("cancel_change", table_id, expected_version=expected_version, change_id=change_id)


def hand_complete(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("hand_complete", table_id, expected_version=expected_version)


def set_display_name(table_id: str, display_name: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("set_display_name", table_id, expected_version=expected_version, display_name=display_name)


def nominate_blackjack(table_id: str, suit: str, card: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("nominate_blackjack", table_id, expected_version=expected_version, suit=suit, card=card)


def bonus_wagers(table_id: str, boxes: list[int], *, expected_version: int | None = None) -> dict[str, Any]:
    """The boxes whose first player placed the round's bonus blackjack wager (003 s50B)."""
    return build("bonus_wagers", table_id, expected_version=expected_version, boxes=list(boxes))


def blackjack_dealing(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    """The round's first card is dealt: no more bonus blackjack wagers (003 s50B(3))."""
    return build("blackjack_dealing", table_id, expected_version=expected_version)


def set_signs(table_id: str, signs: list[Any], *, expected_version: int | None = None) -> dict[str, Any]:
    """The signs a table shows: kinds, or ``{"kind", "cap_mm"}`` objects."""
    return build("set_signs", table_id, expected_version=expected_version, signs=list(signs))


# --------------------------------------------------------------------------- tri-chro


def trichro_no_more_bets(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("trichro_no_more_bets", table_id, expected_version=expected_version)


def trichro_draw(
    table_id: str, balls: list[str], *, by_hand: bool | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    return build("trichro_draw", table_id, expected_version=expected_version, balls=list(balls), by_hand=by_hand)


def trichro_generate(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("trichro_generate", table_id, expected_version=expected_version)


def trichro_malfunction(
    table_id: str, device: str, *, note: str | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    return build("trichro_malfunction", table_id, expected_version=expected_version, device=device, note=note)


def trichro_approve_redraw(table_id: str, inspector: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("trichro_approve_redraw", table_id, expected_version=expected_version, inspector=inspector)


def trichro_ball_replaced(table_id: str, inspector: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("trichro_ball_replaced", table_id, expected_version=expected_version, inspector=inspector)


def trichro_illumination_fault(
    table_id: str, *, areas: list[str] | None = None, note: str | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    return build(
        "trichro_illumination_fault",
        table_id,
        expected_version=expected_version,
        areas=None if areas is None else list(areas),
        note=note,
    )


# --------------------------------------------------------------------------- two-up dice


def twoup_new_game(
    table_id: str, *, seat: int | None = None, call: str | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    """A spinner's game: a seat and a call, or neither for the dealer (004 sch13 s6)."""
    command = build("twoup_new_game", table_id, expected_version=expected_version)
    command.update(seat=seat, call=call)  # null is meaningful here: the dealer spins
    return command


def twoup_no_more_bets(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("twoup_no_more_bets", table_id, expected_version=expected_version)


def twoup_spin(table_id: str, result: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("twoup_spin", table_id, expected_version=expected_version, result=result)


def twoup_spinner_stops(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("twoup_spinner_stops", table_id, expected_version=expected_version)


def twoup_overrule_invalid(table_id: str, result: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("twoup_overrule_invalid", table_id, expected_version=expected_version, result=result)


def twoup_light(
    table_id: str, light: str, index: int, failed: bool, *, expected_version: int | None = None
) -> dict[str, Any]:
    return build("twoup_light", table_id, expected_version=expected_version, light=light, index=index, failed=failed)


# --------------------------------------------------------------------------- jackpots


def jackpot_wagers(
    table_id: str, count: int | None = None, *, places: list[int] | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    """``count`` jackpot wagers accepted, or the ``places`` whose wager is now in play (slot lights, 000 s231(1))."""
    return build(
        "jackpot_wagers",
        table_id,
        expected_version=expected_version,
        count=count,
        places=None if places is None else list(places),
    )


def caribbean_round_end(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("caribbean_round_end", table_id, expected_version=expected_version)


def jackpot_hit(
    table_id: str, hands: Mapping[str, list[str]], *, expected_version: int | None = None
) -> dict[str, Any]:
    return build(
        "jackpot_hit", table_id, expected_version=expected_version, hands={k: list(v) for k, v in hands.items()}
    )


def jackpot_before_payment(
    table_id: str,
    floor_manager: str,
    cards_counted: int,
    *,
    notified_at: datetime | str | None = None,
    expected_version: int | None = None,
) -> dict[str, Any]:
    """Before a straight or royal flush is paid at ``table_id``: the floor manager the dealer
    notified (at ``notified_at``, an aware time; now when left out) and the cards the dealer
    counted in the deck in use (000 s245(5))."""
    when = notified_at if notified_at is None or isinstance(notified_at, str) else _utc_text(notified_at)
    return build(
        "jackpot_before_payment",
        table_id,
        expected_version=expected_version,
        floor_manager=floor_manager,
        cards_counted=cards_counted,
        notified_at=when,
    )


def jackpot_paid(link_id: str, *, note: str | None = None, expected_version: int | None = None) -> dict[str, Any]:
    return build("jackpot_paid", link_id, expected_version=expected_version, note=note)


def jackpot_reset(link_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("jackpot_reset", link_id, expected_version=expected_version)


def jackpot_propose(
    link_id: str,
    *,
    seed_cents: int | None = None,
    contribution_bp: int | None = None,
    sharing: str | None = None,
    sharing_words: str | None = None,
    expected_version: int | None = None,
) -> dict[str, Any]:
    """A new seed, contribution rate or way of sharing (``sharing``, with ``sharing_words``, the
    words of its sign: 000 s247(2)(b),(3)) for a second administrator to approve."""
    return build(
        "jackpot_propose",
        link_id,
        expected_version=expected_version,
        seed_cents=seed_cents,
        contribution_bp=contribution_bp,
        sharing=sharing,
        sharing_words=sharing_words,
    )


def jackpot_approve(link_id: str, proposal_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("jackpot_approve", link_id, expected_version=expected_version, proposal_id=proposal_id)


def jackpot_withdraw(link_id: str, proposal_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("jackpot_withdraw", link_id, expected_version=expected_version, proposal_id=proposal_id)


# --------------------------------------------------------------------------- roulette, pai gow, poker room


def roulette_result(table_id: str, number: int, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("roulette_result", table_id, expected_version=expected_version, number=number)


def roulette_correct_result(
    table_id: str, spin: int, replaces: int, number: int, reason: str, *, expected_version: int | None = None
) -> dict[str, Any]:
    """Correct the last spin's number (a pit supervisor's command: 000 s78; docs/readings.md A-95)."""
    return build(
        "roulette_correct_result",
        table_id,
        expected_version=expected_version,
        spin=spin,
        replaces=replaces,
        number=number,
        reason=reason,
    )


def pai_gow_bank(
    table_id: str, banker: str, box: int | None = None, *, expected_version: int | None = None
) -> dict[str, Any]:
    return build("pai_gow_bank", table_id, expected_version=expected_version, banker=banker, box=box)


def pai_gow_priority(
    table_id: str,
    boxes: list[int],
    totals: Mapping[int, int] | Mapping[str, int],
    *,
    expected_version: int | None = None,
) -> dict[str, Any]:
    """The round's priority set markers at ``boxes``, and the total of all wagers on each box with
    wagers (``{box: cents}``): a marker at each box of half the table maximum or more (003 s421(1)(d))."""
    return build(
        "pai_gow_priority",
        table_id,
        expected_version=expected_version,
        boxes=list(boxes),
        totals={str(box): cents for box, cents in totals.items()},
    )


def time_to_act(table_id: str, seat: int | None, *, expected_version: int | None = None) -> dict[str, Any]:
    command = build("time_to_act", table_id, expected_version=expected_version)
    command["seat"] = seat  # None stops the clock
    return command


def poker_buttons(
    table_id: str, seat: int, buttons: list[str], *, expected_version: int | None = None
) -> dict[str, Any]:
    """The marker buttons at a seat (002 r8.1.3); ``[]`` takes them all away."""
    command = build("poker_buttons", table_id, expected_version=expected_version, seat=seat)
    command["buttons"] = list(buttons)  # an empty list is sent: it clears the seat
    return command


# --------------------------------------------------------------------------- faults and closing


def caribbean_slot_unlit(
    table_id: str, place: int, unlit: bool = True, *, expected_version: int | None = None
) -> dict[str, Any]:
    """A place's jackpot slot light did not light: the wager is not accepted (000 s237(3));
    ``unlit=False`` takes the mark away."""
    return build("caribbean_slot_unlit", table_id, expected_version=expected_version, place=place, unlit=unlit)


def roulette_illumination_fault(
    table_id: str, *, note: str | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    """The winning number did not light; the result stands (000 s78(7))."""
    return build("roulette_illumination_fault", table_id, expected_version=expected_version, note=note)


def card_machine_malfunction(
    table_id: str, procedure: str, *, note: str | None = None, expected_version: int | None = None
) -> dict[str, Any]:
    """A card machine malfunction and the procedure followed: ``transfer`` (003 s65B),
    ``transfer_damaged`` (s65C) or ``dealing_shoe`` (s65D)."""
    return build(
        "card_machine_malfunction", table_id, expected_version=expected_version, procedure=procedure, note=note
    )


def card_machine_round_completed(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("card_machine_round_completed", table_id, expected_version=expected_version)


def table_closing(table_id: str, rounds: int | None, *, expected_version: int | None = None) -> dict[str, Any]:
    """Close the table after ``rounds`` more rounds (003 s32(3)); ``None`` withdraws the closing."""
    command = build("table_closing", table_id, expected_version=expected_version)
    command["rounds"] = rounds  # None withdraws
    return command


def closing_round_played(table_id: str, *, expected_version: int | None = None) -> dict[str, Any]:
    return build("closing_round_played", table_id, expected_version=expected_version)


def _utc_text(when: datetime) -> str:
    if when.tzinfo is None:
        raise ValueError("effective_at needs a timezone (an aware datetime)")
    return when.astimezone(UTC).isoformat().replace("+00:00", "Z")


BUILDERS: dict[str, Callable[..., dict[str, Any]]] = {
    "set_limits": set_limits,
    "schedule_change": schedule_change,
    "cancel_change": cancel_change,
    "hand_complete": hand_complete,
    "set_display_name": set_display_name,
    "nominate_blackjack": nominate_blackjack,
    "bonus_wagers": bonus_wagers,
    "blackjack_dealing": blackjack_dealing,
    "set_signs": set_signs,
    "trichro_no_more_bets": trichro_no_more_bets,
    "trichro_draw": trichro_draw,
    "trichro_generate": trichro_generate,
    "trichro_malfunction": trichro_malfunction,
    "trichro_approve_redraw": trichro_approve_redraw,
    "trichro_ball_replaced": trichro_ball_replaced,
    "trichro_illumination_fault": trichro_illumination_fault,
    "twoup_new_game": twoup_new_game,
    "twoup_no_more_bets": twoup_no_more_bets,
    "twoup_spin": twoup_spin,
    "twoup_spinner_stops": twoup_spinner_stops,
    "twoup_overrule_invalid": twoup_overrule_invalid,
    "twoup_light": twoup_light,
    "jackpot_wagers": jackpot_wagers,
    "caribbean_round_end": caribbean_round_end,
    "jackpot_hit": jackpot_hit,
    "jackpot_before_payment": jackpot_before_payment,
    "jackpot_paid": jackpot_paid,
    "jackpot_reset": jackpot_reset,
    "jackpot_propose": jackpot_propose,
    "jackpot_approve": jackpot_approve,
    "jackpot_withdraw": jackpot_withdraw,
    "roulette_result": roulette_result,
    "roulette_correct_result": roulette_correct_result,
    "pai_gow_bank": pai_gow_bank,
    "pai_gow_priority": pai_gow_priority,
    "time_to_act": time_to_act,
    "poker_buttons": poker_buttons,
    "caribbean_slot_unlit": caribbean_slot_unlit,
    "roulette_illumination_fault": roulette_illumination_fault,
    "card_machine_malfunction": card_machine_malfunction,
    "card_machine_round_completed": card_machine_round_completed,
    "table_closing": table_closing,
    "closing_round_played": closing_round_played,
}
"""The builder of each command type, by type: one per command of :data:`kiosk.state.handlers.COMMANDS`,
taking its fields by the names of its spec's fields (``tests/views/test_builders.py`` holds them so)."""
