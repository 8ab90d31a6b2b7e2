"""Table and link states for signs, from a floor file: the same states ``kiosk serve`` seeds
its database with (:func:`kiosk.state.floorsync.sync_floor` on an empty store), so a sign
exported from a floor file and one exported from a running server are composed from the
same shape of data."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from kiosk.floor.models import Floor
from kiosk.state.floorsync import floor_config, sync_floor
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.store import Loaded

__all__ = ["states_from_floor"]


def states_from_floor(floor: Floor, now: datetime | None = None) -> tuple[dict[str, TableState], dict[str, LinkState]]:
    """``(tables, links)``: every table's and jackpot link's state as a fresh server holds it.

    Raises :class:`kiosk.state.errors.RuleRefused` (with ``.rule``) when a table's limits
    break a rule, exactly as ``kiosk serve --floor`` refuses the floor.
    """
    seed = sync_floor(floor_config(floor), None, "floor file")
    outcome = seed(Loaded({}, {}, now or datetime.now(UTC)))
    # the seeding's outcome holds the new states as plain dicts (kiosk.state.store.Outcome)
    tables = {k: cast(TableState, v) for k, v in outcome.tables.items() if v is not None}
    links = {k: cast(LinkState, v) for k, v in outcome.links.items() if v is not None}
    return tables, links
