"""The floor law at run time checks a custom cloth as kiosk check does: bonus blackjack cannot be
turned on at a table whose layout's boxes do not provide for it (003 s50A(1)(a)), and a floor
whose custom cloth lacks what the seeds require is not loaded; on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.floor import load_floor
from kiosk.state.errors import RuleRefused
from kiosk.state.service import Service
from tests.fixtures.actors import PIT
from tests.fixtures.clock import START, Clock

LAYOUTS = Path(__file__).resolve().parents[2] / "layouts"

FLOOR = """format = "kiosk-floor/1"

[casino]
name = "Test Casino"

[[table]]
id = "BJ-09"
game = "blackjack"
layout = "blackjack_plain.toml"
signs = ["limits", "bonus_payouts", "nominated_blackjack"]
[table.limits]
minimum = "$10"
maximum = "$1,000"
[table.blackjack]
decks = 6
nominated_suit = "spades"
nominated_card = "king"
"""


@pytest.fixture
def plain_floor(tmp_path):
    """A blackjack table whose custom cloth has no bonus boxes (its 'BONUS' areas say 'INSURED')."""
    text = (LAYOUTS / "blackjack.toml").read_text(encoding="utf-8").replace('text = "BONUS"', 'text = "INSURED"')
    (tmp_path / "blackjack_plain.toml").write_text(text, encoding="utf-8")
    path = tmp_path / "floor.toml"
    path.write_text(FLOOR, encoding="utf-8")
    return load_floor(path)


async def test_bonus_blackjack_needs_a_cloth_that_provides_for_it(db_url, plain_floor):
    service = await Service.open(db_url, floor=plain_floor, clock=Clock(START), tick_seconds=None, audit_key=None)
    try:
        before = await service.snapshot()
        with pytest.raises(RuleRefused) as err:
            await service.execute(PIT, {"type": "set_limits", "table_id": "BJ-09", "limits": {"bonus_blackjack": True}})
        assert err.value.rule == "003 s50A(1)(a)"
        assert "BJ-09: layout blackjack_plain.toml:" in err.value.message and "'bonus'" in err.value.message
        assert await service.snapshot() == before
    finally:
        await service.close()


async def test_a_floor_whose_cloth_lacks_the_law_is_not_loaded(db_url, tmp_path):
    text = (LAYOUTS / "caribbean_stud.toml").read_text(encoding="utf-8")
    (tmp_path / "csp.toml").write_text(text.replace("dealer only plays with", "dealer plays with"), encoding="utf-8")
    floor_path = tmp_path / "floor.toml"
    floor_path.write_text(
        """format = "kiosk-floor/1"

[casino]
name = "Test Casino"

[[table]]
id = "CSP-09"
game = "caribbean_stud"
layout = "csp.toml"
layout_approval = "CE L-9"
[table.limits]
minimum = "$10"
maximum = "$200"
[table.caribbean_stud]
maximum_payment = "$50,000"
[table.caribbean_stud.jackpot]
prize = "$12,000"
""",
        encoding="utf-8",
    )
    with pytest.raises(RuleRefused) as err:
        await Service.open(db_url, floor=load_floor(floor_path), tick_seconds=None, audit_key=None)
    assert err.value.rule == "000 s230(2)(b)"
