"""The wire protocol's tables (kiosk.state.wire) match the error classes they are derived from,
and an error the server sends is read back by the client as the same class, code and status."""

from __future__ import annotations

import inspect

import pytest

from kiosk.state import errors, wire
from kiosk.state.client import error_from_body
from kiosk.state.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    RuleRefused,
    StateError,
    StoreUnavailable,
    Unauthorized,
)

ERROR_CLASSES = [
    cls
    for _, cls in inspect.getmembers(errors, inspect.isclass)
    if issubclass(cls, StateError) and cls is not StateError and cls.__module__ == errors.__name__
]


def test_every_error_class_is_on_the_wire_once_with_its_own_code() -> None:
    assert ERROR_CLASSES, "no error classes found"
    assert sorted(ERROR_CLASSES, key=lambda c: c.__name__) == sorted(wire.ERROR_CLASSES, key=lambda c: c.__name__)
    assert len({cls.code for cls in wire.ERROR_CLASSES}) == len(wire.ERROR_CLASSES)


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_each_code_names_its_class_and_each_status_its_one_class(cls: type[StateError]) -> None:
    assert wire.ERROR_BY_CODE[cls.code] is cls
    sharing = [other for other in ERROR_CLASSES if other.status == cls.status]
    if len(sharing) == 1:
        assert wire.ERROR_BY_STATUS[cls.status] is cls
        assert wire.HTTP_ERROR_CODES[cls.status] == cls.code
    else:  # 500: more than one class; read as a plain StateError keeping its status
        assert cls.status not in wire.ERROR_BY_STATUS


def test_the_status_table_is_the_one_the_client_always_read() -> None:
    assert wire.ERROR_BY_STATUS == {
        400: BadRequest,
        401: Unauthorized,
        403: Forbidden,
        404: NotFound,
        409: Conflict,
        413: BadRequest,
        422: RuleRefused,
        503: StoreUnavailable,
    }
    for status, code in {
        400: "bad_request",
        401: "unauthorized",
        403: "forbidden",
        404: "not_found",
        405: "method_not_allowed",
        408: "request_timeout",
        413: "payload_too_large",
        415: "unsupported_media_type",
    }.items():
        assert wire.HTTP_ERROR_CODES[status] == code


def test_a_close_after_which_reconnecting_cannot_help_raises_its_error() -> None:
    assert wire.CLOSE_ERRORS == {4400: BadRequest, 4401: Unauthorized, 4403: Forbidden, 4404: NotFound}
    for status, close in wire.CLOSE_CODES.items():
        if close in wire.CLOSE_ERRORS:
            assert wire.CLOSE_ERRORS[close].status == status
    assert wire.CLOSE_TOO_SLOW not in wire.CLOSE_ERRORS  # too slow: resume, on the same node


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_the_client_reads_an_error_body_back_as_its_class(cls: type[StateError]) -> None:
    sent = cls("it went wrong", rule="001 s459(1)")
    got = error_from_body(sent.status, sent.to_json())
    assert type(got) is cls
    assert (got.status, got.code, got.message, got.rule) == (sent.status, sent.code, sent.public_message, sent.rule)


def test_an_error_without_a_known_code_is_read_by_its_status() -> None:
    got = error_from_body(413, {"error": {"code": "payload_too_large", "message": "request body too large"}})
    assert type(got) is BadRequest and got.status == 413 and got.code == "payload_too_large"
    got = error_from_body(405, {"error": {"code": "method_not_allowed", "message": "no"}})
    assert type(got) is StateError and got.status == 405
    got = error_from_body(500, {"error": {"code": "internal", "message": "internal server error"}})
    assert type(got) is StateError and got.status == 500
    got = error_from_body(404, None)
    assert type(got) is NotFound
