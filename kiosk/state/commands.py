"""Every command the service accepts, and the checks every command goes through.

Order of checks (each refusal changes nothing): shape (:class:`BadRequest`, or
:class:`NotFound` for an unknown command type), role (:class:`Forbidden`), then inside the
store's transaction the target (:class:`NotFound`), the version the write was based on
(:class:`Conflict`) and the law (:class:`RuleRefused` with the citation).
"""

from __future__ import annotations

from typing import Any, Mapping

from kiosk.state import commands_config, commands_jackpot, commands_trichro, commands_twoup
from kiosk.state.commands_base import CommandSpec, Context, check_fields
from kiosk.rules.citation import RuleError
from kiosk.state.errors import BadRequest, Conflict, Forbidden, NotFound, RuleRefused
from kiosk.state.events import Actor
from kiosk.state.store import Apply, Loaded, Outcome
from kiosk.state.tokens import ROLE_RANK

__all__ = ["COMMANDS", "COMMAND_TYPES", "prepare", "make_apply", "authorize"]

COMMANDS: dict[str, CommandSpec] = {
    spec.type: spec
    for spec in (*commands_config.SPECS, *commands_trichro.SPECS, *commands_twoup.SPECS, *commands_jackpot.SPECS)
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
        raise BadRequest("a command is a JSON object with a \"type\"")
    kind = command.get("type")
    if not isinstance(kind, str):
        raise BadRequest("a command needs a \"type\" (text)")
    spec = COMMANDS.get(kind)
    if spec is None:
        raise NotFound(f"unknown command type {kind[:60]!r}")
    authorize(actor, spec.role, kind)
    cmd = check_fields(spec, command)
    if spec.target == "table" and actor.role == "dealer" and actor.tables is not None:
        if cmd["table_id"] not in actor.tables:
            raise Forbidden(f"this dealer token may not drive table {cmd['table_id']}")
    return spec, cmd


def make_apply(spec: CommandSpec, cmd: dict[str, Any], ctx: Context) -> Apply:
    """The function the store runs inside the transaction for this command."""

    def apply(loaded: Loaded) -> Outcome:
        if spec.target == "table":
            target = loaded.tables.get(cmd["table_id"])
            if target is None:
                raise NotFound(f"unknown table {cmd['table_id']!r}")
            if spec.games is not None and target["game"] not in spec.games:
                raise BadRequest(
                    f"{spec.type} is for {', '.join(spec.games)} tables; table {target['id']} is {target['game']}"
                )
        else:
            target = loaded.links.get(cmd["link_id"])
            if target is None:
                raise NotFound(f"unknown jackpot link {cmd['link_id']!r}")
        expected = cmd["expected_version"]
        if expected is not None and expected != target["version"]:
            raise Conflict(
                f"{spec.target} {target['id']} is at version {target['version']}, not {expected}: "
                "someone changed it first; reload and retry (nothing was changed)"
            )
        try:
            return spec.handler(ctx, cmd, target, loaded)
        except RuleError as exc:  # a rule module refused an input the shape checks let through
            raise RuleRefused(str(exc).splitlines()[0], rule=exc.rule) from None
        except ValueError as exc:
            raise BadRequest(f"{spec.type}: {str(exc).splitlines()[0] if str(exc) else 'invalid value'}") from None

    return apply
