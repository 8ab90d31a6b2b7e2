"""The nodes a client talks to and the one in use: which to try, in which order, after which
a lost node comes last (shared by :class:`~kiosk.state.client.KioskClient`'s requests and its
streams)."""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["Nodes", "describe_failure", "root_url"]


def root_url(url: str) -> str:
    """A server's root URL (``http(s)://host:port``; a trailing ``/api/v1`` is dropped);
    ValueError for anything that is not http(s)."""
    root = url.strip().rstrip("/")
    if root.endswith("/api/v1"):
        root = root[: -len("/api/v1")]
    if not root.startswith(("http://", "https://")) or len(root.split("://", 1)[1]) == 0:
        raise ValueError(f"server URL must start with http:// or https://, got {url!r}")
    return root


class Nodes:
    """The root URLs of a client's nodes (each once, in the order given) and the one in use
    (the first to begin with)."""

    def __init__(self, urls: Sequence[str]) -> None:
        if not urls:
            raise ValueError("give at least one server URL")
        self.urls: tuple[str, ...] = tuple(dict.fromkeys(root_url(u) for u in urls))
        self._current = 0

    @property
    def current(self) -> str:
        """The root URL of the node in use."""
        return self.urls[self._current]

    def use(self, base: str) -> None:
        """Use ``base`` from now on (it answered)."""
        self._current = self.urls.index(base)

    def order(self, avoid: str | None = None) -> list[str]:
        """The nodes to try: the one in use first, the others in random order (so the clients
        of a lost node spread over the rest), ``avoid`` (a node just lost) last."""
        current = self.current
        others = [u for u in self.urls if u != current]
        random.shuffle(others)
        order = [current, *others]
        if avoid is not None and len(order) > 1 and avoid in order:
            order.remove(avoid)
            order.append(avoid)
        return order


def describe_failure(exc: BaseException) -> str:
    """``exc`` in one line, led by its class (``ClientConnectorError: ...``)."""
    text = " ".join(str(exc).split())
    return f"{exc.__class__.__name__}: {text}" if text else exc.__class__.__name__
