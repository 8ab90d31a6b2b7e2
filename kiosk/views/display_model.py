"""One display's views, kept up to date from the stream, without Qt.

A display shows one or more subjects (a floor file's ``[[display]]`` entries: a view of a table
or of a jackpot link), each on a screen area.  :class:`DisplayModel` holds the mirrored state
(:class:`kiosk.state.client.LiveState`), applies stream items and connection events, recomposes
only the views whose inputs changed, and tells its listeners only when a composed
:class:`~kiosk.views.base.ViewState` really changed (a limits change does not repaint a
layout-only display)::

    model = DisplayModel([Subject("layout", table="TC54-01")], settings, area=Area(527, 296))
    model.add_listener(lambda subject, state: widget.show(state))
    async for item in client.stream(tables=model.tables):
        model.apply(item)               # a Snapshot or an Event
    client.on_connection(model.connection)
    model.tick(now)                     # about once a second: countdowns, the meter's 30 s rule

Connection events (:mod:`kiosk.state.client.status`): ``Connected`` makes the views live,
``Offline`` marks them stale since the outage began, ``TokenRefused`` a fault with the server's
reason; ``Resuming`` changes nothing until caught up.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from kiosk.language import ENGLISH, speaking
from kiosk.rules.times import utc_now
from kiosk.state.client import LiveState, Snapshot
from kiosk.state.client.status import Connected, ConnectionEvent, Offline, Resuming, TokenRefused
from kiosk.state.events import Event
from kiosk.views.base import DEFAULT_AREA, LIVE, Area, CasinoSettings, Status, ViewState
from kiosk.views.screen import Subject, compose_view
from kiosk.views.screens import SCREENS

__all__ = ["DisplayModel", "Listener", "READS_LINK", "TIMED_VIEWS", "status_of"]

log = logging.getLogger(__name__)

Listener = Callable[[Subject, ViewState], None]
READS_LINK = frozenset(view for view, screen in SCREENS.items() if screen.reads_link)  # drawn from the link too
TIMED_VIEWS = frozenset(view for view, screen in SCREENS.items() if screen.timed)  # change with the clock alone
HEARD_VIEWS = frozenset(view for view, screen in SCREENS.items() if screen.heard)  # judge when the server was heard


def status_of(event: ConnectionEvent, current: Status) -> Status:
    """The views' status after a connection event."""
    if isinstance(event, Connected):
        return LIVE
    if isinstance(event, Offline):
        if current.kind == "stale" and current.since is not None and current.since <= event.since:
            return current  # the same outage, retried
        return Status.stale(event.since)
    if isinstance(event, TokenRefused):
        return Status.fault(f"the server refused this display's token: {event.message}")
    if isinstance(event, Resuming):
        return current
    raise TypeError(f"not a connection event: {event!r}")


@dataclass
class _Slot:
    subject: Subject
    area: Area
    state: ViewState | None = None
    problem: str | None = None  # why it cannot be composed now (missing table, bad view)
    inputs: tuple[object, ...] | None = None
    language: str = ENGLISH  # composed in this language (kiosk.language.speaking)


