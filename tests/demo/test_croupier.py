"""The croupier plays the demo floor through the real API: draws, spins, jackpot wagers, roulette."""

from __future__ import annotations

import asyncio

import pytest

from kiosk.demo.croupier import Croupier
from kiosk.state.client import KioskClient


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
