"""Contact sheet: every view of every demo table at the five screens of issue 18, as PNG files.

Composes each view of each table and link of ``assets/demo_floor.toml`` (the played state of
``tests/fixtures/composition.py``: results, buttons, notices, a clock, a drawing, a spin) on
1920x1080/527x296 mm, 1280x800/217x136 mm, 1366x768/344x194 mm, 3840x2160/527x296 mm and
1080x1920/296x527 mm, paints every frame at the screen's pixels with the display's painter
(:func:`kiosk.render.qt.render_png`), and writes, under ``benchmarks/results/contact/``:

* ``<size>/<view>-<subject>.png``: the view's frames side by side (its pages, in turn on the
  screen), downscaled to :data:`TILE_PX` pixels high;
* ``sheet-<size>.png``: the first frame of every view of that size in one labelled grid
  (its number of pages in the label), downscaled;
* ``faults.json``: the composition check's faults per view and size (empty when all is right).

Run by hand from the repository root::

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/contact_sheet.py [--state played|fresh] [--view VIEW]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter  # noqa: E402

from kiosk.render.qt import ensure_gui_application, render_png  # noqa: E402
from kiosk.views.composition import composition_faults, vocabulary  # noqa: E402
from kiosk.views.screen import compose_view  # noqa: E402
from tests.fixtures.composition import AT, BIG, SCREENS, cases, floor_states  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "contact"
TILE_PX = 96
"""Height of each frame in a view's file (the screen's own pixels are far more: a look, not a proof)."""
SHEET_PX = 90
"""Height of each view's first frame on a sheet."""
SHEET_COLUMNS = 6
LABEL_PX = 20


def _pixels(size: str) -> tuple[int, int]:
    w, h = size.split("x")
    return int(w), int(h)


def _small(image: QImage, height: int) -> QImage:
    return image.scaledToHeight(height, Qt.TransformationMode.SmoothTransformation)


def _strip(frames: list[QImage], gap: int = 6) -> QImage:
    width = sum(f.width() for f in frames) + gap * (len(frames) - 1)
    height = max(f.height() for f in frames)
    strip = QImage(width, height, QImage.Format.Format_RGB32)
    strip.fill(QColor(90, 90, 90))
    painter = QPainter(strip)
    x = 0
    for frame in frames:
        painter.drawImage(x, 0, frame)
        x += frame.width() + gap
    painter.end()
    return strip


def _save(image: QImage, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # 256 colours: a contact sheet is for looking, and stays small in the repository
    image.convertToFormat(QImage.Format.Format_Indexed8).save(str(path), "PNG")


def _sheet(size: str, tiles: list[tuple[str, QImage]]) -> QImage:
    cell_w = max(t.width() for _, t in tiles) + 4 if tiles else 1
    cell_h = SHEET_PX + LABEL_PX
    rows = (len(tiles) + SHEET_COLUMNS - 1) // SHEET_COLUMNS
    sheet = QImage(cell_w * SHEET_COLUMNS, max(1, rows) * cell_h, QImage.Format.Format_RGB32)
    sheet.fill(QColor(40, 40, 40))
    painter = QPainter(sheet)
    font = QFont()
    font.setPixelSize(LABEL_PX - 6)
    painter.setFont(font)
    painter.setPen(QColor(230, 230, 230))
    for n, (name, tile) in enumerate(tiles):
        col, row = n % SHEET_COLUMNS, n // SHEET_COLUMNS
        x, y = col * cell_w, row * cell_h
        painter.drawImage(x + 2, y + LABEL_PX, tile)
        painter.drawText(QRectF(x + 4, y, cell_w - 8, LABEL_PX), Qt.AlignmentFlag.AlignVCenter, name)
    painter.end()
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state", default="played", choices=("played", "fresh"))
    parser.add_argument("--view", action="append", help="only these views (repeatable)")
    args = parser.parse_args()
    ensure_gui_application()
    faults: dict[str, list[str]] = {}
    sheets: dict[str, list[tuple[str, QImage]]] = {size: [] for size in SCREENS}
    for case in cases():
        if case.state != args.state or (args.view and case.subject.view not in args.view):
            continue
        tables, links, settings = floor_states()[case.state]
        words = vocabulary(compose_view(case.subject, tables, links, settings, AT, area=BIG).frames)
        name = f"{case.subject.view}-{case.subject.name}"
        for size, area in SCREENS.items():
            state = compose_view(case.subject, tables, links, settings, AT, area=area)
            w, h = _pixels(size)
            frames = [_small(render_png(frame, w, h), TILE_PX) for frame in state.frames]
            _save(_strip(frames), OUT / size / f"{name}.png")
            pages = f" ({len(frames)} pages)" if len(frames) > 1 else ""
            sheets[size].append((name + pages, _small(frames[0], SHEET_PX)))
            found = [
                f"frame {i + 1} of {len(state.frames)}: {fault}"
                for i, frame in enumerate(state.frames)
                for fault in composition_faults(frame, area, words=words)
            ]
            if found:
                faults[f"{name} {size}"] = found
    for size, tiles in sheets.items():
        if tiles:
            _save(_sheet(size, tiles), OUT / f"sheet-{size}.png")
    (OUT / "faults.json").write_text(json.dumps(faults, indent=1, sort_keys=True) + "\n")
    print(
        f"wrote {sum(len(t) for t in sheets.values())} views and {len(sheets)} sheets to {OUT}; faults: {len(faults)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
