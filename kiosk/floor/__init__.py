"""The floor file: the casino, its tables, jackpot links and displays (Qt-free).

``load_floor(path)`` reads a ``kiosk-floor/1`` TOML file into a frozen, typed
:class:`Floor` or raises :class:`FloorError` with one line per problem;
``check_floor(floor)`` lists every rule the floor breaks.  The format is documented in
``docs/floor.md``.
"""

from __future__ import annotations

from kiosk.floor.check import check_floor
from kiosk.floor.errors import FloorError
from kiosk.floor.load import load_floor, parse_floor
from kiosk.floor.models import Casino, Display, Floor, Limits, Link, Sign, Table

__all__ = [
    "Casino",
    "Display",
    "Floor",
    "FloorError",
    "Limits",
    "Link",
    "Sign",
    "Table",
    "check_floor",
    "load_floor",
    "parse_floor",
]
