"""``kiosk snapshot --view VIEW`` renders every view, from a floor file and from a running
server (exactly what that display shows now, lit areas and meters included)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from PySide6.QtGui import QImage

from kiosk.cli import main
from kiosk.views.base import CasinoSettings
from kiosk.views.screen import Subject
from tests.fixtures.paths import DEMO_FLOOR
from tests.fixtures.server_thread import ServerThread


def _pixels(path) -> np.ndarray:
    """The image as a height x width x 4 array."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes()).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).copy()


def _argv(subject: Subject, out, *extra: str, source=("--floor", str(DEMO_FLOOR))) -> list[str]:
    who = ["--table", subject.table] if subject.table else ["--link", str(subject.link)]
    return [
        "snapshot",
        *source,
        *who,
        "--view",
        subject.view,
        "--size",
        "960x540",
        "--screen-mm",
        "527x296",
        "--out",
        str(out),
        *extra,
    ]


@pytest.mark.slow
def test_every_display_of_the_demo_floor_snapshots(demo_floor, tmp_path, capsys):
    for display_id, display in sorted(demo_floor.displays.items()):
        subject = Subject.of_display(display)
        out = tmp_path / f"{display_id}.png"
        assert main(_argv(subject, out)) == 0, capsys.readouterr().err
        arr = _pixels(out)
        assert arr.shape[:2] == (540, 960) and len(np.unique(arr.reshape(-1, 4), axis=0)) > 20, display_id
    said = capsys.readouterr().out
    assert said.count("composed at true size") == len(demo_floor.displays)


@pytest.fixture
def server(tmp_path, demo_floor):
    """A server on the demo floor on its own thread: the command line runs its own loop."""
    live = ServerThread(f"sqlite:///{tmp_path / 'live.sqlite3'}", demo_floor).start()
    try:
        yield live
    finally:
        live.stop()


def test_server_snapshot_is_what_the_display_shows_now(server, tmp_path, capsys, monkeypatch):
    """After real commands, a --server snapshot equals the view composed from the server's
    state by the displays' own composition, pixel for pixel."""
    from kiosk.ui.display.snapshots import render_view

    token_file = tmp_path / "token"
    token_file.write_text(server.tokens["display"] + "\n", encoding="utf-8")
    monkeypatch.delenv("KIOSK_TOKEN", raising=False)
    server.execute("dealer", {"type": "trichro_no_more_bets", "table_id": "TC54-01"})
    server.execute("dealer", {"type": "trichro_draw", "table_id": "TC54-01", "balls": ["gold*", "green"]})
    server.execute("dealer", {"type": "jackpot_wagers", "table_id": "CSP-01", "count": 9})
    server.execute("dealer", {"type": "twoup_new_game", "table_id": "TU-01", "seat": 5, "call": "tails"})
    snap = server.snapshot()
    settings = CasinoSettings.from_floor(server.floor)
    for subject in (
        Subject("trichro", table="TC54-01"),
        Subject("layout", table="TC54-01"),
        Subject("jackpot", link="CSP-PROG"),
        Subject("twoup_lights", table="TU-01"),
        Subject("limits", table="BJ-01"),
    ):
        out = tmp_path / f"{subject.view}-{subject.name}.png"
        argv = _argv(subject, out, "--token-file", str(token_file), source=("--server", server.url))
        assert main(argv) == 0, capsys.readouterr().err
        assert f"on {server.url}" in capsys.readouterr().out
        _, expected = render_view(
            subject, snap["tables"], snap["links"], settings, datetime.now(UTC), (960, 540), (527.0, 296.0)
        )
        want = tmp_path / "want.png"
        expected.save(str(want), "PNG")
        assert np.array_equal(_pixels(out), _pixels(want)), subject


def test_server_refuses_a_bad_token_in_one_line(server, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("KIOSK_TOKEN", "not-a-token")
    argv = _argv(Subject("layout", table="TC54-01"), tmp_path / "x.png", source=("--server", server.url))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and server.url in err
