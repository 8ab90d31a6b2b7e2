"""Serving an application on a TCP port: :func:`start_site`.

The application runs behind a :class:`~kiosk.state.http.limits.GuardedRunner` (connections
bounded in number and in time), on the port asked for or, given port 0, on a free one, whose
number it reports: the caller prints the URL clients use.
"""

from __future__ import annotations

import ssl

from aiohttp import web

from kiosk.state.http.limits import ConnectionLimits, GuardedRunner

__all__ = ["start_site"]


async def start_site(
    app: web.Application,
    host: str,
    port: int,
    tls: ssl.SSLContext | None = None,
    *,
    limits: ConnectionLimits | None = None,
    shutdown_timeout: float = 5.0,
) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host``:``port`` (0: any free port), over TLS when ``tls`` is given.

    Returns the runner (``await runner.cleanup()`` stops serving, closing every connection
    within ``shutdown_timeout`` seconds) and the port bound.  Raises :class:`OSError` when the
    address cannot be bound (in use, not this machine's), having cleaned up the runner.
    """
    runner = GuardedRunner(app, limits, handle_signals=False, access_log=None, shutdown_timeout=shutdown_timeout)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port, ssl_context=tls).start()
    except BaseException:
        await runner.cleanup()
        raise
    bound = [address[1] for address in runner.addresses if isinstance(address, tuple)]
    return runner, int(bound[0]) if bound else port
