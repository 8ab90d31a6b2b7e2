"""A display's report counts for a table only when it comes from a display of that table, sent
by a display token bound to that display, and, for a notice, shows the sign that carries it
(issue 17, section 1: the audit's attempts 17d, 17e, 21 and 22).  A report that fails is
refused in one line and recorded as ``display_showing_refused``.  Real Service on the demo
floor, on SQLite and PostgreSQL, with a hand-moved clock."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.state.errors import Forbidden, RuleRefused
from kiosk.state.events import Actor
from kiosk.state.showing import ACTION, REFUSED_ACTION, parse_report
from kiosk.state.store import AuditQuery
from tests.fixtures.actors import DEALER, PIT
from tests.fixtures.backend import STORES
from tests.fixtures.clock import START, Clock

STAKE_SHARING = "Two or more straight or royal flush winners share the jackpot prize equally"
ROYAL = ["AS", "KS", "QS", "JS", "10S"]


@pytest.fixture
def floor(demo_floor):
    """The demo floor, the floor the audit tried (the directory's ``service`` runs on it)."""
    return demo_floor


async def display_of(service, *displays: str) -> Actor:
    """A display token issued (as ``kiosk token create --role display --display ID...`` does) for
    ``displays``, as the server authenticates it."""
    secret = await service.create_token("display", f"screen {' '.join(displays)}", displays=list(displays))
    return await service.authenticate(secret)


def _at(delta: timedelta) -> str:
    return (START + delta).isoformat().replace("+00:00", "Z")


async def report(service, actor, table_id, display_id, *, signs=(), notices=(), sharing=None):
    await service.record_showing(
        actor,
        parse_report(
            {
                "type": "showing",
                "table_id": table_id,
                "display_id": display_id,
                "signs": list(signs),
                "notices": list(notices),
                "sharing": sharing,
            }
        ),
    )


async def refused_records(service, table_id):
    return await service.audit_records(AuditQuery(target=table_id, action=REFUSED_ACTION))


async def schedule_stake(service, table_id="MP-01", minutes=25) -> str:
    events = await service.execute(
        PIT,
        {
            "type": "schedule_change",
            "table_id": table_id,
            "limits": {"minimum_table_stake_cents": 20_000},
            "effective_at": _at(timedelta(minutes=minutes)),
        },
    )
    return events[0].data["scheduled"]["id"]


async def stake(service, table_id="MP-01") -> int:
    return (await service.snapshot([table_id]))["tables"][table_id]["limits"]["minimum_table_stake_cents"]


# -- 17d, 17e: a stake notice on MP-01 (003 s259(3)) ------------------------------------------


async def test_17d_a_notice_reported_by_another_tables_display_is_refused_and_recorded(service, clock):
    change = await schedule_stake(service)
    bj = await display_of(service, "D-BJ-01-limits")
    with pytest.raises(RuleRefused) as err:
        await report(service, bj, "MP-01", "D-BJ-01-limits", signs=["limits"], notices=[change])
    assert "D-BJ-01-limits is not a display of table MP-01" in err.value.message
    assert err.value.rule and "\n" not in err.value.message
    [record] = await refused_records(service, "MP-01")
    assert record["actor"] == bj.name and record["token_id"] == bj.token_id
    assert record["details"]["display_id"] == "D-BJ-01-limits"
    assert record["details"]["reason"] == err.value.message and record["details"]["rule"] == err.value.rule
    assert record["details"]["notices"] == [change]
    assert await service.audit_records(AuditQuery(target="MP-01", action=ACTION)) == []
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed" and event.data["rule"] == "003 s259(3)"
    assert await stake(service) == 10_000
    assert (await service.verify_audit()).ok


@pytest.mark.parametrize("bound", [True, False], ids=["bound-to-ghost", "unbound"])
async def test_17e_a_notice_reported_by_a_display_in_no_floor_file_is_refused(service, clock, bound):
    change = await schedule_stake(service)
    if bound:  # a token bound to GHOST-99 (e.g. by a floor that had it): the floor has no such display
        ghost = Actor(name="ghost", role="display", token_id="tok_ghost", displays=frozenset({"GHOST-99"}))
    else:  # the audit's own attempt: a display token bound to nothing
        ghost = Actor(name="ghost", role="display", token_id="tok_ghost")
    with pytest.raises((RuleRefused, Forbidden)) as err:
        await report(service, ghost, "MP-01", "GHOST-99", notices=[change])
    [record] = await refused_records(service, "MP-01")
    assert record["details"]["display_id"] == "GHOST-99" and record["details"]["reason"] == err.value.message
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed" and "none was shown" in event.data["message"]
    assert await stake(service) == 10_000


async def test_a_notice_reported_without_the_sign_that_carries_it_is_refused(service, clock):
    change = await schedule_stake(service)
    mp = await display_of(service, "D-MP-01-signs")
    with pytest.raises(RuleRefused) as err:
        await report(service, mp, "MP-01", "D-MP-01-signs", signs=["limits", "ace_rule"], notices=[change])
    assert err.value.rule == "003 s259(3)" and "minimum_table_stake" in err.value.message
    [record] = await refused_records(service, "MP-01")
    assert record["details"]["display_id"] == "D-MP-01-signs"
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_failed"


async def test_the_stake_notice_on_its_own_display_and_sign_counts(service, clock):
    change = await schedule_stake(service)
    mp = await display_of(service, "D-MP-01-signs", "D-MP-01-layout")
    await report(service, mp, "MP-01", "D-MP-01-signs", signs=["limits", "minimum_table_stake"], notices=[change])
    assert await refused_records(service, "MP-01") == []
    clock.advance(minutes=25)
    [event] = await service.apply_due()
    assert event.type == "scheduled_change_applied" and event.data["rule"] == "003 s259(3)"
    assert await stake(service) == 20_000


# -- the token that sends a report speaks for its displays only --------------------------------


async def test_a_bound_token_reporting_for_another_display_is_refused_and_recorded(service, clock):
    change = await schedule_stake(service)
    layout = await display_of(service, "D-MP-01-layout")  # a display of MP-01, but not this one
    with pytest.raises(Forbidden) as err:
        await report(service, layout, "MP-01", "D-MP-01-signs", signs=["minimum_table_stake"], notices=[change])
    assert f"token {layout.token_id}" in err.value.message and "D-MP-01-layout" in err.value.message
    assert "not for display D-MP-01-signs" in err.value.message
    [record] = await refused_records(service, "MP-01")
    assert record["details"]["display_id"] == "D-MP-01-signs" and record["token_id"] == layout.token_id
    clock.advance(minutes=25)
    assert [e.type for e in await service.apply_due()] == ["scheduled_change_failed"]


async def test_an_unbound_display_token_is_told_to_re_issue(service):
    secret = await service.create_token("display", "old screen")  # issued before tokens were bound
    old = await service.authenticate(secret)
    with pytest.raises(Forbidden) as err:
        await report(service, old, "MP-01", "D-MP-01-signs", signs=["minimum_table_stake"])
    assert "speaks for no display" in err.value.message and "re-issue" in err.value.message
    assert "kiosk token create --role display --display" in err.value.message
    [record] = await refused_records(service, "MP-01")
    assert record["details"]["display_id"] == "D-MP-01-signs"


async def test_another_role_reporting_is_refused_and_recorded(service):
    with pytest.raises(Forbidden, match="only a display"):
        await report(service, PIT, "MP-01", "D-MP-01-signs", signs=["minimum_table_stake"])
    [record] = await refused_records(service, "MP-01")
    assert record["role"] == "pit"


async def test_a_token_bound_to_one_display_may_leave_the_display_id_out(service, clock):
    change = await schedule_stake(service)
    mp = await display_of(service, "D-MP-01-signs")
    await report(service, mp, "MP-01", None, signs=["minimum_table_stake"], notices=[change])
    [record] = await service.audit_records(AuditQuery(target="MP-01", action=ACTION))
    assert record["details"]["display_id"] == "D-MP-01-signs"
    two = await display_of(service, "D-MP-01-signs", "D-MP-01-layout")
    with pytest.raises(RuleRefused, match="display_id"):
        await report(service, two, "MP-01", None, signs=["minimum_table_stake"])


# -- 21: a poker commission change on PK-01 (002 r7.3) -----------------------------------------


async def _commission_change(service) -> str:
    rake = {"type": "percentage", "percent_bp": 1000, "cap_cents": 500, "minimum_cents": 100}
    [pending] = await service.execute(PIT, {"type": "set_limits", "table_id": "PK-01", "limits": {"rake": rake}})
    return pending.data["pending"]["id"]


async def _rake(service) -> int:
    return (await service.snapshot(["PK-01"]))["tables"]["PK-01"]["limits"]["rake"]["percent_bp"]


async def test_21_a_commission_change_reported_by_blackjacks_display_is_refused(service):
    change = await _commission_change(service)
    bj = await display_of(service, "D-BJ-01-limits")
    with pytest.raises(RuleRefused, match="not a display of table PK-01"):
        await report(service, bj, "PK-01", "D-BJ-01-limits", notices=[change])
    [record] = await refused_records(service, "PK-01")
    assert record["details"]["display_id"] == "D-BJ-01-limits"
    [held] = await service.execute(DEALER, {"type": "hand_complete", "table_id": "PK-01"})
    assert held.data["applied"] == [] and held.data["held"][0]["rule"] == "002 r7.3"
    assert await _rake(service) == 500


async def test_a_commission_change_counts_once_every_sign_stating_the_commission_shows_it(service):
    change = await _commission_change(service)
    pk = await display_of(service, "D-PK-01-signs")
    with pytest.raises(RuleRefused) as err:  # a notice on no sign that states the commission
        await report(service, pk, "PK-01", "D-PK-01-signs", signs=["blinds"], notices=[change])
    assert err.value.rule == "002 r7.3"
    await report(service, pk, "PK-01", "D-PK-01-signs", signs=["rake", "blinds"], notices=[change])
    [held] = await service.execute(DEALER, {"type": "hand_complete", "table_id": "PK-01"})
    assert held.data["applied"] == [] and "game_notice" in held.data["held"][0]["message"]  # 002 r6.3 too
    await report(service, pk, "PK-01", "D-PK-01-signs", signs=["game_notice", "rake"], notices=[change])
    [done] = await service.execute(DEALER, {"type": "hand_complete", "table_id": "PK-01"})
    assert [a["id"] for a in done.data["applied"]] == [change]
    assert await _rake(service) == 1000


# -- 22: the Caribbean jackpot sharing sign of CSP-04 (000 s247(3)) -----------------------------


async def test_22_the_sharing_sign_proven_by_pk02s_display_is_refused(service):
    pk2 = await display_of(service, "D-PK-02-signs")
    with pytest.raises(RuleRefused, match="not a display of table CSP-04"):
        await report(service, pk2, "CSP-04", "D-PK-02-signs", signs=["jackpot_sharing"], sharing=STAKE_SHARING)
    [record] = await refused_records(service, "CSP-04")
    assert record["details"]["display_id"] == "D-PK-02-signs" and record["details"]["sharing"] == STAKE_SHARING
    [hit, _end] = await service.execute(
        DEALER, {"type": "jackpot_hit", "table_id": "CSP-04", "hands": {"seat 1": ROYAL}}
    )
    assert hit.data["hit"]["sharing_sign_displayed"] is False and hit.data["hit"]["sharing_sign_shown_by"] == []


async def test_the_sharing_sign_on_csp04s_own_display_counts(service):
    own = await display_of(service, "D-CSP-04-signs")
    await report(service, own, "CSP-04", "D-CSP-04-signs", signs=["jackpot_sharing"], sharing=STAKE_SHARING)
    [hit, _end] = await service.execute(
        DEALER, {"type": "jackpot_hit", "table_id": "CSP-04", "hands": {"seat 1": ROYAL}}
    )
    assert hit.data["hit"]["sharing_sign_displayed"] is True
    assert hit.data["hit"]["sharing_sign_shown_by"] == ["D-CSP-04-signs"]


# -- the property: only a counting report's notice on its sign, for the whole period, applies it --

SIGNS_SCREEN, LAYOUT_SCREEN = "D-MP-01-signs", "D-MP-01-layout"  # MP-01's displays in the demo floor
SPEAKERS = ("signs screen", "both screens", "BJ-01 screen", "unbound", "pit", "ghost")
DISPLAY_IDS = (SIGNS_SCREEN, LAYOUT_SCREEN, "D-BJ-01-limits", "GHOST-99", None)
SIGN_SETS = ((), ("minimum_table_stake",), ("limits", "ace_rule"), ("limits", "minimum_table_stake"))
DUE = 25  # minutes after the change is scheduled (003 s259(3): 20 minutes' notice)

_reports = st.lists(
    st.tuples(
        st.integers(0, DUE),  # when, in minutes from scheduling
        st.sampled_from(SPEAKERS),
        st.sampled_from(DISPLAY_IDS),
        st.sampled_from(SIGN_SETS),
        st.sampled_from(("none", "the change", "another")),  # which notice it lists
    ),
    max_size=8,
).map(lambda steps: sorted(steps, key=lambda s: s[0]))


async def _speakers(service) -> dict[str, Actor]:
    return {
        "signs screen": await display_of(service, SIGNS_SCREEN),
        "both screens": await display_of(service, SIGNS_SCREEN, LAYOUT_SCREEN),
        "BJ-01 screen": await display_of(service, "D-BJ-01-limits"),
        "unbound": await service.authenticate(await service.create_token("display", "old screen")),
        "pit": PIT,
        "ghost": Actor(name="ghost", role="display", token_id="tok_ghost", displays=frozenset({"GHOST-99"})),
    }


def _counts(actor: Actor, display_id, signs, notice: str) -> tuple[bool, str | None]:
    """The reference reading of docs/readings.md A-28, written out: whether a report counts for
    MP-01, and for which screen."""
    bound = actor.displays or frozenset()
    if actor.role != "display" or not bound:
        return False, None
    if display_id is None:
        if len(bound) != 1:
            return False, None
        [display_id] = bound
    if display_id not in (SIGNS_SCREEN, LAYOUT_SCREEN) or display_id not in bound:
        return False, None
    if notice == "the change" and "minimum_table_stake" not in signs:
        return False, None
    return True, display_id


async def _run(db_url: str, floor, steps) -> tuple[bool, bool]:
    """(applied, what the reference says) for one sequence of reports."""
    from kiosk.state.service import Service

    clock = Clock(START)
    service = await Service.open(db_url, floor=floor, clock=clock, tick_seconds=None)
    try:
        speakers = await _speakers(service)
        change = await schedule_stake(service, minutes=DUE)
        shows: dict[tuple, bool] = {}  # screen -> whether its latest counting report shows the notice
        shown_at: list[tuple[int, bool]] = []  # after each report: is the notice shown anywhere
        for minute, who, display_id, signs, notice in steps:
            clock.now = START + timedelta(minutes=minute)
            actor = speakers[who]
            notices = {"none": [], "the change": [change], "another": ["s999"]}[notice]
            try:
                await report(service, actor, "MP-01", display_id, signs=signs, notices=notices)
            except (Forbidden, RuleRefused):
                pass
            counts, screen = _counts(actor, display_id, signs, notice)
            if counts:
                shows[(actor.token_id, screen)] = notice == "the change"
                shown_at.append((minute, any(shows.values())))
        clock.now = START + timedelta(minutes=DUE)
        [event] = await service.apply_due()
        applied = event.type == "scheduled_change_applied"
        assert applied == (await stake(service) == 20_000)
    finally:
        await service.close()
    # the notice shown for the whole notice period: shown from DUE - 20 on, never taken down
    before = [on for minute, on in shown_at if minute <= DUE - 20]
    during = [on for minute, on in shown_at if minute > DUE - 20]
    return applied, bool(before) and before[-1] and all(during)


@pytest.mark.slow
@pytest.mark.parametrize("store", STORES)
def test_a_change_applies_only_after_a_counting_report_showed_its_sign_for_the_whole_period(
    store, demo_floor, request, tmp_path_factory
):
    pg = request.getfixturevalue("pg_server") if store == "postgresql" else None

    @settings(max_examples=40 if store == "sqlite" else 15, suppress_health_check=[HealthCheck.too_slow])
    @given(_reports)
    def check(steps):
        url = pg.new_database() if pg else f"sqlite:///{tmp_path_factory.mktemp('prop') / 'kiosk.sqlite3'}"
        applied, reference = asyncio.run(_run(url, demo_floor, steps))
        assert applied == reference, steps

    check()
