"""Caribbean stud jackpot commands (000 ss224-247), on the arithmetic of
:class:`kiosk.rules.caribbean.JackpotMeter` and :func:`kiosk.rules.caribbean.jackpot_round`.

A progressive link (000 s231(3)-(5)) and the jackpot of a single unlinked table (s231(2))
are both stored as a link; every command on one runs in the store's transaction with the
link row locked, so concurrent contributions and hits are applied one after the other and
never lose or double a cent (the meter's invariant is checked before anything is stored).

* ``jackpot_wagers``: jackpot wagers accepted at a table add their share to the meter; given
  as ``places``, the table's game state lists the places whose jackpot wager is in play this
  round (``jackpot_places``: the slot lights lit, s231(1)), one wager per place (s237(5)).
* ``caribbean_round_end``: the round is over and the slot lights go out; a hit ends it too.
* ``jackpot_hit``: the round's winning jackpot hands are paid (s245-s247); the link is then
  locked and "pending" on every linked table until ``jackpot_paid`` (pit: the payment was
  made) and ``jackpot_reset`` (pit: the meter topped back up to its seed).
* ``jackpot_before_payment``: before a straight or royal flush is paid, the hit's dealer records
  the floor manager notified (who, when) and the cards counted in the deck in use (s245(5));
  ``jackpot_paid`` is refused until it is recorded, and a count that is not the whole deck is
  paid only with the pit's note of why (docs/readings.md A-50).
* ``jackpot_propose`` / ``jackpot_approve`` / ``jackpot_withdraw``: a change of seed,
  contribution rate or way of sharing (with the words of the sharing sign, which change with it)
  takes two different administrators.

The way of sharing among 2 or more straight or royal flushes is the link's (``sharing``, from the
floor: docs/readings.md A-26); ``jackpot_hit`` settles by it only when a display of the table
reported the sharing sign stating the table's words when the round was played (000 s247(3),
:func:`kiosk.state.showing.sign_shown`), else by 000 s246(1), and records which and why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, cast

from kiosk.rules.caribbean import (
    BEFORE_PAYMENT_RULE,
    DECK_CARDS,
    PLACES,
    SHARING_METHODS,
    BeforePayment,
    CaribbeanSettings,
    JackpotMeter,
    SharingMethod,
    hands_needing_checks,
    jackpot_round,
    sharing_method_of,
)
from kiosk.rules.citation import RuleError
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.times import format_utc
from kiosk.state.errors import BadRequest, Forbidden, NotFound, RuleRefused, refused
from kiosk.state.handlers._base import (
    CommandSpec,
    Context,
    Field,
    bumped,
    link_event,
    one_line,
    require_room,
    table_event,
)
from kiosk.state.handlers._game_state import current_game_state
from kiosk.state.shapes import LinkState
from kiosk.state.showing import sign_shown
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS", "meter_of", "new_link_state", "require_unlocked"]


def meter_of(link: Mapping[str, Any]) -> JackpotMeter:
    """The link's meter as the rule module's value."""
    return JackpotMeter(**link["meter"])


def _store_meter(link: dict, meter: JackpotMeter) -> None:
    if not meter.balanced:  # the invariant of kiosk.rules.caribbean: never store a meter that lost a cent
        raise RuleRefused(
            f"link {link['id']}: jackpot meter arithmetic does not balance; nothing was changed", rule="000 s231(4)"
        )
    link["meter"] = dataclasses.asdict(meter)


def new_link_state(
    link_id: str,
    *,
    name: str,
    tables: list[str],
    approval: str | None,
    seed_cents: int,
    prize_cents: int,
    rate_bp: int,
    wager_cents: dict[str, int | None],
    standalone: bool,
    sharing: str = "s246",
) -> dict[str, Any]:
    """A link as first stored (a :class:`~kiosk.state.shapes.LinkState`): the meter shows
    ``prize_cents`` (the casino put it all in)."""
    meter = JackpotMeter.start(seed_cents, rate_bp)
    if prize_cents != seed_cents:
        meter = dataclasses.replace(meter, amount_cents=prize_cents, seeded_cents=prize_cents)
    return {
        "id": link_id,
        "name": name,
        "tables": sorted(tables),
        "approval": approval,
        "standalone": standalone,
        "sharing": sharing if sharing in SHARING_METHODS else "s246",
        "version": 1,
        "meter": dataclasses.asdict(meter),
        "wager_cents": dict(sorted(wager_cents.items())),
        "pending": None,
        "proposals": {},
        "hits": 0,
    }


def _table_link(table: dict, loaded: Loaded) -> LinkState:
    link_id = table.get("link_id")
    if not link_id or link_id not in loaded.links:
        raise RuleRefused(
            f"table {table['id']} has no jackpot meter or progressive link (000 s231(2), s231(3))", rule="000 s231(2)"
        )
    return loaded.links[link_id]


def require_unlocked(link: Mapping[str, Any]) -> None:
    """Refuse (000 s245) to change a jackpot while a hit on it is pending."""
    _unlocked(link)


def _unlocked(link: Mapping[str, Any]) -> None:
    if link["pending"] is not None:
        raise RuleRefused(
            f"jackpot {link['id']} is locked: hit {link['pending']['hit']} is pending until it is paid and the meter"
            " reset to its seed",
            rule="000 s245",
        )


def _places(value: list, table: dict) -> list[int]:
    places = []
    for place in value:
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= PLACES:
            raise BadRequest(f"jackpot_wagers.places: each place is 1 to {PLACES}, not {place!r}")
        if place in places:
            raise RuleRefused(
                f"table {table['id']}: place {place} is listed twice; only 1 wager is accepted on each "
                "area (000 s237(5))",
                rule="000 s237(5)",
            )
        places.append(place)
    return sorted(places)


def _wagers(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    count: Any = cmd.get("count")  # the command's fields, checked below
    given: Any = cmd.get("places")
    if (count is None) == (given is None):
        raise BadRequest(
            "jackpot_wagers: give count (jackpot wagers accepted) or places (the places whose jackpot "
            "wager was accepted this round), not both"
        )
    new_table = None
    if given is not None:
        places = _places(given, table)
        state = current_game_state(table)
        again = sorted(set(places) & set(state["jackpot_places"]))
        if again:
            raise RuleRefused(
                f"table {table['id']}: the jackpot wager of place {again[0]} is already in play this "
                "round; only 1 wager is accepted on each area (000 s237(5))",
                rule="000 s237(5)",
            )
        if not places:
            raise BadRequest("jackpot_wagers.places: name at least one place")
        count = len(places)
        state["jackpot_places"] = sorted(state["jackpot_places"] + places)
        new_table = bumped(table)
        new_table["game_state"] = state
    link = _table_link(table, loaded)
    _unlocked(link)
    wager = link["wager_cents"].get(table["id"])
    if not wager:
        raise RuleRefused(
            f"table {table['id']}: no jackpot wager amount is configured (000 s237(2))", rule="000 s237(2)"
        )
    meter = meter_of(link)
    before = meter.amount_cents
    try:
        for _ in range(count):
            meter = meter.contribute(wager)
    except RuleError as exc:
        raise refused(str(exc), exc.rule) from None
    new = bumped(link)
    _store_meter(new, meter)
    events = [
        link_event(
            "jackpot_contribution",
            new,
            from_table=table["id"],
            wagers=count,
            wager_cents=wager,
            added_cents=meter.amount_cents - before,
            meter_cents=meter.amount_cents,
            rule="000 s231(4)",
        )
    ]
    if new_table is None:
        return Outcome(events=events, links={new["id"]: new})
    lit = new_table["game_state"]["jackpot_places"]
    events.append(table_event("jackpot_places", new_table, places=lit, added=sorted(given), rule="000 s231(1)"))
    return Outcome(events=events, links={new["id"]: new}, tables={new_table["id"]: new_table})


def _round_end(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    state = current_game_state(table)
    ended = state["jackpot_places"]
    state.update(round=state["round"] + 1, jackpot_places=[])
    new = bumped(table)
    new["game_state"] = state
    return Outcome(
        events=[table_event("caribbean_round_end", new, round=state["round"], cleared=ended, rule="000 s231(1)")],
        tables={new["id"]: new},
    )


def _hit(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    link = _table_link(table, loaded)
    _unlocked(link)
    hands = cmd["hands"]
    if not hands or len(hands) > 13:
        raise BadRequest('jackpot_hit.hands: give each winning player\'s 5 cards, e.g. {"seat 3": ["AS", ...]}')
    for player, cards in hands.items():
        one_line(player, "jackpot_hit.hands: a player's seat or name", limit=60)
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise BadRequest(f'jackpot_hit.hands.{player}: must be a list of 5 card tokens such as "AS"')
    jackpot = table.get("settings", {}).get("jackpot") or {}
    signs = {s.get("kind") for s in table.get("signs", [])}
    meter = meter_of(link)
    try:
        settings = CaribbeanSettings(
            maximum_payment_cents=table["limits"].get("maximum_payment_cents"),
            dead_mans_hand=bool(jackpot.get("dead_mans_hand", False)),
            sharing=cast(SharingMethod, link.get("sharing", "s246")),  # as stored; refused unless known
        )
        # 000 s247(3): a sign on the table, when the round was played, stating the way of sharing: the
        # latest report of a display of this table shows it stating the configured way
        sharing_shown = (
            sign_shown(loaded.reports(table["id"]), "jackpot_sharing", says=jackpot.get("sharing_method"))
            if "jackpot_sharing" in signs
            else []
        )
        sharing_sign = bool(sharing_shown)
        round_ = jackpot_round(hands, meter.amount_cents, settings, sharing_sign_displayed=sharing_sign)
        meter, payment = meter.settle(round_)
    except RuleError as exc:
        raise refused(str(exc), exc.rule) from None
    except ValueError as exc:
        raise BadRequest(f"jackpot_hit.hands: {exc}") from None
    if not round_.payments:
        raise RuleRefused("no winning jackpot hand among these hands (000 s227)", rule="000 s227")
    new = bumped(link)
    _store_meter(new, meter)
    new["hits"] += 1
    new["pending"] = {
        "hit": new["hits"],
        "table_id": table["id"],
        "at": ctx.now_text,
        "payments": [
            {
                "player": p.player,
                "hand": p.hand.value,
                "amount_cents": p.amount_cents,
                "s246_cents": p.s246_cents,
                "from_meter": p.from_meter,
                "rule": p.rule,
            }
            for p in round_.payments
        ],
        "prize_cents": round_.prize_cents,
        "total_cents": round_.total_cents,
        "from_meter_cents": payment.from_meter_cents,
        "shortfall_cents": payment.shortfall_cents,
        "table_paid_cents": round_.table_paid_cents,
        "note": round_.note,
        "rule": round_.rule,
        "sharing_method": round_.settled_by,  # the way it was paid; why: note and rule
        "sharing_configured": round_.method,  # the link's way (000 s247(2)(b))
        "sharing_sign_displayed": sharing_sign,
        "sharing_sign_shown_by": sorted({r.display for r in sharing_shown}),
        "paid": False,
        "paid_by": None,
    }
    settled = bumped(table)  # the round is settled: its jackpot wagers are no longer in play (000 s231(1))
    state = current_game_state(table)
    state.update(round=state["round"] + 1, jackpot_places=[])
    settled["game_state"] = state
    return Outcome(
        events=[
            link_event(
                "jackpot_hit",
                new,
                from_table=table["id"],
                pending=True,
                hit=new["pending"],
                meter_cents=meter.amount_cents,
                rule=round_.rule,
            ),
            table_event("caribbean_round_end", settled, round=state["round"], cleared=[], rule="000 s231(1)"),
        ],
        links={new["id"]: new},
        tables={settled["id"]: settled},
    )


def _pending(link: Mapping[str, Any]) -> dict:
    if link["pending"] is None:
        raise RuleRefused(f"jackpot {link['id']} has no hit pending", rule="000 s245")
    return link["pending"]


def _hands(pending: Mapping[str, Any]) -> tuple[str, ...]:
    """The straight and royal flushes among a pending hit's payments (000 s245(5))."""
    return hands_needing_checks(p.get("hand", "") for p in pending.get("payments") or [])


