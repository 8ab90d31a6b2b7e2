"""``kiosk snapshot``: a table's layout rendered headlessly at a physical screen size; with
``--view VIEW`` every view, from a floor file and from a running server (exactly what that display
shows now, lit areas and meters included); bad input gives one line and exit 2, never a traceback."""

from __future__ import annotations

import asyncio
import shutil
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from kiosk.cli import main
from kiosk.render.qt import fit_transform
from kiosk.scene.build import build_scene
from kiosk.scene.layout_file import load_layout
from kiosk.views import builders
from kiosk.views.base import CasinoSettings
from kiosk.views.screen import Subject
from tests.fixtures.paths import DEMO_FLOOR
from tests.fixtures.raster import qimage_array
from tests.fixtures.server_thread import ServerThread

DATA = Path(__file__).resolve().parents[1] / "scene" / "data"
GRID = DATA / "trichro_grid.toml"

FLOOR = """
format = "kiosk-floor/1"

[casino]
name = "Coral Coast Casino"
timezone = "Australia/Brisbane"
{logo}

[[table]]
id = "TC54-01"
game = "tri_chro_54"
display_name = "Tri-Chro"
layout = "trichro_grid.toml"

[table.limits]
minimum = "$5"
maximum = "$1,200"

[table.limits.maximum_by]
"3:4" = "$1,200"
"6:5" = "$800"
"33:10" = "$300"
"8:1" = "$125"
"27:1" = "$35"
"65:1" = "$15"
"""


@pytest.fixture
def floor(tmp_path: Path) -> Path:
    path = tmp_path / "floor.toml"
    # the files a floor names sit in its folder (docs/floor.md)
    shutil.copy(GRID, tmp_path / GRID.name)
    shutil.copy(DATA / "logo.svg", tmp_path / "logo.svg")
    path.write_text(FLOOR.replace("{logo}", 'logo = "logo.svg"'), encoding="utf-8")
    return path


def _snap(floor: Path, out: Path, *extra: str, size="1280x720", screen="527x296") -> int:
    return main(
        ["snapshot", "--floor", str(floor), "--table", "TC54-01", "--view", "layout",
         "--size", size, "--screen-mm", screen, "--out", str(out), *extra]
    )  # fmt: skip


def _area_centre_px(area: str, size=(1280, 720), screen=(527.0, 296.0)) -> tuple[int, int]:
    layout = load_layout(GRID)
    scene = build_scene(layout, game_name="g", casino_name="c")
    x0, y0, x1, y1 = scene.areas[area].bounds()
    fit, _ = fit_transform(scene, *screen)
    k = fit * size[0] / screen[0]
    ox = (size[0] - scene.width_mm * k) / 2
    oy = (size[1] - scene.height_mm * k) / 2
    # a point inside the area (rect or ellipse), below its labels
    return int(ox + (x0 + x1) / 2 * k), int(oy + (y0 + 0.86 * (y1 - y0)) * k)


def test_snapshot_writes_the_layout_at_the_screen_size(floor, tmp_path, capsys):
    out = tmp_path / "table.png"
    assert _snap(floor, out) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 720)
    said = capsys.readouterr().out
    assert "layout of TC54-01" in said and "true size for a 527x296 mm screen" in said
    # the layout is centred: the screen is wider than the cloth, so black bars left and right
    arr = qimage_array(image)
    assert arr[:, :20].max() == 0 and arr[:, -20:].max() == 0
    assert arr[360, 640].max() > 0


def test_draw_lights_the_winning_areas(floor, tmp_path):
    plain, lit = tmp_path / "plain.png", tmp_path / "lit.png"
    assert _snap(floor, plain) == 0
    assert _snap(floor, lit, "--draw", "red*,red*") == 0
    a, b = qimage_array(QImage(str(plain))), qimage_array(QImage(str(lit)))
    winners = {"red_star_pair", "any_red_pair", "any_red", "any_star", "no_green", "no_gold"}
    for area in (
        "red_star_pair",
        "any_red_pair",
        "any_red",
        "any_star",
        "no_green",
        "no_gold",
        "no_red",
        "any_green",
        "odd_pair_red_and_green",
    ):
        x, y = _area_centre_px(area)
        changed = np.abs(a[y - 2 : y + 3, x - 2 : x + 3] - b[y - 2 : y + 3, x - 2 : x + 3]).max() > 10
        assert changed == (area in winners), area


