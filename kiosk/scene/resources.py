"""Where the shipped data lives: ``assets/`` (fonts, images) and ``layouts/``.

Both folders sit beside the ``kiosk`` package in the source tree.  An installed copy finds them
through ``KIOSK_DATA_DIR`` (a folder holding ``assets/`` and ``layouts/``), then beside the
package, then under ``<sys.prefix>/share/kiosk``.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

__all__ = ["data_root", "assets_dir", "layouts_dir", "default_layout_path"]

_PACKAGE_DIR = Path(__file__).resolve().parents[1]  # .../kiosk


@cache
def data_root() -> Path:
    """The folder that holds ``assets/`` and ``layouts/``.

    Raises ``FileNotFoundError`` naming every place looked at when none has them.
    """
    candidates: list[Path] = []
    env = os.environ.get("KIOSK_DATA_DIR")
    if env:
        candidates.append(Path(env))
    candidates += [_PACKAGE_DIR.parent, Path(sys.prefix) / "share" / "kiosk"]
    for candidate in candidates:
        if (candidate / "assets" / "fonts").is_dir():
            return candidate.resolve()
    looked = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"kiosk data (assets/fonts) not found; looked in {looked} (set KIOSK_DATA_DIR)")


def assets_dir() -> Path:
    """The shipped ``assets/`` folder (fonts, images, the demo floor)."""
    return data_root() / "assets"


def layouts_dir() -> Path:
    """The shipped ``layouts/`` folder, one ``<game>.toml`` per game."""
    return data_root() / "layouts"


def default_layout_path(game_id: str) -> Path:
    """The shipped layout file of a game: ``layouts/<game_id>.toml``."""
    return layouts_dir() / f"{game_id}.toml"
