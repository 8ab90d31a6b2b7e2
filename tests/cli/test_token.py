"""``kiosk token`` as an operator runs it: ``create --role display --display ID...`` issues a
display token for the floor's displays it speaks for (issue 17, section 1), ``list`` shows them,
and a bad flag gives one line and a non-zero exit."""

from __future__ import annotations

import asyncio
from pathlib import Path

from kiosk.floor import load_floor
from kiosk.state.service import Service
from tests.fixtures.floors import run_kiosk
from tests.fixtures.paths import DEMO_FLOOR


def _database_with_the_demo_floor(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'k.db'}"

    async def load() -> None:
        service = await Service.open(url, floor=load_floor(DEMO_FLOOR), tick_seconds=None)
        await service.close()

    asyncio.run(load())
    return url


def test_kiosk_token_create_issues_a_display_token_for_its_displays(tmp_path):
    url = _database_with_the_demo_floor(tmp_path)
    made = run_kiosk(
        "token", "create", "--role", "display", "--name", "MP-01", "--display", "D-MP-01-signs", "--db", url
    )
    assert made.returncode == 0, made.stderr
    assert len(made.stdout.strip().splitlines()) == 1 and made.stderr == ""
    listed = run_kiosk("token", "list", "--db", url)
    [row] = [line for line in listed.stdout.splitlines() if "\tMP-01\t" in line]
    assert "displays D-MP-01-signs" in row and made.stdout.strip() not in listed.stdout


def test_a_display_token_for_no_display_is_issued_with_a_note(tmp_path):
    url = _database_with_the_demo_floor(tmp_path)
    unbound = run_kiosk("token", "create", "--role", "display", "--name", "lobby", "--db", url)
    assert unbound.returncode == 0 and len(unbound.stdout.strip().splitlines()) == 1
    assert "speaks for no display" in unbound.stderr and "--display" in unbound.stderr  # said, not refused
    assert len(unbound.stderr.splitlines()) == 1
    listed = run_kiosk("token", "list", "--db", url)
    assert "no display" in listed.stdout


def test_bad_displays_are_refused_in_one_line(tmp_path):
    url = _database_with_the_demo_floor(tmp_path)
    for args, words in (
        (("--role", "pit", "--name", "Pat", "--display", "D-MP-01-signs"), "only a display token"),
        (("--role", "display", "--name", "ghost", "--display", "GHOST-99"), "unknown display 'GHOST-99'"),
    ):
        wrong = run_kiosk("token", "create", *args, "--db", url)
        assert wrong.returncode == 1 and len(wrong.stderr.splitlines()) == 1, wrong.stderr
        assert words in wrong.stderr and "Traceback" not in wrong.stderr
    assert "ghost" not in run_kiosk("token", "list", "--db", url).stdout
