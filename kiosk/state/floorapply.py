"""A floor file applied to a running database (``kiosk serve --apply-floor --operator NAME``): its
differences become commands by the operator, through the console's handlers and their controls
(docs/readings.md P-4).

Each table's and jackpot link's differences from the database are turned into the commands a pit
boss or administrator would send at the console (:mod:`kiosk.state.handlers`), run one after the
other in one transaction, as the operator:

* limits: ``set_limits``; a poker room table's change waits there for the completion of a hand
  after three hands' notice (002 r6.9) and, for the commission, for a display of the table to show
  it (002 r7.3); a higher manila or draw poker minimum table stake is ``schedule_change`` for a time
  :data:`NOTICE_AHEAD` ahead, so that its notice is displayed the 20 minutes the law asks
  (003 s259(3), s295(3)); the command says when it takes effect;
* the name and the signs: ``set_display_name`` and ``set_signs``;
* a jackpot's seed, contribution rate and way of sharing (with its sign's words): ``jackpot_propose``,
  which a second administrator approves (``jackpot_approve``); the sharing sign goes up or comes
  down with its words then, not at once (000 s247(3));
* what no console command changes (a new or removed table or link, a game's settings outside its
  limits, a link's name, tables, approval or jackpot wager) is applied at once as the operator's
  configuration, and refused while the jackpot it touches is locked by a pending hit (000 s245).

The commands' own law checks run as at the console; the floor rules ``kiosk check`` applies
(:mod:`kiosk.state.floorlaw`) are checked once, on the floor the whole file leaves now (with the
scheduled, pending and proposed changes still waiting), since a file changes several things of a
table at once that the console changes one by one.  Anything refused (with its citation) refuses
the whole file: nothing of it is applied.  A dry run runs the same commands, collects what each
table would get (refusals included) and rolls everything back.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from kiosk.floor.models import LIMIT_SETTINGS, settings_section
from kiosk.rules.caribbean import SHARING_LABELS
from kiosk.rules.changes import NOTICE_PERIOD, stake_notice_rule
from kiosk.rules.money import format_money
from kiosk.rules.times import format_utc
from kiosk.state.errors import RuleRefused, StateError, refused
from kiosk.state.events import Actor
from kiosk.state.floorlaw import FloorFrame, FloorLaw
from kiosk.state.handlers import (
    Context,
    bumped,
    initial_game_state,
    link_event,
    make_apply,
    new_link_state,
    prepare,
    require_unlocked,
    table_event,
)
from kiosk.state.store import AuditDraft, Loaded, Outcome

__all__ = [
    "ACTION",
    "NOTICE_AHEAD",
    "DryRunDone",
    "FloorApplication",
    "apply_differences",
    "describe_changes",
    "new_link",
    "new_table",
]

ACTION = "floor_file_applied"
"""The audit action recording a floor file applied: its source, digest, operator and lines."""
NOTICE_AHEAD = NOTICE_PERIOD + timedelta(minutes=5)
"""How far ahead a change that needs a displayed notice is scheduled: the 20 minutes of
003 s259(3), s295(3), and five more for the displays to draw the notice and report it (the notice
counts from when a display first reported showing it); rounded up to the next whole minute."""

# the settings of a Caribbean stud jackpot that go by a jackpot proposal (two administrators), or
# are the prize at load (the meter moves): never applied at once from a file
_JACKPOT_CONTROLLED = ("sharing_method", "sharing", "seed_cents", "contribution_bp", "prize_cents")
_LINK_CONFIG = ("name", "tables", "approval", "standalone", "wager_cents")


def new_table(table_id: str, cfg: Mapping[str, Any]) -> dict[str, Any]:
    """A new table's row (a TableState) as a floor configuration gives it."""
    return {
        "id": table_id,
        "version": 1,
        **{k: cfg[k] for k in ("game", "display_name", "limits", "settings", "signs", "link_id")},
        "game_state": initial_game_state(cfg["game"], cfg["settings"]),
        "scheduled": [],
        "pending": [],
        "hands_completed": 0,
    }


