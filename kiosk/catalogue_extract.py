"""Babel extraction of player-facing text kept in data files (``make catalogues``, ``babel.cfg``).

The tri-chro wagers' names are defined once, in ``kiosk/rules/data/tri_chro.json`` (001 s467):
a view translates them with :func:`kiosk.language.tr` where it shows them, and this extractor
puts each ``"name"`` of that file in the catalogue's template, so the name is not written a
second time in Python.  It imports nothing from ``kiosk``.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

__all__ = ["json_names"]


def _names(node: Any) -> Iterator[str]:
    if isinstance(node, Mapping):
        name = node.get("name")
        if isinstance(name, str) and name:
            yield name
        for value in node.values():
            yield from _names(value)
    elif isinstance(node, list):
        for value in node:
            yield from _names(value)


def json_names(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Every ``"name"`` string of a JSON document, as Babel's extraction method: ``(line,
    function, message, comments)``; the line is where the name is first written."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    seen: set[str] = set()
    for name in _names(json.loads(text)):
        if name in seen:
            continue
        seen.add(name)
        needle = json.dumps(name)
        line = next((i + 1 for i, row in enumerate(lines) if needle in row), 0)
        yield line, "N_", name, ["a tri-chro wager's name (001 s467); shown in capitals"]
