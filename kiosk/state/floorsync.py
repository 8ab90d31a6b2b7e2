"""Floor loading: a floor file seeds an empty database; a different floor is reported.

The configuration a floor file gives each table (game, name, limits, settings, signs,
jackpot) and each jackpot link is compared with the database.  The floor's configuration
is remembered (``kiosk_meta.floor_config``): starting again with the same floor file
changes nothing, even after pit staff changed tables at run time.  Starting with a floor
file that differs lists every difference and changes nothing (:class:`Conflict`), unless
``apply_floor`` is given; then each difference is applied as an event, in one transaction.

A Caribbean stud table outside any progressive link whose floor entry gives a jackpot seed
has its own meter (000 s231(2)), stored as a one-table link ``<table id>.jackpot``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from kiosk.rules.caribbean import sharing_method_of
from kiosk.state.audit import canonical_json
from kiosk.state.errors import Conflict, RuleRefused, refused
from kiosk.state.floorapply import DryRunDone, FloorApplication, apply_differences, new_link, new_table
from kiosk.state.handlers import link_event, table_event
from kiosk.state.limits_state import limits_to_dict, refuse_violations
from kiosk.state.store import Apply, Loaded, Outcome

__all__ = ["floor_config", "floor_digest", "sync_floor"]

_TABLE_KEYS = ("game", "display_name", "limits", "settings", "signs", "link_id")
_LINK_KEYS = ("name", "tables", "approval", "standalone", "seed_cents", "rate_bp", "wager_cents", "sharing")


def _sharing(table: Any) -> str:
    """The way a Caribbean stud table shares its jackpot (000 s247(2)(b); ``kiosk check`` has
    refused a floor whose way the rules cannot settle)."""
    jackpot = table.caribbean_settings.jackpot
    return sharing_method_of(jackpot.sharing_method, jackpot.sharing)


def floor_config(floor: Any) -> dict[str, Any]:
    """What a floor file says each table and link should be, as plain JSON values."""
    tables: dict[str, Any] = {}
    links: dict[str, Any] = {}
    for table_id, table in sorted(floor.tables.items()):
        settings = table.settings.model_dump(mode="json", by_alias=False)
        link = floor.link_of(table_id)
        link_id = link.id if link is not None else None
        if table.game == "caribbean_stud" and link is None:
            jackpot = table.caribbean_settings.jackpot
            if jackpot.seed_cents is not None:
                link_id = f"{table_id}.jackpot"
                links[link_id] = {
                    "name": f"{table.display_name} jackpot ({table_id})",
                    "tables": [table_id],
                    "approval": None,
                    "standalone": True,
                    "seed_cents": jackpot.seed_cents,
                    "rate_bp": jackpot.contribution_bp or 0,
                    "wager_cents": {table_id: jackpot.wager_cents},
                    "sharing": _sharing(table),
                    "prize_cents": jackpot.prize_cents if jackpot.prize_cents is not None else jackpot.seed_cents,
                }
        tables[table_id] = {
            "game": table.game,
            "display_name": table.display_name,
            "limits": limits_to_dict(table.limits_model()),
            "settings": settings,
            "signs": [{"kind": s.kind, "cap_mm": float(s.cap_mm)} for s in table.signs],
            "link_id": link_id,
        }
    for link_id, link in sorted(floor.links.items()):
        rates = {floor.tables[t].caribbean_settings.jackpot.contribution_bp for t in link.tables if t in floor.tables}
        rate = (
            link.contribution_bp
            if link.contribution_bp is not None
            else next((r for r in sorted(rates, key=lambda r: (r is None, r)) if r is not None), 0)
        )
        links[link_id] = {
            "name": link.name,
            "tables": sorted(link.tables),
            "approval": link.approval,
            "standalone": False,
            "seed_cents": link.seed_cents,
            "rate_bp": rate,
            "wager_cents": {
                t: floor.tables[t].caribbean_settings.jackpot.wager_cents
                for t in sorted(link.tables)
                if t in floor.tables
            },
            "sharing": next((_sharing(floor.tables[t]) for t in sorted(link.tables) if t in floor.tables), "s246"),
            "prize_cents": link.prize_at_load_cents,
        }
    return {"tables": tables, "links": links}


def floor_digest(config: dict[str, Any]) -> str:
    """SHA-256 of a floor configuration, ignoring the prizes at load (meters move)."""
    trimmed = {
        "tables": config["tables"],
        "links": {k: {f: v for f, v in link.items() if f != "prize_cents"} for k, link in config["links"].items()},
    }
    return hashlib.sha256(canonical_json(trimmed).encode("utf-8")).hexdigest()


def _table_view(state: Mapping[str, Any]) -> dict[str, Any]:
    return {k: state.get(k) for k in _TABLE_KEYS}


def _link_view(state: Mapping[str, Any]) -> dict[str, Any]:
    meter = state["meter"]
    view = {k: state.get(k) for k in ("name", "tables", "approval", "standalone", "wager_cents", "sharing")}
    view.update(seed_cents=meter["seed_cents"], rate_bp=meter["rate_bp"])
    return view


def _flat(prefix: str, value: Any, out: dict[str, Any]) -> dict[str, Any]:
    if isinstance(value, dict) and value:
        for key in sorted(value):
            _flat(f"{prefix}.{key}" if prefix else str(key), value[key], out)
    else:
        out[prefix] = value
    return out


def _differences(kind: str, ident: str, have: dict[str, Any], want: dict[str, Any]) -> list[str]:
    a, b = _flat("", have, {}), _flat("", want, {})
    lines = []
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):  # a key one side lacks is null there (a setting added since)
            lines.append(
                f"{kind} {ident}: {key} is {canonical_json(a.get(key))} in the database,"
                f" {canonical_json(b.get(key))} in the floor file"
            )
    return lines


def _check_rules(config: dict[str, Any]) -> None:
    for table_id, cfg in config["tables"].items():
        try:
            refuse_violations(cfg["game"], cfg["limits"])
        except RuleRefused as exc:
            raise refused(f"floor file: table {table_id}: {exc.message}", exc.rule) from None


def _all_differences(loaded: Loaded, config: dict[str, Any]) -> list[str]:
    diffs: list[str] = []
    for table_id in sorted(set(loaded.tables) | set(config["tables"])):
        have, want = loaded.tables.get(table_id), config["tables"].get(table_id)
        if have is None:
            diffs.append(f"table {table_id} is in the floor file but not in the database")
        elif want is None:
            diffs.append(f"table {table_id} is in the database but not in the floor file")
        else:
            diffs += _differences("table", table_id, _table_view(have), want)
    for link_id in sorted(set(loaded.links) | set(config["links"])):
        have_link, want_link = loaded.links.get(link_id), config["links"].get(link_id)
        if have_link is None:
            diffs.append(f"jackpot {link_id} is in the floor file but not in the database")
        elif want_link is None:
            diffs.append(f"jackpot {link_id} is in the database but not in the floor file")
        else:
            trimmed = {k: v for k, v in want_link.items() if k != "prize_cents"}
            diffs += _differences("jackpot", link_id, _link_view(have_link), trimmed)
    return diffs


def _seed(config: dict[str, Any], source: str, meta: dict[str, str]) -> tuple[Outcome, list[str]]:
    """An empty database gets every table and link as the floor file says."""
    out = Outcome(meta=meta)
    lines = []
    for table_id, cfg in sorted(config["tables"].items()):
        state = new_table(table_id, cfg)
        out.tables[table_id] = state
        out.events.append(table_event("table_created", state, source=source))
        lines.append(f"{table_id}: new {cfg['game']} table: created")
    for link_id, cfg in sorted(config["links"].items()):
        created = new_link(link_id, cfg)
        out.links[link_id] = created
        out.events.append(link_event("link_created", created, source=source))
        lines.append(f"jackpot {link_id}: new jackpot: created")
    return out, lines


def sync_floor(
    config: dict[str, Any],
    stored_digest: str | None,
    source: str,
    frame: str | None = None,
    application: FloorApplication | None = None,
) -> Apply:
    """The store ``apply`` function that seeds, checks or applies a floor configuration.

    An empty database is seeded; the floor file the database was last loaded or applied with
    changes nothing; a floor file that differs is refused with its differences (:class:`Conflict`)
    unless ``application`` says who applies it: then its differences are that operator's commands
    (:func:`kiosk.state.floorapply.apply_differences`), and ``application.lines`` say what each
    table and link gets.  A dry run (``application.dry_run``) ends in
    :class:`~kiosk.state.floorapply.DryRunDone`, after which the store has written nothing.

    ``frame`` (:meth:`kiosk.state.floorlaw.FloorFrame.to_json`) is kept as ``floor_frame`` so
    that every node checks writes against the floor's displays and approvals."""
    digest = floor_digest(config)
    kept = {} if frame is None else {"floor_frame": frame}

    def apply(loaded: Loaded) -> Outcome:
        meta = {"floor_digest": digest, "floor_source": source, **kept}
        if not loaded.tables and not loaded.links:
            _check_rules(config)
            out, lines = _seed(config, source, meta)
            if application is not None:
                application.lines = lines
                if application.dry_run:
                    raise DryRunDone()
            return out
        diffs = [] if stored_digest == digest else _all_differences(loaded, config)
        if not diffs:
            if application is not None:
                application.lines = [f"{t}: no change" for t in sorted(loaded.tables)]
                application.lines += [f"jackpot {link}: no change" for link in sorted(loaded.links)]
                if application.dry_run:
                    raise DryRunDone()
            return Outcome(meta=dict(kept) if stored_digest == digest else meta)
        if application is None:
            shown = "; ".join(diffs[:20]) + (f"; and {len(diffs) - 20} more" if len(diffs) > 20 else "")
            raise Conflict(
                f"the floor file differs from the database ({len(diffs)} differences): {shown}."
                " Nothing was changed; start with --apply-floor --operator NAME to apply them through the"
                " change controls (add --dry-run to see what each table would get)"
            )
        _check_rules(config)
        return apply_differences(loaded, config, application, source, meta)

    return apply
