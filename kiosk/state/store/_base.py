"""The store interface: what the service asks of SQLite and PostgreSQL alike.

Every write goes through :meth:`Store.write`: the store loads the rows the command needs,
calls the command's pure ``apply`` function with them, and stores what it returns (events, new
table and link states, audit records, token changes) in one transaction under the head row
(the writers' lock, which serialises writers across server nodes on PostgreSQL and gives the
one total order and the audit hash chain). On SQLite ``apply`` runs under the lock. On
PostgreSQL it runs first on a reader's snapshot, without the lock; under the lock the store
checks that the versions it read still hold (a row's ``version``; for a command that read the
whole floor, the rows it changes and the floor's configuration version) and otherwise runs
``apply`` again there, on the rows as they are. A node appends every write it has ready in one
transaction. If ``apply`` raises, nothing of that command is written.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from kiosk.state.audit import AuditReport
from kiosk.state.events import Actor, Event
from kiosk.state.history import PastRows, Target
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.showing import ShowingRecord

if TYPE_CHECKING:
    from kiosk.state.auditkey import AuditKey

__all__ = [
    "AuditQuery",
    "EventDraft",
    "AuditDraft",
    "TokenInsert",
    "TokenRevoke",
    "Loaded",
    "Outcome",
    "Store",
    "ALL",
]

ALL: Literal["*"] = "*"  # load every table / link (floor synchronisation)


@dataclass(frozen=True)
class AuditQuery:
    """Which audit records to read: by target (a table or link id), actor name, action, time
    (``since`` inclusive, ``until`` exclusive, UTC) and record number (``before``: older than)."""

    target: str | None = None
    actor: str | None = None
    action: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    before: int | None = None
    limit: int = 200


@dataclass(frozen=True)
class EventDraft:
    """An event before the store numbers it.  ``tables`` lists every table it concerns
    (for a link event, every linked table); an event with none goes to every subscriber."""

    type: str
    data: dict[str, Any]
    table_id: str | None = None
    link_id: str | None = None
    tables: tuple[str, ...] = ()
    version: int | None = None


@dataclass(frozen=True)
class AuditDraft:
    """An audit record for something that is not an event (e.g. a token issued)."""

    action: str
    target: str | None
    details: dict[str, Any]


@dataclass(frozen=True)
class TokenInsert:
    id: str
    hash: str
    role: str
    name: str
    tables: tuple[str, ...] | None
    created_at: str
    expires_at: str | None
    person: str | None = None  # whose token it is (kiosk.state.tokens); None: its name
    displays: tuple[str, ...] | None = None  # the displays a display token speaks for; None: none


@dataclass(frozen=True)
class TokenRevoke:
    id: str
    revoked_at: str


@dataclass
class Loaded:
    """The rows a command sees, read inside its transaction after the head row was locked."""

    tables: dict[str, TableState]
    links: dict[str, LinkState]
    now: datetime
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    read_reports: Callable[[str, datetime | None], list[ShowingRecord]] | None = None

    def reports(self, table_id: str, since: datetime | None = None) -> list[ShowingRecord]:
        """The table's displays' reports of what they show (:mod:`kiosk.state.showing`), made at
        or after ``since`` (None: the newest ``RECENT``), oldest first; read inside the
        command's transaction, only by the rules that need them."""
        return [] if self.read_reports is None else self.read_reports(table_id, since)


@dataclass
class Outcome:
    """What a command changes.  A state of ``None`` deletes the row."""

    events: list[EventDraft] = field(default_factory=list)
    tables: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    links: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    audit: list[AuditDraft] = field(default_factory=list)
    tokens: list[TokenInsert | TokenRevoke] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)


Apply = Callable[[Loaded], Outcome]


class Store(abc.ABC):
    """A durable home for events, state, audit and tokens."""

    kind: str = ""
    audit_key: AuditKey | None = None
    """The key audit records are signed with (:mod:`kiosk.state.auditkey`), set before :meth:`open`."""
    verify_only: bool = False
    """Opened to verify: a keyed database may then be opened without its key (nothing is written)."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect, refuse a corrupt or too-new database, migrate an older one."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Release every connection and thread."""

    @abc.abstractmethod
    async def write(
        self,
        actor: Actor,
        apply: Apply,
        *,
        now: datetime,
        tables: Collection[str] | Literal["*"] = (),
        links: Collection[str] | Literal["*"] = (),
        tokens: bool = False,
    ) -> list[Event]:
        """Run ``apply`` in one transaction and return the committed events."""

    @abc.abstractmethod
    async def snapshot(self, tables: Collection[str] | None = None) -> dict[str, Any]:
        """``{"seq": n, "tables": {...}, "links": {...}}`` read in one consistent view."""

    @abc.abstractmethod
    async def events_since(self, seq: int, tables: Collection[str] | None = None, limit: int = 1000) -> list[Event]:
        """Events with a sequence number above ``seq``, in order, at most ``limit``."""

    @abc.abstractmethod
    async def head_seq(self) -> int:
        """The sequence number of the last committed event."""

    @abc.abstractmethod
    async def find_token(self, digest: str) -> dict[str, Any] | None:
        """The token row whose hash is ``digest``, or ``None``."""

    @abc.abstractmethod
    async def list_tokens(self) -> list[dict[str, Any]]:
        """Every token row (hashes included, never secrets)."""

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """A value from ``kiosk_meta``."""

    @abc.abstractmethod
    async def verify_audit(self, key: Any = None, checkpoints: Any = None) -> AuditReport:
        """Prove the audit chain, the events it records and the state they make (with an
        :class:`~kiosk.state.auditkey.AuditKey`, the MACs; with checkpoints, the head), or
        say what differs (:func:`kiosk.state.audit.examine`)."""

    @abc.abstractmethod
    async def audit_records(self, query: AuditQuery) -> list[dict[str, Any]]:
        """The audit records ``query`` selects, newest first (at most ``query.limit``)."""

    @abc.abstractmethod
    async def past_rows(
        self,
        *,
        at: datetime | None = None,
        seq: int | None = None,
        target: Target | None = None,
        full: bool = False,
    ) -> PastRows:
        """What :func:`kiosk.state.history.state_at` folds, read in one consistent view: the log
        up to the last audit record at or before ``at`` (or up to event ``seq``'s record)."""

    @abc.abstractmethod
    async def audit_head(self) -> dict[str, Any]:
        """``{"seq", "n", "hash"}``: the last event, the last audit record and its hash."""

    def set_remote_listener(self, callback: Callable[[int | None], None]) -> None:
        """Call ``callback(seq)`` when another node commits (``None``: catch up after a
        reconnect).  Stores that serve one process ignore it."""
        return None

    async def wait_listening(self, timeout: float = 10.0) -> None:
        """Return once changes from other nodes are being received (at once for one process)."""
        return None

    @property
    def listening(self) -> bool | None:
        """Whether changes from other nodes are being received right now (None: a store that
        serves one process has no other nodes to hear from)."""
        return None

    @property
    def listen_lost_at(self) -> float | None:
        """``time.monotonic()`` when the store stopped hearing other nodes (None while it hears
        them, or when there are none)."""
        return None
