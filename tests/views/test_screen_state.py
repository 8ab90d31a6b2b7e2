"""What a table-side screen shows (kiosk.views.screen_state), without Qt: its view, or a notice
when the law's 8 mm cannot be guaranteed (001 s459(2), 003 s23(2)), the token was refused, or
there is nothing to show yet.  Every branch of ``decide`` and ``decide_frame``."""

from __future__ import annotations

import pytest

from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.scene.primitives import Scene
from kiosk.scene.text import text_runs
from kiosk.views.base import LIVE, Area, Status, ViewState
from kiosk.views.screen import Subject
from kiosk.views.screen_state import SIGN_RULE, SIGN_VIEWS, Notice, decide, decide_frame

AREA = Area(527.0, 296.0)
SERVER = "http://kiosk.test:8765"
SIGN = Subject("limits", table="BJ-01")
SIGNS = Subject("signs", table="MP-01")
PICTURE = Subject("layout", table="TC54-01")


def _scene(cap_mm: float = 10.0) -> Scene:
    return Scene(200.0, 100.0, tuple(text_runs("MINIMUM $25", x=100, y=50, cap_mm=cap_mm, valign="middle")))


def _state(subject: Subject, status: Status = LIVE, cap_mm: float = 10.0) -> ViewState:
    return ViewState(subject.view, subject.name, ("content", cap_mm), status, frames=(_scene(cap_mm),))


def _texts(scene: Scene) -> str:
    return "\n".join(run.text for run in text_runs_of(scene))


def _decide(state: ViewState | None, subject: Subject = SIGN, **kw) -> object:
    return decide(state, subject=subject, area=AREA, server=SERVER, **kw)


def test_the_sign_views_are_limits_and_signs_under_the_8_mm_rule() -> None:
    assert SIGN_VIEWS == {"limits", "signs"}
    assert SIGN_RULE == "001 s459(2), 003 s23(2)"


def test_a_live_view_is_shown_as_it_is() -> None:
    for subject in (SIGN, SIGNS, PICTURE):
        state = _state(subject)
        assert _decide(state, subject) is state


@pytest.mark.parametrize("state", [None, _state(SIGN)], ids=["no state", "a state"])
def test_a_refused_token_is_said_on_screen_whatever_the_view(state) -> None:
    picture = _decide(state, refused="token revoked", problem="no table BJ-01")
    assert isinstance(picture, Notice) and picture.reason == "refused"
    words = _texts(picture.scene)
    assert "DISPLAY NOT AUTHORISED" in words and SERVER in words and "token revoked" in words
    # staff issue the new token for this screen's display, or its reports never count
    assert "kiosk token create --role display --display" in words
    assert (picture.scene.width_mm, picture.scene.height_mm) == (AREA.width_mm, AREA.height_mm)


def test_nothing_yet_is_connecting() -> None:
    picture = _decide(None, PICTURE)
    assert isinstance(picture, Notice) and picture.reason == "waiting"
    words = _texts(picture.scene)
    assert "CONNECTING" in words and "layout of TC54-01" in words and SERVER in words


def test_a_problem_before_any_state_arrived_is_still_connecting() -> None:
    picture = _decide(None, PICTURE, problem="no table TC54-01", received=False)
    assert isinstance(picture, Notice) and picture.reason == "waiting"


def test_a_view_that_cannot_be_composed_says_why() -> None:
    picture = _decide(None, PICTURE, problem="no table TC54-01 on the floor")
    assert isinstance(picture, Notice) and picture.reason == "problem:no table TC54-01 on the floor"
    words = _texts(picture.scene)
    assert "VIEW NOT SHOWN" in words and "no table TC54-01 on the floor" in words


def test_a_sign_that_cannot_be_composed_is_a_sign_not_shown() -> None:
    picture = _decide(None, SIGNS, problem="no table MP-01.")
    assert isinstance(picture, Notice) and picture.reason == "problem:no table MP-01."
    words = _texts(picture.scene)
    assert "SIGN NOT SHOWN" in words and "signs sign of MP-01: no table MP-01." in words
    assert "(001 s459(2), 003 s23(2))" in words


