"""A table's layout (the cloth) as a scene: the one table-to-scene composition.

``kiosk snapshot``, ``kiosk demo``, the display and the export all draw a table's layout
through :func:`cloth_scene`; layout files are read once per file version (:func:`layout_for`).
:func:`cloth_problems` checks what the drawing prints against the seeds, from the same inputs.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from kiosk.rules.citation import Violation
from kiosk.scene.build import build_scene
from kiosk.scene.cloth_content import ClothTable, custom_cloth_violations
from kiosk.scene.layout_file import Layout, load_layout
from kiosk.scene.primitives import Scene
from kiosk.scene.resources import default_layout_path
from kiosk.state.shapes import TableState
from kiosk.views.base import CasinoSettings
from kiosk.views.facts import jackpot_wording, layout_features

__all__ = ["cloth_problems", "cloth_scene", "cloth_table", "layout_file", "layout_for"]


def layout_file(table: TableState, settings: CasinoSettings) -> Path:
    """The layout file a table uses: the floor's ``layout`` for it, else the game's shipped one."""
    return settings.layout_of(table["id"]) or default_layout_path(table["game"])


@lru_cache(maxsize=64)
def _load(path: str, mtime_ns: int) -> Layout:
    return load_layout(path)


def layout_for(table: TableState, settings: CasinoSettings) -> Layout:
    """The table's layout, loaded and validated (raises :class:`kiosk.scene.layout_file.LayoutError`)."""
    path = layout_file(table, settings)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = -1  # load_layout reports the missing file
    return _load(str(path), mtime)


@lru_cache(maxsize=128)
def _scene(
    path: str,
    mtime_ns: int,
    game_name: str,
    casino_name: str,
    logo: str | None,
    lit: frozenset[str],
    features: frozenset[str],
    jackpot_wording: str,
    event_logo: str | None = None,
) -> Scene:
    return build_scene(
        _load(path, mtime_ns),
        game_name=game_name,
        casino_name=casino_name,
        logo=None if logo is None else Path(logo),
        lit=lit,
        features=features,
        jackpot_wording=jackpot_wording,
        event_logo=None if event_logo is None else Path(event_logo),
    )


def cloth_scene(table: TableState, settings: CasinoSettings, lit: Iterable[str] = ()) -> Scene:
    """The table's layout drawn with ``lit`` areas lit, in the cloth's millimetres.

    Raises ``ValueError`` (a :class:`~kiosk.scene.layout_file.LayoutError` for a bad layout file)
    naming the problem, e.g. a lit id that is not an area of the layout.
    """
    path = layout_file(table, settings)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = -1
    return _scene(
        str(path),
        mtime,
        table["display_name"],
        settings.name,
        None if settings.logo is None else str(settings.logo),
        frozenset(lit),
        layout_features(table),
        jackpot_wording(table),  # 000 s230(3)(c): the pit procedures' description, or 'jackpot'
        _event_logo(table, settings),
    )


def cloth_table(table: TableState, settings: CasinoSettings) -> ClothTable:
    """What the cloth check reads of a table: the inputs :func:`cloth_scene` draws it with (its
    layout features, among them whether it offers bonus blackjack now, and jackpot areas'
    wording, the casino's name)."""
    return ClothTable(
        features=layout_features(table),
        jackpot_wording=jackpot_wording(table),
        casino_name=settings.name or None,
    )


def cloth_problems(table: TableState, settings: CasinoSettings) -> tuple[Violation, ...]:
    """What the seeds require printed on the table's cloth and its layout does not print, each
    citing its rule (:mod:`kiosk.scene.cloth_content`, the check ``kiosk check`` and the floor
    law run on a custom layout): the shipped layouts are held to it too.  A layout file that
    cannot be loaded has no problems here: drawing it (:func:`cloth_scene`) says why."""
    return custom_cloth_violations(layout_file(table, settings), cloth_table(table, settings))


def _event_logo(table: TableState, settings: CasinoSettings) -> str | None:
    """The poker promotion's or event's logo the table's cloth carries (002 r2.2), if any."""
    logo = settings.event_logo_of(table["id"])
    return None if logo is None else str(logo)
