"""The audit trail as a person reads it, without Qt: one sentence per record and the kinds of
record by their human names (ux-review C6).

:func:`sentence` turns an audit record as ``GET /api/v1/audit`` returns it into "Pat Pit raised
BJ-01's maximum wager from $1,000 to $2,000": money in dollars, times in the casino's zone, staff
names for fields and signs, never a Python dict.  A change recorded before events carried the old
value (``before`` in ``limits_changed``) reads "set ... to ...".  A record of a kind this module
does not know reads "<who>: <kind in words> (<table>)" with the rule it cites, so nothing is
hidden; the CSV export keeps every field as recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from kiosk.rules.money import format_money
from kiosk.state.alerts import ALERT_ACTION
from kiosk.views.console import TIME_FORMAT, game_name
from kiosk.views.console.displays import sign_titles
from kiosk.views.console.inbox import change_words, current_value
from kiosk.views.console.limits_edit import field_title

__all__ = ["KINDS", "kind_title", "sentence"]

Local = Callable[[datetime | str, str], str]

KINDS: dict[str, str] = {
    "limits_changed": "Limits changed",
    "change_scheduled": "Change scheduled",
    "change_cancelled": "Scheduled change cancelled",
    "change_pending": "Poker room change waiting",
    "display_name_changed": "Name shown changed",
    "signs_changed": "Signs changed",
    "jackpot_settings_proposed": "Jackpot change proposed",
    "jackpot_settings_changed": "Jackpot change approved",
    "jackpot_settings_withdrawn": "Jackpot proposal withdrawn",
    "jackpot_hit": "Jackpot hit",
    "jackpot_paid": "Jackpot paid",
    "jackpot_reset": "Jackpot meter reset",
    "roulette_result": "Roulette number",
    "trichro_result": "Tri-chro result",
    "twoup_spin": "Two-up spin",
    "table_closing": "Table closing",
    "display_showing": "What a display showed",
    "display_showing_refused": "Display report refused",
    ALERT_ACTION: "Alert acknowledged",
    "token_created": "Sign-in token issued",
    "table_created": "Table added",
    "link_created": "Jackpot added",
    "token_revoked": "Sign-in token revoked",
    "floor_frame": "Floor file loaded",
    "floor_file_applied": "Floor file applied",
    "audit_key_set": "Audit key set",
}
"""The kinds of record a pit boss searches for, by their names in the audit trail (the Kind
picker lists these titles; a kind not listed is still searched by its recorded name)."""


def kind_title(action: str) -> str:
    """A record's kind as staff read it: ``limits_changed`` -> "Limits changed"."""
    return KINDS.get(action) or action.replace("_", " ").capitalize()


