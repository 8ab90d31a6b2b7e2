"""The display views, one module per view a floor file's ``[[display]]`` names
(``docs/floor.md``), and :data:`SCREENS`, the one registry of them.

Each module's ``compose`` composes its view's :class:`~kiosk.views.base.ViewState` from the
table's (and link's) state, with one calling convention (:class:`~kiosk.views.base.Compose`)::

    compose(table, link, settings, now, *, area=DEFAULT_AREA, connection=LIVE,
            heard_at=None, lit=frozenset())

A view ignores what it does not use; what each one uses is said by its :class:`Screen`, so
callers (:func:`kiosk.views.screen.compose_view`, :class:`kiosk.views.display_model.DisplayModel`)
ask the registry rather than the function.  The signs views also take ``interval_s``.

A new view is a module here, an entry in :data:`SCREENS`, and its games in
:data:`kiosk.floor.references.VIEW_GAMES` (the same names: a test holds them equal).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.views.base import Compose
from kiosk.views.screens import help, history, jackpot, layout, limits, signs, trichro, twoup_lights

__all__ = ["SCREENS", "Screen"]


@dataclass(frozen=True)
class Screen:
    """One display view: its ``compose`` and what it takes and reads.

    ``lights``: ``lit`` lights more areas on it (it draws the layout); ``heard``: it judges
    ``heard_at``, when the display last heard from its server; ``interval``: it shows frames
    in turn, ``interval_s`` seconds each; ``reads_link``: it is drawn from the table's jackpot
    link's state too; ``timed``: it changes with the clock alone (countdowns, the meter's
    30 s rule), so a display recomposes it as time passes.
    """

    compose: Compose
    lights: bool = False
    heard: bool = False
    interval: bool = False
    reads_link: bool = False
    timed: bool = False


SCREENS: dict[str, Screen] = {
    "layout": Screen(layout.compose, lights=True),
    "limits": Screen(limits.compose, interval=True, reads_link=True, timed=True),
    "signs": Screen(signs.compose, interval=True, reads_link=True, timed=True),
    "jackpot": Screen(jackpot.compose, heard=True, reads_link=True, timed=True),
    "trichro": Screen(trichro.compose, lights=True),
    "twoup_lights": Screen(twoup_lights.compose),
    "help": Screen(help.compose, reads_link=True),
    "history": Screen(history.compose),
}
"""Every display view by name: the names of :data:`kiosk.floor.references.VIEW_GAMES`."""
