"""Painted boxes of a scene widget, kept to be shown again without painting (an LRU by bytes).

A tile is the pixels a box of the picture got, keyed on the box and on the primitives that
reach into it (:meth:`kiosk.ui.widgets.scene_widget.SceneWidget`): the same key always means
the same pixels, so a tile can stand in for painting the box.  The cache keeps the tiles used
last within ``budget`` bytes; the widget empties it when its size, scale, page or background change.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from PySide6.QtGui import QImage

__all__ = ["TileCache"]


class TileCache:
    """Images by key, the least recently used dropped first beyond ``budget`` bytes."""

    def __init__(self, budget: int = 64 << 20) -> None:
        self.budget = budget
        self._tiles: OrderedDict[Hashable, QImage] = OrderedDict()
        self._bytes = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tiles

    def __len__(self) -> int:
        return len(self._tiles)

    @property
    def bytes(self) -> int:
        return self._bytes

    def get(self, key: Hashable) -> QImage | None:
        tile = self._tiles.get(key)
        if tile is not None:
            self._tiles.move_to_end(key)
        return tile

    def put(self, key: Hashable, tile: QImage) -> None:
        size = tile.sizeInBytes()
        if size > self.budget:
            return
        old = self._tiles.pop(key, None)
        if old is not None:
            self._bytes -= old.sizeInBytes()
        self._tiles[key] = tile
        self._bytes += size
        while self._bytes > self.budget:
            _, dropped = self._tiles.popitem(last=False)
            self._bytes -= dropped.sizeInBytes()

    def clear(self) -> None:
        self._tiles.clear()
        self._bytes = 0
