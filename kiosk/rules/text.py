"""Text that reaches a sign or a display, and messages that must stay on one line.

A sign is read by players who trust what it says, so the text on it (a game's name, a
player's or inspector's name, a note) must read as what it is.  Invisible characters can make
it read as something else: a right-to-left override turns ``Min $5`` around, a line or
paragraph separator moves the rest of a name onto a line of its own, a zero-width character
hides inside a figure.  :func:`text_problem` is the one rule for every such field: the text is
refused when it holds any character of the Unicode categories

* ``Cc`` (controls: newline, tab, escape, NUL, U+0085 ...),
* ``Cf`` (format: the bidirectional overrides U+202A-U+202E, isolates U+2066-U+2069, marks
  U+200E, U+200F, U+061C, zero-width space and joiners, soft hyphen ...),
* ``Cs`` (lone surrogates, which are not characters at all), ``Co`` (private use),
  ``Cn`` (unassigned),
* ``Zl`` and ``Zp`` (line and paragraph separators U+2028, U+2029),
* ``Zs`` other than the ordinary space (no-break and other widths of space),

which is exactly the set Python's :meth:`str.isprintable` rejects.

:func:`single_line` is the other side: any message that echoes what a client sent (a path, a
name) shows such characters escaped, so a message is always one line.
"""

from __future__ import annotations

__all__ = ["text_problem", "single_line"]


def text_problem(value: object, *, limit: int) -> str | None:
    """Why ``value`` may not be shown on a sign or display, or None when it may.

    It must be text of 1 to ``limit`` characters, not only spaces, made of printable
    characters (see the module's doc for the categories refused).
    """
    if not isinstance(value, str):
        return f"must be text, not {type(value).__name__}"
    if not value.strip():
        return "must not be empty"
    if len(value) > limit:
        return f"must be at most {limit} characters"
    if not value.isprintable():
        bad = next(ch for ch in value if not ch.isprintable())
        return (
            f"must not hold control, formatting, separator or direction characters (found U+{ord(bad):04X});"
            " such characters can make a sign read as something else"
        )
    return None


def single_line(text: str) -> str:
    """``text`` with every character that is not printable shown as an escape (``\\n``,
    ``\\u2028``): a message that echoes client input stays one line and shows what was sent."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
