"""check_floor: the rules a loaded floor breaks, each message led by the table id and citing its rule."""

from __future__ import annotations

import pytest

from kiosk.floor import check_floor, parse_floor
from kiosk.rules.games import GAMES
from tests.fixtures.floors import TABLES, floor_text

CSP = TABLES["caribbean_stud"]


def csp(n: int, extra: str = "") -> str:
    """A Caribbean stud table ``CSP-n`` (no jackpot amount of its own: for links)."""
    return (
        CSP.replace('id = "T-caribbean_stud"', f'id = "CSP-{n}"').replace(
            '[table.caribbean_stud.jackpot]\nprize = "$12,000"\n', ""
        )
        + extra
    )


def link(tables: str, extra: str = 'approval = "CE-7"\n') -> str:
    return f'\n[[link]]\nid = "P1"\nname = "Progressive"\ntables = [{tables}]\nseed = "$10,000"\n{extra}'


METER = '\n[[display]]\nid = "M1"\nlink = "P1"\nview = "jackpot"\n'


def found(*parts: str) -> list[tuple[str, str, str]]:
    """(severity, rule, message) of every violation of the floor."""
    floor = parse_floor(floor_text(*parts), name="floor.toml")
    return [(v.severity, v.rule, v.message) for v in check_floor(floor)]


def errors(*parts: str) -> list[tuple[str, str]]:
    return [(rule, message) for severity, rule, message in found(*parts) if severity == "error"]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_sample_table_is_lawful(game: str) -> None:
    assert errors(TABLES[game]) == []


def test_all_sample_tables_together_are_lawful() -> None:
    assert errors(*TABLES.values()) == []


# ----------------------------------------------------------------------------- limits from kiosk.rules.limits


def test_limits_violations_are_led_by_the_table_id() -> None:
    table = TABLES["blackjack"].replace('minimum = "$10"', 'minimum = "$5"').replace('"$1,000"', '"$50"')
    result = errors(table)
    assert result, "a $5/$50 blackjack table breaks 003 s23(3)"
    rules = {rule for rule, _ in result}
    assert any(rule.startswith("003 s23") for rule in rules)
    for rule, message in result:
        assert message.startswith("T-blackjack: ") and rule in message


def test_tri_chro_maximum_below_s459_is_an_error() -> None:
    table = TABLES["tri_chro_54"].replace('"65:1" = "$15"', '"65:1" = "$14.99"')
    result = errors(table)
    assert [rule for rule, _ in result] == ["001 s459(1)(g)"]
    assert result[0][1].startswith("T-tri_chro_54: ")


def test_casino_wide_rules_run_too() -> None:
    """003 s23(4): at most 4 instructional $2/$10 blackjack tables per casino operator."""
    tables = [
        TABLES["blackjack"]
        .replace('id = "T-blackjack"', f'id = "BJ-{n}"')
        .replace('minimum = "$10"', 'minimum = "$2"')
        .replace('maximum = "$1,000"', 'maximum = "$10"')
        + "[table.blackjack]\ninstructional = true\n"
        for n in range(5)
    ]
    assert errors(*tables[:4]) == []
    result = errors(*tables)
    assert result and all(rule.startswith("003 s23(4)") for rule, _ in result)


# ----------------------------------------------------------------------------- jackpot links (000 s231)


def test_a_lawful_link() -> None:
    assert errors(csp(1), csp(2), csp(3), link('"CSP-1", "CSP-2", "CSP-3"'), METER) == []


def test_link_needs_the_chief_executives_approval() -> None:
    assert errors(csp(1), csp(2), link('"CSP-1", "CSP-2"', extra=""), METER) == [
        (
            "000 s231(3)",
            "P1: a progressive jackpot link needs the chief executive's approval; "
            'set approval = "<reference>" (000 s231(3))',
        )
    ]


def test_link_joins_caribbean_stud_tables_only_and_at_least_two() -> None:
    result = errors(csp(1), TABLES["blackjack"], link('"CSP-1", "T-blackjack"'), METER)
    assert result == [
        (
            "000 s231(3)",
            "P1: table T-blackjack plays blackjack; only caribbean stud tables join a progressive "
            "jackpot link (000 s231(3))",
        )
    ]
    result = errors(csp(1), link('"CSP-1"'), METER)
    assert result == [("000 s231(3)", "P1: a progressive jackpot link joins 2 or more tables; it has 1 (000 s231(3))")]


