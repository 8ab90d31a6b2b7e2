"""The jackpot sharing method a floor file gives must be one the rules settle (000 s247(2)(b)), and
the sharing sign must state it (000 s247(3)); ``kiosk check`` refuses it otherwise, citing the rule."""

from __future__ import annotations

import json

import pytest

from kiosk.floor import check_floor, parse_floor
from tests.fixtures.floors import TABLES, floor_text

EQUALLY = "Two or more straight or royal flush winners share the jackpot prize equally"


def sharing_table(table_id: str = "CSP-1", **jackpot: str) -> str:
    """A lawful unlinked Caribbean stud table with the sharing sign and these jackpot keys."""
    keys = "".join(f"{k} = {json.dumps(v)}\n" for k, v in jackpot.items())
    return (
        TABLES["caribbean_stud"]
        .replace('id = "T-caribbean_stud"', f'id = "{table_id}"')
        .replace(
            'game = "caribbean_stud"\n',
            'game = "caribbean_stud"\nsigns = ["limits", "maximum_payment", "jackpot_meter", "jackpot_sharing"]\n',
        )
        .replace('prize = "$12,000"\n', f'prize = "$12,000"\n{keys}')
    )


def errors(*parts: str) -> list[tuple[str, str]]:
    floor = parse_floor(floor_text(*parts), name="floor.toml")
    return [(v.rule, v.message) for v in check_floor(floor) if v.severity == "error"]


def test_words_that_state_a_way_the_rules_settle_pass() -> None:
    assert errors(sharing_table(sharing_method=EQUALLY)) == []
    assert errors(sharing_table(sharing_method="The casino's own words", sharing="proportional")) == []


@pytest.mark.parametrize(
    "jackpot, rule, words",
    [
        ({"sharing_method": "The first winner takes the whole prize"}, "000 s247(2)(b)", "cannot settle"),
        ({"sharing_method": EQUALLY, "sharing": "winner_takes_all"}, "000 s247(2)(b)", "'winner_takes_all'"),
        ({"sharing_method": EQUALLY, "sharing": "proportional"}, "000 s247(3)", "states equal shares"),
        ({"sharing_method": EQUALLY, "sharing": "s246"}, "000 s247(3)", "states equal shares"),
    ],
)
def test_a_method_the_rules_cannot_settle_or_the_sign_does_not_state_is_refused(
    jackpot: dict[str, str], rule: str, words: str
) -> None:
    [(found_rule, message)] = errors(sharing_table(**jackpot))
    assert found_rule == rule and message.startswith("CSP-1: ") and rule in message and words in message
    assert "\n" not in message


def test_a_method_without_the_words_of_its_sign_is_refused() -> None:
    table = sharing_table(sharing="equal_shares").replace(', "jackpot_sharing"]', "]")
    [(rule, message)] = errors(table)
    assert rule == "000 s247(3)" and "jackpot.sharing_method" in message


def test_the_tables_of_a_link_share_its_jackpot_one_way() -> None:
    def member(n: int, words: str) -> str:
        return sharing_table(f"CSP-{n}", sharing_method=words).replace(
            '[table.caribbean_stud.jackpot]\nprize = "$12,000"\n', "[table.caribbean_stud.jackpot]\n"
        )

    link = '\n[[link]]\nid = "P1"\nname = "Progressive"\ntables = ["CSP-1", "CSP-2"]\nseed = "$10,000"\napproval = "CE-7"\n'
    same = errors(member(1, EQUALLY), member(2, "Winners share equally"), link)
    assert same == []
    [(rule, message)] = errors(member(1, EQUALLY), member(2, "Winners share in proportion"), link)
    assert rule == "000 s247(2)(b)" and message.startswith("P1: ") and "CSP-1" in message and "CSP-2" in message
