"""Bad input that used to reach a 500 or 503, messages that were not one line, 422s without a
rule and text that could spoof a sign: each is now a one-line 4xx that writes nothing, on a real
server over SQLite and PostgreSQL (issue 12, "Errors that say too much or too little")."""

from __future__ import annotations

import json
import logging
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixtures.http_api import assert_refused


@pytest.fixture
async def api(make_api, service):
    """The API of ``service`` (tests/state/conftest.py: SQLite and PostgreSQL) with a token of each role."""
    return await make_api(service)


async def _refused_and_nothing_written(api, method, path, raw, status, role="admin"):
    before = await api.seq()
    tables_before = (await api.call("GET", "/tables"))[1]
    got, body = await api.call(method, path, role=role, raw=raw)
    err = assert_refused(got, body, status)
    assert await api.seq() == before
    assert (await api.call("GET", "/tables"))[1] == tables_before
    return err


# The five 500s and the 503 of the issue, each its own regression test.


async def test_a_lone_surrogate_in_a_text_field_is_400(api):
    raw = b'{"type": "set_display_name", "table_id": "BJ-01", "display_name": "Min \\ud800 $5"}'
    await _refused_and_nothing_written(api, "POST", "/commands", raw, 400)


async def test_a_lone_surrogate_anywhere_in_a_body_is_400(api):
    raw = b'{"type": "set_limits", "table_id": "BJ-01", "limits": {"\\udfff": 1}}'
    await _refused_and_nothing_written(api, "POST", "/commands", raw, 400)


@pytest.mark.parametrize("kind", ['{"a": 1}', '["limits"]'])
async def test_a_sign_kind_that_is_not_text_is_400(api, kind):
    raw = b'{"type": "set_signs", "table_id": "BJ-01", "signs": [{"kind": %s}]}' % kind.encode()
    await _refused_and_nothing_written(api, "POST", "/commands", raw, 400)


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+05:00"])
async def test_a_scheduled_change_at_a_time_overflowing_utc_is_400(api, when):
    raw = json.dumps(
        {"type": "schedule_change", "table_id": "MP-01", "limits": {"minimum_cents": 500}, "effective_at": when}
    ).encode()
    await _refused_and_nothing_written(api, "POST", "/commands", raw, 400, role="pit")


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+05:00"])
async def test_a_token_expiry_overflowing_utc_is_400(api, when):
    raw = json.dumps({"role": "pit", "name": "x", "expires_at": when}).encode()
    await _refused_and_nothing_written(api, "POST", "/tokens", raw, 400)


@pytest.mark.parametrize("param", ["since", "limit"])
@pytest.mark.parametrize("digit", ["\u00b2", "\u0663", "\uff11", "\u2460", "1\u0663"])
async def test_a_non_ascii_digit_in_a_query_number_is_400(api, param, digit):
    status, body = await api.call("GET", f"/events?{param}={digit}")
    assert_refused(status, body, 400, "bad_request")


@pytest.mark.parametrize(
    "path", ["/events?tables=BJ%00-01", "/tables?tables=BJ%0001", "/tables/BJ%00-01", "/events?table=%00"]
)
async def test_a_nul_byte_in_a_table_filter_is_4xx_not_503(api, path):
    status, body = await api.call("GET", path)
    assert 400 <= status < 500, body
    assert_refused(status, body, status)


# One line, always.


@pytest.mark.parametrize(
    "path", ["/nope%0Ab", "/tables/a%0Ab", "/tables/a%E2%80%A8b", "/links/x%0Dy", "/commands/set%0Asigns"]
)
async def test_messages_echoing_a_path_are_one_line(api, path):
    status, body = await api.call("GET" if "commands" not in path else "POST", path, raw=b"{}")
    assert_refused(status, body, status)
    assert 400 <= status < 500


async def test_a_players_name_with_a_newline_is_refused_in_one_line(api):
    hands = {"seat 3\nPAID $1,000,000": ["AS", "KS", "QS", "JS", "TS"]}
    raw = json.dumps({"type": "jackpot_hit", "table_id": "CSP-01", "hands": hands}).encode()
    err = await _refused_and_nothing_written(api, "POST", "/commands", raw, 400, role="dealer")
    assert "PAID" not in err["message"]


# Every 422 carries its rule.


async def test_every_422_carries_a_rule(api):
    bodies = [
        {"type": "twoup_spin", "table_id": "TU-01", "result": "H"},
        {"type": "twoup_no_more_bets", "table_id": "TU-01"},
        {"type": "set_limits", "table_id": "BJ-01", "limits": {"minimum_cents": 100_000, "maximum_cents": 100}},
        {"type": "set_signs", "table_id": "BJ-01", "signs": [{"kind": "limits", "cap_mm": 5}]},
        {"type": "jackpot_reset", "link_id": "PROG"},
        {"type": "trichro_approve_redraw", "table_id": "TC63-01", "inspector": "Ivy"},
        {"type": "jackpot_propose", "link_id": "PROG", "contribution_bp": 10_001},
        {"type": "jackpot_propose", "link_id": "PROG", "seed_cents": 10**15},
    ]
    for body in bodies:
        status, answer = await api.call("POST", "/commands", body=body)
        assert status < 500, answer
        if status == 422:
            assert answer["error"].get("rule"), answer


