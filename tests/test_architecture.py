"""Qt stays at the edge: rules, scene and state never import PySide6 or qasync."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
QT_FREE = ["kiosk/rules", "kiosk/scene", "kiosk/state", "kiosk/floor"]
FORBIDDEN = {"PySide6", "shiboken6", "qasync"}


def _imported_roots(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", QT_FREE)
def test_source_never_imports_qt(package: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {sorted(_imported_roots(path) & FORBIDDEN)}"
        for path in sorted((ROOT / package).rglob("*.py"))
        if _imported_roots(path) & FORBIDDEN
    ]
    assert not offenders, "; ".join(offenders)


def test_importing_qt_free_packages_loads_no_qt() -> None:
    """Import every module of the Qt-free packages in a clean interpreter."""
    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in QT_FREE
        for path in sorted((ROOT / package).rglob("*.py"))
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"Qt loaded by Qt-free packages: {out.stdout.strip()}"
