"""The view-state base: equality by content, the 8 mm floor of display text, status marks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kiosk.scene.legibility import MIN_SIGN_TEXT_MM, letter_height_mm
from kiosk.scene.primitives import Scene, TextRun
from kiosk.views.base import (
    DEFAULT_AREA,
    CasinoSettings,
    Status,
    ViewState,
    sign_text,
    status_mark,
    status_text,
)


def _scene() -> Scene:
    return Scene(width_mm=10, height_mm=10, items=())


def test_view_states_compare_by_what_they_show():
    a = ViewState("layout", "T1", ("x", 1), Status.live(), frames=(_scene(),), version=3, seq=10)
    b = ViewState("layout", "T1", ("x", 1), Status.live(), frames=(_scene(),), version=4, seq=11)
    assert a == b  # a new version that shows the same thing is no change
    assert a != ViewState("layout", "T1", ("x", 2), Status.live(), frames=(_scene(),))
    assert a != ViewState("layout", "T1", ("x", 1), Status.stale(datetime(2026, 1, 1, tzinfo=UTC)), frames=(_scene(),))
    with pytest.raises(ValueError, match="needs a scene"):
        ViewState("layout", "T1", (), Status.live())


@pytest.mark.parametrize("text", ["Offline", "OFFLINE 21:04", "no more bets", "$1,234.56"])
def test_sign_text_has_every_letter_at_the_floor(text):
    runs = sign_text(text, x=0, y=0, mm=MIN_SIGN_TEXT_MM)
    assert all(letter_height_mm(r) >= MIN_SIGN_TEXT_MM - 1e-9 for r in runs)
    mixed = [r for r in runs if any(c.islower() for c in r.text)]
    for run in mixed:  # lowercase sized to the floor: capitals are taller still
        assert run.face.cap_height_em * run.size_mm > MIN_SIGN_TEXT_MM


def test_sign_text_refuses_text_under_the_floor():
    with pytest.raises(ValueError, match="at least 8 mm"):
        sign_text("tiny", x=0, y=0, mm=MIN_SIGN_TEXT_MM - 0.5)


def test_status_mark_names_the_local_time_of_going_offline():
    settings = CasinoSettings(name="Test")  # Australia/Brisbane, UTC+10
    since = datetime(2026, 11, 30, 11, 4, tzinfo=UTC)
    assert status_text(Status.stale(since), settings) == "OFFLINE since 21:04"
    assert status_mark(Status.live(), settings, DEFAULT_AREA) == []
    marks = status_mark(Status.stale(since), settings, DEFAULT_AREA)
    texts = [p.text for p in marks if isinstance(p, TextRun)]
    assert texts == ["OFFLINE since 21:04"]
    assert all(letter_height_mm(p) >= MIN_SIGN_TEXT_MM - 1e-9 for p in marks if isinstance(p, TextRun))
    fault = status_mark(Status.fault("token refused: ask the pit for a new display token"), settings, DEFAULT_AREA)
    assert [p.text for p in fault if isinstance(p, TextRun)] == ["token refused: ask the pit for a new display token"]


def test_no_paragraph_of_a_stack_is_split_inside_a_word():
    """ux-review P1: a word wider than the box is never cut; with ``drop`` its paragraph is left
    out, without it the word stays whole on its own line."""
    from kiosk.scene.legibility import text_runs_of
    from kiosk.scene.primitives import Scene
    from kiosk.views.base import Line, sign_words_fit, stack

    lines = [Line("WAITING FOR A SPINNER", 10.0), Line("TWO-UP", 10.0), Line("SUPERCALIFRAGILISTIC", 10.0)]
    assert sign_words_fit("TWO-UP", 60.0) and not sign_words_fit("SUPERCALIFRAGILISTIC", 60.0)
    dropped, _ = stack(lines, x=0, y=0, w=60.0, h=200.0, drop=True)
    words = [run.text for run in text_runs_of(Scene(60, 200, tuple(dropped)))]
    assert " ".join(words).split() == ["WAITING", "FOR", "A", "SPINNER", "TWO-UP"]
    kept, _ = stack(lines, x=0, y=0, w=60.0, h=200.0)
    words = [run.text for run in text_runs_of(Scene(60, 200, tuple(kept)))]
    assert "SUPERCALIFRAGILISTIC" in words and all(" " not in w or sign_words_fit(w, 60.0) for w in words)
