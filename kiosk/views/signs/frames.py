"""Sign scenes for a screen: what the ``limits`` and ``signs`` display views show.

The same sign content and layout as paper (:mod:`kiosk.views.signs.typeset`), composed for the
screen area in true millimetres, with a live countdown added to every notice of a change
ahead (003 s259(3), s295(3)), and, while a poker room player's time to act runs, its countdown
in place of the signs (002 r6.14).  The table's notices (:mod:`kiosk.views.table_notices`: a
closing, a card machine malfunction, an illumination fault) come first, each a page of its own.
A sign too long for the screen at the 8 mm floor is shown in pages that turn, each whole and
legal on its own with "1 of 3" (:mod:`kiosk.views.signs.pages`; a notice of a change ahead takes
a page of its own).  A part of a sign that fits no page is not shown: a calm page asks players
to ask the dealer, the reason goes to staff in the view's status (a fault).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Hashable, Mapping
from datetime import datetime
from typing import Any, cast

from kiosk.language import tr
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.times import parse_utc
from kiosk.scene.primitives import Primitive, Scene
from kiosk.state.shapes import TableState
from kiosk.views.base import Area, CasinoSettings, Status, ViewState, sign_text, status_mark
from kiosk.views.signs.content import Big, Block, Context, Notice, Para, SignContent, SignProblem, content_digest
from kiosk.views.signs.kinds import sign_contents
from kiosk.views.signs.pages import pages as sign_pages
from kiosk.views.signs.typeset import SCREEN_INK, SCREEN_PAPER, compose_sign, min_cap_mm
from kiosk.views.table_notices import TableNotice, table_notices

__all__ = ["Showing", "countdown_text", "notice_sign", "sign_view_state", "time_to_act", "with_countdowns"]


@dataclasses.dataclass(frozen=True)
class Showing:
    """What a sign view's frames show, for the display's report (:mod:`kiosk.state.showing`):
    the sign kinds with every page shown at the legal size, the changes their notices announce,
    and the words of the jackpot sharing sign (000 s247(3))."""

    signs: frozenset[str] = frozenset()
    notices: frozenset[str] = frozenset()
    sharing: str | None = None

    def adding(self, content: SignContent) -> Showing:
        notices = {b.change_id for b in content.blocks if isinstance(b, Notice) and b.change_id}
        sharing = self.sharing
        if content.kind == "jackpot_sharing":
            sharing = " ".join(b.text for b in content.blocks if isinstance(b, Para))
        return Showing(self.signs | {content.kind}, self.notices | notices, sharing)


def countdown_text(effective_at: datetime, now: datetime) -> str:
    """``"in 14:05"`` (minutes and seconds), ``"in 1 h 05 min"``, or ``"now"``."""
    seconds = int((effective_at - now).total_seconds())
    if seconds <= 0:
        return tr("now")
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return tr("in {hours} h {minutes} min").format(hours=hours, minutes=f"{minutes:02d}")
    return tr("in {minutes}:{seconds}").format(minutes=minutes, seconds=f"{secs:02d}")


def with_countdowns(content: SignContent, now: datetime) -> SignContent:
    """``content`` with each timed notice ending in the time left until it takes effect."""
    blocks = tuple(
        dataclasses.replace(b, text=f"{b.text} ({countdown_text(b.effective_at, now)})")
        if isinstance(b, Notice) and b.effective_at is not None
        else b
        for b in content.blocks
    )
    return dataclasses.replace(content, blocks=blocks)


def time_to_act(table: Mapping[str, Any], now: datetime) -> SignContent | None:
    """The countdown of a running time-to-act clock at a poker room table (002 r6.14: 5 to 60
    seconds, administered by the dealer), or ``None`` when no clock runs.  Whole seconds left,
    rounded up, so it reads 0:00 only when the time is up."""
    state = table.get("game_state") or {}
    clock = state.get("clock") if table.get("game") == "poker" else None
    if not clock:
        return None
    ends = parse_utc(clock["ends_at"])
    left = max(0, math.ceil((ends - now).total_seconds()))
    blocks: list[Block] = [Big(f"{left // 60}:{left % 60:02d}")]
    if left == 0:
        blocks.append(Para(tr("Time is up"), bold=True))
    seat = clock.get("seat")
    title = tr("Seat {seat}: time to act").format(seat=seat) if seat is not None else tr("Time to act")
    return SignContent(
        "time_to_act",
        str(table["id"]),
        str(table.get("display_name") or table["game"]),
        title,
        tuple(blocks),
        "002 r6.14",
    )


def notice_sign(table: Mapping[str, Any], notice: TableNotice) -> SignContent:
    """A table's notice as a page among its signs: the table's name, the notice's first words
    as the title, the rest below, the citation in small print (none for a reading's notice)."""
    return SignContent(
        "table_notice",
        str(table["id"]),
        str(table.get("display_name") or table["game"]),
        notice.words[0],
        tuple(Para(w) for w in notice.words[1:]),
        notice.rule or "",
    )


def _not_shown(content: SignContent | None) -> str:
    """What players read in place of a sign no page of this screen can hold: calm words, the
    reason goes to staff in the view's status (:attr:`ViewState.status`)."""
    if content is None or not content.title:
        return tr("This sign cannot be shown on this screen. Please ask the dealer.")
    return tr("{sign}: please ask the dealer.").format(sign=content.title)


def _refusal(area: Area, words: str) -> Scene:
    """A plain page in place of a sign that fits no page: ``words`` at the floor, wrapped, or
    if they do not fit the screen, only "Please ask the dealer."; nothing rather than small
    print or text off the screen."""
    from kiosk.views.signs.typeset import wrap_lines

    margin = max(6.0, 0.05 * min(area.width_mm, area.height_mm))
    cap = min_cap_mm(MIN_TEXT_MM)
    items: list[Primitive] = []
    for text in (words, tr("Please ask the dealer.")):
        try:
            lines = wrap_lines(text, cap, area.width_mm - 2 * margin, bold=True)
            runs = sign_text(
                "\n".join(lines),
                x=margin,
                y=margin,
                mm=MIN_TEXT_MM,
                anchor="left",
                valign="top",
                weight="bold",
                fill=SCREEN_INK,
            )
        except ValueError:
            continue  # a word wider than the screen at 8 mm
        lowest = max(run.y for run in runs) + 0.3 * cap  # room for descenders
        if lowest <= area.height_mm - margin:
            items = list(runs)
            break
    return Scene(area.width_mm, area.height_mm, tuple(items), background=SCREEN_PAPER)


def on_screen(content: SignContent) -> SignContent:
    """A sign as a display shows it: without its citation, which is for the proof (the printed
    sign's small print, the audit record of the command), not the player's eye line (issue 18
    section 2; no seed asks a sign to cite its rule)."""
    return dataclasses.replace(content, citation="")


def sign_view_state(
    view: str,
    kinds: list[str],
    table: Mapping[str, Any],
    link: Mapping[str, Any] | None,
    settings: CasinoSettings,
    now: datetime,
    *,
    area: Area,
    connection: Status,
    frame_seconds: float | None,
) -> ViewState:
    """The view state showing the signs ``kinds`` of ``table`` in turn, one frame per page."""
    ctx = Context(table, link, settings.timezone, now)
    frames: list[Scene] = []
    summary: list[Hashable] = []
    problems: list[str] = []
    shown: Showing = Showing()
    clock = time_to_act(table, now)
    if clock is not None:
        # while a player's time to act runs, the countdown is all the screen shows (002 r6.14)
        kinds = []
        try:
            frames.append(compose_sign(on_screen(clock), area.width_mm, area.height_mm, screen=True))
            summary.append(content_digest(clock))
        except SignProblem as exc:
            problems.append(exc.message)
            frames.append(_refusal(area, _not_shown(clock)))
            summary.append(("too small", "time_to_act", exc.message))
    for notice in table_notices(cast("TableState", table)) if clock is None else ():  # the views give a TableState
        content = on_screen(notice_sign(table, notice))
        try:
            cut = sign_pages(content, area.width_mm, area.height_mm)
        except SignProblem as exc:
            problems.append(exc.message)
            frames.append(_refusal(area, _not_shown(content)))
            summary.append(("too small", notice.kind, exc.message))
        else:
            frames += [scene for _, scene in cut]
            summary += [content_digest(page) for page, _ in cut]
    for kind in kinds:
        try:
            pages = [on_screen(with_countdowns(c, now)) for c in sign_contents(kind, ctx)]
        except SignProblem as exc:
            problems.append(exc.message)
            frames.append(_refusal(area, _not_shown(None)))
            summary.append(("problem", kind, exc.message))
            continue
        for content in pages:
            try:
                cut = sign_pages(content, area.width_mm, area.height_mm)
            except SignProblem as exc:
                problems.append(exc.message)
                frames.append(_refusal(area, _not_shown(content)))
                summary.append(("too small", kind, exc.message))
                continue
            for page, scene in cut:
                summary.append(content_digest(page))
                frames.append(scene)
            shown = shown.adding(content)
    status = connection
    if problems and connection.is_live:
        status = Status.fault(problems[0])
    mark = status_mark(connection, settings, area)
    if mark:
        frames = [dataclasses.replace(f, items=f.items + tuple(mark)) for f in frames]
    if not frames:
        frames = [_refusal(area, tr("No signs are set for this table. Please ask the dealer."))]
    return ViewState(
        view=view,
        subject=str(table["id"]),
        content=(tuple(summary), area, shown),
        status=status,
        frames=tuple(frames),
        frame_seconds=frame_seconds if len(frames) > 1 else None,
        version=table.get("version"),
        link_version=None if link is None else link.get("version"),
        facts={"showing": shown},
    )