def test_a_table_is_in_one_link_at_most() -> None:
    second = link('"CSP-2", "CSP-3"').replace('id = "P1"', 'id = "P2"')
    meter2 = METER.replace('"M1"', '"M2"').replace('"P1"', '"P2"')
    result = errors(csp(1), csp(2), csp(3), link('"CSP-1", "CSP-2"'), second, METER, meter2)
    assert result == [
        ("000 s231(3)", "CSP-2: a table is under one progressive jackpot link at most; it is in P1, P2 (000 s231(3))")
    ]


def test_link_needs_a_progressive_meter() -> None:
    no_meter_signs = ',signs = ["limits", "maximum_payment"]'
    tables = [
        csp(n).replace('game = "caribbean_stud"', 'game = "caribbean_stud"\n' + no_meter_signs[1:]) for n in (1, 2)
    ]
    ((rule, message),) = errors(*tables, link('"CSP-1", "CSP-2"'))
    assert rule == "000 s231(4)" and message.startswith("P1: the link needs a progressive jackpot meter")
    table_display = '\n[[display]]\nid = "J"\ntable = "CSP-2"\nview = "jackpot"\n'
    assert errors(*tables, link('"CSP-1", "CSP-2"'), table_display) == []


def test_a_linked_table_has_no_jackpot_amount_of_its_own() -> None:
    own = csp(2, '[table.caribbean_stud.jackpot]\nseed = "$5,000"\n')
    assert errors(csp(1), own, link('"CSP-1", "CSP-2"'), METER) == [
        (
            "000 s231(4)",
            "CSP-2: the table is under link P1, whose progressive meter shows the prize; "
            "remove caribbean_stud.jackpot.seed ($5,000) (000 s231(4))",
        )
    ]


def test_an_unlinked_table_needs_its_own_meter_and_amount() -> None:
    bare = csp(1).replace('game = "caribbean_stud"', 'game = "caribbean_stud"\nsigns = ["limits", "maximum_payment"]')
    assert [rule for rule, _ in errors(bare)] == ["000 s231(2)", "000 s231(2)"]
    with_display = '\n[[display]]\nid = "J"\ntable = "CSP-1"\nview = "jackpot"\n'
    ((rule, message),) = errors(bare, with_display)
    assert rule == "000 s231(2)" and "caribbean_stud.jackpot.prize" in message


# ----------------------------------------------------------------------------- signs


def test_required_signs_missing() -> None:
    table = TABLES["blackjack"].replace('game = "blackjack"', 'game = "blackjack"\nsigns = ["instructional"]')
    assert errors(table) == [
        (
            "003 s23(2)",
            "T-blackjack: the table must show the minimum and maximum wagers sign; add 'limits' to signs (003 s23(2))",
        )
    ]
    bonus = TABLES["blackjack"].replace('game = "blackjack"', 'game = "blackjack"\nsigns = ["limits"]') + (
        '[table.blackjack]\ndecks = 6\nbonus_blackjack = true\nnominated_suit = "hearts"\nnominated_card = "king"\n'
    )
    assert [rule for rule, _ in errors(bonus)] == ["003 s50A(1)(b)", "003 s50C(3)"]


@pytest.mark.parametrize(
    ("game", "signs", "rule"),
    [
        ("manila_poker", '["limits"]', "003 s259(2)"),
        ("draw_poker", '["limits"]', "003 s295(2)"),
        ("pai_gow", '["limits"]', "003 s430(2)"),
        ("poker", '["limits", "rake", "blinds"]', "002 r6.3"),
        ("poker", '["game_notice", "blinds"]', "002 r7.1"),
        ("poker", '["game_notice", "rake"]', "002 r8.2.1"),
        ("caribbean_stud", '["jackpot_meter"]', "000 s232(1)(b)"),
        ("tri_chro_63", '["layout"]', None),
    ],
)
def test_each_required_sign(game: str, signs: str, rule: str | None) -> None:
    if rule is None:  # "layout" is not a sign kind at all
        with pytest.raises(ValueError):
            parse_floor(floor_text(TABLES[game].replace("[table.limits]", f"signs = {signs}\n[table.limits]", 1)))
        return
    table = TABLES[game].replace("[table.limits]", f"signs = {signs}\n[table.limits]", 1)
    result = errors(table)
    assert [r for r, _ in result] == [rule]
    assert result[0][1].startswith(f"T-{game}: the table must show the ")


