"""Table configuration commands (pit staff): limits, names, signs and scheduled changes.

Every new configuration is checked by :func:`kiosk.rules.limits.violations`; an "error"
violation refuses the command with its citation.  Changes are controlled by
:mod:`kiosk.rules.changes`:

* manila and draw poker: raising the minimum table stake needs a notice showing the new
  minimum and the time, displayed 20 minutes before the change, or every player agreeing
  (003 s259(3), s295(3)).  ``schedule_change`` records the change and refuses a time less
  than 20 minutes away (the notice cannot be shown before it is recorded).  The service
  applies due changes on its clock (``apply_due``), checking the rule again against what the
  table's displays reported showing (:mod:`kiosk.state.showing`): the notice counts from when
  a display of the table first showed it on the minimum table stake sign, and must still be
  shown.
* poker room (002 r6.9, r7.3): ``set_limits`` only gives notice; the change waits in
  ``pending`` and is made at the completion of a hand (``hand_complete``) once three hands
  of notice have passed or a majority of players agreed, and, for the commission, once the
  table's displays have shown the change on every sign that states the commission (the table
  signs changed, 002 r7.3).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from kiosk.floor.poker_variants import POKER_VARIANTS
from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.changes import (
    Approved,
    PlayerAgreement,
    PokerChangeNotice,
    agreement_violation,
    commission_change_decision,
    give_poker_notice,
    minimum_table_stake_change,
    poker_change_decision,
)
from kiosk.rules.games import NAMING_READING, RENAMING_RULES, naming_violation, renaming_power
from kiosk.rules.lettering import MIN_TEXT_MM, TEXT_HEIGHT_CITATIONS, text_height_rule
from kiosk.rules.times import format_utc, parse_utc
from kiosk.state.errors import BadRequest, RuleRefused, refused
from kiosk.state.handlers._base import CommandSpec, Context, Field, bumped, one_line, require_room, table_event
from kiosk.state.limits_state import check_limits_patch, refuse_violations
from kiosk.state.showing import (
    change_announced,
    commission_signs,
    notice_shown,
    scheduled_notice_signs,
    unannounced_signs,
)
from kiosk.state.store import Loaded, Outcome

__all__ = ["SPECS", "APPLY_DUE", "due_tables"]

STAKE_GAMES = ("manila_poker", "draw_poker")
# which poker-room limit fields are which 002 r6.9 setting
_POKER_SETTING = {
    "game_type": "game",
    "minimum_buy_in_cents": "minimum_buy_in",
    "minimum_cents": "betting_limit",
    "maximum_cents": "betting_limit",
    "maximum_by": "betting_limit",
    "minimum_by": "betting_limit",
    "blinds_cents": "betting_type",
    "compulsory_blinds": "betting_type",
}


def _agreement(value: Any, table: dict) -> PlayerAgreement | None:
    """The command's ``players_agreed``, checked; an agreement of no player is refused with the
    rule it claims (003 s259(3)(b), s295(3)(b); 002 r6.9; docs/readings.md A-30)."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"confirmed_by", "agreeing", "players_at_table"}:
        raise BadRequest('players_agreed: must be {"confirmed_by": name, "agreeing": n, "players_at_table": n}')
    try:
        confirmed = one_line(value.get("confirmed_by"), "players_agreed.confirmed_by", limit=100).strip()
        agreeing: Any = value.get("agreeing")  # PlayerAgreement.check refuses what is not a count
        players: Any = value.get("players_at_table")
        agreement = PlayerAgreement(confirmed, agreeing, players).check()
    except ValueError as exc:
        raise BadRequest(f"players_agreed: {exc}") from None
    nobody = agreement_violation(table["game"], agreement)
    if nobody is not None:
        raise RuleRefused(f"table {table['id']}: {nobody.message}", rule=nobody.rule)
    return agreement


