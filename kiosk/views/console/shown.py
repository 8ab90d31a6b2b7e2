"""The console's "What was shown": the decisions below Qt.

Pit staff or an inspector pick a table or a display and a moment; the page shows the picture
composed from the floor as the log says it was then (:mod:`kiosk.views.past`), the signs that
were up and the notices that were running, the displays' reports then, the audit records around
the moment, and exports the picture with a one-page certificate (:class:`Certificate`, drawn by
:mod:`kiosk.render.certificate`).  Here: what can be picked (:func:`choices`), the day the slider
spans and where the events fall on it (:func:`day_span`, :func:`marks`), what the signs and
notices were (:func:`signs_then`, :func:`notices_then`), the records around the moment
(:func:`around`) and the certificate's facts (:func:`certificate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from kiosk.floor.references import VIEW_GAMES
from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.times import parse_utc
from kiosk.state.history import PastState, describe_moment
from kiosk.state.showing import ShowingRecord
from kiosk.views.screen import Subject

__all__ = [
    "Certificate",
    "Choice",
    "DaySpan",
    "Mark",
    "NoticeLine",
    "RecordLine",
    "SignLine",
    "around",
    "certificate",
    "choices",
    "day_span",
    "marks",
    "notices_then",
    "signs_then",
    "views_for",
]


@dataclass(frozen=True)
class Choice:
    """Something to look at: a display of the floor (its subject), or a table (its views)."""

    label: str
    table: str | None
    link: str | None = None
    display: str | None = None
    view: str | None = None  # a display's view; a table's is picked beside it

    def subject(self, view: str | None = None) -> Subject:
        """The subject to compose: the display's own, or ``view`` of the table."""
        return Subject(self.view or view or "limits", table=self.table, link=self.link)


def choices(tables: Mapping[str, Mapping[str, Any]], displays: Iterable[Mapping[str, Any]]) -> list[Choice]:
    """Every table (``Table BJ-01: Blackjack``) and every display of the floor (``Display
    D-BJ-01-limits: limits of BJ-01``), tables first, each in id order."""
    out = [Choice(f"Table {tid}: {t.get('display_name', '')}".rstrip(": "), tid) for tid, t in sorted(tables.items())]
    for d in sorted(displays, key=lambda d: str(d.get("id"))):
        what = d.get("table") or d.get("link")
        out.append(
            Choice(
                f"Display {d['id']}: {d['view']} of {what}",
                d.get("table"),
                link=d.get("link"),
                display=str(d["id"]),
                view=str(d["view"]),
            )
        )
    return out


def views_for(game: str | None) -> list[str]:
    """The views a table of ``game`` can show (``kiosk.floor.references.VIEW_GAMES``), in order."""
    return [v for v, games in VIEW_GAMES.items() if v != "jackpot" and (games is None or game in games)]


@dataclass(frozen=True)
class DaySpan:
    """A day of the casino: from its midnight to the next, in UTC (23 or 25 hours across a
    change of daylight saving)."""

    day: date
    start: datetime
    end: datetime

    @property
    def seconds(self) -> int:
        return int((self.end - self.start).total_seconds())

    def moment(self, second: int) -> datetime:
        """The moment ``second`` seconds into the day (clamped to it)."""
        return self.start + timedelta(seconds=max(0, min(second, self.seconds - 1)))

    def second_of(self, moment: datetime) -> int:
        """How many seconds into the day ``moment`` is (clamped)."""
        return max(0, min(int((moment - self.start).total_seconds()), self.seconds - 1))


def day_span(day: date, zone: tzinfo) -> DaySpan:
    """The casino's day ``day`` in zone ``zone``."""
    start = datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone).astimezone(UTC)
    return DaySpan(day, start, end)


@dataclass(frozen=True)
class Mark:
    """An audit record on the day's slider: where (0 to 1), when, what."""

    position: float
    at: datetime
    action: str
    n: int


def marks(records: Iterable[Mapping[str, Any]], span: DaySpan) -> list[Mark]:
    """The day's records (``GET /api/v1/audit`` rows) as marks on the slider, oldest first."""
    out = []
    for r in records:
        at = parse_utc(str(r["at"]))
        if span.start <= at < span.end:
            out.append(Mark((at - span.start) / (span.end - span.start), at, str(r["action"]), int(r["n"])))
    return sorted(out, key=lambda m: m.n)