def test_lit_flag_lights_named_areas(floor, tmp_path):
    plain, lit = tmp_path / "plain.png", tmp_path / "lit.png"
    assert _snap(floor, plain) == 0
    assert _snap(floor, lit, "--lit", "no_red", "--lit", "any_gold") == 0
    a, b = qimage_array(QImage(str(plain))), qimage_array(QImage(str(lit)))
    for area, expected in (("no_red", True), ("any_gold", True), ("any_red", False)):
        x, y = _area_centre_px(area)
        assert (np.abs(a[y, x] - b[y, x]).max() > 10) == expected, area


BAD = [
    (("--size", "1920"), "--size must be WIDTHxHEIGHT"),
    (("--size", "0x10"), "--size must be greater than zero"),
    (("--size", "19.5x10"), "--size must be whole pixels"),
    (("--size", "9000x5000"), "--size is too large"),
    (("--screen-mm", "527x0"), "--screen-mm must be greater than zero"),
    (("--screen-mm", "527x600"), "non-square pixels"),
    (("--view", "jackpot"), "view jackpot is for caribbean_stud tables; table TC54-01 plays tri_chro_54"),
    (("--view", "moon"), "unknown view 'moon'; views: layout, limits, signs, jackpot, trichro, twoup_lights"),
    (("--table", "BJ-99"), "no table 'BJ-99'"),
    (("--draw", "red,blue"), "--draw red,blue:"),
    (("--draw", "red"), "--draw red:"),
    (("--lit", "moon"), "no area 'moon' to light"),
    (("--out", "x.jpg"), "--out must name a .png file"),
    (("--out", "/nonexistent/dir/x.png"), "does not exist"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[b[1][:30] for b in BAD])
def test_bad_input_is_one_line_and_exit_2(floor, tmp_path, capsys, change, message):
    args = {"--floor": str(floor), "--table": "TC54-01", "--view": "layout", "--size": "1280x720",
            "--screen-mm": "527x296", "--out": str(tmp_path / "x.png")}  # fmt: skip
    extra: list[str] = []
    flag, value = change
    if flag in args:
        args[flag] = value
    else:
        extra = [flag, value]
    argv = ["snapshot"] + [x for kv in args.items() for x in kv] + extra
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_server_needs_a_token_from_a_file_or_the_environment(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("KIOSK_TOKEN", raising=False)
    argv = ["snapshot", "--server", "http://127.0.0.1:9", "--table", "T", "--view", "layout",
            "--size", "10x10", "--screen-mm", "10x10", "--out", str(tmp_path / "x.png")]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "no token" in err and "--token-file" in err and err.count("\n") == 1
    monkeypatch.setenv("KIOSK_TOKEN", "abc")
    assert main(argv) == 2  # nothing listens on port 9
    err = capsys.readouterr().err
    assert "cannot reach" in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_floor_or_layout_is_one_line(tmp_path, capsys):
    assert main(["snapshot", "--floor", str(tmp_path / "none.toml"), "--table", "T", "--view", "layout",
                 "--size", "10x10", "--screen-mm", "10x10", "--out", str(tmp_path / "x.png")]) == 2  # fmt: skip
    assert capsys.readouterr().err.count("\n") == 1
    bad_layout = tmp_path / "bad.toml"
    bad_layout.write_text(
        GRID.read_text(encoding="utf-8").replace('area = "any_star"', 'area = "any_moon"'), encoding="utf-8"
    )
    floor = tmp_path / "floor.toml"
    floor.write_text(FLOOR.replace("{logo}", "").replace(GRID.name, bad_layout.name), encoding="utf-8")
    assert _snap(floor, tmp_path / "x.png") == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "(and 1 more)" in err and err.count("\n") == 1


def test_missing_flags_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["snapshot", "--table", "T"])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


# -- --view: the display views ----------------------------------------------------------------


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
    server.execute("dealer", builders.trichro_no_more_bets("TC54-01"))
    server.execute("dealer", builders.trichro_draw("TC54-01", ["gold*", "green"]))
    server.execute("dealer", builders.jackpot_wagers("CSP-01", count=9))
    server.execute("dealer", builders.twoup_new_game("TU-01", seat=5, call="tails"))
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


# -- --at: a past moment, rebuilt from the event log --------------------------------------------


def _two_limits(server) -> tuple[datetime, datetime]:
    """BJ-01's limits set to $25-$2,500, then a second later back to $10-$1,000: the moments
    of the two changes (the events' own times)."""
    import time

    first = server.execute("pit", builders.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000}))
    time.sleep(1.1)
    second = server.execute("pit", builders.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 100_000}))
    time.sleep(0.1)
    return first[-1].at, second[-1].at


