"""The ``limits`` and ``signs`` display views: the sign scenes at true size on a screen area,
in turn, with a countdown to a scheduled change, and a fault instead of a sign under 8 mm."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.views.base import Area, CasinoSettings, Status
from kiosk.views.screens import limits as limits_view
from kiosk.views.screens import signs as signs_view

NOW = datetime(2026, 11, 30, 11, 0, tzinfo=UTC)
SCREEN = Area(527.0, 296.0)


def _texts(scene):
    return [run.text for run in text_runs_of(scene)]


def _all_legible(view):
    for frame in view.frames:
        for run in text_runs_of(frame):
            height = letter_height_mm(run)
            assert height is None or height >= 8.0 - 1e-9, (run.text, height)


def test_limits_view_counts_down_to_a_scheduled_increase(demo_states, demo_floor):
    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    table = dict(
        tables["MP-01"],
        scheduled=[
            {"id": "s2", "limits": {"minimum_table_stake_cents": 20000}, "effective_at": "2026-11-30T11:30:00.000000Z"}
        ],
    )
    view = limits_view.compose(table, None, settings, NOW, area=SCREEN)
    assert view.view == "limits" and view.status.is_live and len(view.frames) == 2
    stake = " ".join(_texts(view.frames[1]))
    assert "$100" in stake and "$200" in stake and "9:30 pm" in stake and "(in 30:00)" in stake
    later = limits_view.compose(table, None, settings, NOW + timedelta(minutes=20, seconds=5), area=SCREEN)
    assert "(in 9:55)" in " ".join(_texts(later.frames[1]))
    assert later != view  # the countdown changed what is shown
    _all_legible(view)


def test_signs_view_rotates_through_every_sign(demo_states, demo_floor):
    tables, links = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    table = tables["PK-01"]
    view = signs_view.compose(table, None, settings, NOW, area=SCREEN, interval_s=8)
    assert len(view.frames) == len(table["signs"]) == 4 and view.frame_seconds == 8
    assert view.status.is_live
    joined = [" ".join(_texts(f)) for f in view.frames]
    assert "Holdem" in joined[0] and "30 sec" in joined[0]  # time to act, 002 r6.14
    assert "$5" in joined[1] and "Maximum rake" in joined[1]
    cards = signs_view.compose(tables["TU-01"], None, settings, NOW, area=SCREEN)
    assert len(cards.frames) == 1 + 3  # the limits sign and the three result cards
    _all_legible(view)
    _all_legible(cards)


def test_a_sign_too_long_for_the_screen_is_shown_in_pages_at_8_mm(demo_states, demo_floor):
    from kiosk.views.composition import composition_faults

    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    whole = limits_view.compose(tables["RO-01"], None, settings, NOW, area=SCREEN)
    assert len(whole.frames) == 1 and whole.frame_seconds is None
    small = Area(217.0, 136.0)  # a 10-inch screen (ux-review P2)
    view = limits_view.compose(tables["RO-01"], None, settings, NOW, area=small, interval_s=6)
    count = len(view.frames)
    assert view.status.is_live and count > 1 and view.frame_seconds == 6
    pages = [" ".join(_texts(f)) for f in view.frames]
    for n, words in enumerate(pages, start=1):
        # each page whole on its own: the game, the title with its place, the column titles; the
        # rule is for the printed sign's small print, not the screen (issue 18 section 2)
        assert words.startswith("Roulette Table limits") and f"({n} of {count})" in words
        assert "Wager" in words and "Min" in words and "000 s141(2)" not in words
    rows = [w for w in ("Straight up", "Split", "Street", "Corner", "Six line", "Column", "Dozen", "Black")]
    assert all(sum(row in words for words in pages) == 1 for row in rows)  # every row once
    for frame in view.frames:
        assert composition_faults(frame, small) == []
    assert view.facts["showing"].signs == {"limits"}
    _all_legible(view)


def test_a_part_that_fits_no_page_is_a_calm_page_and_a_fault_for_staff(demo_states, demo_floor):
    from kiosk.views.composition import composition_faults

    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    narrow = Area(100.0, 136.0)  # "Straight up $5 $200" is wider than this at 8 mm
    view = limits_view.compose(tables["RO-01"], None, settings, NOW, area=narrow)
    assert view.status.kind == "fault" and "RO-01" in view.status.reason
    assert " ".join(_texts(view.frames[0])) == "Table limits: please ask the dealer."
    assert composition_faults(view.frames[0], narrow) == []
    assert view.facts["showing"].signs == frozenset()
    _all_legible(view)


def test_offline_mark_on_every_frame(demo_states, demo_floor):
    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    view = signs_view.compose(
        tables["BJ-01"], None, settings, NOW, area=SCREEN, connection=Status.stale(NOW - timedelta(minutes=3))
    )
    assert view.status.kind == "stale"
    assert all(any("OFFLINE" in t for t in _texts(f)) for f in view.frames)


def test_time_to_act_countdown_while_the_clock_runs(demo_states, demo_floor):
    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    clock = {
        "seat": 4,
        "seconds": 30,
        "started_at": "2026-11-30T10:59:50.000000Z",
        "ends_at": "2026-11-30T11:00:20.000000Z",
    }
    table = dict(tables["PK-01"], game_state={"kind": "poker", "clock": clock})
    running = signs_view.compose(table, None, settings, NOW, area=SCREEN)
    assert len(running.frames) == 1 and running.frame_seconds is None  # the countdown only
    words = " ".join(_texts(running.frames[0]))
    assert "Seat 4: time to act" in words and "0:20" in words and "002 r6.14" not in words
    _all_legible(running)
    later = limits_view.compose(table, None, settings, NOW + timedelta(seconds=19, milliseconds=500), area=SCREEN)
    assert "0:01" in " ".join(_texts(later.frames[0]))
    up = signs_view.compose(table, None, settings, NOW + timedelta(seconds=25), area=SCREEN)
    assert "0:00" in " ".join(_texts(up.frames[0])) and "Time is up" in " ".join(_texts(up.frames[0]))
    stopped = signs_view.compose(
        dict(table, game_state={"kind": "poker", "clock": None}), None, settings, NOW, area=SCREEN
    )
    assert len(stopped.frames) == 4  # back to the signs in turn


def test_a_sign_view_says_what_it_shows_for_the_displays_report(demo_states, demo_floor):
    """``facts["showing"]``: the sign kinds shown at 8 mm, the changes announced and the sharing
    sign's words, from which a display reports to its server (kiosk.state.showing)."""
    tables, links = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    table = dict(
        tables["MP-01"],
        scheduled=[
            {"id": "s2", "limits": {"minimum_table_stake_cents": 20000}, "effective_at": "2026-11-30T11:30:00.000000Z"}
        ],
    )
    shown = limits_view.compose(table, None, settings, NOW, area=SCREEN).facts["showing"]
    assert shown.signs == {"limits", "minimum_table_stake"} and shown.notices == {"s2"} and shown.sharing is None
    reef = tables["CSP-04"]
    shown = signs_view.compose(reef, links.get(reef["link_id"]), settings, NOW, area=SCREEN).facts["showing"]
    assert "jackpot_sharing" in shown.signs
    assert shown.sharing == demo_floor.tables["CSP-04"].caribbean_stud.jackpot.sharing_method
    pending = dict(
        tables["PK-01"],
        pending=[
            {"id": "c9", "limits": {"rake": tables["PK-01"]["limits"]["rake"]}, "notice": None, "commission": True}
        ],
    )
    assert signs_view.compose(pending, None, settings, NOW, area=SCREEN).facts["showing"].notices == {"c9"}
    # a small screen shows the signs in pages: all of them, and says so in its report
    small = limits_view.compose(table, None, settings, NOW, area=Area(300.0, 200.0)).facts["showing"]
    assert small.signs == {"limits", "minimum_table_stake"} and small.notices == {"s2"}
    # a screen no page of the sign fits shows none of it, and says so in its report
    narrow = limits_view.compose(table, None, settings, NOW, area=Area(90.0, 200.0)).facts["showing"]
    assert "minimum_table_stake" not in narrow.signs and "s2" not in narrow.notices
    # while the poker clock runs, the countdown is all the screen shows: no sign
    clock = {
        "seat": 4,
        "seconds": 30,
        "started_at": "2026-11-30T10:59:50.000000Z",
        "ends_at": "2026-11-30T11:00:20.000000Z",
    }
    running = dict(pending, game_state={"kind": "poker", "clock": clock})
    assert signs_view.compose(running, None, settings, NOW, area=SCREEN).facts["showing"].signs == frozenset()


