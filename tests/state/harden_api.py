"""A real server (aiohttp TestServer) on a real Service for the hardening tests, on SQLite and
PostgreSQL alike: every call returns (status, decoded body) and counts what it saw."""

from __future__ import annotations

import json

import aiohttp
from aiohttp.test_utils import TestServer

from kiosk.state.http import create_app

__all__ = ["HardenApi", "start_api", "assert_refused"]


class HardenApi:
    def __init__(self, server, session, tokens, service):
        self.server, self.session, self.tokens, self.service = server, session, tokens, service
        self.statuses: list[int] = []

    def url(self, path: str) -> str:
        return str(self.server.make_url(f"/api/v1{path}"))

    async def call(self, method, path, *, role="admin", token=None, body=None, raw=None, headers=None):
        hdrs = {}
        if token is not None:
            hdrs["Authorization"] = f"Bearer {token}"
        elif role is not None:
            hdrs["Authorization"] = f"Bearer {self.tokens[role]}"
        hdrs.update(headers or {})
        data = raw if raw is not None else (None if body is None else json.dumps(body))
        if data is not None and "Content-Type" not in hdrs:
            hdrs["Content-Type"] = "application/json"
        async with self.session.request(method, self.url(path), data=data, headers=hdrs) as r:
            text = await r.text()
            self.statuses.append(r.status)
            return r.status, (json.loads(text) if text else None)

    async def seq(self) -> int:
        status, body = await self.call("GET", "/health", role=None)
        assert status == 200, body
        return body["seq"]

    async def close(self) -> None:
        await self.session.close()
        await self.server.close()


async def start_api(service, **app_options) -> HardenApi:
    server = TestServer(create_app(service, **app_options))
    await server.start_server()
    tokens = {
        role: await service.create_token(role, f"{role}-tester") for role in ("display", "dealer", "pit", "admin")
    }
    return HardenApi(server, aiohttp.ClientSession(), tokens, service)


def assert_refused(status, body, expected_status, code=None) -> dict:
    """A one-line 4xx in the contract's shape."""
    assert status == expected_status, body
    assert set(body) == {"error"}, body
    err = body["error"]
    message = err["message"]
    assert isinstance(message, str) and message.strip()
    assert message == " ".join(message.split()) or "\n" not in message
    assert not any(ch in message for ch in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), message
    assert "Traceback" not in message
    if code is not None:
        assert err["code"] == code, err
    return err
