"""A bare broadcast server: the baseline our stream's latency is compared with.

A minimal aiohttp WebSocket server with no validation, no storage and no auth: a client connects
to ``/api/v1/stream``, sends any first message and gets ``{"type": "ready"}``; ``POST /publish``
with a text body answers 200 at once and pushes the body, unchanged, to every connected client.
It speaks just enough of the real stream protocol that the same load generator measures both.

Run by ``benchmarks/stream_latency.py``; by hand::

    python benchmarks/broadcast_baseline.py --port 0     # prints "listening on http://127.0.0.1:PORT"
"""

from __future__ import annotations

import argparse
import asyncio
import signal

from aiohttp import web

__all__ = ["make_app", "main"]

_CLIENTS: web.AppKey[set] = web.AppKey("clients", set)
_TASKS: web.AppKey[set] = web.AppKey("tasks", set)


async def _stream(request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    await ws.receive()
    await ws.send_str('{"type":"ready","seq":0}')
    request.app[_CLIENTS].add(ws)
    try:
        async for _msg in ws:
            pass
    finally:
        request.app[_CLIENTS].discard(ws)
    return ws


async def _broadcast(clients: list, text: str) -> None:
    for ws in clients:
        if not ws.closed:
            try:
                await ws.send_str(text)
            except ConnectionError:
                pass


async def _publish(request: web.Request) -> web.Response:
    text = await request.text()
    task = asyncio.create_task(_broadcast(list(request.app[_CLIENTS]), text))
    request.app[_TASKS].add(task)  # keep a reference until done
    task.add_done_callback(request.app[_TASKS].discard)
    return web.json_response({"ok": True})


def make_app() -> web.Application:
    """The baseline application."""
    app = web.Application()
    app[_CLIENTS] = set()
    app[_TASKS] = set()
    app.router.add_get("/api/v1/stream", _stream)
    app.router.add_post("/publish", _publish)
    return app


async def _run(host: str, port: int) -> None:
    runner = web.AppRunner(make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    print(f"listening on http://{host}:{bound}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(_run(args.host, args.port))


if __name__ == "__main__":
    main()