@dataclass(frozen=True)
class SignLine:
    """A sign the table was configured to show then, and the displays that reported showing it."""

    kind: str
    title: str
    shown_by: tuple[str, ...]

    @property
    def text(self) -> str:
        who = ", ".join(self.shown_by) if self.shown_by else "no display reported showing it"
        return f"{self.title} ({self.kind}): {who}"


def signs_then(past: PastState, table_id: str) -> list[SignLine]:
    """The table's configured signs at ``past.at``, each with the displays whose latest report
    then showed it; a reported sign the table no longer had configured is listed too."""
    table = past.tables.get(table_id)
    configured = [str(s["kind"]) for s in (table["signs"] if table is not None else [])]
    reports = past.showing()
    reported = sorted({k for r in reports for k in r.signs} - set(configured))
    return [
        SignLine(
            kind,
            SIGN_KINDS[kind].title if kind in SIGN_KINDS else kind,
            tuple(sorted(r.display for r in reports if kind in r.signs)),
        )
        for kind in [*configured, *reported]
    ]


@dataclass(frozen=True)
class NoticeLine:
    """A change announced then (scheduled, or waiting for a hand), and who showed its notice."""

    id: str
    text: str
    shown_by: tuple[str, ...]


def _limits_text(limits: Mapping[str, Any]) -> str:
    from kiosk.rules.money import format_money

    parts = []
    for key, value in sorted(limits.items()):
        name = key.removesuffix("_cents").replace("_", " ")
        parts.append(f"{name} {format_money(value)}" if key.endswith("_cents") and isinstance(value, int) else name)
    return ", ".join(parts) or "a change"


def notices_then(past: PastState, table_id: str) -> list[NoticeLine]:
    """The changes announced at the table at ``past.at`` (scheduled changes, and poker room
    changes waiting for a hand), each with the displays whose latest report showed its notice."""
    table = past.tables.get(table_id)
    reports = past.showing()
    out: list[NoticeLine] = []
    if table is None:
        return out
    for item in table.get("scheduled") or []:
        when = describe_moment(parse_utc(item["effective_at"]), past.zone)
        out.append(
            NoticeLine(
                item["id"],
                f"{_limits_text(item.get('limits') or {})} from {when}",
                _shown_by(reports, item["id"]),
            )
        )
    for waiting in table.get("pending") or []:
        out.append(
            NoticeLine(
                waiting["id"],
                f"{_limits_text(waiting.get('limits') or {})} at the end of the hand",
                _shown_by(reports, waiting["id"]),
            )
        )
    return out


def _shown_by(reports: Sequence[ShowingRecord], change_id: str) -> tuple[str, ...]:
    return tuple(sorted(r.display for r in reports if change_id in r.notices))


@dataclass(frozen=True)
class RecordLine:
    """An audit record near the moment: ``before`` it (in the picture) or after."""

    n: int
    at: datetime
    actor: str
    action: str
    target: str
    what: str
    before: bool


def _what(record: Mapping[str, Any]) -> str:
    details = record.get("details") or {}
    data = (details.get("event") or {}).get("data") if isinstance(details, Mapping) else None
    if isinstance(data, Mapping):
        shown = {k: v for k, v in data.items() if k not in ("state", "rule")}
        return ", ".join(f"{k}={v}" for k, v in sorted(shown.items()))[:160]
    if isinstance(details, Mapping):
        shown = {k: v for k, v in details.items() if k not in ("frame",)}
        return ", ".join(f"{k}={v}" for k, v in sorted(shown.items()))[:160]
    return ""


def around(records: Iterable[Mapping[str, Any]], past: PastState) -> list[RecordLine]:
    """The records (``GET /api/v1/audit`` rows) as lines, oldest first: those up to record
    ``past.n`` are in the picture."""
    return [
        RecordLine(
            int(r["n"]),
            parse_utc(str(r["at"])),
            str(r.get("actor") or ""),
            str(r.get("action") or ""),
            str(r.get("target") or ""),
            _what(r),
            int(r["n"]) <= past.n,
        )
        for r in sorted(records, key=lambda r: int(r["n"]))
    ]


