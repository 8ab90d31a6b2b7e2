"""The tile cache keeps the tiles used last within its budget of bytes."""

from __future__ import annotations

from PySide6.QtGui import QImage

from kiosk.ui.widgets.tiles import TileCache


def _tile(w: int, h: int) -> QImage:
    return QImage(w, h, QImage.Format.Format_RGB32)  # 4 bytes a pixel


def test_the_least_recently_used_tile_goes_first_beyond_the_budget(qapp):
    cache = TileCache(budget=3 * 400)  # three 10 x 10 tiles
    for name in "abc":
        cache.put(name, _tile(10, 10))
    assert cache.get("a") is not None  # "a" used again: "b" is now the oldest
    cache.put("d", _tile(10, 10))
    assert "b" not in cache and all(name in cache for name in "acd")
    assert (len(cache), cache.bytes) == (3, 1200)
    cache.put("big", _tile(20, 20))  # larger than the budget: not kept, nothing dropped
    assert "big" not in cache and len(cache) == 3
    cache.put("a", _tile(5, 10))  # replaced: counted once
    assert cache.bytes == 1000
    cache.clear()
    assert (len(cache), cache.bytes) == (0, 0) and cache.get("a") is None