def test_a_notice_of_a_change_takes_its_own_page_instead_of_pushing_the_sign_off(demo_states, demo_floor):
    """ux-review P11: with BJ-01's minimum scheduled to rise, its 10-inch limits view kept its
    sign and shows the notice (003 s259(3)) as a page of its own."""
    from kiosk.views.composition import composition_faults

    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    small = Area(217.0, 136.0)
    before = limits_view.compose(tables["BJ-01"], None, settings, NOW, area=small)
    assert before.status.is_live
    raised = int(tables["BJ-01"]["limits"]["minimum_cents"]) * 2
    table = dict(
        tables["BJ-01"],
        scheduled=[{"id": "s9", "limits": {"minimum_cents": raised}, "effective_at": "2026-11-30T11:20:00.000000Z"}],
    )
    view = limits_view.compose(table, None, settings, NOW, area=small)
    assert view.status.is_live and len(view.frames) > len(before.frames)
    pages = [" ".join(_texts(f)) for f in view.frames]
    notice = [words for words in pages if "(in 20:00)" in words]
    assert len(notice) == 1 and "Minimum" not in notice[0].split("(in 20:00)")[1]
    assert any("Minimum" in words and "(in 20:00)" not in words for words in pages)  # the sign itself
    assert view.facts["showing"].notices == {"s9"} and view.facts["showing"].signs == {"limits"}
    for frame in view.frames:
        assert composition_faults(frame, small) == []
    _all_legible(view)


