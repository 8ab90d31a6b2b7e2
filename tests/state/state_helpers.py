"""Shared values for the backend tests: the test floor, actors and a hand-moved clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from kiosk.state.events import Actor

__all__ = ["TEST_FLOOR", "SCREENS", "FakeClock", "START", "DEALER", "PIT", "ADMIN", "ADMIN2", "DISPLAY"]


TEST_FLOOR = """
format = "kiosk-floor/1"

[casino]
name = "Test Casino"

[[table]]
id = "TC54-01"
game = "tri_chro_54"
signs = ["limits"]
[table.limits]
minimum = "$5"
maximum = "$1,200"
[table.limits.maximum_by]
"3:4" = "$1,200"
"6:5" = "$800"
"33:10" = "$300"
"8:1" = "$125"
"27:1" = "$35"
"65:1" = "$15"
[table.tri_chro]
drawing_device = "ball_device"

[[table]]
id = "TC63-01"
game = "tri_chro_63"
[table.limits]
minimum = "$5"
maximum = "$1,500"
[table.limits.maximum_by]
"3:4" = "$1,500"
"6:5" = "$1,000"
"33:10" = "$400"
"8:1" = "$150"
"38:1" = "$25"
"90:1" = "$10"
[table.tri_chro]
drawing_device = "random_result_generator"

[[table]]
id = "TU-01"
game = "two_up_dice"
signs = ["limits", "result_cards"]
[table.limits]
minimum = "$5"
maximum = "$500"

[[table]]
id = "CSP-01"
game = "caribbean_stud"
signs = ["limits", "maximum_payment", "jackpot_meter", "jackpot_paytable"]
[table.limits]
minimum = "$10"
maximum = "$200"
[table.caribbean_stud]
maximum_payment = "$50,000"
[table.caribbean_stud.jackpot]
wager = "$1"

[[table]]
id = "CSP-02"
game = "caribbean_stud"
signs = ["limits", "maximum_payment", "jackpot_meter", "jackpot_paytable"]
[table.limits]
minimum = "$10"
maximum = "$200"
[table.caribbean_stud]
maximum_payment = "$50,000"
[table.caribbean_stud.jackpot]
wager = "$1"

[[table]]
id = "CSP-03"
game = "caribbean_stud"
signs = ["limits", "maximum_payment", "jackpot_meter", "jackpot_sharing"]
[table.limits]
minimum = "$5"
maximum = "$100"
[table.caribbean_stud]
maximum_payment = "$25,000"
[table.caribbean_stud.jackpot]
wager = "$1"
contribution = "70%"
seed = "$5,000"
sharing_method = "Two or more straight or royal flushes share the prize equally"

[[link]]
id = "PROG"
name = "Test Progressive"
tables = ["CSP-01", "CSP-02"]
approval = "CE approval TEST-1"
seed = "$10,000"
contribution = "10%"

[[table]]
id = "MP-01"
game = "manila_poker"
layout_approval = "CE layout approval TEST-2"
signs = ["limits", "minimum_table_stake"]
[table.limits]
minimum = "$5"
maximum = "$20"
[table.manila_poker]
minimum_table_stake = "$100"
minimum_permissible_wager = "$5"

[[table]]
id = "DP-01"
game = "draw_poker"
layout_approval = "CE layout approval TEST-3"
[table.limits]
minimum = "$5"
maximum = "$20"
[table.draw_poker]
minimum_table_stake = "$100"
minimum_permissible_wager = "$5"

[[table]]
id = "PK-01"
game = "poker"
variant = "holdem"
signs = ["game_notice", "rake", "blinds", "limits"]
[table.limits]
minimum = "$5"
maximum = "$10"
[table.poker]
minimum_buy_in = "$100"
betting = "fixed_limit"
compulsory_blinds = 2
blinds = ["$2", "$5"]
[table.poker.rake]
type = "percentage"
percent = "5%"
minimum = "$1"
cap = "$5"

[[table]]
id = "BJ-01"
game = "blackjack"
signs = ["limits"]
[table.limits]
minimum = "$10"
maximum = "$1,000"

# the screens whose reports the sign rules count from (kiosk.state.showing, docs/readings.md A-28)
[[display]]
id = "D-MP-01-signs"
table = "MP-01"
view = "signs"

[[display]]
id = "D-MP-01-limits"
table = "MP-01"
view = "limits"
screen = 1

[[display]]
id = "D-DP-01-signs"
table = "DP-01"
view = "signs"

[[display]]
id = "D-PK-01-signs"
table = "PK-01"
view = "signs"

[[display]]
id = "D-CSP-03-signs"
table = "CSP-03"
view = "signs"

[[display]]
id = "D-BJ-01-limits"
table = "BJ-01"
view = "limits"
"""

SCREENS = {"MP-01": "D-MP-01-signs", "DP-01": "D-DP-01-signs", "PK-01": "D-PK-01-signs", "CSP-03": "D-CSP-03-signs"}
"""The display of each table of :data:`TEST_FLOOR` that shows its signs."""


class FakeClock:
    """An injectable UTC clock that tests move by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


START = datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)
DEALER = Actor(name="Dana Dealer", role="dealer", token_id="tok_dealer")
PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")
ADMIN = Actor(name="Ada Admin", role="admin", token_id="tok_admin")
ADMIN2 = Actor(name="Bo Admin", role="admin", token_id="tok_admin2")
DISPLAY = Actor(
    name="Screen 1",
    role="display",
    token_id="tok_display",
    displays=frozenset({*SCREENS.values(), "D-MP-01-limits"}),  # issued for them: docs/readings.md A-28
)
