"""Name resolution that spreads a client's connections over the nodes behind one host name."""

from __future__ import annotations

import random
import socket

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

__all__ = ["SpreadResolver"]


class SpreadResolver(AbstractResolver):
    """Resolves a host name to all its addresses, in an order of this client's own.

    A DNS name with several addresses (one per node) then spreads the clients over the nodes,
    and aiohttp tries the next address when one refuses the connection.
    """

    def __init__(self, resolver: AbstractResolver | None = None) -> None:
        self._resolver = resolver if resolver is not None else ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = list(await self._resolver.resolve(host, port, family))
        random.shuffle(found)
        return found

    async def close(self) -> None:
        await self._resolver.close()
