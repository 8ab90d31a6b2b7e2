"""``kiosk check`` holds display names to the seeds' naming powers (docs/readings.md A-31):
exhaustively over the games, a name of the operator's own is accepted where 000 s230(5),
001 s456(7) or (with bonus blackjack) 003 s50A(3) gives the power, and refused elsewhere."""

from __future__ import annotations

import pytest

from kiosk.floor import check_floor, parse_floor
from kiosk.rules.games import GAMES
from tests.fixtures.floors import DEMO, TABLES, floor_text, run_kiosk

READING = "docs/readings.md A-31"
POWERS = {"tri_chro_54": "001 s456(7)", "tri_chro_63": "001 s456(7)", "caribbean_stud": "000 s230(5)"}


def _named(game: str, name: str) -> str:
    text = TABLES[game]
    head, _, rest = text.partition(f'game = "{game}"\n')
    return f'{head}game = "{game}"\ndisplay_name = "{name}"\n{rest}'


def _naming_errors(text: str) -> list[tuple[str, str]]:
    floor = parse_floor(floor_text(text), name="floor.toml")
    return [(v.rule, v.message) for v in check_floor(floor) if v.severity == "error" and v.key == "display_name"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_name_of_the_operators_own(game):
    found = _naming_errors(_named(game, "Lucky Seven"))
    if game in POWERS:
        assert found == []
        return
    [(rule, message)] = found
    assert rule == ("003 s50A(3)" if game == "blackjack" else READING)
    assert message.startswith(f"T-{game}: ") and "'Lucky Seven'" in message and READING in message


@pytest.mark.parametrize("game", list(GAMES))
def test_a_name_that_keeps_the_games_name(game):
    assert _naming_errors(_named(game, f"High Limit {GAMES[game].default_name}")) == []


def test_bonus_blackjack_may_be_named():
    text = _named("blackjack", "Lucky Seven").replace(
        "[table.blackjack]\n", "[table.blackjack]\nbonus_blackjack = true\n"
    )
    if "bonus_blackjack = true" not in text:
        text += "[table.blackjack]\nbonus_blackjack = true\n"
    assert _naming_errors(text) == []


def test_kiosk_check_refuses_a_roulette_rename_and_the_demo_floor_passes(write_floor):
    path = write_floor(floor_text(_named("roulette", "Lucky Wheel")))
    done = run_kiosk("check", "--floor", str(path))
    assert done.returncode == 1, done.stdout
    assert "T-roulette: the seeds let the operator name only" in done.stdout and READING in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert run_kiosk("check", "--floor", str(DEMO)).returncode == 0