def new_link(link_id: str, cfg: Mapping[str, Any]) -> dict[str, Any]:
    """A new jackpot link's row (a LinkState) as a floor configuration gives it."""
    return new_link_state(
        link_id,
        name=cfg["name"],
        tables=cfg["tables"],
        approval=cfg["approval"],
        seed_cents=cfg["seed_cents"],
        prize_cents=cfg["prize_cents"],
        rate_bp=cfg["rate_bp"],
        wager_cents=cfg["wager_cents"],
        standalone=cfg["standalone"],
        sharing=cfg["sharing"],
    )


class _Deferred(FloorLaw):
    """The floor law, checked once for the whole file instead of after each command."""

    def refuse_new_violations(
        self,
        tables: Mapping[str, Any],
        links: Mapping[str, Any],
        new_tables: Mapping[str, Any] | None = None,
        new_links: Mapping[str, Any] | None = None,
    ) -> None:
        return None


@dataclass
class FloorApplication:
    """Who applies a floor file and how: ``operator`` (every command and event is theirs), the new
    file's ``frame`` (its displays, approvals and the casino's timezone), ``dry_run`` (roll back,
    refusals reported instead of raised).  Filled in as the file is applied: ``lines``, one per
    table and jackpot link saying what happens to it, and ``refusals`` (how many were refused)."""

    operator: Actor
    frame: FloorFrame
    dry_run: bool = False
    lines: list[str] = field(default_factory=list)
    refusals: int = 0


class DryRunDone(Exception):
    """Raised at the end of a dry run so that the store rolls back everything it did."""


def _money_or(value: Any, key: str) -> str:
    if key.endswith("_cents") and isinstance(value, int) and not isinstance(value, bool):
        return format_money(value)
    if key.endswith("_bp") and isinstance(value, int) and not isinstance(value, bool):
        return f"{value / 100:g}%"
    if isinstance(value, list):
        return "[" + ", ".join(_money_or(v, key) for v in value) + "]"
    return "none" if value is None else str(value)


def _name(key: str) -> str:
    return key.removesuffix("_cents").removesuffix("_bp")


def describe_changes(have: Mapping[str, Any], want: Mapping[str, Any]) -> str:
    """``key old -> new`` for each key that differs (nested objects by their changed keys; money
    as dollars, basis points as percentages)."""
    parts = []
    for key in sorted(set(have) | set(want)):
        old, new = have.get(key), want.get(key)
        if old == new:
            continue
        if isinstance(old, Mapping) and isinstance(new, Mapping) and not key.endswith("_by"):
            inner = describe_changes(old, new)
            parts += [f"{_name(key)}.{part}" for part in inner.split(", ")] if inner else []
        else:
            parts.append(f"{_name(key)} {_money_or(old, key)} -> {_money_or(new, key)}")
    return ", ".join(parts)


def _scheduled_time(now: datetime) -> datetime:
    at = now + NOTICE_AHEAD
    whole = at.replace(second=0, microsecond=0)
    return whole if whole == at else whole + timedelta(minutes=1)


def _words(tables: Mapping[str, Any], table_ids: list[str]) -> str | None:
    """The sharing sign's words of a link's first table (the link's tables share one way)."""
    for table_id in sorted(table_ids):
        table = tables.get(table_id)
        if table is not None:
            return ((table.get("settings") or {}).get("jackpot") or {}).get("sharing_method")
    return None