def _agreement_json(agreement: PlayerAgreement | None) -> dict | None:
    if agreement is None:
        return None
    return {
        "confirmed_by": agreement.confirmed_by,
        "agreeing": agreement.agreeing,
        "players_at_table": agreement.players_at_table,
    }


def _merged(table: dict, patch: dict) -> dict:
    return {**table["limits"], **patch}


def _stake_decision(
    table: dict,
    patch: dict,
    effective_at: datetime,
    notice_from: datetime | None,
    agreement: PlayerAgreement | None,
    notice_until: datetime | None = None,
) -> Approved | None:
    if table["game"] not in STAKE_GAMES or "minimum_table_stake_cents" not in patch:
        return None
    current = table["limits"].get("minimum_table_stake_cents") or 0
    new = patch["minimum_table_stake_cents"]
    if new is None:
        rule = text_height_rule("minimum_table_stake", table["game"])  # the section that requires the sign
        raise RuleRefused(f"table {table['id']}: the minimum table stake must be set ({rule})", rule=rule)
    decision = minimum_table_stake_change(
        table["game"], current, new, effective_at, notice_from, agreement, notice_until=notice_until
    )
    if not isinstance(decision, Approved):
        raise refused(f"table {table['id']}: {decision.message}", decision.rule)
    return decision


