"""What a table-side screen shows: its view, or a notice in its place (Qt-free).

A display never shows a picture it cannot stand behind.  :func:`decide` chooses, for one
screen, between the view state composed for it and a whole-screen notice
(:mod:`kiosk.views.notices`), in this order:

* the server refused the display's token: a notice saying so, whatever the view;
* no view state: "connecting" until some state has arrived; then the reason the view cannot be
  composed (for a sign, as a sign not shown);
* a sign view (``limits``, ``signs``: every letter and number at least 8 mm high, 001 s459(2),
  003 s23(2)) on a screen whose size is unknown: its 8 mm cannot be guaranteed;
* a sign view that could fit none of its signs at the legal letter height on this screen (the
  view state is a fault with a reason, and shows no sign): a sign too long for one screen is
  shown in pages (:mod:`kiosk.views.signs.pages`), and a part that fits no page is a calm page
  of its own among the others while the reason goes to staff in the status;
* otherwise the view state.

:func:`decide_frame` then checks the one scene about to be painted (a frame of the view state):
a sign whose letters, as shown on this screen, measure under 8 mm is replaced by a notice too.
Pictures (layouts, meters, lights, results) are shown whatever their scale.  The display process
(:mod:`kiosk.ui.display.app`) paints what these two return and decides nothing itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.scene.legibility import short_text
from kiosk.scene.primitives import Scene
from kiosk.views.base import Area, ViewState
from kiosk.views.notices import legibility_notice, notice_scene, token_refused_notice, waiting_notice
from kiosk.views.screen import Subject

__all__ = ["SIGN_VIEWS", "SIGN_RULE", "Notice", "Picture", "decide", "decide_frame"]

SIGN_VIEWS = frozenset({"limits", "signs"})  # signs the law holds to 8 mm: shown at true size or not at all
SIGN_RULE = "001 s459(2), 003 s23(2)"


@dataclass(frozen=True)
class Notice:
    """A whole-screen notice shown instead of a view: ``reason`` says why, in a word and its
    detail (``"refused"``, ``"waiting"``, ``"problem:..."``, ``"uncalibrated"``, ``"small:..."``,
    ``"short"``; a screen already showing a notice for a reason does not show it again), and
    ``scene`` is the notice, the size of the screen."""

    reason: str
    scene: Scene


Picture = ViewState | Notice
"""What a screen shows: its view state, or a notice in its place."""


def decide(
    state: ViewState | None,
    *,
    subject: Subject,
    area: Area,
    server: str,
    refused: str | None = None,
    problem: str | None = None,
    received: bool = True,
    scale_known: bool = True,
    scale_reason: str | None = None,
) -> Picture:
    """What the screen showing ``subject`` on ``area`` shows, given its view state (``None``
    when the view cannot be composed now).

    ``server`` is the server's URL (named on the notices), ``refused`` the server's reason for
    refusing the display's token, ``problem`` why the view cannot be composed (one line),
    ``received`` whether the display holds any state at all yet (from the stream or its saved
    state), ``scale_known`` whether the screen's millimetres are known (calibrated, or a
    plausible reported size) and ``scale_reason`` why not."""
    view, name = subject.view, subject.name
    if refused is not None:
        return Notice("refused", token_refused_notice(area.width_mm, area.height_mm, server, refused))
    if state is None:
        if problem is None or not received:
            return Notice("waiting", waiting_notice(area.width_mm, area.height_mm, f"{view} of {name}", server))
        if view in SIGN_VIEWS:
            return Notice(
                f"problem:{problem}", legibility_notice(area.width_mm, area.height_mm, view, name, problem.rstrip("."))
            )
        return Notice(
            f"problem:{problem}", notice_scene(area.width_mm, area.height_mm, "VIEW NOT SHOWN", problem, fault=True)
        )
    if view in SIGN_VIEWS and not scale_known:
        return Notice(
            "uncalibrated",
            legibility_notice(
                area.width_mm,
                area.height_mm,
                view,
                name,
                f"this screen's size is unknown ({scale_reason or 'not calibrated'})",
            ),
        )
    reason = state.status.reason
    if view in SIGN_VIEWS and state.status.kind == "fault" and reason and not _shows_a_sign(state):
        # the view could fit none of its signs at the legal size on this screen
        return Notice(
            f"small:{reason}", legibility_notice(area.width_mm, area.height_mm, view, name, reason.rstrip("."))
        )
    return state


def _shows_a_sign(state: ViewState) -> bool:
    """Whether a sign view's frames show some sign or notice at the legal size (its pages
    that fit are shown, a page in place of a part that fits none)."""
    showing = state.facts.get("showing")
    return bool(showing is not None and (getattr(showing, "signs", None) or getattr(showing, "notices", None)))


def decide_frame(scene: Scene, *, subject: Subject, area: Area, shown_scale: float = 1.0) -> Scene | Notice:
    """``scene`` (a frame of the screen's view state), or a notice when it is a sign whose
    letters measure under 8 mm as shown: ``shown_scale`` millimetres of glass per millimetre
    of the scene (1.0 when it was composed for the screen's calibrated area)."""
    if subject.view not in SIGN_VIEWS:
        return scene
    problems = short_text(scene, rule=SIGN_RULE, scale=shown_scale)
    if not problems:
        return scene
    return Notice(
        "short", legibility_notice(area.width_mm, area.height_mm, subject.view, subject.name, problems[0].message)
    )
