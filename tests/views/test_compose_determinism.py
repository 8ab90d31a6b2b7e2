"""The same state and screen give the same scene digest on every machine: every view of every table
and link of the demo floor, composed in two processes that differ in locale (as a display takes
it: Qt calls ``setlocale(LC_ALL, "")`` at start), time zone and hash seed, digests alike.

The second locale is German (``de_DE.UTF-8``: another day and month names, a decimal comma):
the installed one, else one built with ``localedef`` into the test's folder (``LOCPATH``), else
any other installed locale."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures.paths import ROOT


def _installed() -> list[str]:
    try:
        done = subprocess.run(["locale", "-a"], capture_output=True, text=True, timeout=30)
    except OSError:
        return []
    return done.stdout.split()


def _german(folder: Path) -> dict[str, str] | None:
    """The environment of a German locale: installed, or built into ``folder``; else another
    installed locale that is not C or POSIX; else None."""
    installed = _installed()
    for name in installed:
        if name.lower().replace("-", "") in ("de_de.utf8",):
            return {"LANG": name, "LC_ALL": name}
    source = Path("/usr/share/i18n/locales/de_DE")
    if shutil.which("localedef") and source.is_file():
        done = subprocess.run(
            ["localedef", "-i", "de_DE", "-f", "UTF-8", str(folder / "de_DE.UTF-8")],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if (folder / "de_DE.UTF-8").is_dir():  # localedef warns (exit 1) over trifles yet writes it
            return {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LOCPATH": str(folder)}
        print(done.stderr)
    other = [n for n in installed if n.split(".")[0] not in ("C", "POSIX")]
    return {"LANG": other[0], "LC_ALL": other[0]} if other else None


def _digests(env: dict[str, str]) -> dict:
    base = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LOCPATH", "TZ")}
    done = subprocess.run(
        [sys.executable, "-m", "tests.fixtures.view_digests"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**base, "PYTHONPATH": str(ROOT), **env},
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_every_demo_view_digests_alike_in_two_locales_and_time_zones(tmp_path):
    german = _german(tmp_path)
    if german is None:
        pytest.skip("no locale but C and POSIX here, and no localedef to build one")
    first = _digests({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "PYTHONHASHSEED": "1"})
    second = _digests({**german, "TZ": "Australia/Brisbane", "PYTHONHASHSEED": "2"})
    assert first["locale"] == "C.UTF-8" and second["locale"] == german["LC_ALL"]  # each took its locale
    assert first["composer"] == second["composer"]
    digests = first["digests"]
    assert len(digests) > 100 and any(k.startswith("jackpot of CSP-PROG") for k in digests)
    assert {k.split(" ")[0] for k in digests} == {
        "layout",
        "limits",
        "signs",
        "jackpot",
        "trichro",
        "twoup_lights",
        "help",
        "history",
    }
    differ = sorted(k for k in digests if digests[k] != second["digests"].get(k))
    assert not differ, f"{len(differ)} views differ between {first['locale']} and {second['locale']}: {differ[:8]}"
