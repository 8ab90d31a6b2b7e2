"""Helpers of the view tests: texts of a scene, and the ones a view adds to the cloth."""

from __future__ import annotations

from kiosk.scene.legibility import letter_height_mm, text_runs_of
from kiosk.scene.primitives import Scene
from kiosk.views.base import MIN_SIGN_TEXT_MM, CasinoSettings
from kiosk.views.cloth import cloth_scene


def texts(scene: Scene) -> list[str]:
    return [run.text for run in text_runs_of(scene)]


def short_added_texts(scene: Scene, table=None, settings: CasinoSettings | None = None) -> list[str]:
    """Texts of the view (not of the fitted layout diagram) under the sign floor, as shown."""
    cloth = set(texts(cloth_scene(table, settings))) if table is not None else set()
    out = []
    for run in text_runs_of(scene):
        if run.text in cloth:
            continue
        height = letter_height_mm(run)
        if height is not None and height < MIN_SIGN_TEXT_MM - 1e-6:
            out.append(f"{run.text!r}: {height:.2f} mm")
    return out
