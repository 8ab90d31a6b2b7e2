"""The HTTP side of the state service: the aiohttp application serving ``/api/v1``.

::

    app = create_app(service, floor=floor)                 # kiosk.state.http.app
    runner, port = await start_site(app, host, 0, tls)    # kiosk.state.http.serving

One module per concern:

* :mod:`~kiosk.state.http.app` builds the application (middlewares, the error mapping);
* :mod:`~kiosk.state.http.routes` holds the route table and the handlers, and
  :mod:`~kiosk.state.http.keys` what the application keeps for them;
* :mod:`~kiosk.state.http.stream` serves the live stream (its docstring is the stream protocol);
* :mod:`~kiosk.state.http.auth` checks bearer tokens;
* :mod:`~kiosk.state.http.limits` bounds connections, and :mod:`~kiosk.state.http.serving`
  runs an application behind those limits;
* :mod:`~kiosk.state.http.floor_routes` serves the floor file to displays,
  :mod:`~kiosk.state.http.openapi` describes the API and :mod:`~kiosk.state.http.jsonbody`
  reads what clients send.

The state client (:mod:`kiosk.state.client`) never imports this package.
"""

from kiosk.state.http.app import create_app, server_info
from kiosk.state.http.keys import HUB_KEY, SERVICE_KEY, HealthSettings
from kiosk.state.http.limits import ConnectionLimits, GuardedRunner
from kiosk.state.http.serving import start_site
from kiosk.state.http.stream import StreamHub, StreamSettings

__all__ = [
    "HUB_KEY",
    "SERVICE_KEY",
    "ConnectionLimits",
    "GuardedRunner",
    "HealthSettings",
    "StreamHub",
    "StreamSettings",
    "create_app",
    "server_info",
    "start_site",
]
