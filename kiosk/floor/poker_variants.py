"""The poker room's games (002 r8.4-r8.24), as ids a floor file names in ``variant``."""

from __future__ import annotations

__all__ = ["POKER_VARIANTS"]

# id -> (name as the Poker Rules write it, the rule that describes it)
POKER_VARIANTS: dict[str, tuple[str, str]] = {
    "draw_blind": ("Draw (Blind)", "002 r8.4"),
    "draw_kitty": ("Draw (Kitty)", "002 r8.5"),
    "draw_ante": ("Draw (Ante wager)", "002 r8.6"),
    "triple_draw_2_to_7": ("Triple Draw (2 to 7)", "002 r8.7"),
    "triple_draw_a_to_5": ("Triple Draw (A to 5)", "002 r8.7"),
    "lowball_draw_2_to_7": ("Lowball Draw (2 to 7)", "002 r8.8"),
    "lowball_draw_a_to_5": ("Lowball Draw (A to 5)", "002 r8.8"),
    "five_card_stud": ("Five Card Stud", "002 r8.9"),
    "crown_stud": ("Crown Stud", "002 r8.10"),
    "seven_card_stud": ("Seven Card Stud", "002 r8.11"),
    "seven_card_stud_hi_low": ("Seven Card Stud Hi-Low Eight Qualifier", "002 r8.12"),
    "seven_card_stud_razz": ("Seven Card Stud Razz", "002 r8.13"),
    "two_card_manila": ("Two Card Manila", "002 r8.14"),
    "three_card_manila": ("Three Card Manila", "002 r8.15"),
    "faro_manila": ("Faro Manila", "002 r8.16"),
    "holdem": ("Holdem", "002 r8.17"),
    "double_flop_holdem": ("Double Flop Holdem", "002 r8.18"),
    "pineapple_holdem": ("Pineapple Holdem", "002 r8.19"),
    "crazy_pineapple_holdem": ("Crazy Pineapple Holdem", "002 r8.20"),
    "crazy_pineapple_holdem_hi_low": ("Crazy Pineapple Holdem Hi-Low Eight Qualifier", "002 r8.21"),
    "holdem_hi_low": ("Holdem Hi-Low Eight Qualifier", "002 r8.22"),
    "omaha": ("Omaha", "002 r8.23"),
    "omaha_hi_low": ("Omaha Hi-Low Eight Qualifier", "002 r8.24"),
}
