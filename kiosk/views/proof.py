"""What a display reports of the picture it painted, and that picture composed again.

A display's report of what one screen shows (``docs/api.md``, "Reports from a display") carries,
while the screen shows its view, the view's :func:`~kiosk.scene.digest.frames_digest` and
everything else it was composed from besides the state: :func:`picture_report` makes those
fields from the shown :class:`~kiosk.views.base.ViewState`::

    {"digest": "sha256:...", "seq": 4121, "composer": "kiosk 0.1.0+...", "view": "limits",
     "screen_mm": [527.0, 296.0], "screen_px": [1920, 1080],
     "composed_at": "2026-11-28T11:14:05.000000Z", "status": {"kind": "live"},
     "heard_at": "2026-11-28T11:14:01.000000Z"}

``seq`` is the sequence number of the last event applied to the state it was composed from,
so the state is the fold of the audit trail up to it (:mod:`kiosk.state.replay`).
:func:`Picture.of` reads them back from an audit record's details (``None`` for a report that
carries no digest: a screen showing nothing, or a report made before displays sent digests) and
:func:`recompose` composes the view again from a rebuilt state with the same moment, screen
area, connection status and heard-from time, for :func:`~kiosk.scene.digest.frames_digest` to
be compared with the reported one (:class:`Comparison`: matches, differs, or was composed by
other code).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from kiosk.rules.times import format_utc, parse_utc
from kiosk.scene.digest import COMPOSER, frames_digest
from kiosk.state.shapes import LinkState, TableState
from kiosk.state.showing import PICTURE_FIELDS
from kiosk.views.base import Area, CasinoSettings, Status, ViewState
from kiosk.views.screen import Subject, compose_view

__all__ = ["PICTURE_FIELDS", "Comparison", "Picture", "picture_report", "recompose", "status_fields"]


def status_fields(status: Status) -> dict[str, Any]:
    """A :class:`Status` as a report carries it: ``{"kind"}`` and, when set, ``since``, ``reason``."""
    out: dict[str, Any] = {"kind": status.kind}
    if status.since is not None:
        out["since"] = format_utc(status.since)
    if status.reason is not None:
        out["reason"] = status.reason
    return out


def picture_report(state: ViewState, screen_px: tuple[int, int] | None = None) -> dict[str, Any]:
    """The report's fields describing the picture of ``state`` as a screen of ``screen_px``
    device pixels shows it (``state`` composed by :func:`~kiosk.views.screen.compose_view`)."""
    area = state.area or Area(state.scene.width_mm, state.scene.height_mm)
    return {
        "digest": frames_digest(state.frames, state.frame_seconds),
        "seq": state.seq,
        "composer": COMPOSER,
        "view": state.view,
        "screen_mm": [area.width_mm, area.height_mm],
        "screen_px": None if screen_px is None else [int(screen_px[0]), int(screen_px[1])],
        "composed_at": None if state.composed_at is None else format_utc(state.composed_at),
        "status": status_fields(state.status),
        "heard_at": None if state.heard_at is None else format_utc(state.heard_at),
    }


def _time(value: Any, what: str) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"the report's {what} is not a time")
    try:
        return parse_utc(value)
    except ValueError:
        raise ValueError(f"the report's {what} is not a time: {value!r}") from None


def _pair(value: Any, what: str) -> tuple[float, float]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) and v > 0 for v in value)
    ):
        raise ValueError(f"the report's {what} is not a width and a height")
    return float(value[0]), float(value[1])


@dataclass(frozen=True)
class Picture:
    """What a display reported painting on one screen: the digest, and what the view was
    composed from besides the state at ``seq``."""

    digest: str
    seq: int
    composer: str
    view: str
    screen_mm: tuple[float, float]
    screen_px: tuple[int, int] | None
    composed_at: datetime
    status: Status
    heard_at: datetime | None

    @classmethod
    def of(cls, details: Mapping[str, Any]) -> Picture | None:
        """The picture a ``display_showing`` record's details describe; ``None`` when they carry
        no digest.  ``ValueError`` (one line) for details that name a digest but cannot say
        how to compose it again."""
        digest = details.get("digest")
        if digest is None:
            return None
        seq = details.get("seq")
        if not isinstance(digest, str) or not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ValueError("the report's digest or seq is malformed")
        view = details.get("view")
        if not isinstance(view, str):
            raise ValueError("the report names no view")
        status = details.get("status") or {"kind": "live"}
        if not isinstance(status, Mapping) or status.get("kind") not in ("live", "stale", "fault"):
            raise ValueError("the report's status is not live, stale or fault")
        since = None if status.get("since") is None else _time(status.get("since"), "status.since")
        reason = status.get("reason")
        px = details.get("screen_px")
        w, h = _pair(px, "screen_px") if px is not None else (0.0, 0.0)
        heard = details.get("heard_at")
        return cls(
            digest=digest,
            seq=seq,
            composer=str(details.get("composer") or ""),
            view=view,
            screen_mm=_pair(details.get("screen_mm"), "screen_mm"),
            screen_px=None if px is None else (int(w), int(h)),
            composed_at=_time(details.get("composed_at"), "composed_at"),
            status=Status(status["kind"], since=since, reason=None if reason is None else str(reason)),
            heard_at=None if heard is None else _time(heard, "heard_at"),
        )


def recompose(
    picture: Picture,
    subject: Subject,
    tables: Mapping[str, TableState],
    links: Mapping[str, LinkState],
    settings: CasinoSettings,
) -> tuple[ViewState, str]:
    """``(view state, digest)``: ``subject`` composed again as the report says it was (its
    moment, screen area, status and heard-from time) from ``tables`` and ``links`` (the state at
    the report's ``seq``).  ``LookupError``/``ValueError`` as :func:`compose_view`."""
    state = compose_view(
        subject,
        tables,
        links,
        settings,
        picture.composed_at,
        area=Area(*picture.screen_mm),
        connection=picture.status,
        heard_at=picture.heard_at,
    )
    return state, frames_digest(state.frames, state.frame_seconds)


@dataclass(frozen=True)
class Comparison:
    """A display's reported picture against the same view composed again today.

    ``reported_at``: when the report was recorded (its audit record's time); ``digest`` and
    ``composer``: today's composition and composer."""

    picture: Picture
    reported_at: datetime
    digest: str
    composer: str = COMPOSER

    @property
    def same_composer(self) -> bool:
        """Whether today's code composed it as the display's did (else digests may differ for
        the code's sake alone)."""
        return self.picture.composer == self.composer

    @property
    def matches(self) -> bool:
        """The digests are equal."""
        return self.picture.digest == self.digest

    def verdict(self, zone: tzinfo) -> str:
        """One line: ``digest matches the display's report of 21:14:03 (seq 4121)``, or that it
        differs, or that the composer has changed since, with both digests."""
        report = f"the display's report of {self.reported_at.astimezone(zone):%H:%M:%S} (seq {self.picture.seq})"
        if not self.same_composer:
            return (
                f"the composer has changed since {report}: it was composed by {self.picture.composer or 'unknown'},"
                f" today by {self.composer}; digest reported {self.picture.digest}, composed today {self.digest}"
                f" ({'equal' if self.matches else 'different'})"
            )
        if self.matches:
            return f"digest matches {report}"
        return f"digest differs from {report}: reported {self.picture.digest}, composed {self.digest}"