def test_at_rebuilds_the_view_then_from_the_database_and_the_server_alike(server, tmp_path, capsys, monkeypatch):
    from datetime import timedelta

    from kiosk.render.qt import render_png
    from kiosk.views.base import Area
    from kiosk.views.past import compose_then
    from tests.fixtures.scenes import texts

    token_file = tmp_path / "token"
    token_file.write_text(server.tokens["pit"] + "\n", encoding="utf-8")
    monkeypatch.delenv("KIOSK_TOKEN", raising=False)
    first, _second = _two_limits(server)
    moment = first + timedelta(milliseconds=500)
    past = server.call(server.service.state_at(moment, table="BJ-01"))
    view = compose_then(Subject("limits", table="BJ-01"), past, area=Area(527, 296))
    assert "$25" in texts(view.scene) and "$2,500" in texts(view.scene)
    want = tmp_path / "want.png"
    assert render_png(view.scene, 960, 540, px_per_mm=960 / 527).save(str(want), "PNG")
    local = moment.astimezone(past.zone).replace(tzinfo=None).isoformat()  # the casino's time, no zone
    utc = moment.isoformat().replace("+00:00", "Z")
    sources = {
        "db-utc": (("--db", server.db_url), utc),
        "db-local": (("--db", server.db_url), local),
        "server-local": (("--server", server.url, "--token-file", str(token_file)), local),
    }
    for name, (source, at) in sources.items():
        out = tmp_path / f"{name}.png"
        assert main(_argv(Subject("limits", table="BJ-01"), out, "--at", at, source=source)) == 0, capsys.readouterr()
        said = capsys.readouterr().out.splitlines()
        assert " as at " in said[0] and "composed by today's code" in said[0]
        assert said[1].startswith(f"built from event {past.seq}, audit record {past.n}, audit head {past.head};")
        assert "casino frame from audit record" in said[1]
        assert np.array_equal(_pixels(out), _pixels(want)), name
    # a link's meter, as it was
    meter = tmp_path / "meter.png"
    assert main(_argv(Subject("jackpot", link="CSP-PROG"), meter, "--at", utc, source=("--db", server.db_url))) == 0
    assert "jackpot of CSP-PROG in " in capsys.readouterr().out and _pixels(meter).std() > 0
    # without --at, --db rebuilds the state now: the second change
    now_png = tmp_path / "now.png"
    assert main(_argv(Subject("limits", table="BJ-01"), now_png, source=("--db", server.db_url))) == 0
    assert "built from event" in capsys.readouterr().out
    assert not np.array_equal(_pixels(now_png), _pixels(want))


