"""The demo installs the system libraries Qt's X11 plugin lacks, or names the apt-get line
(issue 19, "the first run"; :mod:`kiosk.demo.qtlibs`).

``ldd``'s report is read as the dynamic linker writes it; the libraries a minimal Debian 12
lacks (docs/deploy-display.md) map to their Debian packages; and what the demo does about them
depends on who runs it: root with apt-get installs them (the command recorded here instead of
run), anyone else is told the one line.  The whole path on a real fresh Debian is
``scripts/fresh_machine_demo.sh``.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from kiosk.demo.qtlibs import Missing, debian_package, ensure_libraries, find_missing, install_line, missing_in

# ldd on PySide6 6.x's libqxcb.so in a debootstrap'ed Debian 12 (minbase), abridged
LDD_FRESH = """\
\tlinux-vdso.so.1 (0x00007ffd4a5f2000)
\tlibQt6XcbQpa.so.6 => /opt/kiosk/.venv/lib/python3.11/site-packages/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x7f)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f6b2c9d5000)
\tlibxcb-cursor.so.0 => not found
\tlibEGL.so.1 => not found
\tlibglib-2.0.so.0 => not found
\t/lib64/ld-linux-x86-64.so.2 (0x00007f6b2d5e4000)
"""

# each library docs/deploy-display.md names, and the package Debian 12 ships it in
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-util.so.1": "libxcb-util1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgssapi_krb5.so.2": "libgssapi-krb5-2",
}


def test_ldd_report_names_each_missing_library_once_in_order():
    assert missing_in(LDD_FRESH) == [
        "libxcb-cursor.so.0",
        "libxcb-icccm.so.4",
        "libxkbcommon-x11.so.0",
        "libEGL.so.1",
        "libglib-2.0.so.0",
    ]
    assert missing_in("\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x1)\n") == []


@pytest.mark.parametrize(("soname", "package"), sorted(PACKAGES.items()))
def test_each_library_maps_to_its_debian_package(soname, package):
    assert debian_package(soname) == package


def test_the_install_line_names_each_package_once():
    missing = Missing("xcb", ("libglib-2.0.so.0", "libgthread-2.0.so.0", "libxcb-cursor.so.0"))
    assert install_line(missing) == "apt-get install -y libglib2.0-0 libxcb-cursor0"


def _missing(*libraries: str):
    return lambda platform: Missing(platform, libraries)


def test_not_root_is_told_the_one_apt_get_line_and_nothing_runs():
    ran: list[list[str]] = []
    said: list[str] = []
    problem = ensure_libraries(
        "xcb",
        say=said.append,
        is_root=False,
        run=lambda cmd: ran.append(list(cmd)) or 0,
        find=_missing("libxcb-cursor.so.0", "libxcb-icccm.so.4"),
    )
    assert problem == (
        "Qt's X11 plugin needs 2 system libraries this machine lacks (libxcb-cursor.so.0, libxcb-icccm.so.4); "
        "install them with: sudo apt-get install -y libxcb-cursor0 libxcb-icccm4"
    )
    assert ran == [] and said == []


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="a Debian machine has apt-get")
def test_root_installs_them_and_goes_on():
    ran: list[list[str]] = []
    said: list[str] = []
    found = iter([("libxcb-cursor.so.0",), ()])  # missing before apt-get, there after
    problem = ensure_libraries(
        "xcb",
        say=said.append,
        is_root=True,
        run=lambda cmd: ran.append(list(cmd)) or 0,
        find=lambda platform: Missing(platform, next(found)),
    )
    assert problem is None
    assert ran == [["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-q", "libxcb-cursor0"]]
    assert said[0].endswith("installing them: apt-get install -y libxcb-cursor0")
    assert said[-1] == "installed libxcb-cursor0"


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="a Debian machine has apt-get")
def test_root_updates_the_package_lists_when_the_install_fails_first():
    ran: list[list[str]] = []
    results = iter([100, 0, 0])  # install fails (stale lists), update, install
    found = iter([("libxcb-cursor.so.0",), ()])
    problem = ensure_libraries(
        "xcb",
        say=lambda _t: None,
        is_root=True,
        run=lambda cmd: ran.append(list(cmd)) or next(results),
        find=lambda platform: Missing(platform, next(found)),
    )
    assert problem is None
    assert [cmd[2:4] for cmd in ran] == [["apt-get", "install"], ["apt-get", "update"], ["apt-get", "install"]]


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="a Debian machine has apt-get")
def test_root_is_told_when_apt_get_cannot_install_them():
    problem = ensure_libraries(
        "xcb", say=lambda _t: None, is_root=True, run=lambda cmd: 100, find=_missing("libxcb-cursor.so.0")
    )
    assert problem is not None and problem.endswith("apt-get could not install them: apt-get install -y libxcb-cursor0")


def test_this_machine_has_what_the_offscreen_plugin_needs():
    """The real ``ldd`` on the real PySide6 plugin: the suite itself paints offscreen here."""
    assert find_missing("offscreen").libraries == ()


@pytest.mark.skipif(shutil.which("gcc") is None or shutil.which("ldd") is None, reason="needs gcc and ldd")
def test_a_library_the_linker_cannot_find_is_reported(tmp_path):
    """A real shared object whose dependency is gone, read by the real ``ldd``."""
    (tmp_path / "gone.c").write_text("int gone(void) { return 1; }\n")
    (tmp_path / "uses.c").write_text("int gone(void);\nint uses(void) { return gone(); }\n")
    gone = tmp_path / "libkioskgone.so.0"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-Wl,-soname,libkioskgone.so.0", "-o", gone, tmp_path / "gone.c"], check=True
    )
    (tmp_path / "libkioskgone.so").symlink_to(gone.name)
    uses = tmp_path / "libuses.so"
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-o", uses, tmp_path / "uses.c", f"-L{tmp_path}", "-lkioskgone"], check=True
    )
    gone.unlink()
    report = subprocess.run(["ldd", str(uses)], capture_output=True, text=True, check=False).stdout
    assert missing_in(report) == ["libkioskgone.so.0"]
    assert debian_package("libkioskgone.so.0") == "libkioskgone0"


def test_a_fresh_machine_is_told_the_count_and_the_whole_install_line():
    """What a debootstrap'ed Debian 12 lacked (scripts/fresh_machine_demo.sh): the line stays
    readable (three libraries and how many more) and the apt-get line names every package."""
    lacking = ("libGL.so.1", "libxkbcommon.so.0", "libxcb-cursor.so.0", "libglib-2.0.so.0", "libgthread-2.0.so.0")
    problem = ensure_libraries("xcb", say=lambda _t: None, is_root=False, find=_missing(*lacking))
    assert problem == (
        "Qt's X11 plugin needs 5 system libraries this machine lacks (libGL.so.1, libxkbcommon.so.0,"
        " libxcb-cursor.so.0 and 2 more); install them with: sudo apt-get install -y libgl1 libxkbcommon0"
        " libxcb-cursor0 libglib2.0-0"
    )
