"""The croupier plays the demo floor through the real API: draws, spins, jackpot wagers, roulette."""

from __future__ import annotations

import asyncio

import pytest

from kiosk.demo.croupier import Croupier
from kiosk.state.client import KioskClient
from kiosk.views import builders


@pytest.mark.timeout(60)
async def test_driver_moves_every_kind_of_table(make_service, serve_app, demo_floor):
    floor = demo_floor
    service = await make_service(floor=floor)
    token = await service.create_token("pit", "demo croupier")
    server = await serve_app(service, floor=floor)
    notes: list[str] = []
    async with KioskClient(str(server.make_url("/")), token) as client:
        before_links = await client.links()
        tables = {tid: t.game for tid, t in floor.tables.items()}
        croupier = Croupier(client, tables, pace=0.01, seed=7, on_note=notes.append)
        task = asyncio.ensure_future(croupier.run())
        await asyncio.sleep(3.0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        after = await client.tables()
        after_links = await client.links()
    assert croupier.commands_sent > 20
    assert after["TC54-01"]["game_state"]["drawing"] >= 2
    assert after["TC63-01"]["game_state"]["drawing"] >= 2  # the random result generator's table
    assert after["TU-01"]["game_state"]["games"] >= 1
    grew = [
        lid
        for lid in after_links
        if after_links[lid]["meter"]["amount_cents"] != before_links[lid]["meter"]["amount_cents"]
        or after_links[lid]["hits"] > before_links[lid]["hits"]
    ]
    assert "CSP-PROG" in grew
    assert after["RO-01"]["game_state"]["results"], "the roulette board got no result"
    # the rules refuse nothing the croupier does in the ordinary course of play
    assert croupier.refused <= max(2, croupier.commands_sent // 20), notes


@pytest.mark.timeout(60)
async def test_a_refusal_by_the_rules_is_told_as_the_law_at_work(make_service, serve_app, demo_floor):
    """The croupier's move a rule refuses (a second hit on a locked jackpot, 000 s245) is told
    as what it is: the rules refused it, with the citation, and play goes on; not as an error."""
    service = await make_service(floor=demo_floor)
    token = await service.create_token("pit", "demo croupier")
    server = await serve_app(service, floor=demo_floor)
    notes: list[str] = []
    async with KioskClient(str(server.make_url("/")), token) as client:
        croupier = Croupier(client, {}, pace=0.01, seed=7, on_note=notes.append)
        flush = {"seat 1": ["9H", "8H", "7H", "6H", "5H"]}
        await croupier.send(builders.jackpot_wagers("CSP-01", places=[1]))
        assert await croupier.send(builders.jackpot_hit("CSP-01", flush)) is not None
        assert await croupier.send(builders.jackpot_hit("CSP-01", flush)) is None  # the link is locked
    assert croupier.refused == 1 and croupier.failed == 0
    (note,) = notes
    assert note.startswith("CSP-01: the rules refused the croupier's jackpot hit (000 s"), note
    assert note.endswith("; play goes on")
    assert "error" not in note.lower() and "failed" not in note.lower()


async def test_a_failure_that_is_not_a_rule_is_told_as_one(make_service, serve_app, demo_floor):
    service = await make_service(floor=demo_floor)
    token = await service.create_token("pit", "demo croupier")
    server = await serve_app(service, floor=demo_floor)
    notes: list[str] = []
    async with KioskClient(str(server.make_url("/")), token) as client:
        croupier = Croupier(client, {}, pace=0.01, on_note=notes.append)
        assert await croupier.send(builders.twoup_no_more_bets("NO-SUCH-TABLE")) is None
    assert croupier.failed == 1 and croupier.refused == 0
    assert notes[0].startswith("NO-SUCH-TABLE: the croupier's twoup no more bets failed: "), notes
