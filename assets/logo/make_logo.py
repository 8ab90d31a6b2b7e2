"""Draw the Coral Coast Casino wordmark (fictional casino of the demo floor) and the logo of its
poker room's event, the Coral Coast Poker Classic (002 r2.2: a poker cloth may carry the logo of
the promotion or event being played).

Writes coral_coast_casino.svg (text as outlines from the bundled Andika Bold, so the
SVG needs no font) and renders coral_coast_casino.png from it with Qt's SVG renderer;
writes poker_classic.svg the same way.
Run from the repository root:  .venv/bin/python assets/logo/make_logo.py
"""

from __future__ import annotations

import os
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
FONT = HERE.parent / "fonts" / "Andika-Bold.ttf"
W, H = 1200, 400
NAVY, SAND, CORAL, SEA = "#0b2545", "#f4e4c1", "#ff6f59", "#3fa7d6"


def text_path(font: TTFont, text: str, x: float, baseline: float, cap: float, tracking: float = 0.0) -> tuple[str, float]:
    """SVG path data for ``text`` with capitals ``cap`` px high; returns (d, width)."""
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    cap_units = font["OS/2"].sCapHeight
    scale = cap / cap_units
    pen = SVGPathPen(glyphs)
    cursor = x
    for ch in text:
        name = cmap[ord(ch)]
        glyph = glyphs[name]
        # font units are y-up; SVG is y-down
        glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, cursor, baseline)))
        cursor += glyph.width * scale + tracking
    return pen.getCommands(), cursor - tracking - x


def build_svg() -> str:
    font = TTFont(FONT)
    # measure, then centre the two lines in the space right of the emblem
    left, right = 390, W - 60
    _, w1 = text_path(font, "CORAL COAST", 0, 0, 100)
    cap1 = min(100.0, 100.0 * (right - left) / w1)  # the name fills the space right of the emblem
    _, w1 = text_path(font, "CORAL COAST", 0, 0, cap1)
    _, w2 = text_path(font, "CASINO", 0, 0, 56, tracking=36)
    line1, _ = text_path(font, "CORAL COAST", left + (right - left - w1) / 2, 205, cap1)
    line2, _ = text_path(font, "CASINO", left + (right - left - w2) / 2, 315, 56, tracking=36)
    coral = (
        "M 200 300 C 200 250 195 215 170 185 C 150 160 125 150 120 110 "
        "M 176 192 C 190 165 215 150 215 115 "
        "M 200 262 C 215 235 245 225 262 190 C 272 170 270 150 282 125 "
        "M 238 222 C 250 205 240 180 250 160 "
        "M 200 300 C 200 262 185 245 150 235 C 125 228 110 215 100 190"
    )
    waves = " ".join(
        f"M {60 + dx} {y} q 35 -22 70 0 t 70 0 t 70 0 t 70 0"
        for dx, y in ((0, 320), (0, 350))
    )
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">
  <title>Coral Coast Casino</title>
  <rect x="8" y="8" width="{W - 16}" height="{H - 16}" rx="48" fill="{NAVY}" stroke="{SAND}" stroke-width="8"/>
  <circle cx="200" cy="190" r="150" fill="none" stroke="{SEA}" stroke-width="6"/>
  <path d="{coral}" fill="none" stroke="{CORAL}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="{waves}" fill="none" stroke="{SEA}" stroke-width="10" stroke-linecap="round"/>
  <path d="{line1}" fill="{SAND}"/>
  <path d="{line2}" fill="{CORAL}"/>
</svg>
"""


EW, EH = 1000, 400


def build_event_svg() -> str:
    """The Coral Coast Poker Classic: a spade and the event's name, in the casino's colours."""
    font = TTFont(FONT)
    left, right = 330, EW - 50
    _, w1 = text_path(font, "POKER", 0, 0, 120, tracking=10)
    _, w2 = text_path(font, "CLASSIC", 0, 0, 86, tracking=14)
    _, w3 = text_path(font, "CORAL COAST 2026", 0, 0, 40, tracking=6)
    line1, _ = text_path(font, "POKER", left + (right - left - w1) / 2, 175, 120, tracking=10)
    line2, _ = text_path(font, "CLASSIC", left + (right - left - w2) / 2, 290, 86, tracking=14)
    line3, _ = text_path(font, "CORAL COAST 2026", left + (right - left - w3) / 2, 352, 40, tracking=6)
    spade = (
        "M 170 60 C 120 125 50 165 50 228 C 50 278 98 305 140 288 C 152 283 160 274 164 266 "
        "L 146 340 L 194 340 L 176 266 C 180 274 188 283 200 288 C 242 305 290 278 290 228 "
        "C 290 165 220 125 170 60 Z"
    )
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{EW}" height="{EH}" viewBox="0 0 {EW} {EH}">
  <title>Coral Coast Poker Classic</title>
  <rect x="8" y="8" width="{EW - 16}" height="{EH - 16}" rx="60" fill="{NAVY}" stroke="{CORAL}" stroke-width="10"/>
  <path d="{spade}" fill="{SAND}" stroke="{CORAL}" stroke-width="8" stroke-linejoin="round"/>
  <path d="{line1}" fill="{SAND}"/>
  <path d="{line2}" fill="{CORAL}"/>
  <path d="{line3}" fill="{SEA}"/>
</svg>
"""


def render_png(svg: Path, png: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841
    renderer = QSvgRenderer(QByteArray(svg.read_bytes()))
    image = QImage(W, H, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    image.save(str(png))


if __name__ == "__main__":
    svg = HERE / "coral_coast_casino.svg"
    svg.write_text(build_svg(), encoding="utf-8")
    render_png(svg, HERE / "coral_coast_casino.png")
    print(f"wrote {svg} and {svg.with_suffix('.png')}")
    event = HERE / "poker_classic.svg"
    event.write_text(build_event_svg(), encoding="utf-8")
    print(f"wrote {event}")