class _Run:
    """One application of a floor file: the evolving tables and links, the outcome so far, and
    what each table and link gets."""

    def __init__(self, loaded: Loaded, application: FloorApplication, source: str) -> None:
        self.initial = loaded
        self.app = application
        self.source = source
        self.tables: dict[str, Any] = dict(loaded.tables)
        self.links: dict[str, Any] = dict(loaded.links)
        self.out = Outcome()
        self.parts: dict[str, list[str]] = {}
        self.refused: dict[str, str] = {}
        self.ctx = Context(actor=application.operator, now=loaded.now, rng=random.Random(), law=_Deferred())

    # -- running -----------------------------------------------------------------------------
    def view(self) -> Loaded:
        return dataclasses.replace(self.initial, tables=self.tables, links=self.links)

    def take(self, outcome: Outcome) -> None:
        self.out.events += outcome.events
        self.out.audit += outcome.audit
        for key, state in outcome.tables.items():
            self.out.tables[key] = state
            if state is None:
                self.tables.pop(key, None)
            else:
                self.tables[key] = state
        for key, link in outcome.links.items():
            self.out.links[key] = link
            if link is None:
                self.links.pop(key, None)
            else:
                self.links[key] = link

    def step(self, subject: str, do: Callable[[], str | None]) -> None:
        """Run one change of ``subject``; note what it did, or (dry run) that it was refused."""
        if subject in self.refused:
            return
        try:
            said = do()
        except StateError as exc:
            if not self.app.dry_run:
                raise _whole_file_refused(subject, exc) from None
            self.refused[subject] = _refusal(exc)
            return
        if said:
            self.parts.setdefault(subject, []).append(said)

    def command(self, command: dict[str, Any]) -> Outcome:
        """A console command by the operator, through the same handler and checks."""
        spec, cmd = prepare(self.ctx.actor, command)
        outcome = make_apply(spec, cmd, self.ctx)(self.view())
        self.take(outcome)
        return outcome

    # -- the changes -------------------------------------------------------------------------
    def table(self, table_id: str, want: Mapping[str, Any] | None) -> None:
        have = self.tables.get(table_id)
        subject = table_id
        if have is None and want is not None:
            self.step(subject, lambda: self._create_table(table_id, want))
            return
        if want is None:
            self.step(subject, lambda: self._remove_table(table_id))
            return
        assert have is not None
        if have["game"] != want["game"]:
            self.step(subject, lambda: self._configure_table(table_id, want, everything=True))
            return
        self.step(subject, lambda: self._configure_table(table_id, want))
        if self.tables[table_id]["display_name"] != want["display_name"]:
            self.step(subject, lambda: self._display_name(table_id, want["display_name"]))
        signs, held = _sharing_sign_held(self.tables[table_id], want)
        if self.tables[table_id].get("signs") != signs:
            self.step(subject, lambda: self._signs(table_id, signs))
        if held:
            self.step(subject, lambda: held)
        if self.tables[table_id].get("limits") != want["limits"]:
            self.step(subject, lambda: self._limits(table_id, want["limits"]))

    def link(self, link_id: str, want: Mapping[str, Any] | None, want_tables: Mapping[str, Any]) -> None:
        subject = f"jackpot {link_id}"
        have = self.links.get(link_id)
        if have is None and want is not None:
            self.step(subject, lambda: self._create_link(link_id, want))
            return
        if want is None:
            self.step(subject, lambda: self._remove_link(link_id))
            return
        assert have is not None
        if any(have.get(k) != want[k] for k in _LINK_CONFIG):
            self.step(subject, lambda: self._configure_link(link_id, want))
        self.step(subject, lambda: self._propose(link_id, want, want_tables))

    def _create_table(self, table_id: str, want: Mapping[str, Any]) -> str:
        state = new_table(table_id, dict(want))
        self.take(Outcome(events=[table_event("table_created", state, source=self.source)], tables={table_id: state}))
        return f"new {want['game']} table: created"

    def _remove_table(self, table_id: str) -> str:
        have = self.tables[table_id]
        link = self.links.get(have.get("link_id") or "")
        if link is not None:
            require_unlocked(link)
        removed = {**have, "version": have["version"] + 1}
        self.take(Outcome(events=[table_event("table_removed", removed, source=self.source)], tables={table_id: None}))
        return "not in the floor file: removed"

    def _configure_table(self, table_id: str, want: Mapping[str, Any], *, everything: bool = False) -> str | None:
        """What no console command changes: the game (with everything), settings outside the
        limits and the jackpot's controlled settings, and the link the table is under."""
        have = self.tables[table_id]
        if everything:
            settings = dict(want["settings"])
        else:
            settings = _uncontrolled(have["game"], have.get("settings") or {}, want["settings"])
        changed = {}
        if settings != (have.get("settings") or {}):
            changed["settings"] = settings
        if have.get("link_id") != want["link_id"]:
            changed["link_id"] = want["link_id"]
        if everything:
            changed.update({k: want[k] for k in ("game", "display_name", "limits", "signs")})
        if not changed:
            return None
        betting = ((have.get("settings") or {}).get("betting"), settings.get("betting"))
        if have["game"] == "poker" and not everything and betting[0] != betting[1]:
            raise RuleRefused(
                f"{table_id}: poker.betting {betting[0]} -> {betting[1]}: a betting type changes only after three"
                " hands' notice, at the completion of a hand (002 r6.9), and no command gives that notice for it;"
                " keep the betting type, or give the table with the new one a new id",
                rule="002 r6.9",
            )
        for link_id in {have.get("link_id"), want["link_id"]} - {None}:
            if link_id in self.links:
                require_unlocked(self.links[link_id])
        state = bumped(have)
        state.update(changed)
        game_settings = state.get("settings") or {}
        if everything or initial_game_state(state["game"], game_settings) != initial_game_state(
            have["game"], have.get("settings") or {}
        ):
            state["game_state"] = initial_game_state(state["game"], game_settings)
        keys = sorted(changed)
        event = table_event("table_configured", state, source=self.source, changed=keys)
        self.take(Outcome(events=[event], tables={table_id: state}))
        if everything:
            return f"now a {want['game']} table: configured at once"
        said = describe_changes(have.get("settings") or {}, settings) if "settings" in changed else ""
        if "link_id" in changed:
            said = ", ".join(p for p in (said, f"link {have.get('link_id')} -> {want['link_id']}") if p)
        return f"{said} at once"

    def _display_name(self, table_id: str, name: str) -> str:
        old = self.tables[table_id]["display_name"]
        self.command({"type": "set_display_name", "table_id": table_id, "display_name": name})
        return f"name {old!r} -> {name!r} at once"

    def _signs(self, table_id: str, signs: list[dict[str, Any]]) -> str:
        old = {s["kind"]: s.get("cap_mm") for s in self.tables[table_id].get("signs") or []}
        new = {s["kind"]: s.get("cap_mm") for s in signs}
        parts = [f"+{k}" for k in new if k not in old] + [f"-{k}" for k in old if k not in new]
        parts += [f"{k} {old[k]:g} -> {new[k]:g} mm" for k in new if k in old and old[k] != new[k]]
        self.command({"type": "set_signs", "table_id": table_id, "signs": [dict(s) for s in signs]})
        return f"signs {', '.join(parts) or 'reordered'} at once"

    def _limits(self, table_id: str, want: Mapping[str, Any]) -> str:
        table = self.tables[table_id]
        have = table.get("limits") or {}
        patch = {k: want[k] for k in want if have.get(k) != want.get(k)}
        what = describe_changes(have, {**have, **patch})
        if table["game"] == "poker":
            return self._poker_limits(table_id, patch, what)
        rule = stake_notice_rule(table["game"])
        stake = patch.get("minimum_table_stake_cents")
        if rule is not None and isinstance(stake, int) and stake > (have.get("minimum_table_stake_cents") or 0):
            return self._schedule(table_id, patch, what, rule)
        outcome = self.command({"type": "set_limits", "table_id": table_id, "limits": patch})
        reason = outcome.events[0].data.get("reason")
        return f"limits {what} at once" + (f" ({reason})" if reason else "")

    def _schedule(self, table_id: str, patch: dict[str, Any], what: str, rule: str) -> str:
        for item in self.tables[table_id].get("scheduled") or []:
            if item["limits"] == patch:
                return f"limits {what} already scheduled ({item['id']}) for {self._local(item['effective_at'])}"
        when = _scheduled_time(self.ctx.now)
        command = {"type": "schedule_change", "table_id": table_id, "limits": patch, "effective_at": format_utc(when)}
        [event] = self.command(command).events
        change = event.data["scheduled"]["id"]
        return (
            f"limits {what} scheduled ({change}) for {self._local(format_utc(when))}: it takes effect then if a"
            f" display of the table has shown its notice for {NOTICE_PERIOD.seconds // 60} minutes ({rule})"
        )

    def _poker_limits(self, table_id: str, patch: dict[str, Any], what: str) -> str:
        for item in self.tables[table_id].get("pending") or []:
            if item["limits"] == patch:
                return f"limits {what} already pending ({item['id']}) until the completion of a hand"
        [event] = self.command({"type": "set_limits", "table_id": table_id, "limits": patch}).events
        pending = event.data["pending"]
        waits = []
        if pending["notice"] is not None:
            waits.append("after three hands' notice (002 r6.9)")
        if pending["commission"]:
            waits.append("once a display of the table shows the new commission (002 r7.3)")
        line = f"limits {what} pending ({pending['id']}): takes effect at the completion of a hand"
        return f"{line} {' and '.join(waits)}" if waits else line

    def _create_link(self, link_id: str, want: Mapping[str, Any]) -> str:
        created = new_link(link_id, dict(want))
        self.take(Outcome(events=[link_event("link_created", created, source=self.source)], links={link_id: created}))
        return "new jackpot: created"

    def _remove_link(self, link_id: str) -> str:
        have = self.links[link_id]
        require_unlocked(have)
        removed = {**have, "version": have["version"] + 1}
        self.take(Outcome(events=[link_event("link_removed", removed, source=self.source)], links={link_id: None}))
        return "not in the floor file: removed"

    def _configure_link(self, link_id: str, want: Mapping[str, Any]) -> str:
        have = self.links[link_id]
        require_unlocked(have)
        state = bumped(have)
        state.update({k: want[k] for k in _LINK_CONFIG})
        keys = sorted(k for k in _LINK_CONFIG if have.get(k) != want[k])
        self.take(
            Outcome(
                events=[link_event("link_configured", state, source=self.source, changed=keys)],
                links={link_id: state},
            )
        )
        return f"{describe_changes({k: have.get(k) for k in keys}, {k: want[k] for k in keys})} at once"

    def _propose(self, link_id: str, want: Mapping[str, Any], want_tables: Mapping[str, Any]) -> str | None:
        have = self.links[link_id]
        meter = have["meter"]
        changes: dict[str, Any] = {}
        if meter["seed_cents"] != want["seed_cents"]:
            changes["seed_cents"] = want["seed_cents"]
        if meter["rate_bp"] != want["rate_bp"]:
            changes["contribution_bp"] = want["rate_bp"]
        words = _words(want_tables, want["tables"])
        if (have.get("sharing"), _words(self.tables, have["tables"])) != (want["sharing"], words):
            changes.update(sharing=want["sharing"], sharing_words=words)
        if not changes:
            return None
        before = {"seed_cents": meter["seed_cents"], "contribution_bp": meter["rate_bp"]}
        numbers = [k for k in before if k in changes]
        what = describe_changes({k: before[k] for k in numbers}, {k: changes[k] for k in numbers})
        if "sharing" in changes:
            old, new = (SHARING_LABELS.get(str(m), str(m)) for m in (have.get("sharing"), changes["sharing"]))
            sign = "no sharing sign" if words is None else f"the sign saying {words!r}"
            what = ", ".join(p for p in (what, f"sharing {old} -> {new}, with {sign}") if p)
        for proposal in (have.get("proposals") or {}).values():
            if proposal["changes"] == changes:
                return f"{what}: already proposed ({proposal['id']}), waiting for a second administrator"
        command = {"type": "jackpot_propose", "link_id": link_id, **{k: v for k, v in changes.items()}}
        [event] = self.command(command).events
        return (
            f"{what}: proposed ({event.data['proposal_id']}); takes effect when a second administrator"
            f" approves it (jackpot_approve)"
        )

    # -- the end -------------------------------------------------------------------------
    def check_law(self) -> None:
        """The floor the file leaves now breaks no floor rule the floor before it did not."""
        try:
            FloorLaw(self.app.frame).refuse_new_violations(
                self.initial.tables, self.initial.links, self.out.tables, self.out.links
            )
        except StateError as exc:
            subject = exc.message.split(":", 1)[0]
            if subject not in self.initial.tables and subject not in self.tables:
                subject = f"jackpot {subject}" if subject in self.links else "floor"
            if not self.app.dry_run:
                raise _whole_file_refused(subject, exc) from None
            self.refused[subject] = _refusal(exc)

    def lines(self, table_ids: list[str], link_ids: list[str]) -> list[str]:
        out = []
        for subject in [*table_ids, *(f"jackpot {link_id}" for link_id in link_ids)]:
            if subject in self.refused:
                out.append(f"{subject}: refused: {self.refused[subject].removeprefix(f'{subject}: ')}")
            else:
                out.append(f"{subject}: {'; '.join(self.parts.get(subject) or ['no change'])}")
        if "floor" in self.refused:
            out.append(f"floor: refused: {self.refused['floor']}")
        return out

    def _local(self, stamp: str) -> str:
        from kiosk.rules.times import parse_utc

        zone = self.app.frame.casino.timezone
        return parse_utc(stamp).astimezone(zone).strftime(f"%Y-%m-%d %H:%M ({zone.key})")


