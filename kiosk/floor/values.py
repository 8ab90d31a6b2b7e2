"""Value types of the floor file: money, percentages, colours, ids and one-line text.

Each is an ``Annotated`` type for pydantic whose validator turns what people write in
TOML into what the rest of the system uses (money as integer cents, percentages as
basis points) or refuses it with a one-line message.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, PlainSerializer, SerializationInfo, ValidationInfo

from kiosk.rules.money import MoneyError, format_money, parse_money

__all__ = [
    "Money",
    "BasisPoints",
    "Colour",
    "Identifier",
    "Line",
    "to_cents",
    "to_basis_points",
    "STORED",
]

STORED = "stored"
"""Validation context key: ``context={STORED: True}`` reads a dump by field name back, where
amounts are already integer cents (``*_cents``) and basis points (``*_bp``), not what a file
writes (the backend rebuilds a floor from its stored state this way)."""

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def to_cents(value: object) -> int:
    """Dollars as written in the floor file -> integer cents.

    Text (``"$1,200.50"``) and whole numbers (``25``) go through
    :func:`kiosk.rules.money.parse_money`.  A TOML float (``12.5``) is accepted only
    when it is exactly an amount of cents as written: it is converted through
    ``repr()`` to text and parsed like text, so ``12.5`` is $12.50 while ``12.555`` (a
    fraction of a cent) and ``1e20`` are refused.  Never arithmetic on floats.
    """
    if isinstance(value, float):
        text = repr(value)
        try:
            return parse_money(text)
        except MoneyError:
            if value < 0:
                raise ValueError(f"amount must not be negative: {text}") from None
            raise ValueError(f'not an exact amount of money: {text} (write it in quotes like "$12.50")') from None
    try:
        return parse_money(value)  # type: ignore[arg-type]
    except MoneyError as exc:
        raise ValueError(str(exc)) from None


def to_basis_points(value: object) -> int:
    """A percentage (``"2.5%"``, ``"5"``, ``5``, ``2.5``) -> basis points (2.5 % = 250).

    Floats go through ``repr()`` like money.  Negative values and finer than 0.01 % are
    refused.
    """
    if isinstance(value, bool):
        raise ValueError(f'not a percentage: {value!r} (write it like "5%")')
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        text = repr(value)
    elif isinstance(value, str):
        text = value.strip().removesuffix("%").strip()
    else:
        raise ValueError(f'not a percentage: {value!r} (write it like "5%")')
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise ValueError(f'not a percentage: {value!r} (write it like "5%")') from None
    if not number.is_finite():
        raise ValueError(f'not a percentage: {value!r} (write it like "5%")')
    if number < 0:
        raise ValueError(f"percentage must not be negative: {value!r}")
    bp = number * 100
    if bp != bp.to_integral_value():
        raise ValueError(f"percentage finer than 0.01 %: {value!r}")
    if bp > 10_000:
        raise ValueError(f"percentage above 100 %: {value!r}")
    return int(bp)


def _identifier(value: str) -> str:
    if not _ID.match(value):
        raise ValueError(
            f"not a usable id: {value!r} (letters, digits, '.', '_' and '-', "
            "starting with a letter or digit, at most 40 characters)"
        )
    return value


def _colour(value: str) -> str:
    if not _COLOUR.match(value):
        raise ValueError(f'not a colour: {value!r} (write it like "#ffd400")')
    return value.lower()


def _line(value: str) -> str:
    text = value.strip()
    if not text:
        raise ValueError("must not be empty")
    if "\n" in text or "\r" in text:
        raise ValueError("must be one line")
    if len(text) > 200:
        raise ValueError(f"too long: {len(text)} characters (at most 200)")
    return text


def _dump_money(cents: int, info: SerializationInfo) -> int | str:
    # by alias (the file's keys) an amount is dollars as the file writes them, so the
    # dump loads back to the same cents; by field name (``*_cents``) it is the integer
    return format_money(cents) if info.by_alias else cents


def _dump_bp(bp: int, info: SerializationInfo) -> int | str:
    if not info.by_alias:
        return bp
    whole, rest = divmod(bp, 100)
    return f"{whole}.{rest:02d}%" if rest else f"{whole}%"


def _stored_int(value: object, info: ValidationInfo) -> bool:
    if not (info.context or {}).get(STORED) or type(value) is not int:
        return False
    if value < 0:
        raise ValueError(f"must not be negative: {value}")
    return True


def _money_in(value: object, info: ValidationInfo) -> int:
    return value if _stored_int(value, info) else to_cents(value)  # type: ignore[return-value]


def _bp_in(value: object, info: ValidationInfo) -> int:
    return value if _stored_int(value, info) else to_basis_points(value)  # type: ignore[return-value]


Money = Annotated[int, BeforeValidator(_money_in), PlainSerializer(_dump_money)]
"""Integer cents, written in the file as dollars."""

BasisPoints = Annotated[int, BeforeValidator(_bp_in), PlainSerializer(_dump_bp)]
"""A percentage held as integer basis points (1 % = 100)."""

Colour = Annotated[str, AfterValidator(_colour)]
"""``#rrggbb``, normalised to lower case."""

Identifier = Annotated[str, AfterValidator(_identifier)]
"""A table, link or display id such as ``BJ-01``."""

Line = Annotated[str, AfterValidator(_line)]
"""A non-empty single line of text (names, approval references, sign wording)."""