def _money(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return format_money(value)
    if value is None:
        return "none"
    return str(value)


def _change(table: str, key: str, old: Any, new: Any, known: bool) -> list[str]:
    """One field's change as clauses: "raised BJ-01's maximum wager from $1,000 to $2,000"."""
    if isinstance(new, dict):
        old = old if isinstance(old, dict) else {}
        word = "maximum" if key == "maximum_by" else "minimum"
        return [
            _change(table, f"{word} for {cls.replace('_', ' ')}", old.get(cls), value, known and cls in old)[0]
            for cls, value in sorted(new.items())
            if not known or old.get(cls) != value
        ]
    name = field_title(key) if key.endswith("_cents") else key
    what = f"{table}'s {name[0].lower() + name[1:]}"
    if not known or not isinstance(old, int) or not isinstance(new, int):
        return [f"set {what} to {_money(new)}"]
    verb = "raised" if new > old else "lowered" if new < old else "kept"
    return [f"{verb} {what} from {_money(old)} to {_money(new)}"]


def _limits(table: str, changes: Mapping[str, Any], before: Mapping[str, Any] | None) -> str:
    clauses: list[str] = []
    for key, new in changes.items():
        clauses += _change(table, key, (before or {}).get(key), new, before is not None and key in before)
    return ", ".join(clauses) or f"changed {table}'s limits"


def sentence(record: Mapping[str, Any], local: Local) -> str:
    """What the audit ``record`` says, as one sentence a person understands."""
    who = str(record.get("actor") or "someone")
    action = str(record.get("action") or "")
    target = str(record.get("target") or "")
    details: Mapping[str, Any] = record.get("details") or {}
    data: Mapping[str, Any] = (details.get("event") or {}).get("data") or {}
    rule = data.get("rule")
    cite = f" ({rule})" if rule else ""
    if action == "limits_changed":
        return f"{who} {_limits(target, data.get('changes') or {}, data.get('before'))}{cite}."
    if action == "change_scheduled":
        item = data.get("scheduled") or {}
        when = local(item["effective_at"], TIME_FORMAT) if item.get("effective_at") else "later"
        what = _limits(target, item.get("limits") or {}, None).replace("set ", "", 1)
        agreed = item.get("agreement")
        how = f"; all players agreed, confirmed by {agreed.get('confirmed_by')}" if agreed else ""
        return f"{who} scheduled {what} for {when}{how}{cite}."
    if action == "change_cancelled":
        return f"{who} cancelled a scheduled change of {target}{cite}."
    if action == "change_pending":
        return f"{who} gave notice of a poker room change at {target}{cite}."
    if action == "display_name_changed":
        state = data.get("state") or {}
        return f"{who} renamed {target} to “{state.get('display_name', '')}”."
    if action == "signs_changed":
        kinds = [s.get("kind") for s in (data.get("state") or {}).get("signs") or [] if isinstance(s, dict)]
        return f"{who} set {target}'s signs to: {sign_titles(k for k in kinds if k) or 'none'}."
    if action in ("jackpot_settings_proposed", "jackpot_settings_changed"):
        verb = "proposed" if action.endswith("proposed") else "approved"
        changes = data.get("changes") or {}
        state = data.get("state") or {}
        parts = []
        for key, value in changes.items():
            if key == "sharing_words":
                continue
            old = current_value(state, key) if verb == "proposed" else None
            name, was, now = change_words(key, old, value)
            parts.append(f"{name.lower()} {was} → {now}" if old is not None else f"{name.lower()} {now}")
        return f"{who} {verb} a change of jackpot {target}: {', '.join(parts) or 'settings'}{cite}."
    if action == "jackpot_settings_withdrawn":
        return f"{who} withdrew a proposed change of jackpot {target}."
    if action == "jackpot_paid":
        return f"{who} recorded the payment of jackpot {target}'s hit{cite}."
    if action == "jackpot_reset":
        top = data.get("top_up_cents")
        return (
            f"{who} reset jackpot {target}'s meter to its seed" + (f", topping up {_money(top)}" if top else "") + "."
        )
    if action == "jackpot_hit":
        return f"Jackpot {target} was hit at {data.get('from_table') or 'a table'}{cite}."
    if action == "display_showing":
        signs = sorted(details.get("signs") or ())
        shows = sign_titles(signs) if signs else "no sign (a notice instead of its view)"
        return f"Display {details.get('display_id') or who} showed {shows} for {target}."
    if action == "display_showing_refused":
        return (
            f"A report from {who} about {target} was refused: {details.get('reason') or 'it does not count'}"
            f" (display {details.get('display_id') or 'unnamed'})."
        )
    if action == ALERT_ACTION:
        return f"{who} acknowledged the alert: {details.get('text') or details.get('key')}."
    if action == "token_created":
        role = str(details.get("role", ""))
        article = "an" if role[:1] in ("a", "e", "i", "o", "u") else "a"
        return f"{who} issued {article} {role} sign-in token to {details.get('name', target)}."
    if action == "table_created":
        state = data.get("state") or {}
        game = game_name(state.get("game"), "a game")
        return f"{who} added table {target} ({game})."
    if action == "link_created":
        state = data.get("state") or {}
        return f"{who} added the jackpot {state.get('name') or target}."
    if action == "token_revoked":
        return f"{who} revoked the sign-in token of {details.get('name', target)}."
    where = f" ({target})" if target else ""
    return f"{who}: {kind_title(action)}{where}{cite}."