class DisplayModel:
    """The views of one display (see the module docstring)."""

    def __init__(
        self,
        subjects: Iterable[Subject],
        settings: CasinoSettings,
        *,
        area: Area = DEFAULT_AREA,
        areas: Mapping[Subject, Area] | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.settings = settings
        self.live = LiveState()
        self.status: Status = LIVE
        self.heard_at: datetime | None = None
        self._clock = clock
        self._now = clock()
        self._listeners: list[Listener] = []
        self._slots = [_Slot(s, (areas or {}).get(s, area)) for s in dict.fromkeys(subjects)]
        if not self._slots:
            raise ValueError("a display shows at least one view")

    # -- what it shows ---------------------------------------------------------------------

    @property
    def subjects(self) -> tuple[Subject, ...]:
        return tuple(slot.subject for slot in self._slots)

    @property
    def tables(self) -> list[str] | None:
        """The tables to subscribe to (``None``: a link display needs every member table's events)."""
        if any(slot.subject.link is not None for slot in self._slots):
            return None
        return sorted({slot.subject.table for slot in self._slots if slot.subject.table is not None})

    def view(self, subject: Subject) -> ViewState | None:
        """The subject's current view state (``None`` until it can be composed)."""
        return self._slot(subject).state

    def problem(self, subject: Subject) -> str | None:
        """Why the subject's view cannot be composed now (one line), or ``None``."""
        return self._slot(subject).problem

    def add_listener(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(subject, view_state)`` whenever a view's state changes; returns a
        function that removes it."""
        self._listeners.append(listener)

        def remove() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return remove

    def set_area(self, subject: Subject, area: Area) -> list[Subject]:
        """Compose ``subject`` for another screen area (a calibrated scale, another screen)."""
        slot = self._slot(subject)
        slot.area = area
        return self._recompose([slot])

    def set_language(self, subject: Subject, language: str) -> list[Subject]:
        """Compose ``subject`` in ``language`` (a player's language button); raises
        ``ValueError`` for a language without a catalogue."""
        with speaking(language):
            pass
        slot = self._slot(subject)
        slot.language = language
        return self._recompose([slot])

    def language(self, subject: Subject) -> str:
        """The language ``subject`` is composed in."""
        return self._slot(subject).language

    # -- inputs ----------------------------------------------------------------------------

    def apply(self, item: Snapshot | Event) -> list[Subject]:
        """Apply a stream item; returns the subjects whose view changed (listeners told)."""
        self.heard_at = self._now = self._clock()
        what, ident = self.live.apply(item)
        if what == "snapshot":
            return self._recompose(self._slots)
        affected = []
        if what == "table":
            affected = [s for s in self._slots if s.subject.table == ident]
        elif what == "link":
            for slot in self._slots:
                if slot.subject.link == ident:
                    affected.append(slot)
                elif slot.subject.view in READS_LINK and slot.subject.table is not None:
                    table = self.live.tables.get(slot.subject.table)
                    if table is not None and table.get("link_id") == ident:
                        affected.append(slot)
        # hearing from the server is news to a meter that was about to show a fault: recompose it
        heard = [s for s in self._slots if s.subject.view in HEARD_VIEWS]
        return self._recompose([s for s in affected if s not in heard]) + self._recompose(heard, timed=True)

    def connection(self, event: ConnectionEvent) -> list[Subject]:
        """Apply a connection event (live, stale since T, or a fault)."""
        status = status_of(event, self.status)
        self._now = self._clock()
        if isinstance(event, Connected):
            self.heard_at = self._now
        if status == self.status:  # the clock moved on (and a meter may have heard from its server)
            return self._recompose([s for s in self._slots if s.subject.view in TIMED_VIEWS], timed=True)
        self.status = status
        return self._recompose(self._slots)

    def heartbeat(self, at: datetime | None = None) -> list[Subject]:
        """The server was heard from (a stream heartbeat) at ``at`` (default: now)."""
        self.heard_at = at or self._clock()
        return self.tick()

    def tick(self, now: datetime | None = None) -> list[Subject]:
        """Re-evaluate the views that change with the clock (countdowns, the jackpot meter's
        30 s rule, the offline mark's wording) at ``now``."""
        self._now = now or self._clock()
        return self._recompose([s for s in self._slots if s.subject.view in TIMED_VIEWS], timed=True)

    # -- composing -------------------------------------------------------------------------

    def _slot(self, subject: Subject) -> _Slot:
        for slot in self._slots:
            if slot.subject == subject:
                return slot
        raise KeyError(f"this display does not show {subject.view} of {subject.name}")

    def _inputs(self, slot: _Slot) -> tuple[object, ...]:
        subject = slot.subject
        table = self.live.tables.get(subject.table) if subject.table else None
        link_id = subject.link or (table.get("link_id") if table else None)
        link = self.live.links.get(link_id) if link_id and subject.view in READS_LINK else None
        return (
            (None if table is None else table.get("version")),
            (None if link is None else link.get("version")),
            link_id,
            self.status,
            slot.area,
            slot.language,
        )

    def _recompose(self, slots: Sequence[_Slot], *, timed: bool = False) -> list[Subject]:
        changed = []
        for slot in slots:
            inputs = self._inputs(slot)
            if not timed and inputs == slot.inputs and slot.state is not None:
                continue
            slot.inputs = inputs
            try:
                with speaking(slot.language):
                    state = compose_view(
                        slot.subject,
                        self.live.tables,
                        self.live.links,
                        self.settings,
                        self._now,
                        area=slot.area,
                        connection=self.status,
                        heard_at=self.heard_at,
                    )
            except (LookupError, ValueError) as exc:
                problem = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
                if slot.problem != problem:
                    log.info("%s of %s: %s", slot.subject.view, slot.subject.name, problem)
                slot.problem = problem
                continue
            slot.problem = None
            if state == slot.state:
                continue  # the scene shown stands, and so do the seq and moment it was composed at
            slot.state = state = dataclasses.replace(state, seq=self.live.seq)
            changed.append(slot.subject)
            for listener in list(self._listeners):
                listener(slot.subject, state)
        return changed
