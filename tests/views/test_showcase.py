"""The demo showcase's decisions without Qt (:mod:`kiosk.views.showcase`): where the pit console
and the dealer panel go (wholly inside the screen's available area, at a size they support), the
turn of the displays, and the caption."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.views.showcase import CONSOLE_SIZE, DEALER_SIZE, Box, caption, fit_window, keep_inside, step

# the screens the standards name, less a 32 px task bar at the top (x, y, w, h)
SCREENS = [Box(0, 32, 1920, 1048), Box(0, 32, 1280, 768), Box(0, 32, 1366, 736), Box(0, 32, 3840, 2128)]
SCREENS += [Box(0, 32, 1080, 1888), Box(1920, 0, 1280, 800)]  # portrait; a second screen on the right
FRAME = Box(4, 30, 4, 4)  # a window manager's margins: left, top (the title bar), right, bottom

sizes = st.tuples(st.integers(1, 5000), st.integers(1, 5000))
areas = st.builds(
    Box, st.integers(-2000, 4000), st.integers(-2000, 4000), st.integers(200, 4000), st.integers(200, 3000)
)
frames = st.builds(Box, st.integers(0, 20), st.integers(0, 60), st.integers(0, 20), st.integers(0, 20))


def framed(box: Box, frame: Box) -> Box:
    return Box(box.x - frame.x, box.y - frame.y, box.w + frame.x + frame.w, box.h + frame.y + frame.h)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda b: f"{b.w}x{b.h}+{b.x}+{b.y}")
@pytest.mark.parametrize("frame", [None, FRAME], ids=["bare X", "window manager"])
@pytest.mark.parametrize(
    ("name", "minimum", "preferred"),
    [("console", (700, 500), CONSOLE_SIZE), ("dealer panel", (310, 461), DEALER_SIZE)],
)
def test_the_staff_windows_fit_every_screen(screen, frame, name, minimum, preferred):
    box = fit_window(screen, minimum, preferred, frame)
    assert screen.contains(framed(box, frame or Box(0, 0, 0, 0))), (name, box)
    room = (screen.w - (frame.x + frame.w if frame else 0), screen.h - (frame.y + frame.h if frame else 0))
    assert box.w == min(room[0], preferred[0]) and box.h == min(room[1], preferred[1])
    assert box.w >= min(minimum[0], room[0]) and box.h >= min(minimum[1], room[1])


def test_the_console_at_1280x800_is_no_longer_off_the_right_edge():
    """The review's N1: the console 651x577 at x=768 on a 1280x800 screen ran 139 px off it."""
    screen = Box(0, 0, 1280, 800)
    box = fit_window(screen, (651, 577), (651, 577))
    assert box == Box(314, 111, 651, 577)
    assert screen.contains(box)


@given(areas, sizes, sizes, st.none() | frames)
def test_a_fitted_window_lies_inside_its_area_at_the_size_it_asks_for_when_there_is_room(
    area, minimum, preferred, frame
):
    box = fit_window(area, minimum, preferred, frame)
    f = frame or Box(0, 0, 0, 0)
    room_w, room_h = area.w - f.x - f.w, area.h - f.y - f.h
    assert area.contains(framed(box, f))
    assert box.w == min(room_w, max(minimum[0], preferred[0]))
    assert box.h == min(room_h, max(minimum[1], preferred[1]))


@given(
    areas,
    st.builds(Box, st.integers(-6000, 6000), st.integers(-6000, 6000), st.integers(1, 6000), st.integers(1, 6000)),
    st.none() | frames,
)
def test_a_window_that_moved_or_grew_is_put_back_inside_with_the_least_move(area, window, frame):
    f = frame or Box(0, 0, 0, 0)
    kept = keep_inside(area, window, frame)
    assert area.contains(framed(kept, f))
    assert kept.w == min(window.w, area.w - f.x - f.w) and kept.h == min(window.h, area.h - f.y - f.h)
    if area.contains(framed(window, f)):
        assert kept == window  # a window inside is left alone


def test_the_turn_goes_round_both_ways():
    assert [step(i, 5) for i in range(5)] == [1, 2, 3, 4, 0]
    assert [step(i, 5, -1) for i in range(5)] == [4, 0, 1, 2, 3]
    assert step(0, 1) == 0
    with pytest.raises(ValueError):
        step(0, 0)


@pytest.mark.parametrize(
    ("view", "said"),
    [
        ("layout", "the table's layout"),
        ("limits", "the limits sign"),
        ("signs", "the table's signs"),
        ("jackpot", "the jackpot meter"),
        ("trichro", "the drawing's result"),
        ("twoup_lights", "the two-up result lights"),
        ("roulette_history", "the roulette history view"),
    ],
)
def test_the_caption_says_what_is_shown_in_words(view, said):
    assert caption("BJ-01", view, 1, 5) == f"BJ-01: {said} (2 of 5)"
