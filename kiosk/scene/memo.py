"""Values remembered by the identity of the object they were worked out from.

A display recomposes its picture after every change, and most of what it composes is the same
objects as before (a cached cloth, its placed primitives): what is worked out from such an object
(its placing, its encoding, the shapes under a layout's items) is remembered by the object itself,
not by its value, which would cost as much to hash as to work out again.  The memo holds the
object, so its ``id`` is not reused by another while it is remembered; past ``limit`` entries it
starts again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["IdentityMemo"]

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    """Values by ``(the identity of an object, a hashable qualifier)``, at most ``limit`` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: dict[tuple[int, Hashable], tuple[object, V]] = {}

    def get(self, obj: object, work_out: Callable[[], V], qualifier: Hashable = None) -> V:
        """The value remembered for ``obj`` (and ``qualifier``), else ``work_out()``, remembered."""
        key = (id(obj), qualifier)
        hit = self._values.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = work_out()
        if len(self._values) >= self.limit:
            self._values.clear()
        self._values[key] = (obj, value)
        return value
