"""The HTTP API (/api/v1) against a real Service on a real SQLite file seeded with the demo floor."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.floor import load_floor
from kiosk.state.service import Service
from kiosk.views import builders as b
from tests.fixtures.paths import DEMO_FLOOR

TC = "TC54-01"


@pytest.fixture
async def service(make_service, demo_floor):
    """A service on the demo floor on a SQLite file, its scheduler ticking."""
    return await make_service(floor=demo_floor)


@pytest.fixture
async def api(make_api, service):
    return await make_api(service)


def assert_error(status, body, expected_status, code=None):
    assert status == expected_status, body
    assert set(body) == {"error"}
    err = body["error"]
    assert isinstance(err["message"], str) and err["message"].strip()
    assert "\n" not in err["message"] and "Traceback" not in err["message"]
    if code is not None:
        assert err["code"] == code
    return err


# -- health and auth ---------------------------------------------------------------------------


async def test_health_needs_no_token_and_reports_node_store_and_seq(api):
    status, body = await api.call("GET", "/health", role=None)
    assert status == 200
    assert body["status"] == "ok"
    assert body["store"] == "sqlite"
    assert isinstance(body["node_id"], str) and body["node_id"]
    assert isinstance(body["seq"], int)


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer not-a-real-token"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer two words"},
    ],
)
async def test_reads_without_a_valid_bearer_token_are_401(api, headers):
    status, body = await api.call("GET", "/tables", role=None, headers=headers)
    assert_error(status, body, 401, "unauthorized")


async def test_display_token_reads_but_any_write_is_403_and_changes_nothing(api):
    before = await api.seq()
    status, body = await api.call("GET", "/tables", role="display")
    assert status == 200 and TC in body["tables"]
    status, body = await api.call("POST", "/commands", role="display", body=b.set_display_name(TC, "X"))
    assert_error(status, body, 403, "forbidden")
    status, body = await api.call("POST", "/tokens", role="display", body={"role": "admin", "name": "x"})
    assert_error(status, body, 403, "forbidden")
    assert await api.seq() == before


async def test_admin_lists_and_revokes_tokens_and_a_revoked_token_is_refused(api):
    status, _ = await api.call("GET", "/tables", role="pit")
    assert status == 200
    status, body = await api.call("GET", "/tokens")
    assert status == 200
    listed = {t["name"]: t for t in body["tokens"]}
    assert listed["pit-tester"]["role"] == "pit"
    assert all(api.tokens["pit"] not in json.dumps(t) for t in body["tokens"])  # never a secret
    status, body = await api.call("GET", "/tokens", role="pit")
    assert_error(status, body, 403, "forbidden")
    pit_id = listed["pit-tester"]["id"]
    status, body = await api.call("DELETE", f"/tokens/{pit_id}", role="pit")
    assert_error(status, body, 403, "forbidden")
    status, body = await api.call("DELETE", f"/tokens/{pit_id}")
    assert status == 200 and body == {"revoked": pit_id}
    status, body = await api.call("GET", "/tables", role="pit")
    assert_error(status, body, 401, "unauthorized")
    status, body = await api.call("DELETE", "/tokens/tok_nope")
    assert_error(status, body, 404, "not_found")


async def test_admin_creates_tokens_and_other_roles_cannot(api):
    status, body = await api.call("POST", "/tokens", body={"role": "display", "name": "lobby screen"})
    assert status == 201 and body["role"] == "display"
    new = body["token"]
    async with api.session.get(api.url("/tables"), headers={"Authorization": f"Bearer {new}"}) as r:
        assert r.status == 200
    status, body = await api.call("POST", "/tokens", role="pit", body={"role": "admin", "name": "me"})
    assert_error(status, body, 403, "forbidden")


@pytest.mark.parametrize(
    "payload",
    [
        {"role": "root", "name": "x"},
        {"role": "display"},
        {"role": "display", "name": ""},
        {"role": "display", "name": 5},
        {"role": "display", "name": "x", "colour": "red"},
        {"role": "display", "name": "x", "tables": "TC54-01"},
        {"role": "display", "name": "x", "expires_at": "2030-01-01T00:00:00"},
        {"role": "display", "name": "x", "expires_at": "yesterday"},
        {"role": "display", "name": "x", "expires_at": "2001-01-01T00:00:00Z"},
    ],
)
async def test_bad_token_requests_are_400(api, payload):
    status, body = await api.call("POST", "/tokens", body=payload)
    assert_error(status, body, 400, "bad_request")


async def test_token_with_expiry_is_accepted(api):
    when = (datetime.now(UTC) + timedelta(days=1)).isoformat().replace("+00:00", "Z")
    status, body = await api.call("POST", "/tokens", body={"role": "pit", "name": "temp", "expires_at": when})
    assert status == 201
    async with api.session.get(api.url("/tables"), headers={"Authorization": f"Bearer {body['token']}"}) as r:
        assert r.status == 200


# -- reads -------------------------------------------------------------------------------------


async def test_tables_links_and_details(api):
    floor = load_floor(DEMO_FLOOR)
    status, body = await api.call("GET", "/tables", role="display")
    assert status == 200
    assert set(body["tables"]) == set(floor.tables)
    status, one = await api.call("GET", f"/tables/{TC}", role="display")
    assert status == 200 and one["table"]["id"] == TC
    status, some = await api.call("GET", "/tables", role="display", params={"tables": f"{TC},BJ-01"})
    assert status == 200 and set(some["tables"]) == {TC, "BJ-01"}
    status, links = await api.call("GET", "/links", role="display")
    assert status == 200 and set(floor.links) <= set(links["links"])
    link_id = next(iter(floor.links))
    status, link = await api.call("GET", f"/links/{link_id}", role="display")
    assert status == 200 and link["link"]


@pytest.mark.parametrize(
    "path,needle",
    [
        ("/tables/NOPE-9", "NOPE-9"),
        ("/links/NOPE-LINK", "NOPE-LINK"),
        ("/tables?tables=NOPE-9", "NOPE-9"),
        ("/no/such/thing", "/api/v1/no/such/thing"),
    ],
)
async def test_unknown_things_are_404_naming_them(api, path, needle):
    status, body = await api.call("GET", path)
    err = assert_error(status, body, 404, "not_found")
    assert needle in err["message"]


async def test_wrong_method_is_405(api):
    status, body = await api.call("DELETE", "/tables")
    assert_error(status, body, 405)


@pytest.mark.parametrize("query", ["since=abc", "since=-1", "limit=0", "limit=5000", "since=1e3"])
async def test_bad_event_queries_are_400(api, query):
    status, body = await api.call("GET", f"/events?{query}")
    assert_error(status, body, 400, "bad_request")


async def test_command_types_are_listed(api):
    status, body = await api.call("GET", "/commands", role="display")
    assert status == 200
    assert "set_display_name" in body["types"]
    assert list(body["types"]) == list(api.service.command_types)
    assert set(body["commands"]) == set(body["types"])
    rename = body["commands"]["set_display_name"]
    assert rename["role"] == "pit" and rename["target"] == "table_id"
    assert rename["fields"]["display_name"]["kind"] == "str" and rename["help"]


# -- commands ----------------------------------------------------------------------------------


async def _version(api, table_id=TC):
    status, body = await api.call("GET", f"/tables/{table_id}")
    return body["table"]["version"]


async def test_command_commits_events_and_state_and_events_since_replays_them(api):
    before = await api.seq()
    version = await _version(api)
    status, body = await api.call(
        "POST",
        "/commands",
        role="pit",
        body=b.set_display_name(TC, "Tri-Chro Deluxe", expected_version=version),
    )
    assert status == 200, body
    events = body["events"]
    assert [e["seq"] for e in events] == list(range(before + 1, before + 1 + len(events)))
    assert body["seq"] == events[-1]["seq"]
    assert events[-1]["table_id"] == TC and events[-1]["actor"] == "pit-tester"
    assert events[-1]["at"].endswith("Z")
    status, one = await api.call("GET", f"/tables/{TC}")
    assert one["table"]["display_name"] == "Tri-Chro Deluxe"
    assert one["table"]["version"] == version + 1
    status, page = await api.call("GET", f"/events?since={before}")
    assert page["events"] == events and page["seq"] == body["seq"] and page["more"] is False
    status, page = await api.call("GET", f"/events?since={before}&tables=BJ-01")
    assert page["events"] == []


async def test_typed_command_endpoint(api):
    status, body = await api.call(
        "POST", "/commands/set_display_name", role="pit", body={"table_id": TC, "display_name": "By URL"}
    )
    assert status == 200, body
    status, body = await api.call("POST", "/commands/no_such_command", role="pit", body={"table_id": TC})
    assert_error(status, body, 404, "not_found")
    status, body = await api.call(
        "POST",
        "/commands/set_display_name",
        role="pit",
        body={"type": "set_signs", "table_id": TC, "display_name": "x"},
    )
    assert_error(status, body, 400, "bad_request")


async def test_stale_version_is_409_and_changes_nothing(api):
    version = await _version(api)
    ok = b.set_display_name(TC, "First", expected_version=version)
    assert (await api.call("POST", "/commands", role="pit", body=ok))[0] == 200
    before = await api.seq()
    stale = dict(ok, display_name="Second")
    status, body = await api.call("POST", "/commands", role="pit", body=stale)
    assert_error(status, body, 409, "conflict")
    assert await api.seq() == before
    status, one = await api.call("GET", f"/tables/{TC}")
    assert one["table"]["display_name"] == "First"


async def test_rule_refusal_is_422_with_the_citation(api):
    before = await api.seq()
    status, body = await api.call(
        "POST",
        "/commands",
        role="pit",
        body=b.set_signs(TC, [{"kind": "limits", "cap_mm": 5}]),
    )
    err = assert_error(status, body, 422, "rule_refused")
    assert err["rule"] and err["rule"] in err["message"]
    assert await api.seq() == before


BAD_BODIES = [
    (b"{", 400),
    (b"", 400),
    (b"[]", 400),
    (b'"text"', 400),
    (b"null", 400),
    (b'{"type": "set_display_name", "type": "set_signs"}', 400),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": NaN}', 400),
    (b"\xff\xfe{}", 400),
    (b'{"type": 7}', 400),
    (b'{"table_id": "TC54-01"}', 400),
    (b'{"type": "no_such_command", "table_id": "TC54-01"}', 404),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": "x", "colour": 1}', 400),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": 12}', 400),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": "x", "expected_version": "3"}', 400),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": "x", "expected_version": 1.0}', 400),
    (b'{"type": "set_display_name", "table_id": 5, "display_name": "x"}', 400),
    (b'{"type": "set_display_name", "table_id": "NOPE-9", "display_name": "x"}', 404),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": 1000.5}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": 1000.0}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": -500}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": "$10"}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": true}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"maximum_cents": 1e400}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": 99999999999999999999999999}}', 400),
    (b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"rake_percent": 5}}', 400),
    (b"[" * 100_000 + b"]" * 100_000, 413),
    (b'{"type": "set_display_name", "table_id": "TC54-01", "display_name": "' + b"x" * 70_000 + b'"}', 413),
    (b"[" * 30_000 + b"]" * 30_000, 400),
]


@pytest.mark.parametrize("raw,expected", BAD_BODIES, ids=[f"bad{i}" for i in range(len(BAD_BODIES))])
async def test_bad_command_bodies_are_4xx_one_line_and_write_nothing(api, raw, expected):
    before = await api.seq()
    status, body = await api.call("POST", "/commands", role="pit", raw=raw)
    assert_error(status, body, expected)
    assert await api.seq() == before


async def test_oversized_chunked_body_is_413(api):
    async def chunks():
        for _ in range(100):
            yield b" " * 1024

    hdrs = {"Authorization": f"Bearer {api.tokens['pit']}", "Content-Type": "application/json"}
    async with api.session.post(api.url("/commands"), data=chunks(), headers=hdrs) as r:
        body = await r.json()
    assert_error(r.status, body, 413, "payload_too_large")


async def test_non_json_content_type_is_400(api):
    status, body = await api.call(
        "POST", "/commands", role="pit", raw=b"type=x", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert_error(status, body, 400)


async def test_audit_verify_is_admin_only_and_proves_the_chain(api):
    await api.call("POST", "/commands", role="pit", body=b.set_display_name(TC, "Audited"))
    status, body = await api.call("GET", "/audit/verify")
    assert status == 200
    assert body["ok"] is True and body["records"] >= 1 and body["first_broken"] is None
    status, body = await api.call("GET", "/audit/verify", role="pit")
    assert_error(status, body, 403, "forbidden")


# -- property: no input reaches a 500 or writes anything unless accepted -------------------------

_json_scalars = (
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | st.text(max_size=20)
)
_json = st.recursive(
    _json_scalars,
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=10), c, max_size=4),
    max_leaves=12,
)
_tables = st.sampled_from([TC, "BJ-01", "CSP-01", "NOPE", ""]) | st.text(max_size=8)


@st.composite
def _commands(draw):
    cmd = {"type": draw(st.sampled_from(list(Service.command_types) + ["bogus"]) | st.text(max_size=10))}
    if draw(st.booleans()):
        cmd["table_id"] = draw(_tables)
    if draw(st.booleans()):
        cmd["link_id"] = draw(st.sampled_from(["CSP-PROG", "NOPE"]))
    if draw(st.booleans()):
        cmd["expected_version"] = draw(st.integers(-2, 5) | _json_scalars)
    extra = draw(
        st.dictionaries(
            st.sampled_from(
                [
                    "display_name",
                    "limits",
                    "signs",
                    "effective_at",
                    "change_id",
                    "amount_cents",
                    "drawn",
                    "code",
                    "players_agreed",
                    "x",
                ]
            ),
            _json,
            max_size=3,
        )
    )
    cmd.update(extra)
    return cmd


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=_commands())
async def test_fuzzed_commands_never_500_and_refusals_write_nothing(api, command):
    before = await api.seq()
    status, body = await api.call("POST", "/commands", role="admin", body=command)
    assert status != 500, (command, body)
    if status == 200:
        assert body["events"] and body["seq"] > before
    else:
        assert 400 <= status < 500, (command, body)
        assert_error(status, body, status)
        assert await api.seq() == before


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.sampled_from(["/events", "/tables", "/links", "/health", "/commands", "/tokens", "/audit/verify"]),
    query=st.dictionaries(
        st.sampled_from(["since", "limit", "tables", "table", "x"]), st.text(max_size=12), max_size=3
    ),
    role=st.sampled_from(["display", "dealer", "pit", "admin", None]),
)
async def test_fuzzed_reads_never_500(api, path, query, role):
    status, body = await api.call("GET", path, role=role, params=query)
    assert status != 500, (path, query, body)
    if status >= 400:
        assert_error(status, body, status)


async def test_an_expired_token_is_refused_by_the_services_clock(make_service, make_api, demo_floor, clock):
    """Expiry is judged by the service's clock (moved by hand here), not the test's."""
    svc = await make_service(floor=demo_floor, clock=clock, tick_seconds=None)
    api = await make_api(svc, tokens={"admin": await svc.create_token("admin", "ada")})
    soon = (clock.now + timedelta(hours=1)).isoformat().replace("+00:00", "Z")
    status, body = await api.call("POST", "/tokens", body={"role": "pit", "name": "shift", "expires_at": soon})
    assert status == 201
    api.tokens["pit"] = body["token"]
    assert (await api.call("GET", "/tables", role="pit"))[0] == 200
    clock.advance(minutes=59)
    assert (await api.call("GET", "/tables", role="pit"))[0] == 200
    clock.advance(minutes=1)
    status, body = await api.call("GET", "/tables", role="pit")
    err = assert_error(status, body, 401, "unauthorized")
    assert "expired" in err["message"]
    past = (clock.now - timedelta(seconds=1)).isoformat().replace("+00:00", "Z")
    status, body = await api.call("POST", "/tokens", body={"role": "pit", "name": "x", "expires_at": past})
    assert_error(status, body, 400, "bad_request")
