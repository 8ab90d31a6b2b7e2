"""The state as the event log says it is: one definition of how events make state.

Every committed event about a table or a jackpot link carries that table's or link's whole
new state in ``data.state`` (the wire contract of ``docs/api.md``), so the state after any
prefix of the log is a fold over it: a table's (link's) state is the ``state`` of the last
event about it, and it is gone after a ``table_removed`` (``link_removed``) event.

The store uses :func:`derive` on every write to refuse an outcome whose stored rows are not
exactly what its events say (so the state stays derivable from the log), and ``kiosk audit
verify`` uses :func:`rebuild` and :func:`compare` to name every table or link whose stored
state differs from the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["REMOVALS", "Rebuilt", "apply_event", "rebuild", "derive", "compare"]

REMOVALS: dict[str, str] = {"table_removed": "table", "link_removed": "link"}
"""Event types that delete their table or link (the event's state is its last, for displays)."""


@dataclass
class Rebuilt:
    """Tables and links by id, as the events say they are."""

    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    links: dict[str, dict[str, Any]] = field(default_factory=dict)


def _target(kind: Any, table_id: Any, link_id: Any, data: Any) -> tuple[str, str] | None:
    """``("table", id)`` or ``("link", id)``: what the event changes, or None."""
    if not isinstance(data, Mapping) or not isinstance(data.get("state"), Mapping):
        return None
    if link_id is not None and table_id is None:
        return ("link", str(link_id))
    if table_id is not None:
        return ("table", str(table_id))
    return None


def apply_event(into: Rebuilt, kind: Any, table_id: Any, link_id: Any, data: Any) -> None:
    """Fold one event (its type, table_id, link_id and data, as stored: JSON) into ``into``."""
    target = _target(kind, table_id, link_id, data)
    if target is None:
        return
    what, ident = target
    rows = into.tables if what == "table" else into.links
    if REMOVALS.get(kind) == what:
        rows.pop(ident, None)
    else:
        rows[ident] = dict(data["state"])


def rebuild(events: Iterable[Mapping[str, Any]]) -> Rebuilt:
    """The state after ``events`` (dicts with ``type``, ``table_id``, ``link_id``, ``data``, in seq order)."""
    out = Rebuilt()
    for event in events:
        apply_event(out, event.get("type"), event.get("table_id"), event.get("link_id"), event.get("data"))
    return out


def derive(drafts: Iterable[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What one write's event drafts (with ``type``, ``table_id``, ``link_id``, ``data``) do to
    the rows they touch: ``({table: state or None}, {link: state or None})``; None deletes."""
    after = Rebuilt()
    touched: dict[str, set[str]] = {"table": set(), "link": set()}
    for d in drafts:
        target = _target(d.type, d.table_id, d.link_id, d.data)
        if target is not None:
            touched[target[0]].add(target[1])
            apply_event(after, d.type, d.table_id, d.link_id, d.data)
    return ({t: after.tables.get(t) for t in touched["table"]}, {k: after.links.get(k) for k in touched["link"]})


def _first_difference(stored: Any, rebuilt: Any, path: str = "") -> str:
    if isinstance(stored, Mapping) and isinstance(rebuilt, Mapping):
        for key in sorted(set(stored) | set(rebuilt), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in stored:
                return f"{where} is missing"
            if key not in rebuilt:
                return f"{where} is not in the log"
            if stored[key] != rebuilt[key]:
                return _first_difference(stored[key], rebuilt[key], where)
    return f"{path or 'the state'} is {_short(stored)}, the log says {_short(rebuilt)}"


def _short(value: Any) -> str:
    import json

    text = json.dumps(value, sort_keys=True, ensure_ascii=True)
    return text if len(text) <= 60 else text[:57] + "..."


def compare(rebuilt: Rebuilt, stored_tables: Mapping[str, Any], stored_links: Mapping[str, Any]) -> list[str]:
    """One line for every table or link whose stored state differs from the log, in id order."""
    lines: list[str] = []
    for what, log_rows, rows in (
        ("table", rebuilt.tables, stored_tables),
        ("jackpot link", rebuilt.links, stored_links),
    ):
        for ident in sorted(set(log_rows) | set(rows)):
            have, want = rows.get(ident), log_rows.get(ident)
            if have == want:
                continue
            if have is None:
                lines.append(f"{what} {ident}: missing from the stored state (the event log has it)")
            elif want is None:
                lines.append(f"{what} {ident}: in the stored state but not in the event log")
            else:
                lines.append(
                    f"{what} {ident}: stored state differs from the event log ({_first_difference(have, want)})"
                )
    return lines