# Text shown on signs and displays.

SPOOFS = [
    "Min $5\u202e05$ xaM",
    "Min\u2028$500",
    "Min\u2029$500",
    "Min\u0085$500",
    "Min\x1b[2J$5",
    "\u2066Min $5\u2069",
    "Min\u200f $5",
    "Min\u061c$5",
    "Min $5\u200b",
    "a\tb",
    "Min\x00",
]


@pytest.mark.parametrize("text", SPOOFS)
async def test_sign_text_refuses_controls_separators_and_bidi(api, text):
    for role, body in [
        ("pit", {"type": "set_display_name", "table_id": "BJ-01", "display_name": text}),
        ("admin", {"type": "trichro_malfunction", "table_id": "TC54-01", "device": "ball_device", "note": text}),
        ("pit", {"type": "trichro_approve_redraw", "table_id": "TC63-01", "inspector": text}),
    ]:
        raw = json.dumps(body).encode()
        err = await _refused_and_nothing_written(api, "POST", "/commands", raw, 400, role=role)
        assert text not in err["message"]
    raw = json.dumps({"role": "pit", "name": text}).encode()
    await _refused_and_nothing_written(api, "POST", "/tokens", raw, 400)


# Store errors: a generic line for clients, the details (without credentials) in the log.


async def test_store_errors_show_clients_a_generic_line_and_log_redacted_details(
    pg_server, floor, caplog, make_service, make_api
):
    secret = "s3cr3t-pw"
    url = pg_server.new_database() + f"?password={secret}&connect_timeout=5"
    api = await make_api(await make_service(url, floor=floor, tick_seconds=None))
    pg_server.stop()
    try:
        with caplog.at_level(logging.INFO):
            status, body = await api.call("GET", "/tables")
    finally:
        pg_server.start()
    err = assert_refused(status, body, 503, "store_unavailable")
    assert secret not in json.dumps(body)
    assert "127.0.0.1" not in err["message"] and "postgres" not in err["message"].lower()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged and secret not in logged


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(st.characters(codec="utf-8"), min_size=1, max_size=12))
def test_the_one_text_rule_refuses_exactly_the_invisible_and_line_breaking_categories(text):
    from kiosk.rules.text import text_problem

    bad = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
    expect_bad = any(unicodedata.category(ch) in bad or (unicodedata.category(ch) == "Zs" and ch != " ") for ch in text)
    assert (text_problem(text, limit=100) is not None) == (expect_bad or not text.strip() or len(text) > 100)


@pytest.mark.parametrize(
    "text",
    [
        "postgresql://kiosk:{pw}@db.example:5432/kiosk",
        "postgres://kiosk:{pw}@db/kiosk?sslmode=require",
        "postgresql://db/kiosk?user=kiosk&password={pw}&sslmode=require",
        "postgresql://db/kiosk?sslpassword={pw}",
        "host=db user=kiosk password={pw} dbname=kiosk",
        "host=db password='{pw} with spaces' dbname=kiosk",
        "cannot connect to PostgreSQL postgresql://kiosk:{pw}@127.0.0.1:1/x: connection refused",
    ],
)
def test_credentials_are_redacted_in_every_url_form(text):
    from kiosk.state.errors import StoreUnavailable, redact_credentials

    pw = "pa:ss@w/rd"
    shown = redact_credentials(text.format(pw=pw))
    assert "pa:ss" not in shown and "ss@w" not in shown and "w/rd" not in shown
    exc = StoreUnavailable(text.format(pw=pw))
    assert "w/rd" not in exc.message and "w/rd" not in json.dumps(exc.to_json())
    assert exc.to_json()["error"]["message"] == StoreUnavailable.PUBLIC


def test_kiosk_serve_never_prints_a_database_password(tmp_path):
    import subprocess
    import sys

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "kiosk.cli",
            "serve",
            "--port",
            "0",
            "--db",
            "postgresql://kiosk:hunter2secret@127.0.0.1:1/none?password=other2secret",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0
    assert "hunter2secret" not in out.stderr + out.stdout and "other2secret" not in out.stderr + out.stdout
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


async def test_health_does_not_tell_anyone_where_the_database_lives(pg_server, floor, make_service, make_api):
    url = pg_server.new_database() + "?password=n0t-for-you&connect_timeout=3"
    api = await make_api(await make_service(url, floor=floor, tick_seconds=None))
    pg_server.stop()
    try:
        status, body = await api.call("GET", "/health", role=None)
    finally:
        pg_server.start()
    assert status == 503, body
    shown = json.dumps(body)
    assert "n0t-for-you" not in shown and "127.0.0.1" not in shown and "kiosk_" not in shown


def test_a_rule_refusal_without_a_citation_answers_400_not_422():
    from kiosk.state.errors import RuleRefused

    exc = RuleRefused("no citation here", rule=None)
    assert (
        exc.status == 400 and exc.to_json()["error"]["code"] == "bad_request" and "rule" not in exc.to_json()["error"]
    )
    assert RuleRefused("cited", rule="001 s459(1)").status == 422