@dataclass(frozen=True)
class Certificate:
    """What the one-page certificate of a past picture states (:mod:`kiosk.render.certificate`).

    ``lines`` are ``(label, value)`` pairs in order; ``checkpoint`` the ``kiosk-checkpoint``
    line of the record the picture was built from; ``digest`` the picture's digest
    (:func:`kiosk.scene.digest.frames_digest`; ``None``: the line is left out, never faked)."""

    title: str
    subject: str
    lines: tuple[tuple[str, str], ...]
    checkpoint: str
    verify: str
    digest: str | None = None


def certificate(
    past: PastState,
    subject: Subject,
    *,
    display: str | None = None,
    screen: str,
    server: str,
    generated: datetime,
    digest: str | None = None,
    composer: str | None = None,
    verdict: str | None = None,
) -> Certificate:
    """The certificate's facts for ``subject`` (shown by ``display``, if one was picked) at
    ``past.at``, composed for ``screen`` (e.g. ``"527 x 296 mm"``) from ``server``'s log:
    ``digest`` of the picture and the ``composer`` that made it, and ``verdict``: the display's
    reported picture composed again and compared (:class:`kiosk.views.proof.Comparison`)."""
    zone = past.zone
    local = past.at.astimezone(zone)
    reports = past.showing()
    mine = [r for r in reports if display is not None and r.display_id == display]
    if display is None:
        report_text = "; ".join(_report_text(r, zone) for r in reports) or "no display of the table had reported"
    elif mine:
        report_text = _report_text(mine[-1], zone)
    else:
        others = "; ".join(_report_text(r, zone) for r in reports) or "none"
        report_text = f"{display} had not reported showing anything; the table's displays then: {others}"
    lines: list[tuple[str, str]] = [
        ("Moment (casino time)", f"{local:%A %d %B %Y %H:%M:%S} {local.tzname()} ({zone})"),
        ("Moment (UTC)", past.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")),
        ("What", f"{subject.view} of {subject.name}" + (f", as display {display}" if display else "")),
        ("Composed for", f"a {screen} screen, by today's code, from the state the event log gives"),
        ("Sequence number", f"event {past.seq} (the last event at or before the moment)"),
        ("Audit record", f"{past.n}, of {describe_moment(past.record_at, zone) if past.record_at else '-'}"),
        ("Audit head", past.head),
        ("Casino frame", f"{past.casino.get('name', '')}, from {past.frame_from}"),
        ("Display's report then", report_text),
        ("Source", f"{server}; the database then held events to {past.head_now.get('seq')}"),
        ("Certificate made", generated.astimezone(zone).strftime("%d %b %Y %H:%M:%S %Z")),
    ]
    if digest is not None:
        lines.insert(7, ("Scene digest", digest + (f" (composed by {composer})" if composer else "")))
    if verdict is not None:
        after = [label for label, _ in lines].index("Display's report then") + 1
        lines.insert(after, ("Display's picture then", verdict))
    return Certificate(
        title="What was shown: certificate",
        subject=f"{subject.view} of {subject.name}",
        lines=tuple(lines),
        checkpoint=past.checkpoint_line(),
        verify=(
            "To check it: kiosk audit verify --db DATABASE --checkpoints FILE, FILE holding the checkpoint line above"
            " (the .checkpoint file written beside this certificate). It passes only while audit records 1 to"
            f" {past.n}, this picture's event {past.seq} among them, are exactly as they were when this certificate"
            " was made; a checkpoint the server shipped off the machine later (kiosk serve --checkpoints) proves"
            " the same of the records up to it (docs/audit.md)."
        ),
        digest=digest,
    )


def _report_text(record: ShowingRecord, zone: tzinfo) -> str:
    signs = ", ".join(sorted(record.signs)) or "no sign"
    notices = ", ".join(sorted(record.notices)) or "no notice"
    at = record.at.astimezone(zone).strftime("%H:%M:%S")
    return f"{record.display} at {at} (record {record.n}): signs {signs}; notices {notices}"
