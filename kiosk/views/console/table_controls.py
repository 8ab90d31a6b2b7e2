"""What the staff controls at a table decide, without Qt: the pit console's table page
(:class:`kiosk.ui.staff.console.table.TablePage`) and the dealer panel's sections read their
words and choices here and only paint them.

* A closing (003 s32(3)): what it says to staff, and whether the dealer counts the rounds
  (games that record no end of a round, ``docs/readings.md`` A-41).
* Poker marker buttons (002 r8.1.3): a touch on a button at a seat adds it, taking away the
  buttons it cannot go with (:func:`toggled`), or takes it away.
* The pit's actions at a table: the inspector's approval of a new tri-chro drawing (001 s466(b)),
  the overrule of a two-up 'no spin' (004 sch13 s20(4)), a closing; which are open now is
  the service's own answer (:func:`kiosk.views.builders.check`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kiosk.rules.citation import RuleError
from kiosk.rules.poker_buttons import BUTTONS, seat_buttons
from kiosk.state.handlers import COMMANDS
from kiosk.state.shapes import LinkState, TableState
from kiosk.views import builders as b
from kiosk.views.facts import table_closing, trichro_round, twoup_state

__all__ = [
    "PitActions",
    "closing_line",
    "dealer_counts_rounds",
    "pit_actions",
    "seat_words",
    "toggled",
]


def dealer_counts_rounds(table: TableState) -> bool:
    """Whether the dealer counts the rounds of a closing at this table: its game records no end
    of a round (the games of ``closing_round_played``)."""
    games = COMMANDS["closing_round_played"].games or ()
    return table["game"] in games


def closing_line(table: TableState) -> str:
    """The closing as staff read it: ``"Closing: 2 of 3 rounds remaining (003 s32(3))"``; ``""``
    when no closing is directed."""
    closing = table_closing(table)
    if closing is None:
        return ""
    if closing.closed:
        return f"Table closed: the {closing.rounds} rounds directed are played ({closing.rule})"
    text = f"Closing: {closing.remaining} of {closing.rounds} rounds remaining ({closing.rule})"
    if closing.no_reshuffle:
        text += "; cutting card out: finish them without a reshuffle (003 s32(4))"
    return text


def toggled(held: tuple[str, ...], code: str, seat: int = 1) -> tuple[str, ...]:
    """A seat's buttons after a touch on ``code``: taken away if held; else added, and the held
    buttons it cannot go with (002 r1.1, :func:`kiosk.rules.poker_buttons.seat_buttons`) taken
    away (Absent replaces Missed Blind and Player Walking, Reserved replaces a player's buttons...)."""
    if code in held:
        return tuple(c for c in held if c != code)
    kept = [code]
    for other in held:
        try:
            seat_buttons(seat, [*kept, other])
        except RuleError:
            continue
        kept.append(other)
    return seat_buttons(seat, kept)


def seat_words(seat: int, held: tuple[str, ...]) -> str:
    """``"Seat 3: Dealer, Missed blind"`` (``"Seat 3: no button"``)."""
    names = ", ".join(BUTTONS[c].name for c in held if c in BUTTONS)
    return f"Seat {seat}: {names or 'no button'}"


@dataclass(frozen=True)
class PitActions:
    """The pit's actions at one table now: each ``None`` when open, else why not (one line).
    ``inspector`` and ``overrule`` are ``None`` too where the game has no such action; the
    ``shows_*`` flags say whether the game has it."""

    shows_inspector: bool
    inspector: str | None
    shows_overrule: bool
    overrule: str | None
    direct: str | None
    withdraw: str | None
    lines: tuple[str, ...]


def _refusal(
    command: dict[str, Any], tables: Mapping[str, TableState], links: Mapping[str, LinkState] | None
) -> str | None:
    exc = b.check(command, tables, links, role="pit")
    return None if exc is None else exc.message


def pit_actions(
    table_id: str, tables: Mapping[str, TableState], links: Mapping[str, LinkState] | None = None
) -> PitActions:
    """What the pit may do at ``table_id`` now, asked of the service's own code on the mirrored
    states (the inspector's name and the overrule's result are placeholders: the check is of
    whether the table waits for them)."""
    table = tables[table_id]
    lines: list[str] = []
    closing = closing_line(table)
    lines.append(closing or "No closing directed")
    drawing = trichro_round(table)
    shows_inspector = drawing is not None
    if drawing is not None:
        lines.append(
            "The generator malfunctioned: a new drawing needs an inspector's approval (001 s466(b))"
            if drawing.awaiting_inspector
            else "No drawing awaits an inspector's approval"
        )
    game = twoup_state(table)
    shows_overrule = game is not None
    if game is not None:
        spinner_game = game.get("game")
        actions = spinner_game["actions"] if spinner_game is not None else []
        last_no_spin = bool(actions) and list(actions[-1]) == ["spin", "X"]
        lines.append(
            "The dealer called the last spin 'no spin': a key employee may overrule it (004 sch13 s20(4))"
            if last_no_spin
            else "No 'no spin' call to overrule"
        )
    return PitActions(
        shows_inspector=shows_inspector,
        inspector=_refusal(b.trichro_approve_redraw(table_id, "inspector"), tables, links) if shows_inspector else None,
        shows_overrule=shows_overrule,
        overrule=_refusal(b.twoup_overrule_invalid(table_id, "H"), tables, links) if shows_overrule else None,
        direct=_refusal(b.table_closing(table_id, 3), tables, links),
        withdraw=_refusal(b.table_closing(table_id, None), tables, links),
        lines=tuple(lines),
    )
