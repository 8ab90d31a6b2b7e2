"""Whole-screen notices a display shows instead of a view, as scenes (Qt-free).

A display never shows a picture it cannot stand behind: a sign it cannot show at the legal
8 mm, a token the server refused, a view it has no state for yet.  Each notice is a scene the
size of the screen area, white on dark, in the bundled font, its lines as large as fit (a notice
is for staff, not a sign: on a small screen its letters may be smaller than 8 mm).
"""

from __future__ import annotations

from kiosk.scene.fonts import font_face
from kiosk.scene.legibility import MIN_SIGN_TEXT_MM
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, rect_path
from kiosk.scene.text import text_runs, text_width_mm

__all__ = ["notice_scene", "legibility_notice", "token_refused_notice", "waiting_notice"]

_BG: Colour = (16, 22, 34, 255)
_FAULT_BG: Colour = (92, 14, 14, 255)
_WHITE: Colour = (255, 255, 255, 255)
_GREY: Colour = (190, 198, 210, 255)


_MIN_NOTICE_MM = 3.0  # a notice is for staff, not a sign: it may go below 8 mm to fit a small screen


def _cap_for(text: str, width_mm: float, largest: float, weight: str) -> float:
    face = font_face("sans", weight)
    widest = max(text_width_mm(line, face, 1.0 / face.cap_height_em) for line in text.split("\n")) or 1.0
    return max(_MIN_NOTICE_MM, min(largest, width_mm / widest))


def _wrapped(text: str, cap: float, width_mm: float, weight: str) -> str:
    """``text`` broken at spaces into lines no wider than ``width_mm`` at cap height ``cap`` (a
    word wider than that keeps a line of its own: it is never cut)."""
    face = font_face("sans", weight)
    em = cap / face.cap_height_em
    out: list[str] = []
    for line in text.split("\n"):
        current = ""
        for word in line.split():
            candidate = f"{current} {word}" if current else word
            if current and face.width_em(candidate) * em > width_mm + 1e-6:
                out.append(current)
                current = word
            else:
                current = candidate
        out.append(current)
    return "\n".join(out)


def notice_scene(width_mm: float, height_mm: float, title: str, detail: str = "", *, fault: bool = False) -> Scene:
    """A scene of ``width_mm`` x ``height_mm``: ``title`` large, ``detail`` below it smaller,
    each broken at spaces to the screen's width and, if the lines are too tall for the screen,
    all smaller (never under the notice floor), so the notice fits its screen."""
    items: list[Primitive] = [Shape(rect_path(0, 0, width_mm, height_mm), fill=_FAULT_BG if fault else _BG)]
    usable = width_mm * 0.9
    title_cap = _cap_for(title, usable, height_mm / 7, "bold")
    detail_cap = _cap_for(detail, usable, max(MIN_SIGN_TEXT_MM, title_cap * 0.45), "regular") if detail else 0.0
    for _ in range(12):
        title_text = _wrapped(title, title_cap, usable, "bold")
        detail_text = _wrapped(detail, detail_cap, usable, "regular") if detail else ""
        title_lines = title_text.count("\n") + 1
        detail_lines = detail_text.count("\n") + 1 if detail else 0
        block = title_cap * (title_lines * 1.6 - 0.6) + (detail_cap * (detail_lines * 1.6 + 1.0) if detail else 0.0)
        if block <= height_mm * 0.92 or (title_cap <= _MIN_NOTICE_MM and detail_cap <= _MIN_NOTICE_MM):
            break
        # too tall for the screen: everything smaller, never under the notice floor
        shrink = max(0.8, (height_mm * 0.92 / block) ** 0.5)
        title_cap = max(_MIN_NOTICE_MM, title_cap * shrink)
        detail_cap = max(_MIN_NOTICE_MM, detail_cap * shrink) if detail else 0.0
    top = max(title_cap * 0.5, (height_mm - block) / 2)
    items += text_runs(
        title_text, x=width_mm / 2, y=top, cap_mm=title_cap, valign="top", weight="bold", fill=_WHITE, line_gap=0.6
    )
    if detail:
        y = top + title_cap * (title_lines * 1.6 - 0.6) + detail_cap * 1.6
        items += text_runs(detail_text, x=width_mm / 2, y=y, cap_mm=detail_cap, valign="top", fill=_GREY, line_gap=0.6)
    return Scene(width_mm, height_mm, tuple(items), background=_FAULT_BG if fault else _BG)


def legibility_notice(width_mm: float, height_mm: float, view: str, subject: str, reason: str) -> Scene:
    """The notice shown instead of a sign whose letters cannot be guaranteed 8 mm of ink."""
    return notice_scene(
        width_mm,
        height_mm,
        "SIGN NOT SHOWN",
        f"{view} sign of {subject}: {reason}.\nEvery letter and number must be at least 8 mm high\n"
        "(001 s459(2), 003 s23(2)). Staff: calibrate this screen or use a larger one.",
        fault=True,
    )


def token_refused_notice(width_mm: float, height_mm: float, server: str, message: str) -> Scene:
    """The notice shown when the server refuses the display's token."""
    return notice_scene(
        width_mm,
        height_mm,
        "DISPLAY NOT AUTHORISED",
        f"{server} refused this display's token:\n{message}\n"
        "Staff: issue a display token for this display\n(kiosk token create --role display --display ID).",
        fault=True,
    )


def waiting_notice(width_mm: float, height_mm: float, subject: str, server: str) -> Scene:
    """The notice shown before the first state of a view has arrived (and none was saved)."""
    return notice_scene(width_mm, height_mm, "CONNECTING", f"{subject}\nwaiting for {server}")