def _before_payment(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    link = _table_link(table, loaded)
    pending = _pending(link)
    if pending["table_id"] != table["id"]:
        raise RuleRefused(
            f"jackpot {link['id']}: hit {pending['hit']} was at table {pending['table_id']}; its dealer notifies the"
            f" floor manager and counts that table's deck ({BEFORE_PAYMENT_RULE})",
            rule=BEFORE_PAYMENT_RULE,
        )
    if pending["paid"]:
        raise RuleRefused(
            f"jackpot {link['id']}: hit {pending['hit']} is already recorded as paid; the floor manager is notified"
            f" and the deck counted before the payment ({BEFORE_PAYMENT_RULE})",
            rule=BEFORE_PAYMENT_RULE,
        )
    hands = _hands(pending)
    if not hands:
        raise RuleRefused(
            f"jackpot {link['id']}: hit {pending['hit']} pays no straight flush or royal flush; only those wait for"
            f" the floor manager and the count of the deck ({BEFORE_PAYMENT_RULE})",
            rule=BEFORE_PAYMENT_RULE,
        )
    try:
        checks = BeforePayment(cmd["floor_manager"], cmd["cards_counted"])
    except RuleError as exc:
        raise refused(str(exc), exc.rule) from None
    notified = cmd.get("notified_at") or ctx.now
    if notified > ctx.now:
        raise BadRequest(
            f"jackpot_before_payment.notified_at: {format_utc(notified)} is later than now; record the floor"
            " manager's notification once it is given"
        )
    record = {
        "floor_manager": checks.floor_manager,
        "notified_at": format_utc(notified),
        "cards_counted": checks.cards_counted,
        "deck_cards": DECK_CARDS,
        "by": ctx.actor.name,
        "at": ctx.now_text,
    }
    new = bumped(link)
    new["pending"]["before_payment"] = record
    return Outcome(
        events=[
            link_event(
                "jackpot_before_payment",
                new,
                from_table=table["id"],
                hit=pending["hit"],
                hands=list(hands),
                floor_manager=record["floor_manager"],
                notified_at=record["notified_at"],
                cards_counted=checks.cards_counted,
                deck_complete=checks.deck_complete,
                replaces=pending.get("before_payment"),
                pending=True,
                rule=BEFORE_PAYMENT_RULE,
            )
        ],
        links={new["id"]: new},
    )


def _paid(ctx: Context, cmd: dict, link: dict, loaded: Loaded) -> Outcome:
    pending = _pending(link)
    if pending["paid"]:
        raise RuleRefused(f"jackpot {link['id']}: hit {pending['hit']} is already recorded as paid", rule="000 s245")
    hands = _hands(pending)
    checks = pending.get("before_payment")
    if hands and checks is None:
        raise RuleRefused(
            f"jackpot {link['id']}: hit {pending['hit']} pays a {' and a '.join(hands)}; before it is paid the dealer"
            f" at {pending['table_id']} notifies the floor manager and counts the cards in the deck in use, and"
            f" records both ({BEFORE_PAYMENT_RULE})",
            rule=BEFORE_PAYMENT_RULE,
        )
    if hands and checks is not None and checks["cards_counted"] != checks.get("deck_cards", DECK_CARDS):
        if not (cmd.get("note") or "").strip():
            raise RuleRefused(
                f"jackpot {link['id']}: the dealer counted {checks['cards_counted']} cards, not"
                f" {checks.get('deck_cards', DECK_CARDS)}, in the deck in use; record in the note why the hit is paid"
                f" ({BEFORE_PAYMENT_RULE}(b); docs/readings.md A-50)",
                rule=f"{BEFORE_PAYMENT_RULE}(b)",
            )
    new = bumped(link)
    new["pending"].update(paid=True, paid_by=ctx.actor.name, paid_at=ctx.now_text, paid_note=cmd.get("note"))
    return Outcome(
        events=[
            link_event(
                "jackpot_paid", new, hit=pending["hit"], paid_by=ctx.actor.name, pending=True, rule="000 s245(3)"
            )
        ],
        links={new["id"]: new},
    )


def _reset(ctx: Context, cmd: dict, link: dict, loaded: Loaded) -> Outcome:
    pending = _pending(link)
    if not pending["paid"]:
        raise RuleRefused(
            f"jackpot {link['id']}: hit {pending['hit']} must be paid before the meter is reset", rule="000 s245(3)"
        )
    meter, top_up = meter_of(link).reset()
    new = bumped(link)
    _store_meter(new, meter)
    new["pending"] = None
    return Outcome(
        events=[
            link_event(
                "jackpot_reset",
                new,
                hit=pending["hit"],
                top_up_cents=top_up,
                meter_cents=meter.amount_cents,
                pending=False,
                rule="000 s231(4)",
            )
        ],
        links={new["id"]: new},
    )


def _propose(ctx: Context, cmd: dict, link: dict, loaded: Loaded) -> Outcome:
    changes = {k: cmd[k] for k in ("seed_cents", "contribution_bp", "sharing") if cmd.get(k) is not None}
    if cmd.get("sharing_words") is not None and "sharing" not in changes:
        raise BadRequest("jackpot_propose.sharing_words: the words of the sharing sign go with a way of sharing")
    if "sharing" in changes:
        changes["sharing_words"] = cmd.get("sharing_words")
    if not changes:
        raise BadRequest("jackpot_propose: give seed_cents, contribution_bp and/or sharing")
    try:
        meter_of(link).with_settings(seed_cents=changes.get("seed_cents"), rate_bp=changes.get("contribution_bp"))
        if "sharing" in changes:  # a way the rules settle, which the sign's words state (000 s247(2)(b),(3))
            sharing_method_of(changes["sharing_words"], changes["sharing"])
    except RuleError as exc:
        raise refused(f"jackpot {link['id']}: {exc}", exc.rule) from None
    require_room(link["proposals"], "proposals", "approve or withdraw a proposal (jackpot_withdraw) first")
    new = bumped(link)
    proposal_id = f"p{new['version']}"
    new["proposals"][proposal_id] = {
        "id": proposal_id,
        "changes": changes,
        "by": ctx.actor.name,
        "person": ctx.actor.who,
        "token_id": ctx.actor.token_id,
        "at": ctx.now_text,
    }
    return Outcome(
        events=[
            link_event("jackpot_settings_proposed", new, proposal_id=proposal_id, changes=changes, by=ctx.actor.name)
        ],
        links={new["id"]: new},
    )


def _proposal(link: dict, proposal_id: str) -> dict:
    proposal = link["proposals"].get(proposal_id)
    if proposal is None:
        raise NotFound(f"jackpot {link['id']} has no proposal {proposal_id!r}")
    return proposal


def _approve(ctx: Context, cmd: dict, link: dict, loaded: Loaded) -> Outcome:
    proposal = _proposal(link, cmd["proposal_id"])
    proposer = proposal.get("person") or proposal["by"]
    if (
        ctx.actor.who == proposer
        or proposal["by"] == ctx.actor.name
        or (proposal["token_id"] and proposal["token_id"] == ctx.actor.token_id)
    ):
        raise Forbidden(
            f"jackpot {link['id']}: {proposer} proposed this change (a token issued by another token belongs"
            " to the same person); a second administrator, another person, must approve it"
        )
    changes = proposal["changes"]
    meter = meter_of(link).with_settings(seed_cents=changes.get("seed_cents"), rate_bp=changes.get("contribution_bp"))
    new = bumped(link)
    _store_meter(new, meter)
    del new["proposals"][proposal["id"]]
    if "sharing" in changes:
        new["sharing"] = changes["sharing"]
    events = [
        link_event(
            "jackpot_settings_changed",
            new,
            proposal_id=proposal["id"],
            changes=changes,
            proposed_by=proposal["by"],
            approved_by=ctx.actor.name,
        )
    ]
    tables = _sharing_signs(new, changes, loaded) if "sharing" in changes else {}
    events += [
        table_event(
            "jackpot_sharing_changed",
            table,
            sharing=changes["sharing"],
            words=changes["sharing_words"],
            proposal_id=proposal["id"],
            rule="000 s247(3)",
        )
        for table in tables.values()
    ]
    return Outcome(events=events, links={new["id"]: new}, tables=dict(tables))


def _sharing_signs(link: Mapping[str, Any], changes: Mapping[str, Any], loaded: Loaded) -> dict[str, dict[str, Any]]:
    """The link's tables with the sharing sign stating the approved way (000 s247(3)): its words in
    the table's jackpot settings, the sign shown while there are words and taken down without."""
    words = changes["sharing_words"]
    out = {}
    for table_id in link["tables"]:
        table = bumped(loaded.tables[table_id])
        settings = dict(table.get("settings") or {})
        settings["jackpot"] = {
            **(settings.get("jackpot") or {}),
            "sharing_method": words,
            "sharing": changes["sharing"],
        }
        table["settings"] = settings
        signs = [s for s in table.get("signs", []) if s["kind"] != "jackpot_sharing" or words is not None]
        if words is not None and not any(s["kind"] == "jackpot_sharing" for s in signs):
            signs.append({"kind": "jackpot_sharing", "cap_mm": MIN_TEXT_MM})
        table["signs"] = signs
        out[table_id] = table
    return out


def _withdraw(ctx: Context, cmd: dict, link: dict, loaded: Loaded) -> Outcome:
    proposal = _proposal(link, cmd["proposal_id"])
    new = bumped(link)
    del new["proposals"][proposal["id"]]
    return Outcome(
        events=[link_event("jackpot_settings_withdrawn", new, proposal_id=proposal["id"])], links={new["id"]: new}
    )


CARIBBEAN = ("caribbean_stud",)


SPECS = [
    CommandSpec(
        "jackpot_wagers",
        "dealer",
        "table",
        _wagers,
        "jackpot wagers accepted at a table add their share to the meter (000 s231(4)); with places, the slot "
        "light of each place is lit while its wager is in play this round (000 s231(1))",
        fields={"count": Field("int", required=False, low=1, high=100), "places": Field("list", required=False)},
        games=CARIBBEAN,
    ),
    CommandSpec(
        "caribbean_round_end",
        "dealer",
        "table",
        _round_end,
        "the round is over: the jackpot wagers are no longer in play and the slot lights go out (000 s231(1))",
        games=CARIBBEAN,
    ),
    CommandSpec(
        "jackpot_hit",
        "dealer",
        "table",
        _hit,
        "a round's winning jackpot hands: pay them and lock the jackpot until paid and reset (000 s245-s247)",
        fields={"hands": Field("dict")},
        games=CARIBBEAN,
    ),
    CommandSpec(
        "jackpot_before_payment",
        "dealer",
        "table",
        _before_payment,
        "before a straight or royal flush jackpot is paid: the floor manager the dealer notified (and when) and"
        " the cards the dealer counted in the deck in use at the table (000 s245(5)); jackpot_paid waits for it",
        fields={
            "floor_manager": Field("name"),
            "notified_at": Field("time", required=False),
            "cards_counted": Field("int", low=0, high=104),
        },
        games=CARIBBEAN,
    ),
    CommandSpec(
        "jackpot_paid",
        "pit",
        "link",
        _paid,
        "record that the pending jackpot hit was paid (000 s245); a straight or royal flush only once its dealer"
        " recorded the floor manager notified and the deck counted (000 s245(5), jackpot_before_payment)",
        fields={"note": Field("str", required=False)},
    ),
    CommandSpec("jackpot_reset", "pit", "link", _reset, "reset the meter to its seed and unlock the jackpot"),
    CommandSpec(
        "jackpot_propose",
        "admin",
        "link",
        _propose,
        "propose a new seed, contribution rate or way of sharing among 2 or more straight or royal flushes, "
        "with the words of its sign (000 s247(2)(b),(3)); a second administrator approves",
        fields={
            "seed_cents": Field("int", required=False, low=0, high=10**15),
            "contribution_bp": Field("int", required=False, low=0, high=10_000),
            "sharing": Field("str", required=False, choices=SHARING_METHODS),
            "sharing_words": Field("str", required=False, nullable=True),
        },
    ),
    CommandSpec(
        "jackpot_approve",
        "admin",
        "link",
        _approve,
        "approve another administrator's jackpot proposal",
        fields={"proposal_id": Field("str")},
        floor=True,  # a new way of sharing changes the linked tables' sharing signs (000 s247(3))
    ),
    CommandSpec(
        "jackpot_withdraw",
        "admin",
        "link",
        _withdraw,
        "withdraw a jackpot proposal",
        fields={"proposal_id": Field("str")},
    ),
]
