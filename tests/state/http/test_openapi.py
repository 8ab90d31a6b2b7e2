"""The OpenAPI 3.1 document: generated from the command specs the service validates with,
served without a token, naming every route the application serves; and schemathesis run
against a live ``kiosk serve``: no 5xx, every response as the document says."""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import re
import signal
import sys

import aiohttp
import pytest

from kiosk.state.handlers import COMMANDS
from kiosk.state.http import create_app
from kiosk.state.http.openapi import OPENAPI_PATH, openapi_document
from kiosk.state.service import Service
from tests.fixtures.paths import ROOT

VENV_BIN = pathlib.Path(sys.executable).parent


async def test_every_command_type_the_service_accepts_is_in_the_document_with_its_fields(tmp_path, floor):
    service = await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=floor, tick_seconds=None)
    try:
        doc = openapi_document(service.command_types)
    finally:
        await service.close()
    assert doc["openapi"] == "3.1.0" and service.command_types
    one_of = doc["paths"]["/api/v1/commands"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert set(one_of["discriminator"]["mapping"]) == set(service.command_types)
    for kind in service.command_types:
        spec = COMMANDS[kind]
        op = doc["paths"][f"/api/v1/commands/{kind}"]["post"]
        body = op["requestBody"]["content"]["application/json"]["schema"]
        target = f"{spec.target}_id"
        assert set(body["properties"]) == {target, "expected_version", *spec.fields}, kind
        assert set(body["required"]) == {target} | {n for n, f in spec.fields.items() if f.required}, kind
        assert body["additionalProperties"] is False
        named = doc["components"]["schemas"][f"command.{kind}"]
        assert named["properties"]["type"] == {"const": kind} and "type" in named["required"]
        for name, f in spec.fields.items():
            schema = body["properties"][name]
            if f.choices is not None:
                assert set(schema["enum"]) >= set(f.choices)
            else:
                kinds = schema.get("type", [])
                kinds = kinds if isinstance(kinds, list) else [kinds]
                expected = {
                    "str": "string",
                    "name": "string",
                    "code": "string",
                    "time": "string",
                    "int": "integer",
                    "bool": "boolean",
                    "list": "array",
                    "dict": "object",
                }.get(f.kind)
                assert expected is None or expected in kinds, (kind, name, schema)
                assert ("null" in kinds) == (f.nullable or not f.required), (kind, name)
        assert op["responses"]["422"] and op["responses"]["409"] and "200" in op["responses"]


async def test_the_document_names_exactly_the_routes_the_app_serves(tmp_path, floor):
    service = await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=floor, tick_seconds=None)
    try:
        app = create_app(service, floor=floor)
        doc = openapi_document(service.command_types)
    finally:
        await service.close()
    served = set()
    for route in app.router.routes():
        if route.method == "HEAD":
            continue
        path = route.resource.canonical
        if path == "/api/v1/commands/{type}":
            served |= {("post", f"/api/v1/commands/{t}") for t in service.command_types}
        else:
            served.add((route.method.lower(), path))
    documented = {(method, path) for path, item in doc["paths"].items() for method in item}
    assert documented == served


async def test_the_document_is_served_without_a_token_and_matches_the_generator(tmp_path, floor):
    from aiohttp.test_utils import TestClient, TestServer

    service = await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=floor, tick_seconds=None)
    try:
        async with TestClient(TestServer(create_app(service))) as client:
            r = await client.get(OPENAPI_PATH)
            assert r.status == 200 and r.content_type == "application/json"
            assert await r.json() == json.loads(json.dumps(openapi_document(service.command_types)))
            listed = await (
                await client.get("/api/v1/commands", headers={"Authorization": "Bearer nope-nope-nope"})
            ).json()
            assert "error" in listed  # the command list itself still needs a token
    finally:
        await service.close()