def test_a_sign_on_a_screen_is_light_on_dark_and_on_paper_black_on_white(demo_states, demo_floor):
    """ux-review P9: a white sign is a glaring panel in a dark pit; paper stays black on white,
    and a notice keeps black on its yellow band on both."""
    from kiosk.scene.lighting import contrast_ratio
    from kiosk.views.signs.content import Context
    from kiosk.views.signs.kinds import sign_contents
    from kiosk.views.signs.typeset import compose_sign

    tables, _ = demo_states
    settings = CasinoSettings.from_floor(demo_floor)
    table = dict(
        tables["BJ-01"],
        scheduled=[{"id": "s9", "limits": {"minimum_cents": 2000}, "effective_at": "2026-11-30T11:20:00.000000Z"}],
    )
    view = limits_view.compose(table, None, settings, NOW, area=SCREEN)
    frame = view.frames[0]
    assert sum(frame.background[:3]) < 150
    from kiosk.views.signs.typeset import NOTICE

    dark = [run for run in text_runs_of(frame) if sum(run.fill[:3]) < 100]
    assert " ".join(run.text for run in dark).startswith("From ") and "(in 20:00)" in dark[-1].text
    for run in text_runs_of(frame):  # black on the notice's yellow band, light on the dark page
        assert contrast_ratio(run.fill, NOTICE if run in dark else frame.background) >= 7, run.text
    (content,) = sign_contents("limits", Context(table, None, settings.timezone, NOW))
    paper = compose_sign(content, 297, 210)
    assert paper.background == (255, 255, 255, 255)
    assert all(sum(run.fill[:3]) < 100 or run.text == "Blackjack" for run in text_runs_of(paper))