def test_a_sign_on_a_screen_of_unknown_size_is_not_shown() -> None:
    picture = _decide(_state(SIGN), scale_known=False, scale_reason="the screen reports 160x90 mm, a placeholder")
    assert isinstance(picture, Notice) and picture.reason == "uncalibrated"
    words = _texts(picture.scene)
    assert "SIGN NOT SHOWN" in words
    assert "this screen's size is unknown (the screen reports 160x90 mm, a placeholder)" in words
    unsaid = _decide(_state(SIGN), scale_known=False)
    assert isinstance(unsaid, Notice) and "(not calibrated)" in _texts(unsaid.scene)


def test_a_picture_on_a_screen_of_unknown_size_is_shown_fitted() -> None:
    state = _state(PICTURE)
    assert _decide(state, PICTURE, scale_known=False, scale_reason="not calibrated") is state


def test_a_sign_the_view_could_not_fit_at_8_mm_is_not_shown() -> None:
    reason = "the limits do not fit at 8 mm on 160 mm."
    picture = _decide(_state(SIGN, Status.fault(reason)))
    assert isinstance(picture, Notice) and picture.reason == f"small:{reason}"
    assert "limits sign of BJ-01: the limits do not fit at 8 mm on 160 mm." in _texts(picture.scene)


def test_a_fault_without_a_reason_or_on_a_picture_is_shown_as_the_view() -> None:
    quiet = _state(SIGN, Status("fault"))
    assert _decide(quiet) is quiet
    meter = _state(PICTURE, Status.fault("the meter has not heard from its server for 30 s"))
    assert _decide(meter, PICTURE) is meter


def test_a_stale_sign_is_still_shown() -> None:
    from datetime import UTC, datetime

    state = _state(SIGN, Status.stale(datetime(2026, 1, 1, tzinfo=UTC)))
    assert _decide(state) is state


def test_a_frame_with_letters_of_8_mm_as_shown_is_painted() -> None:
    scene = _scene(10.0)
    height = min(h for run in text_runs_of(scene) if (h := letter_height_mm(run)) is not None)
    assert decide_frame(scene, subject=SIGN, area=AREA) is scene
    assert decide_frame(scene, subject=SIGN, area=AREA, shown_scale=8.0 / height) is scene  # exactly 8 mm


def test_a_sign_frame_whose_letters_show_under_8_mm_is_a_notice() -> None:
    scene = _scene(10.0)
    height = min(h for run in text_runs_of(scene) if (h := letter_height_mm(run)) is not None)
    picture = decide_frame(scene, subject=SIGNS, area=AREA, shown_scale=7.9 / height)
    assert isinstance(picture, Notice) and picture.reason == "short"
    words = _texts(picture.scene)
    assert "SIGN NOT SHOWN" in words and "7.9 mm high as shown" in words and SIGN_RULE in words


def test_a_picture_frame_is_painted_whatever_its_letters_measure() -> None:
    scene = _scene(2.0)
    assert decide_frame(scene, subject=PICTURE, area=AREA, shown_scale=0.5) is scene


def test_a_sign_view_showing_some_signs_is_shown_with_its_fault_for_staff() -> None:
    from kiosk.views.signs.frames import Showing

    reason = "table BJ-01: sign game_notice: a part of it fits no page of this screen"
    state = ViewState(
        "limits",
        "BJ-01",
        ("content",),
        Status.fault(reason),
        frames=(_scene(),),
        facts={"showing": Showing(signs=frozenset({"limits"}))},
    )
    assert _decide(state) is state


@pytest.mark.parametrize("area", [Area(217.0, 136.0), Area(296.0, 527.0), Area(527.0, 296.0)], ids=str)
def test_the_fault_page_fits_its_screen(area) -> None:
    """ux-review P2: on a 10-inch screen the fault page's own text ran off the bottom."""
    from kiosk.views.composition import composition_faults

    reason = "table RO-01: sign limits: 'Straight up $5 $200' is 150 mm wide at the legal letter height; 120 mm fit"
    picture = decide(_state(SIGN, Status.fault(reason)), subject=SIGN, area=area, server=SERVER)
    assert isinstance(picture, Notice)
    words = " ".join(_texts(picture.scene).split())
    assert "SIGN NOT SHOWN" in words and "'Straight up $5 $200' is 150 mm wide" in words
    # staff text, not a sign: it may be under 8 mm, but it is all on the screen and never overlaps
    assert [f for f in composition_faults(picture.scene, area) if f.kind != "small"] == []
