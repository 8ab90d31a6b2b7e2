"""What the seeds require printed on a cloth, checked on any layout file, shipped or custom
(:mod:`kiosk.scene.cloth_content`): the casino's name or logo, the Caribbean stud words and
wager areas (000 s230(2), (3)), the tri-chro wagers and their odds (001 s456(3), (6), s467), the
discards circle (003 s258(2), s294(2)), the pai gow boxes (003 s413(2)(b)) and the bonus blackjack
boxes (003 s50A(1)(a)). The audit's L1 and L2 cloths are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.rules.games import GAMES
from kiosk.scene.cloth_content import ClothTable, cloth_violations
from kiosk.scene.layout_file import load_layout, table_features

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"


def shipped(game: str) -> str:
    return (LAYOUTS / f"{game}.toml").read_text(encoding="utf-8")


def custom(tmp_path: Path, game: str, text: str):
    path = tmp_path / f"custom_{game}.toml"
    path.write_text(text, encoding="utf-8")
    return load_layout(path)


BONUS = table_features("blackjack", bonus_blackjack=True)


def found(layout, table: ClothTable | None = None) -> list[tuple[str, str]]:
    return [(v.rule, v.message) for v in cloth_violations(layout, table)]


def after(text: str, marker: str, old: str, new: str) -> str:
    """``text`` with the first ``old`` after ``marker`` replaced by ``new``."""
    at = text.index(marker)
    cut = text.index(old, at)
    return text[:cut] + new + text[cut + len(old) :]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_shipped_layout_has_what_the_seeds_require(game):
    layout = load_layout(LAYOUTS / f"{game}.toml")
    assert found(layout) == []
    assert found(layout, ClothTable()) == []
    if game == "caribbean_stud":
        assert found(layout, ClothTable(features=frozenset({"jackpot_slots"}))) == []
        assert found(layout, ClothTable(jackpot_wording="Progressive")) == []  # the layout prints the wording
    if game == "blackjack":
        assert found(layout, ClothTable(features=BONUS)) == []


def test_l1_a_tri_chro_cloth_printing_other_odds_is_refused(tmp_path):
    """Audit L1: 'ANY STAR' printed '2 TO 1' instead of the law's 3 to 4 (001 s467(1))."""
    layout = custom(tmp_path, "tri_chro_54", after(shipped("tri_chro_54"), 'area = "any_star"', "3 TO 4", "2 TO 1"))
    [(rule, message)] = found(layout)
    assert rule == "001 s456(6), s467(1)"
    assert (
        message.startswith("area 'any_star' (item[") and "prints 'ANY STAR 2 TO 1'" in message and "3 to 4" in message
    )


def test_a_tri_chro_area_without_its_wager_name_is_refused(tmp_path):
    layout = custom(
        tmp_path, "tri_chro_63", after(shipped("tri_chro_63"), 'area = "no_red"', 'text = "NO', 'text = "NOT')
    )
    [(rule, message)] = found(layout)
    assert rule == "001 s456(6), s467(2)" and "'NO RED'" in message


def test_l2_a_caribbean_cloth_without_the_dealer_words_is_refused(tmp_path):
    """Audit L2: an approved custom layout without 'dealer only plays with ace & king or higher'."""
    text = shipped("caribbean_stud").replace(
        'text = "dealer only plays with ace & king or higher"', 'text = "dealer plays with ace & king"'
    )
    [(rule, message)] = found(custom(tmp_path, "caribbean_stud", text))
    assert rule == "000 s230(2)(b)" and "'dealer only plays with ace & king or higher'" in message


def test_the_dealer_words_may_be_set_in_capitals_or_on_two_lines(tmp_path):
    text = shipped("caribbean_stud").replace(
        'text = "dealer only plays with ace & king or higher"', 'text = "DEALER ONLY PLAYS WITH\\nACE & KING OR HIGHER"'
    )
    assert found(custom(tmp_path, "caribbean_stud", text)) == []


def test_the_jackpot_areas_carry_the_pit_procedures_wording(tmp_path):
    """000 s230(3)(c): 'jackpot', or the approved pit procedures' other description."""
    literal = shipped("caribbean_stud").replace('text = "{jackpot_wording}"', 'text = "jackpot"')
    layout = custom(tmp_path, "caribbean_stud", literal)
    assert found(layout, ClothTable()) == []
    [(rule, message)] = found(layout, ClothTable(jackpot_wording="Progressive"))
    assert rule == "000 s230(3)(c)" and "'Progressive'" in message and "{jackpot_wording}" in message
    assert found(layout, ClothTable(jackpot_wording="Progressive", features=frozenset({"jackpot_slots"}))) == []


def test_the_ante_and_bet_areas_are_marked(tmp_path):
    text = shipped("caribbean_stud").replace('text = "bet"', 'text = "stake"')
    assert [rule for rule, _ in found(custom(tmp_path, "caribbean_stud", text))] == ["000 s230(3)(b)"]


@pytest.mark.parametrize(
    ("game", "rule"),
    [
        ("caribbean_stud", "000 s230(2)(a)"),
        ("tri_chro_54", "001 s456(3)"),
        ("manila_poker", "003 s258(2)(b)"),
        ("draw_poker", "003 s294(2)(b)"),
        ("pai_gow", "003 s413(2)(b)(i)"),
    ],
)
def test_the_casinos_name_or_logo(tmp_path, game, rule):
    layout = custom(tmp_path, game, shipped(game).replace('text = "{casino_name}"', 'text = "WELCOME"'))
    assert (
        rule,
        f'the cloth must print the casino\'s name or logo: {{casino_name}} or an image of src = "logo" ({rule})',
    ) in found(layout)
    assert found(layout, ClothTable(casino_name="Welcome")) == []  # the name itself, printed


@pytest.mark.parametrize(("game", "rule"), [("manila_poker", "003 s258(2)(a)"), ("draw_poker", "003 s294(2)(a)")])
def test_the_circle_for_discards(tmp_path, game, rule):
    text = shipped(game).replace('text = "DISCARDS"', 'text = "MUCK"')
    assert [r for r, _ in found(custom(tmp_path, game, text))] == [rule]


def test_pai_gow_numbered_boxes(tmp_path):
    text = shipped("pai_gow").replace('text = "3"', 'text = "9"', 1)
    rules = [r for r, _ in found(custom(tmp_path, "pai_gow", text))]
    assert rules == ["003 s413(2)(b)(ii)"]


def test_bonus_blackjack_needs_boxes_that_provide_for_it(tmp_path):
    text = shipped("blackjack").replace('text = "BONUS"', 'text = "EXTRA"')
    layout = custom(tmp_path, "blackjack", text)
    assert found(layout) == [] and found(layout, ClothTable()) == []
    [(rule, message)] = found(layout, ClothTable(features=BONUS))
    assert rule == "003 s50A(1)(a)" and "bonus" in message


def test_a_jackpot_wording_that_does_not_fit_its_areas_is_refused():
    layout = load_layout(LAYOUTS / "caribbean_stud.toml")
    assert found(layout, ClothTable(jackpot_wording="Mega Progressive Jackpot")) == []
    for wording in ("The Mega Progressive Jackpot Wager Area", "progressive jackpot bets", "PROGRESSIVE"):
        [(rule, message)] = found(layout, ClothTable(jackpot_wording=wording))
        assert rule == "000 s230(3)(c)" and "does not fit area 'seat" in message and "area_wording" in message
