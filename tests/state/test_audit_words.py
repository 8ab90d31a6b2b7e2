"""The audit trail as a person reads it (ux-review C6): records written by the real service on
SQLite and PostgreSQL, read back as ``GET /api/v1/audit`` returns them, each one sentence with
money in dollars, old and new values, staff names, and no Python dict; and acknowledged alerts
recorded with who acknowledged them."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from kiosk.rules.money import format_money
from kiosk.state.alerts import ALERT_ACTION
from kiosk.state.errors import BadRequest, Forbidden, NotFound
from kiosk.state.store import AuditQuery
from kiosk.views import builders
from kiosk.views.console.audit_words import KINDS, kind_title, sentence
from tests.fixtures.actors import ADMIN, ADMIN2, DEALER, PIT


def local(moment: datetime | str, fmt: str) -> str:
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    return moment.strftime(fmt)


async def _newest(service, action: str) -> dict:
    return (await service.audit_records(AuditQuery(action=action, limit=1)))[0]


async def test_a_change_of_limits_reads_as_who_raised_what_from_and_to(service):
    table = (await service.snapshot())["tables"]["BJ-01"]
    old = table["limits"]["maximum_cents"]
    await service.execute(
        PIT, builders.set_limits("BJ-01", {"maximum_cents": old * 2}, expected_version=table["version"])
    )
    words = sentence(await _newest(service, "limits_changed"), local)
    assert words == f"Pat Pit raised BJ-01's maximum wager from {format_money(old)} to {format_money(old * 2)}."
    await service.execute(
        PIT, builders.set_limits("BJ-01", {"maximum_cents": old}, expected_version=table["version"] + 1)
    )
    assert sentence(await _newest(service, "limits_changed"), local).startswith("Pat Pit lowered BJ-01's maximum")


async def test_schedules_signs_jackpot_proposals_and_alerts_read_as_sentences(service, clock):
    snap = await service.snapshot()
    bj = snap["tables"]["BJ-01"]
    when = clock.now + timedelta(hours=1)
    await service.execute(
        PIT,
        builders.schedule_change(
            "BJ-01", {"minimum_cents": bj["limits"]["minimum_cents"] + 500}, when, expected_version=bj["version"]
        ),
    )
    words = sentence(await _newest(service, "change_scheduled"), local)
    assert words.startswith("Pat Pit scheduled BJ-01's minimum wager to ") and local(when, "%H:%M") in words
    link_id, link = next(iter(snap["links"].items()))
    seed = link["meter"]["seed_cents"]
    await service.execute(ADMIN, builders.jackpot_propose(link_id, seed_cents=seed + 100_000))
    words = sentence(await _newest(service, "jackpot_settings_proposed"), local)
    assert f"seed {format_money(seed)} → {format_money(seed + 100_000)}" in words and words.startswith("Ada Admin")
    # an alert acknowledged: who, about what
    record = await service.acknowledge_alert(PIT, "offline:D-BJ-01-signs:x", "BJ-01", "display D-BJ-01-signs offline")
    assert record["action"] == ALERT_ACTION and record["actor"] == "Pat Pit" and record["target"] == "BJ-01"
    assert sentence(record, local) == "Pat Pit acknowledged the alert: display D-BJ-01-signs offline."
    # no record of the trail reads as a dict or an internal name
    for r in await service.audit_records(AuditQuery(limit=500)):
        text = sentence(r, local)
        assert "{" not in text and "_cents" not in text, text
        assert kind_title(r["action"]) == KINDS.get(r["action"], kind_title(r["action"]))


async def test_only_pit_and_admin_acknowledge_alerts_about_what_exists(service):
    with pytest.raises(Forbidden):
        await service.acknowledge_alert(DEALER, "k", "BJ-01", "text")
    with pytest.raises(NotFound):
        await service.acknowledge_alert(ADMIN2, "k", "NO-SUCH", "text")
    with pytest.raises(BadRequest):
        await service.acknowledge_alert(ADMIN2, "", "BJ-01", "text")


def test_a_proposed_contribution_reads_in_percent_from_the_meters_rate():
    record = {
        "actor": "Ada Admin",
        "action": "jackpot_settings_proposed",
        "target": "L1",
        "details": {
            "event": {
                "data": {
                    "changes": {"contribution_bp": 25},
                    "state": {"meter": {"rate_bp": 150, "seed_cents": 100_000}, "sharing": "equal_shares"},
                }
            }
        },
    }
    assert sentence(record, local) == (
        "Ada Admin proposed a change of jackpot L1: "
        "contribution 1.5 % of each jackpot wager → 0.25 % of each jackpot wager."
    )