@pytest.mark.parametrize(
    ("extra", "source", "message"),
    [
        (("--at", "2020-01-01T00:00"), "db", "table BJ-01 did not exist yet at Wed 01 Jan 2020 00:00:00 AEST"),
        (("--at", "2999-01-01T00:00Z"), "db", "is in the future"),
        (("--at", "Saturday 21:14"), "db", "--at: not a time: 'Saturday 21:14'"),
        (("--at", "2020-01-01T00:00Z"), "floor", "--at rebuilds from an event log: give --db URL or --server URL"),
        (("--at", "2026-11-30T00:00Z", "--draw", "red"), "db", "the past is not for --draw"),
        (("--at", "2999-01-01T00:00Z"), "server", "is in the future"),
        (("--at", "2020-01-01T00:00Z"), "server", "table BJ-01 did not exist yet"),
    ],
)
def test_at_refusals_are_one_line_and_exit_2(server, tmp_path, capsys, monkeypatch, extra, source, message):
    monkeypatch.setenv("KIOSK_TOKEN", server.tokens["pit"])
    sources = {
        "db": ("--db", server.db_url),
        "floor": ("--floor", str(DEMO_FLOOR)),
        "server": ("--server", server.url),
    }
    out = tmp_path / "x.png"
    assert main(_argv(Subject("limits", table="BJ-01"), out, *extra, source=sources[source])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and message in err, err
    assert not out.exists()


def test_db_that_does_not_exist_is_one_line(tmp_path, capsys):
    missing = f"sqlite:///{tmp_path / 'none.sqlite3'}"
    assert main(_argv(Subject("limits", table="BJ-01"), tmp_path / "x.png", source=("--db", missing))) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no database at" in err
    assert not (tmp_path / "none.sqlite3").exists()


# -- --display: what a display showed, proved from the audit trail -----------------------------

ROYAL = ["AS", "KS", "QS", "JS", "10S"]


def _display_reports(server, tmp_path, subject: Subject, display_id: str, upto: int) -> dict:
    """A display's report as the display process makes it: its model fed the stream up to event
    ``upto`` (mid-write, if the write goes on), composed with the casino a display composes with;
    recorded by the server for a display token issued for ``display_id``.  The report's fields."""
    from kiosk.state.client import KioskClient, Snapshot
    from kiosk.state.events import Actor
    from kiosk.state.showing import parse_report
    from kiosk.ui.display.device_settings import DeviceSettings
    from kiosk.ui.display.main import casino_from_summary
    from kiosk.ui.display.report import report_message
    from kiosk.views.base import Area
    from kiosk.views.display_model import DisplayModel
    from kiosk.views.proof import picture_report

    async def casino():
        async with KioskClient(server.url, server.tokens["display"]) as client:
            summary = await client.floor_summary()
            return casino_from_summary(summary, DeviceSettings(), await client.floor_logo(tmp_path, summary))

    model = DisplayModel([subject], asyncio.run(casino()), area=Area(400.0, 225.0))
    snap = server.call(server.service.snapshot())
    first = server.call(server.service.events_since(0, limit=1))[0].seq  # the floor's seeding: a snapshot of it
    seeded = server.call(server.service.state_after(first))
    model.apply(Snapshot(seeded.seq, dict(seeded.tables), dict(seeded.links)))
    for event in server.call(server.service.events_since(seeded.seq, limit=10_000)):
        if event.seq <= upto:
            model.apply(event)
    state = model.view(subject)
    assert state is not None and state.seq is not None and snap["seq"] >= upto
    message = report_message(subject.table, display_id, state.version, [], [], None, picture_report(state, (1280, 720)))
    actor = Actor(name="screen", role="display", token_id="tok_screen", displays=frozenset({display_id}))
    server.call(server.service.record_showing(actor, parse_report(message)))
    return message


def test_display_proves_its_picture_from_the_database_and_the_server(server, tmp_path, capsys, monkeypatch):
    from kiosk.cli._displayed import _after_on_server
    from kiosk.state.client import KioskClient

    token_file = tmp_path / "token"
    token_file.write_text(server.tokens["pit"] + "\n", encoding="utf-8")
    monkeypatch.delenv("KIOSK_TOKEN", raising=False)
    server.execute("dealer", builders.jackpot_wagers("CSP-04", count=2))
    hit, round_end = server.execute("dealer", builders.jackpot_hit("CSP-04", {"1": ROYAL}))
    assert hit.at == round_end.at and round_end.seq == hit.seq + 1  # one write, two events
    # a display that reported between the two events of that write
    reported = _display_reports(server, tmp_path, Subject("jackpot", table="CSP-04"), "D-CSP-04-jackpot", hit.seq)
    assert reported["seq"] == hit.seq
    sources = {
        "db": ("--db", server.db_url),
        "server": ("--server", server.url, "--token-file", str(token_file)),
    }
    for name, source in sources.items():
        out = tmp_path / f"{name}.png"
        assert main(["snapshot", *source, "--display", "D-CSP-04-jackpot", "--out", str(out)]) == 0, capsys.readouterr()
        said = capsys.readouterr().out.splitlines()
        assert said[0].startswith(f"{out}: 1280x720 px, jackpot of CSP-04 on display D-CSP-04-jackpot (400x225 mm)")
        assert said[1].startswith("display D-CSP-04-jackpot's report in force at ")
        assert said[2].startswith(f"built from event {hit.seq}, ")
        assert said[3].startswith("digest matches the display's report of ") and said[3].endswith(f"(seq {hit.seq})")
        assert _pixels(out).shape[:2] == (720, 1280), name

    # the server's state at the event's moment holds the whole write: folded back to the event itself
    async def fold(seq: int):
        async with KioskClient(server.url, server.tokens["pit"]) as client:
            return await _after_on_server(client, seq, "CSP-04")

    for seq in (hit.seq, round_end.seq):
        mine = asyncio.run(fold(seq))
        exact = server.call(server.service.state_after(seq, table="CSP-04"))
        assert (mine.seq, mine.tables, mine.links) == (exact.seq, exact.tables, exact.links)
    assert asyncio.run(fold(hit.seq)).tables["CSP-04"] != asyncio.run(fold(round_end.seq)).tables["CSP-04"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--floor", str(DEMO_FLOOR), "--display", "D-BJ-01-limits"), "--display reads the display's report"),
        (("--db", "DB", "--display", "D-BJ-01-limits", "--view", "limits"), "--view: with --display"),
        (("--db", "DB", "--display", "D-BJ-01-limits", "--screen-mm", "5x5"), "--screen-mm: with --display"),
        (("--db", "DB", "--display", "D-BJ-01-limits", "--lit", "x"), "--lit: with --display"),
        (("--db", "DB", "--display", "D-NOPE"), "--display: no display 'D-NOPE' on the floor then; displays: D-BJ"),
        (("--db", "DB", "--display", "D-CSP-PROG-meter"), "shows jackpot link CSP-PROG's meter"),
        (("--db", "DB", "--display", "D-BJ-01-limits", "--at", "2999-01-01T00:00Z"), "is in the future"),
        (("--db", "DB", "--view", "limits", "--size", "9x9", "--screen-mm", "9x9"), "give --table ID or --link ID"),
        (("--db", "DB", "--table", "BJ-01", "--size", "9x9", "--screen-mm", "9x9"), "--view is required"),
    ],
)
def test_display_refusals_are_one_line(server, tmp_path, capsys, argv, message):
    argv = tuple(server.db_url if a == "DB" else a for a in argv)
    assert main(["snapshot", *argv, "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and message in err, err


def test_a_display_that_reported_no_picture_says_so(server, tmp_path, capsys):
    from kiosk.state.events import Actor
    from kiosk.state.showing import parse_report

    actor = Actor(name="screen", role="display", token_id="tok_screen", displays=frozenset({"D-BJ-01-limits"}))
    old = {"type": "showing", "table_id": "BJ-01", "display_id": "D-BJ-01-limits", "version": 3, "signs": ["limits"]}
    server.call(server.service.record_showing(actor, parse_report(old)))  # a display older than this release
    out = tmp_path / "x.png"
    assert main(["snapshot", "--db", server.db_url, "--display", "D-BJ-01-limits", "--out", str(out)]) == 1
    said = capsys.readouterr().out
    assert "carries no picture: it was made by a display that did not report its picture" in said and not out.exists()
    assert main(["snapshot", "--db", server.db_url, "--display", "D-BJ-02-limits", "--out", str(out)]) == 1
    assert "display D-BJ-02-limits made no report about table BJ-02 up to " in capsys.readouterr().err