async def test_get_commands_carries_the_same_schema_as_the_document(tmp_path, floor):
    from aiohttp.test_utils import TestClient, TestServer

    service = await Service.open(f"sqlite:///{tmp_path / 'k.db'}", floor=floor, tick_seconds=None)
    try:
        token = await service.create_token("display", "Dee Display")
        doc = openapi_document(service.command_types)
        async with TestClient(TestServer(create_app(service))) as client:
            r = await client.get("/api/v1/commands", headers={"Authorization": f"Bearer {token}"})
            listed = await r.json()
    finally:
        await service.close()
    for kind, entry in listed["commands"].items():
        assert entry["schema"] == json.loads(json.dumps(doc["components"]["schemas"][f"command.{kind}"]))


# -- schemathesis against a live server --------------------------------------------------------


async def _start(tmp_path: pathlib.Path) -> tuple[asyncio.subprocess.Process, int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "kiosk.cli",
        "serve",
        "--port",
        "0",
        "--db",
        f"sqlite:///{tmp_path / 'k.db'}",
        "--floor",
        str(ROOT / "assets" / "demo_floor.toml"),
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
    match = re.search(r"127\.0\.0\.1:(\d+)/", line)
    if match is None:
        proc.kill()
        raise AssertionError(f"kiosk serve did not start: {line} {(await proc.stderr.read()).decode()}")
    return proc, int(match.group(1)), str(tmp_path / "k.db")


async def _token(port: int, admin: str, role: str) -> str:
    async with aiohttp.ClientSession() as session:
        async with session.post(
            f"http://127.0.0.1:{port}/api/v1/tokens",
            json={"role": role, "name": f"st {role}"},
            headers={"Authorization": f"Bearer {admin}"},
        ) as r:
            assert r.status == 201
            return (await r.json())["token"]


async def _schemathesis(port: int, token: str, report: pathlib.Path, seconds: int, *extra: str):
    proc = await asyncio.create_subprocess_exec(
        str(VENV_BIN / "schemathesis"),
        "run",
        f"http://127.0.0.1:{port}{OPENAPI_PATH}",
        "-H",
        f"Authorization: Bearer {token}",
        "--checks",
        "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--phases",
        "coverage,fuzzing",
        "--max-time",
        str(seconds),
        "--workers",
        "1",
        "--no-color",
        "--generation-database",
        "none",
        "--request-timeout",
        "10",
        "--report",
        "ndjson",
        "--report-ndjson-path",
        str(report),
        *extra,
        cwd=report.parent,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), seconds + 60)
    text = out.decode(errors="replace")
    # on failure show schemathesis's own account of it, not the tail of its warnings
    found = [i for i in (text.find("FAILURES"), text.find("ERRORS")) if i >= 0]
    start = min(found) if found else -1
    statuses = [int(s) for s in re.findall(r'"status_code":\s*(\d+)', report.read_text())]
    return proc.returncode, text[start:] if start >= 0 else text, statuses


@pytest.mark.slow
async def test_schemathesis_finds_no_5xx_and_no_response_outside_the_document(tmp_path):
    # the admin token is made before the server starts (the CLI's way: kiosk token create)
    service = await Service.open(f"sqlite:///{tmp_path / 'k.db'}", tick_seconds=None)
    admin = await service.create_token("admin", "st admin")
    await service.close()
    proc, port, _ = await _start(tmp_path)
    try:
        display = await _token(port, admin, "display")
        # an admin can do everything except revoke tokens here: schemathesis would revoke its own
        rc, out, statuses = await _schemathesis(
            port, admin, tmp_path / "admin.ndjson", 25, "--exclude-operation-id", "delete_tokens_token_id"
        )
        assert rc == 0, out[:4000]
        rc2, out2, statuses2 = await _schemathesis(port, display, tmp_path / "display.ndjson", 12)
        assert rc2 == 0, out2[:4000]
    finally:
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.wait(), 30)
    every = statuses + statuses2
    assert len(every) > 500 and not [s for s in every if s >= 500]
    assert {200, 400, 404}.issubset(every) and 403 in statuses2
    print(f"schemathesis: {len(every)} requests, statuses {sorted(set(every))}")


def test_the_health_answer_documents_whether_the_node_signs_its_audit_records():
    ok = openapi_document([])["paths"]["/api/v1/health"]["get"]["responses"]["200"]["content"]["application/json"]
    schema = ok["schema"]
    assert schema["properties"]["audit_keyed"] == {"type": "boolean"} and "audit_keyed" in schema["required"]
