"""Every sign kind of the demo floor as a scene: content from the configuration, every
letter and number at least 8 mm of ink (lowercase included), and a refusal naming the sign,
the text and the problem when the page is too small."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.money import format_money
from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.views.signs import (
    COMPOSERS,
    Context,
    SignProblem,
    SignTooSmall,
    compose_sign,
    content_digest,
    sign_contents,
    table_signs,
)

A3 = (297.0, 420.0)


def _ctx(demo_states, demo_floor, table_id):
    tables, links = demo_states
    table = tables[table_id]
    return Context(table, links.get(table["link_id"]) if table["link_id"] else None, demo_floor.casino.timezone)


def _all_signs(demo_states, demo_floor):
    tables, _ = demo_states
    for table_id, table in sorted(tables.items()):
        for kind, _cap in table_signs(table):
            yield table_id, kind, _ctx(demo_states, demo_floor, table_id)


def test_one_composition_per_catalogued_kind():
    assert set(COMPOSERS) == set(SIGN_KINDS)


def test_demo_floor_shows_every_kind_but_few(demo_states, demo_floor):
    shown = {kind for _t, kind, _c in _all_signs(demo_states, demo_floor)}
    assert {
        "limits",
        "minimum_table_stake",
        "result_cards",
        "jackpot_paytable",
        "game_notice",
        "rake",
        "blinds",
        "approved_cuts",
        "house_liability",
        "bonus_payouts",
        "nominated_blackjack",
        "instructional",
    } <= shown


def test_every_demo_sign_on_a3_has_8mm_letters(demo_states, demo_floor):
    count = 0
    for table_id, kind, ctx in _all_signs(demo_states, demo_floor):
        for content in sign_contents(kind, ctx):
            scene = compose_sign(content, *A3, bleed_mm=3)
            for run in text_runs_of(scene):
                height = letter_height_mm(run)
                assert height is None or height >= 8.0 - 1e-9, (table_id, kind, run.text, height)
                # the text stays inside the trim (the bleed is 3 mm on every side)
                assert 3.0 - 1e-6 <= run.x and run.x + run.width_mm <= 3.0 + A3[0] + 1e-6, (table_id, kind, run.text)
            count += 1
    assert count >= 30


def test_signs_say_the_configured_values(demo_states, demo_floor):
    ctx = _ctx(demo_states, demo_floor, "TC54-01")
    texts = sign_contents("limits", ctx)[0].texts()
    limits = ctx.table["limits"]
    for cls, cents in limits["maximum_by"].items():
        a, b = cls.split(":")
        row = texts.index(f"Pays {a} to {b}")
        assert texts[row + 1] == format_money(cents)
    assert "Tri-Chro" in texts  # the casino's name for the game (001 s456(7))
    stake = sign_contents("minimum_table_stake", _ctx(demo_states, demo_floor, "MP-01"))[0]
    assert "$100" in stake.texts() and stake.citation == "003 s259(2)" and stake.cap_mm == 12.0
    bonus = sign_contents("bonus_payouts", _ctx(demo_states, demo_floor, "BJ-01"))[0].texts()
    assert "$800" in bonus  # suited 6-7-8 with 6 decks (003 s50C(2)(c)(i)(B))
    cards = sign_contents("result_cards", _ctx(demo_states, demo_floor, "TU-01"))
    assert [c.card.word for c in cards] == ["HEADS", "TAILS", "ODDS"]
    assert [c.card.colour for c in cards] == ["#ffd400", "#2f80ed", "#eb5757"]


@pytest.mark.parametrize("table_id", ["TC54-01", "TC63-01"])
def test_the_tri_chro_sign_states_the_table_maximum(demo_states, demo_floor, table_id):
    """001 s459(1): "the maximum wager permitted for the table"; each class's own maximum is at
    most it (docs/readings.md A-09), and the sign says both (audit section 5, P5)."""
    ctx = _ctx(demo_states, demo_floor, table_id)
    texts = sign_contents("limits", ctx)[0].texts()
    row = texts.index("Table maximum")
    assert texts[row + 1] == format_money(ctx.table["limits"]["maximum_cents"])
    lower = dict(ctx.table, limits={**ctx.table["limits"], "maximum_by": {}, "maximum_cents": 150_000})
    texts = sign_contents("limits", dataclasses.replace(ctx, table=lower))[0].texts()
    assert texts[texts.index("Table maximum") + 1] == "$1,500"


def test_scheduled_increase_shows_new_stake_and_time(demo_states, demo_floor):
    ctx = _ctx(demo_states, demo_floor, "MP-01")
    table = dict(
        ctx.table,
        scheduled=[
            {"id": "s2", "limits": {"minimum_table_stake_cents": 20000}, "effective_at": "2026-11-30T11:30:00.000000Z"}
        ],
    )
    content = sign_contents("minimum_table_stake", dataclasses.replace(ctx, table=table))[0]
    notice = content.blocks[-1]
    assert "$200" in notice.text and "9:30 pm" in notice.text  # Brisbane is UTC+10
    assert content.citation == "003 s259(2), s259(3)"
    assert content_digest(content) != content_digest(sign_contents("minimum_table_stake", ctx)[0])


def test_too_small_is_refused_naming_sign_and_text(demo_states, demo_floor):
    ctx = _ctx(demo_states, demo_floor, "RO-01")
    content = sign_contents("limits", ctx)[0]
    with pytest.raises(SignTooSmall) as err:
        compose_sign(content, 148, 210)
    message = str(err.value)
    assert "RO-01" in message and "limits" in message and "legal letter height" in message
    assert "\n" not in message


def test_a_sign_the_game_does_not_have_is_refused(demo_states, demo_floor):
    with pytest.raises(SignProblem, match="blackjack has no rake sign"):
        sign_contents("rake", _ctx(demo_states, demo_floor, "BJ-01"))
    with pytest.raises(SignProblem, match="unknown sign kind"):
        sign_contents("menu", _ctx(demo_states, demo_floor, "BJ-01"))


def test_unconfigured_value_is_refused_with_its_rule(demo_states, demo_floor):
    ctx = _ctx(demo_states, demo_floor, "CSP-01")  # no sharing method configured
    with pytest.raises(SignProblem) as err:
        sign_contents("jackpot_sharing", ctx)
    assert err.value.rule == "000 s247(3)" and "sharing_method" in str(err.value)


@settings(max_examples=60, deadline=None)
@given(
    name=st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ '-"), min_size=1, max_size=60).filter(
        lambda s: s.strip()
    ),
    minimum=st.integers(min_value=0, max_value=10**9),
    spread=st.integers(min_value=0, max_value=10**9),
    size=st.tuples(st.floats(min_value=90, max_value=700), st.floats(min_value=90, max_value=700)),
    cap=st.sampled_from([8.0, 9.5, 12.0]),
)
def test_any_name_limits_and_page_fit_at_the_floor_or_are_refused(
    demo_states, demo_floor, name, minimum, spread, size, cap
):
    tables, _ = demo_states
    table = dict(
        tables["BJ-02"],
        display_name=name,
        limits={**tables["BJ-02"]["limits"], "minimum_cents": minimum, "maximum_cents": minimum + spread},
        signs=[{"kind": "limits", "cap_mm": cap}],
    )
    content = sign_contents("limits", Context(table, None, demo_floor.casino.timezone))[0]
    try:
        scene = compose_sign(content, *size, bleed_mm=2)
    except SignTooSmall as exc:
        assert "\n" not in str(exc) and "BJ-02" in str(exc)
        return
    for run in text_runs_of(scene):
        height = letter_height_mm(run)
        assert height is None or height >= cap - 1e-9
        assert 2 - 1e-6 <= run.x and run.x + run.width_mm <= 2 + size[0] + 1e-6
        assert 2 - 1e-6 <= run.y <= 2 + size[1] + 1e-6


def test_draw_poker_ace_sign_only_for_a_reduced_deck(demo_states, demo_floor):
    ctx = _ctx(demo_states, demo_floor, "DP-01")  # a 52-card deck
    with pytest.raises(SignProblem, match="reduced deck of 40 or 32 cards"):
        sign_contents("ace_rule", ctx)
    table = dict(ctx.table, settings={**ctx.table["settings"], "deck": 40, "ace_low": True})
    content = sign_contents("ace_rule", Context(table, None, demo_floor.casino.timezone))[0]
    assert content.blocks[0].text == "Ace is low as well as high" and content.citation == "003 s292(9)"


def test_signs_cite_the_law_only(demo_states, demo_floor):
    """The small print names the seed sections a sign rests on, never a project document."""
    for table_id, kind, ctx in _all_signs(demo_states, demo_floor):
        for content in sign_contents(kind, ctx):
            assert re.fullmatch(r"00[0-4] [^;]+(; 00[0-4] [^;]+)*", content.citation), (
                table_id,
                kind,
                content.citation,
            )


def _worded(ctx, wording, slots=False):
    table = ctx.table
    jackpot = {**table["settings"]["jackpot"], "area_wording": wording, "slots": slots}
    return dataclasses.replace(ctx, table=dict(table, settings={**table["settings"], "jackpot": jackpot}))


@pytest.mark.parametrize("kind", ["jackpot_paytable", "jackpot_meter"])
def test_the_jackpot_signs_name_the_areas_as_the_cloth_marks_them(demo_states, demo_floor, kind):
    """000 s230(3)(c): where the pit procedures describe the jackpot areas otherwise than
    'jackpot', the cloth is marked so, and the jackpot signs tell players where that wager goes."""
    ctx = _ctx(demo_states, demo_floor, "CSP-04")
    line = "Jackpot wagers go in the areas marked \u2018Progressive\u2019"
    worded = sign_contents(kind, _worded(ctx, "Progressive"))[0]
    assert line in worded.texts() and "s230(3)(c)" in worded.citation
    for plain in (_worded(ctx, "jackpot"), _worded(ctx, None), _worded(ctx, "Progressive", slots=True)):
        assert not [t for t in sign_contents(kind, plain)[0].texts() if "areas marked" in t]
    scene = compose_sign(worded, *A3, bleed_mm=3)
    assert all((letter_height_mm(r) or 8.0) >= 8.0 - 1e-9 for r in text_runs_of(scene))


def test_the_cloth_of_the_layout_view_prints_the_wording(demo_states, demo_floor):
    from kiosk.views.base import CasinoSettings
    from kiosk.views.cloth import cloth_scene

    ctx = _ctx(demo_states, demo_floor, "CSP-04")
    settings = CasinoSettings.from_floor(demo_floor)
    printed = " ".join(r.text for r in text_runs_of(cloth_scene(_worded(ctx, "Progressive").table, settings)))
    assert printed.count("Progressive") == 7 and " jackpot " not in f" {printed} "
    printed = " ".join(r.text for r in text_runs_of(cloth_scene(ctx.table, settings)))
    assert printed.count("jackpot") == 7


@pytest.mark.parametrize("screen", [False, True])
@pytest.mark.parametrize("width", [200.0, 300.0])
def test_marks_stacked_above_vietnamese_capitals_never_touch_the_line_above(screen, width):
    """Vietnamese puts two marks over one letter (``Ắ``, ``ẳ``): the line gap grows by what
    their ink rises above the capitals, measured from the font, so a wrapped label's second
    line, the next row and the notice below keep clear of the line above (tests compare ink
    boxes; no gap is assumed)."""
    from kiosk.views.base import Area
    from kiosk.views.composition import composition_faults, vocabulary
    from kiosk.views.signs.content import Notice, Para, Rows, SignContent

    content = SignContent(
        "limits",
        "RO-01",
        "RU-LÉT MỸ",
        "GIỚI HẠN CƯỢC BÀN NÀY",
        (
            Rows((("Tiền trả tối đa cho cược thắng ở vòng cuối", "$5,000"), ("Cược thẳng", "$5")), ("Cược", "Tối đa")),
            Para("ẮNG ẲNG ẰNG ẩm ẫm thẳng thắng"),
            Notice("Từ 9:30 tối: ẮT LÀ $10 thẳng"),
        ),
        "000 s78(7)",
    )
    scene = compose_sign(content, width, 420.0, screen=screen)
    area = Area(width, 420.0)
    words = vocabulary([compose_sign(content, 1600.0, 900.0, screen=screen)])
    assert [str(f) for f in composition_faults(scene, area, words=words)] == []