def _refusal(exc: StateError) -> str:
    rule = exc.rule
    return exc.message if rule is None or rule in exc.message else f"{exc.message} ({rule})"


def _whole_file_refused(subject: str, exc: StateError) -> StateError:
    message = f"{subject}: {_refusal(exc).removeprefix(f'{subject}: ')}; nothing of the floor file was applied"
    return refused(message, exc.rule) if isinstance(exc, RuleRefused) else type(exc)(message)


def _jackpot_words(table: Mapping[str, Any]) -> str | None:
    return ((table.get("settings") or {}).get("jackpot") or {}).get("sharing_method")


def _sharing_sign_held(have: Mapping[str, Any], want: Mapping[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """The signs a file gives a table at once, and what waits: while the words of the jackpot
    sharing sign change (a jackpot proposal), the sign stays up or down as it is; it goes up or
    comes down with its words when a second administrator approves them (000 s247(3)), so that it
    never states nothing, nor comes down while the approved way it states applies."""
    signs = list(want["signs"])
    if have["game"] != "caribbean_stud" or _jackpot_words(have) == _jackpot_words(want):
        return signs, None
    sharing = [s for s in have.get("signs") or [] if s["kind"] == "jackpot_sharing"]
    wanted = any(s["kind"] == "jackpot_sharing" for s in signs)
    if bool(sharing) == wanted:
        return signs, None
    if wanted:
        signs = [s for s in signs if s["kind"] != "jackpot_sharing"]
        return signs, "the jackpot sharing sign goes up with its words when a second administrator approves them"
    at = [s["kind"] for s in have.get("signs") or []].index("jackpot_sharing")
    signs.insert(min(at, len(signs)), dict(sharing[0]))
    return signs, "the jackpot sharing sign comes down when a second administrator approves the jackpot's new way"


def _uncontrolled(game: str, have: Mapping[str, Any], want: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a file changes at once: ``want``, keeping from ``have`` what the limits hold
    (set_limits changes it) and the jackpot settings a proposal changes."""
    section = settings_section(game)
    out = dict(want)
    for name, sections in LIMIT_SETTINGS.items():
        if section in sections:
            if name in have:
                out[name] = have[name]
            else:
                out.pop(name, None)
    if "jackpot" in want:
        jackpot = dict(want["jackpot"] or {})
        before = have.get("jackpot") or {}
        for name in _JACKPOT_CONTROLLED:
            if name in before:
                jackpot[name] = before[name]
            else:
                jackpot.pop(name, None)
        out["jackpot"] = jackpot
    return out


def apply_differences(
    loaded: Loaded, config: Mapping[str, Any], application: FloorApplication, source: str, meta: dict[str, str]
) -> Outcome:
    """The outcome of applying ``config`` (:func:`kiosk.state.floorsync.floor_config`) to the
    database ``loaded`` holds, as ``application.operator``'s commands (see the module doc); fills
    ``application.lines``.  Raises the first refusal, or (dry run) :class:`DryRunDone`."""
    run = _Run(loaded, application, source)
    table_ids = sorted(set(loaded.tables) | set(config["tables"]))
    link_ids = sorted(set(loaded.links) | set(config["links"]))
    for table_id in table_ids:
        run.table(table_id, config["tables"].get(table_id))
    for link_id in link_ids:
        run.link(link_id, config["links"].get(link_id), config["tables"])
    run.check_law()
    application.lines = run.lines(table_ids, link_ids)
    application.refusals = len(run.refused)
    if application.dry_run:
        raise DryRunDone()
    run.out.meta.update(meta)
    details = {
        "source": source,
        "digest": meta.get("floor_digest"),
        "operator": application.operator.name,
        "lines": application.lines,
    }
    run.out.audit.append(AuditDraft(ACTION, None, details))
    return run.out
