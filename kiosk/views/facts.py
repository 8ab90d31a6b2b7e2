"""What the views (and the dealer panel and the demo's croupier) read from a table's game
state, in one place.

Each function takes a table state (:class:`kiosk.state.shapes.TableState`) and returns a
plain, hashable value; keys a database written before a command existed does not have read as
"nothing recorded".  The views never read ``game_state`` directly, so a renamed field changes
one function here.  The ``*_state`` functions give a game's whole state, typed as its
:mod:`kiosk.state.shapes` TypedDict, to a reader that shows most of it (a two-up view, a
dealer panel's section).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, TypeGuard

from kiosk.floor.models import statistics_spins
from kiosk.rules.closing import Closing
from kiosk.rules.cloth import JACKPOT_AREA_WORD
from kiosk.rules.roulette import Wheel, wheel_problems
from kiosk.scene.layout_file import table_features
from kiosk.state.shapes import (
    TRI_CHRO_GAMES,
    TWO_UP_GAMES,
    BlackjackGameState,
    GameState,
    PaiGowGameState,
    PokerGameState,
    RouletteGameState,
    TableState,
    TriChroGameState,
    TwoUpGameState,
)

__all__ = [
    "trichro_state",
    "twoup_state",
    "roulette_state",
    "blackjack_state",
    "pai_gow_state",
    "poker_state",
    "layout_features",
    "jackpot_wording",
    "trichro_lit",
    "trichro_drawn",
    "slots_in_play",
    "roulette_results",
    "roulette_statistics_spins",
    "trichro_recent",
    "twoup_past_games",
    "TwoUpPast",
    "roulette_lit",
    "roulette_wheel",
    "pai_gow_markers",
    "TriChroRound",
    "trichro_round",
    "twoup_failed_lights",
    "twoup_seat",
    "poker_buttons",
    "slots_not_accepted",
    "illumination_fault",
    "card_machine_procedure",
    "table_closing",
]


def _gs(table: TableState) -> Mapping[str, Any]:
    gs: object = table.get("game_state")  # as stored: any JSON, read defensively
    return gs if isinstance(gs, dict) else {}


def _of_trichro(gs: GameState, game: str) -> TypeGuard[TriChroGameState]:
    return game in TRI_CHRO_GAMES


def _of_twoup(gs: GameState, game: str) -> TypeGuard[TwoUpGameState]:
    return game in TWO_UP_GAMES


def trichro_state(table: TableState) -> TriChroGameState | None:
    """The game state of a tri-chro table (001 pt 20); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_trichro(gs, table["game"]) else None


def twoup_state(table: TableState) -> TwoUpGameState | None:
    """The game state of a two-up dice table (004 sch13); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_twoup(gs, table["game"]) else None


def _of_roulette(gs: GameState, game: str) -> TypeGuard[RouletteGameState]:
    return game == "roulette"


def _of_blackjack(gs: GameState, game: str) -> TypeGuard[BlackjackGameState]:
    return game == "blackjack"


def _of_pai_gow(gs: GameState, game: str) -> TypeGuard[PaiGowGameState]:
    return game == "pai_gow"


def _of_poker(gs: GameState, game: str) -> TypeGuard[PokerGameState]:
    return game == "poker"


def roulette_state(table: TableState) -> RouletteGameState | None:
    """The game state of a roulette table (003 s131); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_roulette(gs, table["game"]) else None


def blackjack_state(table: TableState) -> BlackjackGameState | None:
    """The game state of a blackjack table (003 s50C(3)); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_blackjack(gs, table["game"]) else None


def pai_gow_state(table: TableState) -> PaiGowGameState | None:
    """The game state of a pai gow table (003 s417, s424); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_pai_gow(gs, table["game"]) else None


def poker_state(table: TableState) -> PokerGameState | None:
    """The game state of a poker room table (002 r6.14); ``None`` for another game's table."""
    gs = table["game_state"]
    return gs if _of_poker(gs, table["game"]) else None


def layout_features(table: Mapping[str, Any]) -> frozenset[str]:
    """The layout features of the table (``layouts/FORMAT.md``: ``when``/``unless``), from its
    settings as the floor file gave them and its limits as they stand: jackpot slots on a
    Caribbean stud table (000 s231(1)); bonus blackjack offered (003 s50A(1)(a))."""
    jackpot = table.get("settings", {}).get("jackpot") or {}
    return table_features(
        table["game"],
        jackpot_slots=isinstance(jackpot, dict) and bool(jackpot.get("slots")),
        bonus_blackjack=bool((table.get("limits") or {}).get("bonus_blackjack")),
    )


def jackpot_wording(table: Mapping[str, Any]) -> str:
    """What marks a Caribbean stud table's jackpot areas (and names them on its signs): the
    description the approved pit procedures give (the floor's ``jackpot.area_wording``), else
    'jackpot' (000 s230(3)(c))."""
    jackpot = table.get("settings", {}).get("jackpot") or {}
    wording = jackpot.get("area_wording") if isinstance(jackpot, dict) else None
    return wording if isinstance(wording, str) and wording.strip() else JACKPOT_AREA_WORD


