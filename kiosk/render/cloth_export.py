"""``kiosk export --cloth``: each table's cloth at 1:1, checked for what the seeds require printed
on it, written as the signs are (:func:`kiosk.render.export.write_prints`: all or nothing, a
manifest beside the files, ``--changed-since``).

The cloth is the table's layout drawn with the table's own words (:func:`kiosk.views.cloth.cloth_scene`:
the game's display name, the casino's name or logo, the jackpot areas' wording), exactly what
the ``layout`` view shows, without lit areas.  Before anything is drawn, every cloth is checked
(:func:`kiosk.views.cloth.cloth_problems`, the check ``kiosk check`` and the floor law run):
a cloth that fails is not exported, and :class:`ClothRefused` lists each problem with its
citation.

The manifest entry of a cloth adds the layout file, the cloth's size and, per page, the part of
the cloth it prints (``tiles``: row, column, ``x_mm``, ``y_mm``, ``w_mm``, ``h_mm``), so a
tiled print can be put together, or checked, by its offsets.  ``content_sha256`` digests the
drawing itself (every shape, text and image file) and the paper: any change to the layout file,
the logo, the words or the paper changes it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from kiosk.render.cloth import ClothPage, ClothSpec, cloth_pages, plan_tiles
from kiosk.render.export import ExportError, ExportResult, PrintJob, config_version, write_prints
from kiosk.render.paper import PaperError
from kiosk.render.press import DEFAULT, PressCondition
from kiosk.scene.primitives import Clipped, Image, Primitive, Scene, Shape, TextRun
from kiosk.scene.primitives import Path as ScenePath
from kiosk.state.shapes import TableState
from kiosk.views.base import CasinoSettings
from kiosk.views.cloth import cloth_problems, cloth_scene, layout_file

__all__ = ["ClothJob", "ClothRefused", "plan_cloths", "export_cloths", "scene_digest"]


class ClothRefused(ExportError):
    """Cloths that do not print what the seeds require: ``problems``, one line each, with its
    citation; nothing was exported."""

    def __init__(self, problems: Sequence[str], rule: str | None) -> None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"{problems[0]}{more}", rule)
        self.problems = tuple(problems)


@dataclass(frozen=True)
class ClothJob:
    """One table's cloth: its drawing (``scene``, in the cloth's millimetres), the layout file it
    comes from, and the name it goes by on its pages."""

    table_id: str
    game_name: str
    layout: Path
    scene: Scene
    config_version: str

    @property
    def file_name(self) -> str:
        return f"{self.table_id}_cloth.pdf"

    @property
    def label(self) -> str:
        return f"{self.table_id} cloth ({self.game_name}, layout {self.layout.name})"


def plan_cloths(
    tables: Mapping[str, TableState], settings: CasinoSettings, *, table_ids: Iterable[str] = ()
) -> list[ClothJob]:
    """The cloths of the tables named (all when none), checked and drawn.

    Raises :class:`ClothRefused` listing every problem of every cloth that does not print what
    the seeds require, and :class:`ExportError` for an unknown table or a layout file that
    cannot be drawn.
    """
    table_ids = list(dict.fromkeys(table_ids))
    for table_id in table_ids:
        if table_id not in tables:
            raise ExportError(f"--table {table_id}: no such table; tables: {', '.join(sorted(tables)) or 'none'}")
    chosen = table_ids or sorted(tables)
    if not chosen:
        raise ExportError("no table on this floor; nothing to export")
    problems: list[tuple[str, str]] = []
    for table_id in chosen:
        layout = layout_file(tables[table_id], settings).name
        for v in cloth_problems(tables[table_id], settings):
            message = v.message if v.rule in v.message else f"{v.message} ({v.rule})"
            problems.append((f"{table_id}: layout {layout}: {message}", v.rule))
    if problems:
        raise ClothRefused([p for p, _rule in problems], problems[0][1])
    jobs = []
    for table_id in chosen:
        table = tables[table_id]
        try:
            scene = cloth_scene(table, settings)
        except ValueError as exc:  # a layout file that cannot be loaded or drawn (LayoutError is one)
            raise ExportError(f"{table_id}: {exc}".splitlines()[0]) from None
        jobs.append(
            ClothJob(table_id, table["display_name"], layout_file(table, settings), scene, config_version(table))
        )
    return jobs


def _number(value: float) -> float:
    return round(value, 4) + 0.0  # no "-0.0"


def _path(path: ScenePath) -> list[Any]:
    return [
        [[_number(v) for v in sub.start], [[s[0], *map(_number, s[1:])] for s in sub.segments], sub.closed]
        for sub in path.subpaths
    ]


def _file_digest(source: object) -> str:
    try:
        return hashlib.sha256(Path(str(source)).read_bytes()).hexdigest()
    except OSError:
        return f"unreadable:{source}"


def _primitive(item: Primitive) -> Any:
    if isinstance(item, Shape):
        return ["shape", _path(item.path), item.fill, item.stroke, _number(item.stroke_mm), item.dash_mm, item.area]
    if isinstance(item, TextRun):
        return [
            "text",
            item.text,
            item.face.key,
            [_number(v) for v in (item.x, item.y, item.size_mm, item.rotate_deg, *item.origin)],
            item.fill,
            list(item.glyphs),
            [_number(v) for v in item.offsets_mm],
        ]
    if isinstance(item, Image):
        return ["image", [_number(v) for v in (item.x, item.y, item.w, item.h)], _file_digest(item.source)]
    if isinstance(item, Clipped):
        return ["clipped", _path(item.clip), [_primitive(i) for i in item.items]]
    raise TypeError(f"not a scene primitive: {item!r}")


def scene_digest(scene: Scene) -> str:
    """SHA-256 of everything a scene draws: its size, background and every primitive (an
    image by its file's bytes)."""
    text = json.dumps(
        [_number(scene.width_mm), _number(scene.height_mm), scene.background, [_primitive(i) for i in scene.items]],
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _pages(job: ClothJob, spec: ClothSpec, key: str) -> list[ClothPage]:
    try:
        return cloth_pages(job.scene, spec, job.label, key)
    except PaperError as exc:
        raise ExportError(f"{job.table_id}: {exc}") from None


def _batch_title(jobs: Sequence[PrintJob]) -> str:
    return f"Cloths: {len(jobs)} table{'s' if len(jobs) != 1 else ''} at 1:1"


def export_cloths(
    jobs: Sequence[ClothJob],
    spec: ClothSpec,
    out: Path,
    *,
    batch: bool,
    generated: datetime,
    changed_since: Mapping[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    press: PressCondition | None = None,
) -> ExportResult:
    """Write the cloths (one file per table, or one ``batch`` PDF) and the manifest, in the
    colours of ``press`` (default :data:`~kiosk.render.press.DEFAULT_PRESS`).  Raises
    :class:`ExportError` (nothing written) for a paper too small to tile on, a cloth larger than
    a PDF page, or an output that cannot be written."""
    press = press or DEFAULT
    prints = []
    for job in jobs:
        try:
            tiles = plan_tiles(job.scene.width_mm, job.scene.height_mm, spec)
        except PaperError as exc:
            raise ExportError(f"{job.table_id}: {exc}") from None
        digest = hashlib.sha256(
            json.dumps(
                {"cloth": scene_digest(job.scene), "page": spec.key(), "press": press.key}, sort_keys=True
            ).encode("utf-8")
        ).hexdigest()
        how = f", {len(tiles)} tiles on {tiles[0].page_w_mm:g} x {tiles[0].page_h_mm:g} mm" if spec.tiled else ""
        prints.append(
            PrintJob(
                table_id=job.table_id,
                kind="cloth",
                config_version=job.config_version,
                file_name=job.file_name,
                digest=digest,
                page_count=len(tiles),
                pages=partial(_pages, job, spec, digest),
                title=f"Cloth - {job.game_name} ({job.table_id}), 1:1{how}",
                entry={
                    "layout": job.layout.name,
                    "cloth_mm": [_number(job.scene.width_mm), _number(job.scene.height_mm)],
                    "tiles": [tile.manifest() for tile in tiles],
                },
            )
        )
    return write_prints(
        prints,
        out,
        batch=batch,
        generated=generated,
        page=spec.key(),
        batch_title=_batch_title,
        changed_since=changed_since,
        progress=progress,
        press=press,
    )
