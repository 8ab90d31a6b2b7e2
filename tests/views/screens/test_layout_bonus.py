"""A blackjack table's layout shows its bonus blackjack areas only while it offers bonus
blackjack (003 s50A(1)(a): the boxes provide for it there); elsewhere no player is shown an area,
or the word BONUS, to place a wager that is not offered."""

from __future__ import annotations

import copy

from kiosk.scene.primitives import Scene, Shape, TextRun
from kiosk.views.screens import layout
from tests.fixtures.composition import AT, SCREENS, floor_states

SCREEN = SCREENS["1920x1080"]
BONUS_AREAS = {f"box{n}_bonus" for n in range(1, 8)}


def _cloth(table) -> Scene:
    _tables, _links, settings = floor_states()["fresh"]
    return layout.compose(table, None, settings, AT, area=SCREEN).frames[0]


def _bonus_shown(scene: Scene) -> tuple[set[str], int]:
    areas = {i.area for i in scene.items if isinstance(i, Shape) and i.area in BONUS_AREAS}
    words = sum(1 for i in scene.items if isinstance(i, TextRun) and i.text.upper() == "BONUS")
    return areas, words


def test_only_a_table_offering_bonus_blackjack_shows_the_bonus_areas():
    tables, _links, _settings = floor_states()["fresh"]
    assert tables["BJ-01"]["limits"]["bonus_blackjack"] and not tables["BJ-02"]["limits"].get("bonus_blackjack")
    assert _bonus_shown(_cloth(tables["BJ-01"])) == (BONUS_AREAS, 7)
    assert _bonus_shown(_cloth(tables["BJ-02"])) == (set(), 0)


def test_the_bonus_areas_follow_the_limits_as_they_stand():
    tables, _links, _settings = floor_states()["fresh"]
    offered, withdrawn = copy.deepcopy(tables["BJ-02"]), copy.deepcopy(tables["BJ-01"])
    offered["limits"]["bonus_blackjack"] = True
    withdrawn["limits"]["bonus_blackjack"] = False
    assert _bonus_shown(_cloth(offered)) == (BONUS_AREAS, 7)
    assert _bonus_shown(_cloth(withdrawn)) == (set(), 0)