def test_default_signs_satisfy_the_law() -> None:
    table = TABLES["pai_gow"] + 'co_banking = true\nbox_maximum = "$1,000"\nhouse_liability = "$7,000"\n'
    floor = parse_floor(floor_text(table))
    assert floor.tables["T-pai_gow"].sign_kinds == {"limits", "approved_cuts", "house_liability"}
    assert errors(table) == []


@pytest.mark.parametrize(
    ("game", "kind", "rule"),
    [
        ("blackjack", "limits", "003 s23(2)"),
        ("tri_chro_63", "limits", "001 s459(2)"),
        ("manila_poker", "minimum_table_stake", "003 s259(2)"),
        ("draw_poker", "minimum_table_stake", "003 s295(2)"),
        ("roulette", "limits", "docs/readings.md P-1"),
    ],
)
def test_sign_lettering_is_at_least_8_mm(game: str, kind: str, rule: str) -> None:
    for cap_mm, bad in ((7.99, True), (8, False), (8.0, False), (25, False)):
        signs = f'signs = [{{ kind = "{kind}", cap_mm = {cap_mm} }}]'
        table = TABLES[game].replace("[table.limits]", f"{signs}\n[table.limits]", 1)
        result = [(r, m) for r, m in errors(table) if "mm high" in m]
        if bad:
            assert result == [
                (rule, f"T-{game}: {kind} sign letters and numbers must be at least 8 mm high; cap_mm is 7.99 ({rule})")
            ]
        else:
            assert result == []


# ----------------------------------------------------------------------------- approvals and game settings


@pytest.mark.parametrize(("game", "rule"), [("manila_poker", "003 s258(2)"), ("draw_poker", "003 s294(2)")])
def test_manila_and_draw_layouts_need_an_approval(game: str, rule: str) -> None:
    table = TABLES[game].replace('layout_approval = "CE-1"\n', "").replace('layout_approval = "CE-2"\n', "")
    assert errors(table) == [
        (
            rule,
            f"T-{game}: the layout is the one the chief executive approved; "
            f'set layout_approval = "<reference>" ({rule})',
        )
    ]


def test_other_layouts_for_caribbean_and_pai_gow_warn(tmp_path) -> None:
    (tmp_path / "custom.toml").write_text("")
    table = TABLES["caribbean_stud"].replace(
        'game = "caribbean_stud"', 'game = "caribbean_stud"\nlayout = "custom.toml"'
    )
    floor = parse_floor(floor_text(table), base=tmp_path)
    result = [(v.severity, v.rule) for v in check_floor(floor)]
    assert result == [("warning", "000 s230(4)")]


def test_bonus_blackjack_needs_the_nominated_card() -> None:
    table = TABLES["blackjack"] + "[table.blackjack]\ndecks = 8\nbonus_blackjack = true\n"
    assert (
        "003 s50C(3)",
        "T-blackjack: bonus blackjack needs the nominated suit and card on the sign; set "
        "blackjack.nominated_suit and blackjack.nominated_card (003 s50C(3))",
    ) in errors(table)


def test_two_up_lights_are_three_colours() -> None:
    table = TABLES["two_up_dice"] + '[table.two_up_dice]\nheads_colour = "#FFD400"\ntails_colour = "#ffd400"\n'
    assert errors(table) == [
        (
            "004 sch13 s19(1)",
            "T-two_up_dice: the heads, tails and odds lights must be three different colours; "
            "they are #ffd400, #ffd400, #eb5757 (004 sch13 s19(1))",
        )
    ]


def test_pai_gow_cuts() -> None:
    table = TABLES["pai_gow"].replace('approved_cuts = ["8 stacks of 4"]\n', "").replace('cuts_approval = "CE-3"\n', "")
    assert [rule for rule, _ in errors(table)] == ["003 s430(2)", "003 s430(1)"]


def test_poker_time_to_act() -> None:
    for seconds, ok in ((4, False), (5, True), (60, True), (61, False)):
        table = TABLES["poker"].replace("[table.poker.rake]", f"time_to_act = {seconds}\n[table.poker.rake]")
        assert (errors(table) == []) is ok, seconds


def test_ace_low_with_a_full_deck_is_a_warning() -> None:
    table = TABLES["draw_poker"] + "ace_low = true\n"
    assert found(table) == [
        (
            "warning",
            "003 s292(9)",
            "T-draw_poker: the ace-low announcement is for a 40 or 32 card deck; with 52 cards "
            "the ace is low anyway (003 s292(9))",
        )
    ]
    assert found(table + "deck = 32\n") == []
