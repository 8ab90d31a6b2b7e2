"""Bad input never gets past the service as anything but a one-line 4xx StateError, and a
refused command never writes anything (hypothesis: random commands of every type)."""

from __future__ import annotations

import asyncio
import pathlib
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.state.errors import StateError
from kiosk.state.handlers import COMMANDS
from kiosk.state.service import Service
from tests.fixtures.actors import ADMIN, DEALER, PIT
from tests.fixtures.clock import START, Clock

TABLES = ["TC54-01", "TC63-01", "TU-01", "CSP-01", "MP-01", "PK-01", "BJ-01", "NOPE", "", "x" * 80]
LINKS = ["PROG", "CSP-03.jackpot", "NOPE"]
FIELD_NAMES = sorted({name for spec in COMMANDS.values() for name in spec.fields} | {"bogus", "expected_version"})

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**18), 10**18),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(
        [
            "H",
            "T",
            "O",
            "X",
            "heads",
            "red*",
            "gold",
            "broken",
            "rrg",
            "ball_device",
            "AS",
            "p2",
            "2026-11-30T10:00:00Z",
            "yesterday",
            "Ivy Inspector",
        ]
    ),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(
            st.one_of(
                st.sampled_from(
                    [
                        "minimum_cents",
                        "maximum_cents",
                        "maximum_by",
                        "3:4",
                        "rake",
                        "type",
                        "percent_bp",
                        "confirmed_by",
                        "agreeing",
                        "players_at_table",
                        "1",
                        "kind",
                        "cap_mm",
                    ]
                ),
                st.text(max_size=8),
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=12,
)


@st.composite
def commands(draw):
    kind = draw(st.sampled_from(sorted(COMMANDS) + ["nonsense"]))
    spec = COMMANDS.get(kind)
    command = {"type": kind}
    if spec is None or spec.target == "table":
        command["table_id"] = draw(st.sampled_from(TABLES))
    else:
        command["link_id"] = draw(st.sampled_from(LINKS))
    names = list(spec.fields) if spec else []
    for name in draw(st.lists(st.sampled_from(names + FIELD_NAMES), max_size=4, unique=True)):
        command[name] = draw(values)
    return command


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(st.tuples(st.sampled_from([DEALER, PIT, ADMIN]), commands()), min_size=5, max_size=25))
def test_random_commands_are_accepted_or_refused_cleanly(batch, floor):
    asyncio.run(_run(batch, floor))


async def _run(batch, floor):
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(
            f"sqlite:///{pathlib.Path(tmp) / 'f.db'}", floor=floor, clock=Clock(START), tick_seconds=None
        )
        try:
            for actor, command in batch:
                before = await service.snapshot()
                try:
                    events = await service.execute(actor, command)
                except StateError as exc:
                    assert 400 <= exc.status < 500, exc
                    assert exc.message and "\n" not in exc.message and len(exc.message) < 2000
                    assert await service.snapshot() == before
                else:
                    assert events and events[0].seq == before["seq"] + 1
            assert (await service.verify_audit()).ok
        finally:
            await service.close()
