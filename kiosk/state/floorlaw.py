"""The law at run time: every write is checked by the rules ``kiosk check`` applies to a floor file.

A floor file is checked when it loads (:func:`kiosk.floor.check_floor`: each table's limits,
the rules across tables such as the four instructional blackjack tables of 003 s23(4), the
required signs and their 8 mm lettering, links and approvals).  A command that changes a
table's configuration at run time (limits, signs, name, the round's nominated blackjack) or
that applies a scheduled or pending change goes through the same function: the service
rebuilds the floor the write would leave - the stored configuration of every table and link,
on the :class:`FloorFrame` that the state does not hold (the casino, the displays, each
table's layout, layout approval and poker variant) - and runs ``check_floor`` on it.

A write is refused (:class:`RuleRefused`, HTTP 422, with the citation) when the floor after it
breaks a rule that the floor before it did not.  A floor the service loaded passed
``check_floor``, so every write it accepts leaves a floor ``kiosk check`` accepts; a database
that already broke a rule (written by an older version) keeps working, and a write that
removes a violation is accepted.

The frame comes from the floor file the service was started with and is kept in the
database (``kiosk_meta.floor_frame``), so a node started without ``--floor`` checks against
the same displays and approvals.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kiosk.floor import check_floor
from kiosk.floor.models import (
    FORMAT,
    LIMIT_SETTINGS,
    Casino,
    Display,
    Floor,
    Link,
    Table,
    settings_section,
)
from kiosk.floor.values import STORED
from kiosk.rules.citation import Violation
from kiosk.state.errors import BadRequest, RuleRefused

__all__ = ["TableFrame", "FloorFrame", "FloorLaw", "floor_part", "link_part", "floor_of"]

_LIMITS_KEYS = ("minimum_cents", "maximum_cents", "maximum_by", "minimum_by")
_TABLE_PART = ("game", "display_name", "limits", "settings", "signs", "link_id")
_LINK_PART = ("name", "tables", "approval", "standalone")


@dataclass(frozen=True)
class TableFrame:
    """What a floor file says about a table that its stored state does not hold."""

    variant: str | None = None
    layout: Path | None = None
    layout_approval: str | None = None


@dataclass(frozen=True)
class FloorFrame:
    """The parts of a floor that are not in the stored state: casino, displays, tables' layouts."""

    casino: Casino = field(default_factory=lambda: Casino.model_validate({"name": "Casino"}))
    displays: Mapping[str, Display] = field(default_factory=dict)
    tables: Mapping[str, TableFrame] = field(default_factory=dict)

    @classmethod
    def of(cls, floor: Floor) -> FloorFrame:
        """The frame of a loaded floor file."""
        return cls(
            casino=floor.casino,
            displays=dict(floor.displays),
            tables={t.id: TableFrame(t.variant, t.layout, t.layout_approval) for t in floor.tables.values()},
        )

    def to_json(self) -> str:
        """The frame as JSON (for ``kiosk_meta``)."""
        return json.dumps(
            {
                "casino": {"name": self.casino.name, "timezone": str(self.casino.timezone)},
                "displays": [d.model_dump(mode="json", by_alias=True) for d in self.displays.values()],
                "tables": {
                    tid: {
                        "variant": t.variant,
                        "layout": None if t.layout is None else str(t.layout),
                        "layout_approval": t.layout_approval,
                    }
                    for tid, t in sorted(self.tables.items())
                },
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> FloorFrame:
        """The inverse of :meth:`to_json`; ``ValueError`` for text that is not a frame."""
        try:
            data = json.loads(text)
            displays = [Display.model_validate(d) for d in data["displays"]]
            return cls(
                casino=Casino.model_validate(data["casino"]),
                displays={d.id: d for d in displays},
                tables={
                    tid: TableFrame(
                        t["variant"], None if t["layout"] is None else Path(t["layout"]), t["layout_approval"]
                    )
                    for tid, t in data["tables"].items()
                },
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"stored floor frame is unreadable: {str(exc).splitlines()[0]}") from None


def _nomination(state: Mapping[str, Any]) -> Any:
    game_state = state.get("game_state") or {}
    return game_state.get("nomination") if game_state.get("kind") == "blackjack" else None


def floor_part(state: Mapping[str, Any] | None) -> Any:
    """The part of a table's state that its floor check reads (``None`` for no table)."""
    if state is None:
        return None
    return tuple(state.get(k) for k in _TABLE_PART) + (_nomination(state),)


def link_part(state: Mapping[str, Any] | None) -> Any:
    """The part of a link's state that the floor check reads."""
    if state is None:
        return None
    return tuple(state.get(k) for k in _LINK_PART)


_BUILT: dict[tuple[str, str, TableFrame | None], Table] = {}
_BUILT_KEPT = 4096


def _table(state: Mapping[str, Any], frame: TableFrame | None) -> Table:
    """The floor file's (frozen) table for a stored state, built once for each configuration:
    a write changes one table, and the law builds the whole floor before and after it."""
    key = (state["id"], repr(floor_part(state)), frame)  # floor_part: everything _build reads
    table = _BUILT.get(key)
    if table is None:
        table = _build(state, frame)
        if len(_BUILT) >= _BUILT_KEPT:
            _BUILT.clear()
        _BUILT[key] = table
    return table


def _build(state: Mapping[str, Any], frame: TableFrame | None) -> Table:
    game = state["game"]
    section = settings_section(game)
    limits = state.get("limits") or {}
    settings = dict(state.get("settings") or {})
    # the live limits hold the rule-relevant settings (set_limits changes them there)
    settings.update(
        {name: limits[name] for name, sections in LIMIT_SETTINGS.items() if section in sections and name in limits}
    )
    nomination = _nomination(state)
    if nomination:  # the round's nomination is what the sign shows (003 s50C(3))
        settings.update(nominated_suit=nomination["suit"], nominated_card=nomination["card"])
    data: dict[str, Any] = {
        "id": state["id"],
        "game": game,
        "display_name": state["display_name"],
        "limits": {k: limits[k] for k in _LIMITS_KEYS if k in limits},
        "signs_given": list(state.get("signs") or []),
        section: settings,
    }
    if frame is not None:
        data.update(variant=frame.variant, layout=frame.layout, layout_approval=frame.layout_approval)
    return Table.model_validate(data, by_name=True, by_alias=False, context={STORED: True})


def _link(state: Mapping[str, Any]) -> Link:
    meter = state["meter"]
    return Link.model_validate(
        {
            "id": state["id"],
            "name": state["name"],
            "tables": list(state["tables"]),
            "approval": state.get("approval"),
            "seed_cents": meter["seed_cents"],
            "prize_cents": meter["amount_cents"],
            "contribution_bp": meter["rate_bp"],
        },
        by_name=True,
        by_alias=False,
        context={STORED: True},
    )


def _first_error(exc: ValidationError) -> str:
    """``key: text`` of the first problem, keyed as the floor file and the commands name it."""
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"]).replace("signs_given", "signs") or "value"
    text = str(error["msg"]).removeprefix("Value error, ").splitlines()[0]
    if text.startswith("@"):  # the floor models' "@subkey: text" (kiosk.floor.models._raise)
        key, _, text = text[1:].partition(": ")
        where = f"{where}{key}" if key.startswith("[") else f"{where}.{key}"
    return f"{where}: {text}"


def floor_of(
    frame: FloorFrame, tables: Mapping[str, Mapping[str, Any]], links: Mapping[str, Mapping[str, Any]]
) -> Floor:
    """The floor that stored tables and links make on ``frame``.

    Raises :class:`BadRequest` naming the table when a configuration is not one a floor
    file could hold (e.g. a sign kind the game does not have).
    """
    built: dict[str, Table] = {}
    for table_id, state in sorted(tables.items()):
        try:
            built[table_id] = _table(state, frame.tables.get(table_id))
        except ValidationError as exc:
            raise BadRequest(f"table {table_id}: {_first_error(exc)}") from None
    floor_links = {}
    for link_id, state in sorted(links.items()):
        if state.get("standalone"):
            continue  # one table's own meter: its settings are checked with the table (000 s231(2))
        try:
            floor_links[link_id] = _link(state)
        except ValidationError as exc:
            raise BadRequest(f"jackpot link {link_id}: {_first_error(exc)}") from None
    displays = {
        k: d
        for k, d in frame.displays.items()
        if (d.table is not None and d.table in built) or (d.link is not None and d.link in floor_links)
    }
    return Floor.model_validate(
        {"format": FORMAT, "casino": frame.casino, "tables": built, "links": floor_links, "displays": displays},
        by_name=True,
        by_alias=False,
        context={STORED: True},
    )


def _errors(frame: FloorFrame, tables: Mapping[str, Any], links: Mapping[str, Any]) -> list[Violation]:
    return [v for v in check_floor(floor_of(frame, tables, links)) if v.severity == "error"]


@dataclass(frozen=True)
class FloorLaw:
    """Checks a write against the floor rules on a frame (see the module doc)."""

    frame: FloorFrame = field(default_factory=FloorFrame)

    def refuse_new_violations(
        self,
        tables: Mapping[str, Any],
        links: Mapping[str, Any],
        new_tables: Mapping[str, Any] | None = None,
        new_links: Mapping[str, Any] | None = None,
    ) -> None:
        """Raise :class:`RuleRefused` (its citation as ``rule``) if replacing the states in
        ``tables``/``links`` by ``new_tables``/``new_links`` (a ``None`` state: removed)
        breaks a floor rule the current floor does not break."""
        after_tables = _replaced(tables, new_tables or {})
        after_links = _replaced(links, new_links or {})
        try:
            before = {(v.rule, v.message) for v in _errors(self.frame, tables, links)}
        except BadRequest:
            before = set()  # a stored configuration no floor file could hold: judge the result alone
        found = [v for v in _errors(self.frame, after_tables, after_links) if (v.rule, v.message) not in before]
        if found:
            first = found[0]
            more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
            message = first.message if first.rule in first.message else f"{first.message} ({first.rule})"
            raise RuleRefused(f"{message}{more}", rule=first.rule)


def _replaced(states: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(states)
    for key, state in changes.items():
        if state is None:
            out.pop(key, None)
        else:
            out[key] = state
    return out