def trichro_lit(table: TableState) -> frozenset[str]:
    """The winning areas lit: after the result is entered, until the next 'no more bets' (001
    s463(3)); none while betting, before a result, or after a voided drawing (s465, s466)."""
    if table["game"] not in TRI_CHRO_GAMES:
        return frozenset()
    gs = _gs(table)
    if gs.get("phase") != "result":
        return frozenset()
    return frozenset(gs.get("winning") or ())


def _ints(values: object) -> tuple[int, ...]:
    if not isinstance(values, (list, tuple)):
        return ()
    return tuple(v for v in values if isinstance(v, int) and not isinstance(v, bool))


def slots_in_play(table: TableState) -> tuple[int, ...]:
    """The places (1-based) whose jackpot wager is in play, their slot lights lit (000 s231(1))."""
    if table["game"] != "caribbean_stud":
        return ()
    return tuple(sorted(set(_ints(_gs(table).get("jackpot_places")))))


def roulette_results(table: TableState) -> tuple[int, ...]:
    """The winning numbers the dealer entered, newest first."""
    if table["game"] != "roulette":
        return ()
    return _ints(_gs(table).get("results"))


def roulette_statistics_spins(table: TableState) -> int:
    """How many of the latest spins the history view's statistics count (the floor's
    ``[table.roulette] statistics_spins``; :data:`~kiosk.floor.models.STATISTICS_SPINS` when a
    table's settings do not say)."""
    return statistics_spins(table.get("settings"))


def trichro_drawn(table: TableState) -> tuple[str, ...]:
    """The balls of a tri-chro result shown (001 s463(3)); none while betting or when voided, or
    for another game's table."""
    gs = trichro_state(table)
    return tuple(gs.get("drawn") or ()) if gs is not None and gs.get("phase") == "result" else ()


def trichro_recent(table: TableState) -> tuple[tuple[str, ...], ...]:
    """The balls of the last drawings, newest first, each pair in drawn order (empty for another
    game, or a table that has not drawn since its state kept them)."""
    if table["game"] not in TRI_CHRO_GAMES:
        return ()
    recent = _gs(table).get("recent")
    if not isinstance(recent, list):
        return ()
    return tuple(
        tuple(str(ball) for ball in pair)
        for pair in recent
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(b, str) for b in pair)
    )


class TwoUpPast(NamedTuple):
    """A decided two-up game: its number, the spinner's call (``None``: the dealer spun), its
    spins (``H``, ``T``, ``O``, ``X``) and its outcome (``win``, ``lose``, ``end``)."""

    number: int
    call: str | None
    spins: tuple[str, ...]
    outcome: str | None


def twoup_past_games(table: TableState) -> tuple[TwoUpPast, ...]:
    """The decided two-up games kept for the history, newest first."""
    if table["game"] not in TWO_UP_GAMES:
        return ()
    past = _gs(table).get("past_games")
    out = []
    for game in past if isinstance(past, list) else ():
        if not isinstance(game, dict) or not isinstance(game.get("number"), int):
            continue
        spins = game.get("spins")
        out.append(
            TwoUpPast(
                number=int(game["number"]),
                call=game.get("call") if isinstance(game.get("call"), str) else None,
                spins=tuple(str(c) for c in spins) if isinstance(spins, list) else (),
                outcome=game.get("outcome") if isinstance(game.get("outcome"), str) else None,
            )
        )
    return tuple(out)


def roulette_lit(table: TableState) -> frozenset[str]:
    """The layout areas the last result lights (the winning number)."""
    if table["game"] != "roulette":
        return frozenset()
    winning = _gs(table).get("winning")
    return frozenset(w for w in winning if isinstance(w, str)) if isinstance(winning, list) else frozenset()


def roulette_wheel(table: TableState) -> Wheel | None:
    """The table's wheel as the floor configures it (003 s131(2B), (2C): ``settings.wheel``,
    ``red`` and ``wheel_approval``), or ``None`` when it configures none or one that is not a
    single zero wheel (``kiosk check`` refuses that)."""
    if table["game"] != "roulette":
        return None
    settings: object = table.get("settings")
    if not isinstance(settings, dict):
        return None
    order, red, approval = settings.get("wheel"), settings.get("red"), settings.get("wheel_approval")
    if order is None or red is None or wheel_problems(order, red):
        return None
    return Wheel(tuple(order), frozenset(red), approval if isinstance(approval, str) else None)


def pai_gow_markers(table: TableState) -> tuple[str | None, int | None, tuple[int, ...]]:
    """``(banker, chung box, priority boxes)``: who banks the round ("house", "player" or
    "co_banking") and the box the chung is at (003 s417, s424), and the boxes holding a priority
    set marker (s421(1)(d)); ``None``/empty when not recorded."""
    if table["game"] != "pai_gow":
        return None, None, ()
    gs = _gs(table)
    bank = gs.get("bank")
    banker = box = None
    if isinstance(bank, dict):
        banker = bank.get("banker") if isinstance(bank.get("banker"), str) else None
        box = bank.get("box") if isinstance(bank.get("box"), int) and not isinstance(bank.get("box"), bool) else None
    return banker, box, tuple(sorted(set(_ints(gs.get("priority_boxes")))))


