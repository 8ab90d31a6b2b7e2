"""The types of the factory fixtures (after ``python-poetry/poetry:tests/types.py``): what a test
may pass when it builds a service, serves it over HTTP or opens a request helper on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from aiohttp.test_utils import TestServer

    from kiosk.state.service import Service
    from tests.fixtures.http_api import Api


class ServiceFactory(Protocol):
    """``make_service``: a :class:`~kiosk.state.service.Service` closed when the test ends.

    Without ``db_url``, a new SQLite file in the test's folder; ``options`` are those of
    :meth:`Service.open <kiosk.state.service.Service.open>` (``floor``, ``clock``, ``tick_seconds``...).
    """

    async def __call__(self, db_url: str | None = None, **options: Any) -> Service: ...


class AppServerFactory(Protocol):
    """``serve_app``: the HTTP API of a service on a real port, closed when the test ends.

    ``options`` are those of :func:`kiosk.state.http.create_app` (``floor``, ``stream``, ``health``...).
    """

    async def __call__(
        self, service: Service, *, host: str = "127.0.0.1", port: int | None = None, **options: Any
    ) -> TestServer: ...


class ApiFactory(Protocol):
    """``make_api``: :func:`serve_app` and an :class:`~tests.fixtures.http_api.Api` on it.

    ``tokens`` maps roles to bearer tokens; by default one token of each role is issued.
    """

    async def __call__(self, service: Service, *, tokens: dict[str, str] | None = None, **options: Any) -> Api: ...
