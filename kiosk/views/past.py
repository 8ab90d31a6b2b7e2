"""A picture of a past moment: a view composed by today's code from the floor as the log says it
was then (:class:`kiosk.state.history.PastState`).

:func:`settings_then` gives the casino's settings a display composed with then (the name and time
zone of the recorded floor frame; the logo when the file recorded is still the same bytes);
:func:`compose_then` composes a subject's view with them at the moment itself, as a live
display that had just heard from its server would have (``heard_at`` the moment, status live).
``kiosk snapshot --at``, ``kiosk export --at`` and the console's "What was shown" all go through
these two.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from zoneinfo import ZoneInfo

from kiosk.state.history import PastState
from kiosk.views.base import DEFAULT_AREA, DEFAULT_TIMEZONE, Area, CasinoSettings, ViewState
from kiosk.views.screen import Subject, compose_view

__all__ = ["built_from", "compose_then", "logo_then", "settings_then"]


def logo_then(past: PastState) -> tuple[Path | None, str]:
    """The casino's logo recorded with the frame then, if the file is still the same bytes, and
    one line saying what became of it."""
    recorded = (past.frame or {}).get("logo")
    if not isinstance(recorded, Mapping) or not recorded.get("path"):
        return None, "no logo recorded"
    path = Path(str(recorded["path"]))
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None, f"logo {path.name} not drawn: the file is not on this computer"
    if digest != recorded.get("sha256"):
        return None, f"logo {path.name} not drawn: the file has changed since"
    return path, f"logo {path.name} as recorded"


def settings_then(past: PastState, logo: Path | None = None) -> CasinoSettings:
    """The casino's settings a display composed with at ``past.at``: the casino's name and time
    zone from the floor frame then, and ``logo`` (default: :func:`logo_then`), as
    ``kiosk display`` builds them from ``GET /api/v1/floor`` (``casino_from_summary``).  A
    table's own layout file (the floor file's ``layout``) is in the frame but is not served to
    the displays, which draw the shipped layout of the game; so is the past picture."""
    try:
        zone = ZoneInfo(past.casino.get("timezone") or DEFAULT_TIMEZONE)
    except (KeyError, ValueError):
        zone = ZoneInfo(DEFAULT_TIMEZONE)
    return CasinoSettings(
        name=past.casino.get("name", ""), timezone=zone, logo=logo if logo is not None else logo_then(past)[0]
    )


def compose_then(
    subject: Subject,
    past: PastState,
    *,
    area: Area = DEFAULT_AREA,
    lit: Iterable[str] = (),
    settings: CasinoSettings | None = None,
) -> ViewState:
    """``subject``'s view at ``past.at`` (:func:`kiosk.views.screen.compose_view`; its
    ``LookupError`` and ``ValueError`` in one line)."""
    return compose_view(
        subject,
        past.tables,
        past.links,
        settings or settings_then(past),
        past.at,
        area=area,
        heard_at=past.at,
        lit=lit,
    )


def built_from(past: PastState) -> str:
    """One line: the event, audit record and head the picture was built from."""
    return f"built from event {past.seq}, audit record {past.n}, audit head {past.head}"
