"""The architecture as a contract (docs/architecture.md).

The import-linter contracts in pyproject.toml (Qt only at the edge, the layers, the client
apart from the store, no cycles between siblings, private modules behind their package's
face) must hold; and what static analysis cannot see is checked by importing: no package
imported by a Qt-free layer loads Qt, and the state client loads neither psycopg nor the
server side.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import grimp

from tests.fixtures.paths import ROOT

# kiosk.demo sits above kiosk.ui but is Qt-free itself: it loads Qt only where it opens windows
QT_FREE = ["kiosk/rules", "kiosk/scene", "kiosk/floor", "kiosk/state", "kiosk/views", "kiosk/demo"]
QT = {"PySide6", "shiboken6", "qasync"}


def _run(args: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_the_import_contracts_hold() -> None:
    lint_imports = pathlib.Path(sys.executable).parent / "lint-imports"
    out = _run([str(lint_imports), "--no-cache"])
    assert out.returncode == 0, f"lint-imports found broken contracts:\n{out.stdout}\n{out.stderr}"
    assert "0 broken" in out.stdout, out.stdout


def test_no_module_imports_a_package_that_imports_it_back() -> None:
    """A package's face importing a private module that imports the face is a cycle the
    sibling check does not see (the face is the parent, not a sibling)."""
    graph = grimp.build_graph("kiosk", cache_dir=None)
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if module.startswith(imported + "."):
                back = graph.find_shortest_chain(importer=imported, imported=module)
                if back:
                    cycles.append(f"{module} -> {imported}, and back: {' -> '.join(back)}")
    assert not cycles, "; ".join(cycles)


def _modules(packages: list[str]) -> list[str]:
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in packages
        for path in sorted((ROOT / package).rglob("*.py"))
    ]


def _loaded_after_importing(modules: list[str], prefixes: list[str]) -> list[str]:
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"prefixes = {prefixes!r}\n"
        "print(','.join(sorted(m for m in sys.modules if any(m == p or m.startswith(p + '.') for p in prefixes))))\n"
    )
    out = _run([sys.executable, "-c", code])
    assert out.returncode == 0, out.stderr
    return [m for m in out.stdout.strip().split(",") if m]


def test_importing_the_qt_free_layers_loads_no_qt() -> None:
    """Every module of the Qt-free layers imported in a clean interpreter: nothing they use,
    ours or a library's, loads Qt."""
    loaded = _loaded_after_importing(_modules(QT_FREE), sorted(QT))
    assert not loaded, f"Qt loaded by the Qt-free layers: {loaded}"


def test_the_client_loads_no_psycopg_and_no_server_side() -> None:
    loaded = _loaded_after_importing(
        ["kiosk.state.client"], ["psycopg", "kiosk.state.store", "kiosk.state.service", "kiosk.state.http"]
    )
    assert not loaded, f"importing the state client loaded {loaded}"
