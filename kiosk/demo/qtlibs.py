"""The system libraries Qt's platform plugin needs, found missing and installed for the demo.

A minimal Debian lacks some of the libraries PySide6's X11 plugin (``libqxcb.so``) links to,
``libxcb-cursor0`` among them; Qt then ends the process with "Could not load the Qt platform
plugin". :func:`ensure_libraries` asks the dynamic linker (``ldd`` on the plugin and on the
Qt modules the demo loads) which of them are missing and, as ``.ci/run`` does with PostgreSQL,
installs their Debian packages when it may (root, with ``apt-get``), or names the one
``apt-get`` line to run and stops.

Qt-free: it finds PySide6's files without importing it (importing would load the very
libraries that may be missing).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Missing",
    "debian_package",
    "ensure_libraries",
    "find_missing",
    "install_line",
    "missing_in",
    "plugin_files",
]

# sonames whose Debian package is not the soname's own name (Debian policy 8.1: name + version)
_PACKAGE_OF = {
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
    "libgmodule-2.0.so.0": "libglib2.0-0",
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")


@dataclass(frozen=True)
class Missing:
    """Libraries the platform plugin needs that the dynamic linker cannot find."""

    platform: str  # "xcb" (windows on X11) or "offscreen" (headless snapshots)
    libraries: tuple[str, ...]  # sonames, e.g. "libxcb-cursor.so.0"

    @property
    def packages(self) -> tuple[str, ...]:
        """The Debian packages that hold them, each once, in order."""
        return tuple(dict.fromkeys(debian_package(lib) for lib in self.libraries))


def debian_package(soname: str) -> str:
    """The Debian package holding the shared library ``soname``: its name and version as Debian
    policy names library packages ("libxcb-cursor.so.0" -> "libxcb-cursor0", "libxkbcommon-x11.so.0"
    -> "libxkbcommon-x11-0", "libEGL.so.1" -> "libegl1"), or the known exception."""
    if soname in _PACKAGE_OF:
        return _PACKAGE_OF[soname]
    name, _, version = soname.partition(".so.")
    name = name.lower().replace("_", "-")
    version = version.split(".")[0]
    if not version:
        return name
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def missing_in(ldd_output: str) -> list[str]:
    """The sonames ``ldd`` reported "not found", each once, in its order."""
    found = (m.group(1) for line in ldd_output.splitlines() if (m := _NOT_FOUND.match(line)))
    return list(dict.fromkeys(found))


def plugin_files(platform: str) -> list[Path]:
    """The shared objects of PySide6 that must load for ``platform``: its platform plugin and
    the Qt modules the demo imports (empty when PySide6 is not installed as a wheel here)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations)))
    wanted = [root / "Qt" / "plugins" / "platforms" / f"libq{platform}.so"]
    wanted += sorted(root.glob("QtWidgets.*.so"))
    return [p for p in wanted if p.is_file()]


def find_missing(platform: str, run: Callable[[Sequence[str]], str] | None = None) -> Missing:
    """What the dynamic linker cannot find for ``platform`` (``run`` runs ``ldd``; no ``ldd``:
    nothing can be said, nothing is missing)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return Missing(platform, ())
    runner = run or _run_ldd
    libraries: list[str] = []
    for path in plugin_files(platform):
        libraries += missing_in(runner([ldd, str(path)]))
    return Missing(platform, tuple(dict.fromkeys(libraries)))


def install_line(missing: Missing) -> str:
    """The one command that installs what is missing."""
    return "apt-get install -y " + " ".join(missing.packages)


def ensure_libraries(
    platform: str,
    *,
    say: Callable[[str], None],
    is_root: bool | None = None,
    run: Callable[[Sequence[str]], int] | None = None,
    find: Callable[[str], Missing] = find_missing,
) -> str | None:
    """Make sure Qt's ``platform`` plugin can load: install its missing libraries when this
    process may (root with ``apt-get``), telling ``say`` what it does.  ``None`` when all is
    there (or now installed); else one line saying what is missing and the command to run."""
    missing = find(platform)
    if not missing.libraries:
        return None
    what = (
        f"Qt's {'X11' if platform == 'xcb' else platform} plugin needs "
        f"{len(missing.libraries)} system librar{'y' if len(missing.libraries) == 1 else 'ies'} "
        f"this machine lacks ({_some(missing.libraries)})"
    )
    root = os.geteuid() == 0 if is_root is None else is_root
    if not root or shutil.which("apt-get") is None:
        return f"{what}; install them with: sudo {install_line(missing)}"
    runner = run or _run_apt
    say(f"{what}: installing them: {install_line(missing)}")
    env = ["env", "DEBIAN_FRONTEND=noninteractive"]
    command = [*env, "apt-get", "install", "-y", "-q", *missing.packages]
    if runner(command) != 0 and (runner([*env, "apt-get", "update", "-q"]) != 0 or runner(command) != 0):
        return f"{what}; apt-get could not install them: {install_line(missing)}"
    still = find(platform)
    if still.libraries:
        return f"{what}; still missing after apt-get: {', '.join(still.libraries)}"
    say(f"installed {' '.join(missing.packages)}")
    return None


def _some(names: Sequence[str], shown: int = 3) -> str:
    """The first ``shown`` of ``names`` and how many more (the install line names them all)."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 1 else f", {names[-1]}" if more == 1 else "")


def _run_ldd(command: Sequence[str]) -> str:
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout


def _run_apt(command: Sequence[str]) -> int:
    try:
        return subprocess.run(list(command), timeout=1800, check=False).returncode
    except (OSError, subprocess.TimeoutExpired):
        return 1
