"""The service's command handlers: every command it accepts, and the checks each goes through.

The public face of the package.  The handlers live in private modules by subject:
``_config`` (limits, signs, schedules), ``_jackpot`` (linked progressive meters),
``_trichro``, ``_twoup`` and the other games' modules (the dealer commands), ``_closing`` (a
table closed after a number of rounds, counted on every command's outcome), on the shared ``_base`` and
``_game_state`` (each game's live state, from :func:`initial_game_state` before its first round).

Order of checks (each refusal changes nothing): shape (:class:`BadRequest`, or
:class:`NotFound` for an unknown command type), role (:class:`Forbidden`), then inside the
store's transaction the target (:class:`NotFound`), the version the write was based on
(:class:`Conflict`) and the law (:class:`RuleRefused` with the citation).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.rules.citation import RuleError
from kiosk.state.errors import BadRequest, Conflict, Forbidden, NotFound, refused
from kiosk.state.events import Actor
from kiosk.state.floorlaw import floor_part, link_part
from kiosk.state.handlers import (
    _blackjack,
    _caribbean,
    _closing,
    _config,
    _jackpot,
    _paigow,
    _poker,
    _roulette,
    _trichro,
    _twoup,
)
from kiosk.state.handlers._base import (
    CommandSpec,
    Context,
    bumped,
    check_fields,
    command_schema,
    is_id,
    link_event,
    table_event,
)
from kiosk.state.handlers._config import APPLY_DUE, due_tables
from kiosk.state.handlers._game_state import initial_game_state
from kiosk.state.handlers._jackpot import meter_of, new_link_state, require_unlocked
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.store import Apply, Loaded, Outcome
from kiosk.state.tokens import ROLE_RANK

__all__ = [
    "APPLY_DUE",
    "COMMANDS",
    "COMMAND_TYPES",
    "CommandSpec",
    "Context",
    "authorize",
    "command_schema",
    "bumped",
    "due_tables",
    "initial_game_state",
    "is_id",
    "link_event",
    "make_apply",
    "meter_of",
    "new_link_state",
    "prepare",
    "require_unlocked",
    "table_event",
]

COMMANDS: dict[str, CommandSpec] = {
    spec.type: spec
    for spec in (
        *_config.SPECS,
        *_trichro.SPECS,
        *_twoup.SPECS,
        *_jackpot.SPECS,
        *_blackjack.SPECS,
        *_roulette.SPECS,
        *_paigow.SPECS,
        *_poker.SPECS,
        *_caribbean.SPECS,
        *_closing.SPECS,
    )
}
COMMAND_TYPES: tuple[str, ...] = tuple(COMMANDS)


def authorize(actor: Actor, role: str, what: str) -> None:
    """Refuse an actor whose role is below ``role``."""
    if ROLE_RANK.get(actor.role, -1) < ROLE_RANK[role]:
        if actor.role == "display":
            raise Forbidden(f"a display token can only read; {what} needs a {role} token")
        raise Forbidden(f"{what} needs a {role} token (this token is {actor.role})")


def prepare(actor: Actor, command: Any) -> tuple[CommandSpec, dict[str, Any]]:
    """Check a command's shape and the actor's right to send it; return its spec and fields."""
    if not isinstance(command, Mapping):
        raise BadRequest('a command is a JSON object with a "type"')
    kind = command.get("type")
    if not isinstance(kind, str):
        raise BadRequest('a command needs a "type" (text)')
    spec = COMMANDS.get(kind)
    if spec is None:
        raise NotFound(f"unknown command type {kind[:60]!r}")
    authorize(actor, spec.role, kind)
    cmd = check_fields(spec, command)
    if spec.target == "table" and actor.tables is not None and cmd["table_id"] not in actor.tables:
        raise Forbidden(
            f"this {actor.role} token is limited to tables {', '.join(sorted(actor.tables))};"
            f" it may not act on table {cmd['table_id']}"
        )
    return spec, cmd


def make_apply(spec: CommandSpec, cmd: dict[str, Any], ctx: Context) -> Apply:
    """The function the store runs inside the transaction for this command."""

    def apply(loaded: Loaded) -> Outcome:
        target: TableState | LinkState
        if spec.target == "table":
            table = loaded.tables.get(cmd["table_id"])
            if table is None:
                raise NotFound(f"unknown table {cmd['table_id']!r}")
            if spec.games is not None and table["game"] not in spec.games:
                raise BadRequest(
                    f"{spec.type} is for {', '.join(spec.games)} tables; table {table['id']} is {table['game']}"
                )
            target = table
        else:
            link = loaded.links.get(cmd["link_id"])
            if link is None:
                raise NotFound(f"unknown jackpot link {cmd['link_id']!r}")
            allowed = ctx.actor.tables
            outside = sorted(set(link["tables"]) - allowed) if allowed is not None else []
            if outside and allowed is not None:
                raise Forbidden(
                    f"this {ctx.actor.role} token is limited to tables {', '.join(sorted(allowed))};"
                    f" jackpot {link['id']} also serves table {outside[0]}"
                )
            target = link
        expected = cmd["expected_version"]
        if expected is not None and expected != target["version"]:
            raise Conflict(
                f"{spec.target} {target['id']} is at version {target['version']}, not {expected}: "
                "someone changed it first; reload and retry (nothing was changed)"
            )
        try:
            outcome = spec.handler(ctx, cmd, target, loaded)
        except RuleError as exc:  # a rule module refused an input the shape checks let through
            raise refused(str(exc).splitlines()[0], exc.rule) from None
        except ValueError as exc:
            raise BadRequest(f"{spec.type}: {str(exc).splitlines()[0] if str(exc) else 'invalid value'}") from None
        _closing.count_rounds(spec.type, outcome)  # a table being closed counts the rounds played (003 s32(3))
        _law_holds(spec, ctx, loaded, outcome)
        return outcome

    return apply


def _law_holds(spec: CommandSpec, ctx: Context, loaded: Loaded, outcome: Outcome) -> None:
    """The floor the outcome leaves breaks no rule ``kiosk check`` applies that the floor
    before it did not (:mod:`kiosk.state.floorlaw`); refused with the citation otherwise."""
    tables = {k: v for k, v in outcome.tables.items() if floor_part(v) != floor_part(loaded.tables.get(k))}
    links = {k: v for k, v in outcome.links.items() if link_part(v) != link_part(loaded.links.get(k))}
    if not tables and not links:
        return
    if not spec.floor:  # a programming error: the command did not load the whole floor to check
        raise RuntimeError(f"{spec.type} changed a table's configuration but is not declared floor=True")
    ctx.check_floor(loaded, tables, links)
