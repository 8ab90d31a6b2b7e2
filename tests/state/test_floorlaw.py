"""The floor the backend rebuilds from its stored state is the floor file's floor: the same
rules, the same violations (kiosk.state.floorlaw), so writes are judged as ``kiosk check`` judges."""

from __future__ import annotations

import dataclasses

import pytest

from kiosk.floor import check_floor, load_floor
from kiosk.floor.models import LIMIT_SETTINGS, settings_section
from kiosk.rules.games import GAMES
from kiosk.rules.table import TableLimits
from kiosk.state.events import Actor
from kiosk.state.floorapply import new_link, new_table
from kiosk.state.floorlaw import FloorFrame, floor_of
from kiosk.state.floorsync import floor_config
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.paths import ROOT

FLOORS = [ROOT / "assets" / "demo_floor.toml", ROOT / "tests" / "state" / "data" / "law_floor.toml"]
PIT = Actor(name="Pat Pit", role="pit", token_id="tok_pit")


def _stored(floor):
    config = floor_config(floor)
    return (
        {t: new_table(t, c) for t, c in config["tables"].items()},
        {k: new_link(k, c) for k, c in config["links"].items()},
    )


def _verdicts(floor):
    return sorted((v.rule, v.message, v.severity) for v in check_floor(floor))


@pytest.mark.parametrize("path", FLOORS, ids=lambda p: p.name)
def test_the_rebuilt_floor_breaks_exactly_what_the_file_breaks(path):
    floor = load_floor(path)
    tables, links = _stored(floor)
    frame = FloorFrame.from_json(FloorFrame.of(floor).to_json())
    rebuilt = floor_of(frame, tables, links)
    assert _verdicts(rebuilt) == _verdicts(floor)
    for table_id, table in floor.tables.items():
        assert rebuilt.tables[table_id].limits_model() == table.limits_model()
        assert rebuilt.tables[table_id].signs == table.signs


def test_the_frame_supplies_the_displays_the_state_does_not_hold():
    floor = load_floor(FLOORS[0])
    tables, links = _stored(floor)
    tables["CSP-04"]["signs"] = [s for s in tables["CSP-04"]["signs"] if s["kind"] != "jackpot_meter"]
    frame = FloorFrame.of(floor)
    assert [v for v in check_floor(floor_of(frame, tables, links)) if v.severity == "error"] == []
    bare = dataclasses.replace(frame, displays={})
    errors = [v for v in check_floor(floor_of(bare, tables, links)) if v.severity == "error"]
    assert [(v.rule, v.message.split(":")[0]) for v in errors] == [("000 s231(2)", "CSP-04")]


def test_every_rule_relevant_limit_is_a_setting_of_its_game():
    fields = {f.name for f in dataclasses.fields(TableLimits)}
    assert set(LIMIT_SETTINGS) == fields - {"minimum_cents", "maximum_cents", "maximum_by", "minimum_by", "game_type"}
    load_floor(FLOORS[0])  # the models are built
    from kiosk.floor import models

    sections = {settings_section(g) for g in GAMES}
    for name, held_by in LIMIT_SETTINGS.items():
        assert held_by <= sections
        for section in held_by:
            model = models.Table.model_fields[section].annotation.__args__[0]
            assert name in model.model_fields, (name, section)


async def test_a_node_started_without_the_floor_file_checks_against_the_stored_frame(tmp_path):
    """CSP-04's own meter is shown by a jackpot display of the floor file (000 s231(2)), so its
    jackpot_meter sign may go; a node started without the file knows that from the database."""
    url = f"sqlite:///{tmp_path / 'kiosk.sqlite3'}"
    first = await Service.open(url, floor=load_floor(FLOORS[0]), tick_seconds=None)
    await first.close()
    second = await Service.open(url, tick_seconds=None)
    try:
        table = (await second.snapshot(["CSP-04"]))["tables"]["CSP-04"]
        kept = [s for s in table["signs"] if s["kind"] != "jackpot_meter"]
        assert len(kept) == len(table["signs"]) - 1
        events = await second.execute(PIT, b.set_signs("CSP-04", kept))
        assert events[0].data["state"]["signs"] == kept
    finally:
        await second.close()