def _set_limits(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    patch = check_limits_patch(cmd["limits"])
    agreement = _agreement(cmd.get("players_agreed"), table)
    warnings = refuse_violations(table["game"], _merged(table, patch))
    new = bumped(table)
    if table["game"] == "poker":
        ctx.check_floor(loaded, {table["id"]: {**table, "limits": _merged(table, patch)}})  # as it will be
        return _give_poker_notice(ctx, new, patch, agreement, warnings)
    decision = _stake_decision(table, patch, ctx.now, None, agreement)
    new["limits"] = _merged(table, patch)
    # the values it replaces, so the audit trail reads "from $1,000 to $2,000" (ux-review C6)
    before = {key: table["limits"].get(key) for key in patch}
    data: dict[str, Any] = {"changes": patch, "before": before, "warnings": warnings}
    if decision is not None:
        data.update(reason=decision.reason, rule=decision.rule)
    if agreement is not None:
        data["agreement"] = _agreement_json(agreement)  # how many agreed, and who confirmed it
    return Outcome(events=[table_event("limits_changed", new, **data)], tables={new["id"]: new})


def _give_poker_notice(
    ctx: Context, new: dict, patch: dict, agreement: PlayerAgreement | None, warnings: list
) -> Outcome:
    r69 = [_POKER_SETTING[k] for k in patch if k in _POKER_SETTING]
    commission = "rake" in patch
    setting = r69[0] if r69 else None
    notice = None
    if setting is not None:
        try:
            first_key = next(k for k in patch if k in _POKER_SETTING)
            notice = give_poker_notice(
                setting,
                patch[first_key] if not isinstance(patch[first_key], (dict, list)) else str(patch[first_key]),
                ctx.actor.name,
                hand_in_progress=True,
            )
        except ValueError as exc:
            raise BadRequest(f"set_limits: {exc}") from None
    if agreement is not None and not agreement.majority and notice is not None:
        raise RuleRefused(
            f"table {new['id']}: only {agreement.agreeing} of {agreement.players_at_table} players"
            " agreed; without a majority the change needs notice of three hands (002 r6.9)",
            rule="002 r6.9",
        )
    pending = {
        "id": f"c{new['version']}",
        "limits": patch,
        "notice": None if notice is None else notice.__dict__.copy(),
        "commission": commission,
        "agreement": _agreement_json(agreement),
        "given_by": ctx.actor.name,
        "at": ctx.now_text,
    }
    require_room(new.get("pending", []), "pending", "cancel a pending change (cancel_change) or complete a hand")
    new.setdefault("pending", []).append(pending)
    rule = "002 r6.9" if notice is not None else "002 r7.3"
    return Outcome(
        events=[
            table_event(
                "change_pending",
                new,
                pending=pending,
                warnings=warnings,
                rule=rule,
                note="takes effect at the completion of a hand",
            )
        ],
        tables={new["id"]: new},
    )


def _hand_complete(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    new = bumped(table)
    new["hands_completed"] = int(new.get("hands_completed", 0)) + 1
    applied, kept, failed, held = [], [], [], []
    commission = [parse_utc(item["at"]) for item in new.get("pending", []) if item["commission"]]
    shown = loaded.reports(new["id"], since=min(commission)) if commission else []  # 002 r7.3 evidence
    for item in new.get("pending", []):
        notice = None if item["notice"] is None else PokerChangeNotice(**item["notice"]).after_hand()
        agreement = None if item["agreement"] is None else PlayerAgreement(**item["agreement"])
        decisions = []
        if notice is not None:
            decisions.append(poker_change_decision(notice, hand_in_progress=False, agreement=agreement))
        if item["commission"]:  # 002 r7.3: every sign stating the commission shows the change
            carriers = commission_signs(new)
            shown_by = change_announced(shown, item["id"], signs=carriers)
            unchanged = unannounced_signs(shown, item["id"], carriers)
            decisions.append(
                commission_change_decision(
                    item["limits"]["rake"],
                    hand_in_progress=False,
                    signs_changed=bool(shown_by) and not unchanged,
                    unchanged=(
                        f"no display of table {new['id']} has shown the change yet"
                        if not shown_by
                        else f"no display of table {new['id']} has shown the change on its"
                        f" {' and '.join(unchanged)} sign yet"
                    ),
                )
            )
        refused = [d for d in decisions if not isinstance(d, Approved)]
        if refused:
            item["notice"] = None if notice is None else notice.__dict__.copy()
            kept.append(item)
            held.append({"id": item["id"], "rule": refused[0].rule, "message": refused[0].message})
            continue
        try:
            refuse_violations(new["game"], {**new["limits"], **item["limits"]})
            ctx.check_floor(loaded, {new["id"]: {**new, "limits": {**new["limits"], **item["limits"]}}})
        except RuleRefused as exc:
            failed.append({"id": item["id"], "rule": exc.rule, "message": exc.message})
            continue
        new["limits"] = {**new["limits"], **item["limits"]}
        applied.append(
            {
                "id": item["id"],
                "changes": item["limits"],
                "reasons": [d.reason for d in decisions if isinstance(d, Approved)],
            }
        )
    new["pending"] = kept
    return Outcome(
        events=[
            table_event(
                "hand_completed",
                new,
                hands_completed=new["hands_completed"],
                applied=applied,
                failed=failed,
                waiting=[i["id"] for i in kept],
                held=held,
                rule="002 r6.9",
            )
        ],
        tables={new["id"]: new},
    )


def _schedule(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    if table["game"] == "poker":
        raise BadRequest("schedule_change: poker room changes wait for hands, not a clock; use set_limits (002 r6.9)")
    patch = check_limits_patch(cmd["limits"])
    effective_at: datetime = cmd["effective_at"]
    if effective_at <= ctx.now:
        raise BadRequest("schedule_change.effective_at: must be in the future (use set_limits for a change now)")
    agreement = _agreement(cmd.get("players_agreed"), table)
    warnings = refuse_violations(table["game"], _merged(table, patch))
    decision = _stake_decision(table, patch, effective_at, ctx.now, agreement)
    ctx.check_floor(loaded, {table["id"]: {**table, "limits": _merged(table, patch)}})  # as it will be
    new = bumped(table)
    item = {
        "id": f"s{new['version']}",
        "limits": patch,
        "effective_at": format_utc(effective_at),
        "notice_from": ctx.now_text,
        "agreement": _agreement_json(agreement),
        "by": ctx.actor.name,
        "reason": None if decision is None else decision.reason,
    }
    require_room(new.get("scheduled", []), "scheduled", "cancel a scheduled change (cancel_change) first")
    new.setdefault("scheduled", []).append(item)
    new["scheduled"].sort(key=lambda s: s["effective_at"])
    return Outcome(
        events=[
            table_event(
                "change_scheduled",
                new,
                scheduled=item,
                warnings=warnings,
                rule=None if decision is None else decision.rule,
            )
        ],
        tables={new["id"]: new},
    )


def _cancel(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    new = bumped(table)
    before = new.get("scheduled", []) + new.get("pending", [])
    if not any(item["id"] == cmd["change_id"] for item in before):
        raise BadRequest(
            f"cancel_change.change_id: table {table['id']} has no scheduled or pending change {cmd['change_id']!r}"
        )
    new["scheduled"] = [s for s in new.get("scheduled", []) if s["id"] != cmd["change_id"]]
    new["pending"] = [s for s in new.get("pending", []) if s["id"] != cmd["change_id"]]
    return Outcome(events=[table_event("change_cancelled", new, change_id=cmd["change_id"])], tables={new["id"]: new})


def due_tables(tables: dict[str, dict], now: datetime) -> list[str]:
    """Tables with a scheduled change due at ``now``."""
    stamp = format_utc(now)
    return sorted(t["id"] for t in tables.values() if any(s["effective_at"] <= stamp for s in t.get("scheduled", [])))


def _apply_due(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    stamp = ctx.now_text
    due = [s for s in table.get("scheduled", []) if s["effective_at"] <= stamp]
    if not due:
        return Outcome()
    new = bumped(table)
    events = []
    shown = loaded.reports(new["id"], since=min(parse_utc(s["notice_from"]) for s in due))  # shown since
    for item in due:
        new["scheduled"] = [s for s in new["scheduled"] if s["id"] != item["id"]]
        agreement = None if item["agreement"] is None else PlayerAgreement(**item["agreement"])
        # what the table's displays showed, on the signs that carry the notice (003 s259(3), s295(3))
        notice_from, notice_until = notice_shown(
            shown, item["id"], signs=scheduled_notice_signs(new["game"], item["limits"])
        )
        try:
            refuse_violations(new["game"], {**new["limits"], **item["limits"]})
            ctx.check_floor(loaded, {new["id"]: {**new, "limits": {**new["limits"], **item["limits"]}}})
            decision = _stake_decision(
                new, item["limits"], parse_utc(item["effective_at"]), notice_from, agreement, notice_until
            )
        except RuleRefused as exc:
            events.append(
                (
                    "scheduled_change_failed",
                    {
                        "scheduled": item,
                        "rule": exc.rule,
                        "message": exc.message,
                        "notice_shown_from": _time_or_none(notice_from),
                    },
                )
            )
            continue
        new["limits"] = {**new["limits"], **item["limits"]}
        events.append(
            (
                "scheduled_change_applied",
                {
                    "scheduled": item,
                    "changes": item["limits"],
                    "rule": None if decision is None else decision.rule,
                    "reason": None if decision is None else decision.reason,
                    "notice_shown_from": _time_or_none(notice_from),
                },
            )
        )
    return Outcome(events=[table_event(kind, new, **data) for kind, data in events], tables={new["id"]: new})


def _time_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else format_utc(moment)


def _display_name(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    name = cmd["display_name"]
    if not name or len(name) > 80:
        raise BadRequest("set_display_name.display_name: 1 to 80 characters on one line")
    frame = ctx.law.frame.tables.get(table["id"])
    variant = None if frame is None else POKER_VARIANTS.get(frame.variant or "")
    names = () if variant is None else (variant[0],)
    bonus = bool(table["limits"].get("bonus_blackjack"))
    refusal = naming_violation(table["game"], name, bonus_blackjack=bonus, names=names)  # docs/readings.md A-31
    if refusal is not None:
        raise RuleRefused(f"table {table['id']}: {refusal.message}", rule=refusal.rule)
    new = bumped(table)
    new["display_name"] = name
    # the power the name rests on; a name that keeps the game's name needs none (the reading)
    rule = renaming_power(table["game"], bonus_blackjack=bonus) or NAMING_READING
    return Outcome(
        events=[table_event("display_name_changed", new, display_name=name, rule=rule)], tables={new["id"]: new}
    )


def _signs(ctx: Context, cmd: dict, table: dict, loaded: Loaded) -> Outcome:
    """The list's shape is checked here; whether the game has each sign, the signs the law
    requires and their 8 mm lettering are the floor's rules, checked when the outcome is
    (``kiosk check``'s own checks, :mod:`kiosk.state.floorlaw`)."""
    signs = []
    for i, entry in enumerate(cmd["signs"]):
        key = f"set_signs.signs[{i}]"
        if isinstance(entry, str):
            entry = {"kind": entry}
        if not isinstance(entry, dict) or set(entry) - {"kind", "cap_mm"} or "kind" not in entry:
            raise BadRequest(f'{key}: must be a sign kind or {{"kind": ..., "cap_mm": ...}}')
        kind = entry["kind"]
        if not isinstance(kind, str) or kind not in SIGN_KINDS:
            raise BadRequest(f"{key}.kind: unknown sign kind {kind!r} (known: {', '.join(SIGN_KINDS)})")
        cap = entry.get("cap_mm", MIN_TEXT_MM)
        if isinstance(cap, bool) or not isinstance(cap, (int, float)) or not 0 < cap <= 1000:
            raise BadRequest(f"{key}.cap_mm: must be a height in millimetres")
        signs.append({"kind": kind, "cap_mm": float(cap)})
    kinds = [s["kind"] for s in signs]
    if len(set(kinds)) != len(kinds):
        raise BadRequest("set_signs.signs: a sign kind is listed twice")
    new = bumped(table)
    new["signs"] = signs
    return Outcome(events=[table_event("signs_changed", new, signs=signs)], tables={new["id"]: new})


AGREEMENT = Field("dict", required=False, nullable=True)

SPECS = [
    CommandSpec(
        "set_limits",
        "pit",
        "table",
        _set_limits,
        "change a table's limits now (poker room: after notice, at the end of a hand, 002 r6.9)",
        fields={"limits": Field("dict"), "players_agreed": AGREEMENT},
        floor=True,
    ),
    CommandSpec(
        "schedule_change",
        "pit",
        "table",
        _schedule,
        "change a table's limits at a time; the notice shows from now (003 s259(3), s295(3))",
        fields={"limits": Field("dict"), "effective_at": Field("time"), "players_agreed": AGREEMENT},
        floor=True,
    ),
    CommandSpec(
        "cancel_change",
        "pit",
        "table",
        _cancel,
        "cancel a scheduled or pending change",
        fields={"change_id": Field("str")},
    ),
    CommandSpec(
        "hand_complete",
        "dealer",
        "table",
        _hand_complete,
        "a hand is complete: pending poker changes whose notice has run take effect (002 r6.9), a "
        "commission change once the table's displays show it (002 r7.3)",
        games=("poker",),
        floor=True,
    ),
    CommandSpec(
        "set_display_name",
        "pit",
        "table",
        _display_name,
        f"the operator's name for the game ({', '.join(RENAMING_RULES)}); elsewhere it keeps the game's name "
        f"({NAMING_READING})",
        fields={"display_name": Field("str")},
        floor=True,
    ),
    CommandSpec(
        "set_signs",
        "pit",
        "table",
        _signs,
        "the signs a table shows and their letter height; the signs the law requires stay, letters at least "
        f"{MIN_TEXT_MM:g} mm ({', '.join(TEXT_HEIGHT_CITATIONS)})",
        fields={"signs": Field("list")},
        floor=True,
    ),
]

APPLY_DUE = CommandSpec(
    "apply_due", "admin", "table", _apply_due, "apply the scheduled changes that are due", floor=True
)
