"""Floor-file test helpers: small valid floors written as real TOML text, and the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "assets" / "demo_floor.toml"
DATA = Path(__file__).resolve().parent / "data"

HEADER = """format = "kiosk-floor/1"

[casino]
name = "Test Casino"
"""

# One table of each game that loads and passes every rule.
TABLES: dict[str, str] = {
    "tri_chro_54": """
[[table]]
id = "T-tri_chro_54"
game = "tri_chro_54"
[table.limits]
minimum = "$5"
maximum = "$1,200"
[table.limits.maximum_by]
"6:5" = "$800"
"33:10" = "$300"
"8:1" = "$125"
"27:1" = "$35"
"65:1" = "$15"
""",
    "tri_chro_63": """
[[table]]
id = "T-tri_chro_63"
game = "tri_chro_63"
[table.limits]
minimum = "$10"
maximum = "$500"
""",
    "two_up_dice": """
[[table]]
id = "T-two_up_dice"
game = "two_up_dice"
[table.limits]
minimum = "$5"
maximum = "$100"
""",
    "caribbean_stud": """
[[table]]
id = "T-caribbean_stud"
game = "caribbean_stud"
[table.limits]
minimum = "$10"
maximum = "$200"
[table.caribbean_stud]
maximum_payment = "$50,000"
[table.caribbean_stud.jackpot]
prize = "$12,000"
""",
    "blackjack": """
[[table]]
id = "T-blackjack"
game = "blackjack"
[table.limits]
minimum = "$10"
maximum = "$1,000"
""",
    "roulette": """
[[table]]
id = "T-roulette"
game = "roulette"
[table.limits]
minimum = "$30"
maximum = "$1,000"
""",
    "manila_poker": """
[[table]]
id = "T-manila_poker"
game = "manila_poker"
layout_approval = "CE-1"
[table.limits]
minimum = "$5"
maximum = "$20"
[table.manila_poker]
minimum_table_stake = "$100"
minimum_permissible_wager = "$5"
""",
    "draw_poker": """
[[table]]
id = "T-draw_poker"
game = "draw_poker"
layout_approval = "CE-2"
[table.limits]
minimum = "$5"
maximum = "$20"
[table.draw_poker]
minimum_table_stake = "$100"
""",
    "pai_gow": """
[[table]]
id = "T-pai_gow"
game = "pai_gow"
[table.limits]
minimum = "$25"
maximum = "$1,000"
[table.pai_gow]
approved_cuts = ["8 stacks of 4"]
cuts_approval = "CE-3"
""",
    "poker": """
[[table]]
id = "T-poker"
game = "poker"
variant = "holdem"
[table.limits]
minimum = "$5"
maximum = "$10"
[table.poker]
minimum_buy_in = "$100"
compulsory_blinds = 2
blinds = ["$2", "$5"]
[table.poker.rake]
type = "percentage"
percent = "5%"
minimum = "$1"
cap = "$5"
""",
}


def floor_text(*parts: str) -> str:
    """A floor file: the header, then the given tables, links and displays."""
    return HEADER + "".join(parts)


def run_kiosk(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed ``kiosk`` command (the console script) in a child process."""
    script = Path(sys.executable).parent / "kiosk"
    command = (
        [str(script)]
        if script.is_file()
        else [sys.executable, "-c", "import sys; from kiosk.cli import main; sys.exit(main())"]
    )
    return subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
    )