class TriChroRound(NamedTuple):
    """Where a tri-chro table's drawing stands (001 pt 20)."""

    phase: str  # "betting", "no_more_bets" (s462, s463(1)), "result" (s463(3)) or "void" (s465, s466)
    device: str  # "ball_device" (s463(3)) or "random_result_generator" (s455)
    balls: int  # 54 or 63
    broken_ball: bool  # a ball was broken and is not yet replaced by an inspector
    awaiting_inspector: bool  # a voided drawing waits for an inspector's approval to draw again


def trichro_round(table: TableState) -> TriChroRound | None:
    """The drawing's phase, device and balls, and whether an inspector is awaited; ``None`` for
    another game."""
    if table["game"] not in TRI_CHRO_GAMES:
        return None
    gs = _gs(table)
    return TriChroRound(
        phase=str(gs["phase"]),
        device=str(gs["device"]),
        balls=int(gs["balls"]),
        broken_ball=bool(gs.get("broken_ball")),
        awaiting_inspector=bool(gs.get("awaiting_inspector")),
    )


def twoup_failed_lights(table: TableState) -> tuple[tuple[str, int], ...]:
    """The failed result lights of a two-up table as ``(set, index)`` pairs, the heads, tails
    and odds sets in that order, each index 1-based as recorded (004 sch13 s19(2))."""
    if table["game"] not in TWO_UP_GAMES:
        return ()
    failed = _gs(table).get("failed_lights") or {}
    if not isinstance(failed, dict):
        return ()
    return tuple((kind, index) for kind in ("heads", "tails", "odds") for index in _ints(failed.get(kind)))


def twoup_seat(table: TableState) -> int | None:
    """The seat of the spinner of the two-up game in play (004 sch13 s5); ``None`` when the
    dealer spins or no game has begun."""
    if table["game"] not in TWO_UP_GAMES:
        return None
    game = _gs(table).get("game")
    seat = game.get("seat") if isinstance(game, dict) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def poker_buttons(table: TableState) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The marker buttons at each seat of a poker room table (002 r8.1.3), by seat: ``((3,
    ("dealer",)), (7, ("absent", "dealt_out")))``; seats without a button are left out."""
    if table["game"] != "poker":
        return ()
    held = _gs(table).get("buttons")
    if not isinstance(held, dict):
        return ()
    out = []
    for seat, codes in held.items():
        if str(seat).isdigit() and isinstance(codes, list) and codes:
            out.append((int(seat), tuple(str(c) for c in codes)))
    return tuple(sorted(out))


def slots_not_accepted(table: TableState) -> tuple[int, ...]:
    """The places whose jackpot slot light did not light this round, so their wager is not
    accepted (000 s231(1)(b), s237(3)): marked by the dealer, until the round ends or the wager
    is recorded as accepted."""
    if table["game"] != "caribbean_stud":
        return ()
    gs = _gs(table)
    round_ = gs.get("round") or 0
    accepted = set(_ints(gs.get("jackpot_places")))
    marks = gs.get("unlit_slots")
    if not isinstance(marks, list):
        return ()
    places = {
        m.get("place")
        for m in marks
        if isinstance(m, dict) and m.get("round") == round_ and isinstance(m.get("place"), int)
    }
    return tuple(sorted(p for p in places if isinstance(p, int) and p not in accepted))


def illumination_fault(table: TableState) -> tuple[str, ...] | None:
    """The winning areas of the result shown that the dealer recorded as not lit (000 s78(7):
    the result stands), or ``None``: a tri-chro drawing's areas until the next drawing, a
    roulette number's area until the next spin."""
    gs = _gs(table)
    faults = gs.get("illumination_faults")
    if not isinstance(faults, list) or not faults:
        return None
    if table["game"] in TRI_CHRO_GAMES:
        if gs.get("phase") != "result":
            return None
        areas = {a for f in faults if isinstance(f, dict) for a in f.get("areas") or () if isinstance(a, str)}
        return tuple(sorted(areas))
    if table["game"] == "roulette":
        spins = gs.get("spins")
        hits = [f for f in faults if isinstance(f, dict) and f.get("spin") == spins]
        return tuple(f"number_{f.get('number')}" for f in hits) or None
    return None


def card_machine_procedure(table: TableState) -> str | None:
    """The procedure under way after a blackjack card machine malfunction (003 ss65B-65D:
    ``transfer``, ``transfer_damaged`` or ``dealing_shoe``), or ``None``."""
    if table["game"] != "blackjack":
        return None
    fault = _gs(table).get("card_machine")
    code = fault.get("procedure") if isinstance(fault, dict) else None
    return code if isinstance(code, str) else None


def table_closing(table: TableState) -> Closing | None:
    """The closing the pit directed (003 s32(3)): rounds directed and played, or ``None``."""
    closing: object = table.get("closing")
    if not isinstance(closing, dict):
        return None
    rounds, played = closing.get("rounds"), closing.get("played")
    if not isinstance(rounds, int) or not isinstance(played, int):
        return None
    return Closing(str(table["game"]), rounds, played)
