"""The demo's croupier: plays the demo floor's tables through the real API at a human pace.

Qt-free; it is an ordinary client of ``kiosk serve`` with a pit token (pit staff may send every
dealer command), so everything it does goes through the rules, the store, the audit trail and
the stream like a real dealer's panel would.  It builds its commands with
:mod:`kiosk.views.builders` and reads the tables' game state through :mod:`kiosk.views.facts`,
as the dealer panel and the views do.  Per table, as long as it runs:

* tri-chro: "no more bets" (001 s463(1)), then the drawing - the ball drawing device's two balls
  entered (s463(3)), or the random result generator's (s455) - then the result stands a while;
* two-up dice: a spinner's game (a seat and a call, 004 sch13 s5, s6), "no more bets" before each
  spin (s7(1)), spins of heads, tails, odds and the odd "no spin" until the wager is decided;
  now and then a result light fails (a card is shown instead, s19(2)) and is repaired later;
* Caribbean stud: rounds in which some places' jackpot wagers are in play (their slot lights on,
  000 s231(1)) and add to the meter (s231(4)); rarely a straight flush hits the jackpot (s246),
  which pit staff pay and reset a little later;
* roulette: a winning number, when the server has the roulette result command.

``pace`` scales every pause (1.0: a human dealer; 0.01 in tests).  A refusal by the rules is
the law at work, not a fault: it is reported through ``on_note`` as what it is, the rule that
refused the move with its citation (:func:`refusal_note`), and the table carries on with its next
game; any other failure is reported as one.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from kiosk.rules.caribbean import DECK_CARDS
from kiosk.rules.trichro import physical_balls
from kiosk.state.client import KioskClient
from kiosk.state.errors import RuleRefused, StateError
from kiosk.state.events import Event
from kiosk.views import builders, facts
from kiosk.views.jackpot_steps import payment_step

__all__ = ["Croupier", "refusal_note"]

_STRAIGHT_FLUSH = ["9H", "8H", "7H", "6H", "5H"]
_ROULETTE_COMMAND = "roulette_result"


def _subject(command: dict[str, Any]) -> str:
    return str(command.get("table_id") or command.get("link_id") or "the floor")


def _what(command: dict[str, Any]) -> str:
    return str(command["type"]).replace("_", " ")


def refusal_note(command: dict[str, Any], refusal: RuleRefused) -> str:
    """One line saying a rule refused the croupier's ``command``, with the rule's citation and
    its reason, and that play goes on (a refusal is the law at work, not an error)."""
    reason = " ".join(str(refusal).split())
    cited = f" ({refusal.rule})" if refusal.rule else ""
    return f"{_subject(command)}: the rules refused the croupier's {_what(command)}{cited}: {reason}; play goes on"


class Croupier:
    """Plays ``tables`` (id -> game) of a server; :meth:`run` until cancelled."""

    def __init__(
        self,
        client: KioskClient,
        tables: dict[str, str],
        *,
        pace: float = 1.0,
        seed: int | None = None,
        on_note: Callable[[str], None] | None = None,
    ) -> None:
        self.client = client
        self.tables = dict(tables)
        self.pace = pace
        self.rng = random.Random(seed)
        self.on_note = on_note or (lambda _text: None)
        self.commands_sent = 0
        self.refused = 0  # moves a rule refused (the law at work, not a fault)
        self.failed = 0  # moves that failed otherwise (the server, the connection)
        self._types: set[str] = set()

    async def run(self) -> None:
        """Play every table until cancelled."""
        self._types = set(await self.client.command_types())
        players: list[Awaitable[None]] = []
        for table_id, game in sorted(self.tables.items()):
            play = self._player(game)
            if play is not None:
                players.append(self._forever(table_id, play))
        await asyncio.gather(*players)

    def _player(self, game: str) -> Callable[[str], Awaitable[None]] | None:
        if game in ("tri_chro_54", "tri_chro_63"):
            return self._trichro
        if game == "two_up_dice":
            return self._two_up
        if game == "caribbean_stud":
            return self._caribbean
        if game == "roulette" and _ROULETTE_COMMAND in self._types:
            return self._roulette
        return None

    async def _forever(self, table_id: str, play: Callable[[str], Awaitable[None]]) -> None:
        await self._pause(self.rng.uniform(0.5, 4.0))  # tables do not all move at once
        while True:
            await play(table_id)

    async def _pause(self, seconds: float) -> None:
        await asyncio.sleep(seconds * self.pace)

    async def send(self, command: dict[str, Any]) -> list[Event] | None:
        """Send one command; a refusal is noted and ``None`` returned."""
        try:
            events = await self.client.execute(command)
        except RuleRefused as exc:
            self.refused += 1
            self.on_note(refusal_note(command, exc))
            return None
        except StateError as exc:
            self.failed += 1
            self.on_note(f"{_subject(command)}: the croupier's {_what(command)} failed: {exc}")
            return None
        self.commands_sent += 1
        return events

    # -- the games ---------------------------------------------------------------------------

    async def _trichro(self, table_id: str) -> None:
        drawing = facts.trichro_round(await self.client.table(table_id))
        if drawing is None:  # not a tri-chro table (any more)
            await self._pause(30.0)
            return
        if drawing.broken_ball:
            await self.send(builders.trichro_ball_replaced(table_id, "Demo Inspector"))
        if drawing.awaiting_inspector:
            await self.send(builders.trichro_approve_redraw(table_id, "Demo Inspector"))
        if drawing.phase != "no_more_bets":
            await self.send(builders.trichro_no_more_bets(table_id))
        await self._pause(3.0)
        if drawing.device == "random_result_generator":
            await self.send(builders.trichro_generate(table_id))
        else:
            pair = self.rng.sample(physical_balls(drawing.balls), 2)
            await self.send(builders.trichro_draw(table_id, [b.token for b in pair]))
        await self._pause(self.rng.uniform(9.0, 14.0))  # players read the lit areas, wagers are settled

    async def _two_up(self, table_id: str) -> None:
        table = await self.client.table(table_id)
        failed = facts.twoup_failed_lights(table)
        if failed:
            kind, index = failed[0]
            await self.send(builders.twoup_light(table_id, kind, index, False))
        elif self.rng.random() < 0.15:
            kind = self.rng.choice(["heads", "tails", "odds"])
            index = self.rng.randint(1, 3 if kind != "odds" else 5)
            await self.send(builders.twoup_light(table_id, kind, index, True))
        previous = facts.twoup_seat(table)
        seat = self.rng.choice([s for s in range(1, 9) if s != previous])  # the dice move on (s5)
        call = self.rng.choice(["heads", "tails"])
        if await self.send(builders.twoup_new_game(table_id, seat=seat, call=call)) is None:
            await self.send(builders.twoup_new_game(table_id))  # the dealer spins (s6)
        for _ in range(40):
            await self._pause(2.5)
            if await self.send(builders.twoup_no_more_bets(table_id)) is None:
                break
            await self._pause(1.5)
            result = self.rng.choices(["H", "T", "O", "X"], weights=[38, 38, 20, 4])[0]
            events = await self.send(builders.twoup_spin(table_id, result))
            if events and events[-1].data.get("outcome") is not None:
                break
        await self._pause(5.0)

    async def _caribbean(self, table_id: str) -> None:
        table = await self.client.table(table_id)
        link_id = table.get("link_id")
        if link_id is None:
            await self._pause(30.0)
            return
        link = await self.client.link(link_id)
        pending = link.get("pending")
        if pending:
            if pending.get("table_id") == table_id:
                await self._pause(12.0)
                step = payment_step(link, table_id)
                if step is not None and step.asks:  # the floor manager told, the deck counted (000 s245(5))
                    await self.send(builders.jackpot_before_payment(table_id, "Floor manager", DECK_CARDS))
                await self.send(builders.jackpot_paid(link_id))
                await self.send(builders.jackpot_reset(link_id))
            else:
                await self._pause(5.0)
            return
        if "caribbean_round_end" in self._types:
            # a round: the jackpot wagers of some places (their slot lights come on, 000 s231(1)) ...
            places = sorted(self.rng.sample(range(1, 8), self.rng.randint(1, 5)))
            await self.send(builders.jackpot_wagers(table_id, places=places))
        else:
            await self.send(builders.jackpot_wagers(table_id, self.rng.randint(1, 7)))
        await self._pause(self.rng.uniform(3.0, 6.0))
        if self.rng.random() < 0.02:
            await self.send(builders.jackpot_hit(table_id, {f"seat {self.rng.randint(1, 7)}": list(_STRAIGHT_FLUSH)}))
        elif "caribbean_round_end" in self._types:
            await self.send(builders.caribbean_round_end(table_id))  # ... and out at the round's end
            await self._pause(self.rng.uniform(1.0, 2.0))

    async def _roulette(self, table_id: str) -> None:
        await self._pause(self.rng.uniform(20.0, 30.0))  # a spin of the wheel
        await self.send(builders.roulette_result(table_id, self.rng.randint(0, 36)))
