"""Money as integer cents: parse at the edges, format as signs print it.

Inside the system every amount is an ``int`` of cents.  These two functions are the
only way text becomes money and money becomes text.
"""

from __future__ import annotations

import re

from kiosk.rules.citation import RuleError

__all__ = ["MoneyError", "parse_money", "format_money", "require_cents"]

_MAX_CENTS = 10**15  # ten trillion dollars: anything larger is a typo, not a wager

# "$1,200.50", "1 200", "1200", "AUD 5", "5.5", "$0.75" - thousands separators are a
# comma, a space, a thin space or a no-break space, and must group by three.
_MONEY = re.compile(
    r"""^\s*(?:A?\$|AUD\s*)?\s*
        (?P<int>\d{1,3}(?:[,\u00a0\u2009\u202f ]\d{3})+|\d+)?
        (?:\.(?P<frac>\d+))?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


class MoneyError(ValueError):
    """A one-line explanation of why text is not an amount of money."""


def parse_money(value: str | int) -> int:
    """Return the amount in cents.

    ``value`` is text as people write dollars (``"1200"``, ``"1 200"``,
    ``"$1,200.50"``, ``"$0.75"``) or an ``int`` of whole dollars.  Negative amounts,
    fractions of a cent, floats and anything else raise :class:`MoneyError`.
    """
    if isinstance(value, bool):
        raise MoneyError(f"{value!r} is not an amount of money")
    if isinstance(value, int):
        if value < 0:
            raise MoneyError(f"amount must not be negative: {value}")
        cents = value * 100
    elif isinstance(value, str):
        text = value.strip()
        if text.startswith("-") or text.startswith("$-") or "(" in text:
            raise MoneyError(f"amount must not be negative: {value!r}")
        match = _MONEY.match(text)
        if not match or (match["int"] is None and match["frac"] is None):
            raise MoneyError(f"not an amount of money: {value!r} (write it like $1,200.50)")
        frac = match["frac"] or ""
        if len(frac) > 2 and frac[2:].strip("0"):
            raise MoneyError(f"amount has a fraction of a cent: {value!r}")
        whole = int(re.sub(r"\D", "", match["int"] or "0"))
        cents = whole * 100 + int((frac + "00")[:2])
    else:
        raise MoneyError(f'not an amount of money: {value!r} (give dollars as text like "12.50" or a whole number)')
    if cents > _MAX_CENTS:
        raise MoneyError(f"amount is implausibly large: {value!r}")
    return cents


def format_money(cents: int, *, always_cents: bool = False) -> str:
    """Format cents as a sign prints it: ``$1,200``, ``$12.50``, ``$0.75``.

    Whole-dollar amounts drop the cents unless ``always_cents`` is true.
    """
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise TypeError(f"money is integer cents, got {type(cents).__name__}")
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    text = f"{sign}${dollars:,}"
    if rest or always_cents:
        text += f".{rest:02d}"
    return text


def require_cents(value: object, what: str, rule: str | None = None, *, positive: bool = False) -> int:
    """``value`` as integer cents (zero or more, or more than zero when ``positive``).

    Anything else (a float, text, a bool, a negative) raises a one-line :class:`RuleError`
    naming ``what`` and, where given, the ``rule``.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number of cents, got {value!r}", rule)
    if value < 0 or (positive and value == 0):
        need = "more than zero" if positive else "zero or more"
        cite = f" ({rule})" if rule else ""
        raise RuleError(f"{what} must be {need}{cite}: got {value}", rule)
    return value
