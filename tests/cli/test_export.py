"""``kiosk export`` as a user runs it: from a floor file and from a real ``kiosk serve``;
the manifest and ``--changed-since`` after pit staff change a table's limits; the same bytes on
a re-run; bad input gives one line, a non-zero exit and no file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from kiosk.views import builders as b
from tests.fixtures.paths import DEMO_FLOOR as DEMO
from tests.fixtures.paths import ROOT

KIOSK = [sys.executable, "-m", "kiosk.cli"]


def kiosk(*args: str, env: dict | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    full_env.pop("KIOSK_TOKEN", None) if env is None or "KIOSK_TOKEN" not in env else None
    return subprocess.run([*KIOSK, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=full_env)


def one_line_error(out: subprocess.CompletedProcess, needle: str) -> None:
    assert out.returncode != 0, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert needle in lines[0], lines[0]


def test_floor_export_is_reproducible_and_has_a_manifest(tmp_path):
    first = kiosk("export", "--floor", str(DEMO), "--paper", "A3", "--crop-marks", "--out", str(tmp_path / "a"))
    assert first.returncode == 0, first.stderr
    lines = first.stdout.strip().splitlines()
    assert re.match(
        r"^39 signs, 41 pages \(A3 portrait\): 39 files in .*; manifest .*manifest\.json; 4 not printed$", lines[0]
    ), first.stdout
    # the progressive jackpot's prize is live on its meter, never on paper (000 s231(4)), and so is
    # the prize of CSP-04, which grows with every jackpot wager (000 s231(2); docs/readings.md A-32)
    assert [line.split(":")[1].strip() for line in lines[1:]] == [
        f"jackpot_meter of table CSP-0{i}" for i in (1, 2, 3, 4)
    ]
    again = kiosk("export", "--floor", str(DEMO), "--paper", "A3", "--crop-marks", "--out", str(tmp_path / "b"))
    assert again.returncode == 0, again.stderr
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir()) and len(names) == 40
    for name in names:  # byte-identical re-export: the time generated is the floor file's
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert {(s["table"], s["kind"]) for s in manifest["signs"]} >= {("BJ-01", "limits"), ("TU-01", "result_cards")}
    assert manifest["generated"] == time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(DEMO.stat().st_mtime)))


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--table", "BJ-99"], "--table BJ-99: no such table"),
        (["--sign", "menu"], "--sign menu: unknown sign kind"),
        (["--table", "BJ-01", "--sign", "rake"], "blackjack has no rake sign"),
        (["--paper", "B5"], "--paper must be"),
        (["--paper", "A4", "--table", "RO-01"], "the smallest paper that fits is A3"),
        (["--bleed", "40"], "--bleed must be 0 to 25 mm"),
        (["--generated-at", "yesterday"], "not an ISO 8601 time"),
        (["--changed-since", "/nonexistent/manifest.json"], "no such manifest"),
        (["--table", "CSP-01", "--sign", "jackpot_meter"], "never on paper (000 s231(4))"),
        (["--table", "CSP-04", "--sign", "jackpot_meter"], "never paper (000 s231(2); docs/readings.md A-32)"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, needle):
    out = kiosk("export", "--floor", str(DEMO), "--paper", "A3", *args, "--out", str(tmp_path / "out"))
    one_line_error(out, needle)
    assert not (tmp_path / "out").exists()


def test_limits_that_break_a_rule_and_unwritable_paths(tmp_path):
    bad = tmp_path / "bad.toml"
    text = DEMO.read_text().replace('minimum = "$10"\nmaximum = "$1,000"', 'minimum = "$5"\nmaximum = "$50"', 1)
    text = text.replace('logo = "logo/coral_coast_casino.png"', 'logo = "bundled:coral_coast_casino.png"')
    assert text != DEMO.read_text()
    bad.write_text(text)
    out = kiosk("export", "--floor", str(bad), "--paper", "A3", "--out", str(tmp_path / "out"))
    one_line_error(out, "003 s23")
    assert not (tmp_path / "out").exists()
    # a folder that cannot be made (as any user, root included): one line, nothing left behind
    out = kiosk("export", "--floor", str(DEMO), "--paper", "A3", "--table", "BJ-02", "--out", "/proc/kiosk-export-test")
    one_line_error(out, "--out /proc/kiosk-export-test")
    assert not Path("/proc/kiosk-export-test").exists()


def test_server_export_changed_since_after_a_limits_change(tmp_path):
    db = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    token = kiosk("token", "create", "--role", "pit", "--name", "print-shop-test", "--db", db)
    assert token.returncode == 0, token.stderr
    secret = token.stdout.strip().splitlines()[-1].split()[-1]
    serve = subprocess.Popen(
        [*KIOSK, "serve", "--port", "0", "--db", db, "--floor", str(DEMO)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = serve.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)/api/v1", line)
        assert match, line + serve.stderr.read() if serve.poll() is not None else line
        url = match.group(1)
        env = {"KIOSK_TOKEN": secret}
        common = ["--server", url, "--paper", "A3", "--generated-at", "2026-11-30T09:00:00Z"]
        first = kiosk("export", *common, "--out", str(tmp_path / "first"), env=env)
        assert first.returncode == 0, first.stderr
        from_floor = kiosk(
            "export",
            "--floor",
            str(DEMO),
            "--paper",
            "A3",
            "--generated-at",
            "2026-11-30T09:00:00Z",
            "--out",
            str(tmp_path / "floor"),
        )
        assert from_floor.returncode == 0, from_floor.stderr
        # the server seeded from the floor file composes the same signs, byte for byte
        for name in ("BJ-01_limits.pdf", "TC54-01_limits.pdf", "PK-01_game_notice.pdf"):
            assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "floor" / name).read_bytes(), name

        import asyncio

        async def raise_maximum() -> None:
            async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {secret}"}) as session:
                body = b.set_limits("BJ-01", {"maximum_cents": 200000})
                async with session.post(f"{url}/api/v1/commands", json=body) as response:
                    assert response.status == 200, await response.text()

        asyncio.run(raise_maximum())
        second = kiosk(
            "export",
            *common,
            "--changed-since",
            str(tmp_path / "first" / "manifest.json"),
            "--out",
            str(tmp_path / "second"),
            env=env,
        )
        assert second.returncode == 0, second.stderr
        assert second.stdout.startswith("1 sign, 1 page (A3 portrait)") and "38 unchanged" in second.stdout, (
            second.stdout
        )
        assert sorted(p.name for p in (tmp_path / "second").iterdir()) == ["BJ-01_limits.pdf", "manifest.json"]
        manifest = json.loads((tmp_path / "second" / "manifest.json").read_text())
        written = [s for s in manifest["signs"] if s["written"]]
        assert [(s["table"], s["kind"]) for s in written] == [("BJ-01", "limits")]
        before = json.loads((tmp_path / "first" / "manifest.json").read_text())
        old = next(s for s in before["signs"] if s["table"] == "BJ-01" and s["kind"] == "limits")
        assert written[0]["config_version"] != old["config_version"]
        # a wrong token or no token: one line
        one_line_error(
            kiosk("export", "--server", url, "--out", str(tmp_path / "x"), env={"KIOSK_TOKEN": "nope"}), "--server"
        )
        one_line_error(kiosk("export", "--server", url, "--out", str(tmp_path / "x")), "KIOSK_TOKEN")
        assert not (tmp_path / "x").exists()
    finally:
        serve.terminate()
        serve.wait(30)
        serve.stdout.close()
        serve.stderr.close()


# --------------------------------------------------------------------------- kiosk export --cloth


def test_cloth_export_one_page_and_tiles(tmp_path):
    one = kiosk("export", "--cloth", "--floor", str(DEMO), "--table", "TC54-01", "--out", str(tmp_path / "one"))
    assert one.returncode == 0, one.stderr
    assert re.match(r"^1 cloth, 1 page \(one page at 1:1\): 1 files in .*; manifest .*manifest\.json$", one.stdout)
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == ["TC54-01_cloth.pdf", "manifest.json"]
    tiles = kiosk(
        "export", "--cloth", "--floor", str(DEMO), "--table", "TC54-01", "--table", "PG-01", "--paper", "A3",
        "--orientation", "landscape", "--overlap", "30", "--batch", "--out", str(tmp_path / "tiles.pdf"),
    )  # fmt: skip
    assert tiles.returncode == 0, tiles.stderr
    assert re.match(r"^2 cloths, 55 pages \(tiles on A3 landscape\): .*tiles\.pdf; manifest .*$", tiles.stdout)
    manifest = json.loads((tmp_path / "tiles.manifest.json").read_text())
    assert [(s["table"], s["kind"], s["pages"]) for s in manifest["signs"]] == [
        ("TC54-01", "cloth", 25),
        ("PG-01", "cloth", 30),
    ]
    assert manifest["page"]["overlap_mm"] == 30 and manifest["page"]["orientation"] == "landscape"


def test_a_custom_cloth_without_what_the_seeds_require_is_one_line_per_problem(tmp_path):
    """000 s230(2)(b), (3)(a): the words, and the areas marked 'ante', on every Caribbean stud cloth."""
    layout = (ROOT / "layouts" / "caribbean_stud.toml").read_text()
    layout = layout.replace('text = "dealer only plays with ace & king or higher"', 'text = "good luck"')
    (tmp_path / "custom.toml").write_text(layout.replace('text = "ante"', 'text = "stake"'))
    floor = DEMO.read_text().replace(
        'id = "CSP-04"\ngame = "caribbean_stud"',
        'id = "CSP-04"\ngame = "caribbean_stud"\nlayout = "custom.toml"\nlayout_approval = "CE L-9"',
        1,
    )
    assert 'layout = "custom.toml"' in floor
    floor = floor.replace('logo = "logo/', f'logo = "{DEMO.parent}/logo/')
    (tmp_path / "floor.toml").write_text(floor)
    out = kiosk("export", "--cloth", "--floor", str(tmp_path / "floor.toml"), "--out", str(tmp_path / "out"))
    assert out.returncode == 1 and "Traceback" not in out.stderr and out.stdout == ""
    assert out.stderr.splitlines() == [
        "kiosk export: CSP-04: layout custom.toml: the cloth must print the words "
        "'dealer only plays with ace & king or higher' (000 s230(2)(b))",
        "kiosk export: CSP-04: layout custom.toml: the areas for ante wagers must be marked 'ante'; none is (000 s230(3)(a))",
    ]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--server", "http://127.0.0.1:9"], "--cloth reads the layout files the floor file names"),
        (["--sign", "limits"], "--sign is for signs, not --cloth"),
        (["--tent"], "--tent is for signs, not --cloth"),
        (["--overlap", "30"], "--overlap and --orientation are for cloth tiles: give --paper too"),
        (["--paper", "A4", "--overlap", "2"], "--overlap must be 5 to 100 mm"),
        (["--paper", "A5", "--overlap", "90"], "--paper A5 leaves 126 mm inside the marks"),
        (["--table", "XX-01"], "--table XX-01: no such table"),
    ],
)
def test_bad_cloth_input_is_one_line_and_writes_nothing(tmp_path, args, needle):
    source = [] if "--server" in args else ["--floor", str(DEMO)]
    out = kiosk("export", "--cloth", *source, *args, "--out", str(tmp_path / "out"))
    one_line_error(out, needle)
    assert not (tmp_path / "out").exists()
    signs = kiosk("export", "--floor", str(DEMO), "--overlap", "30", "--out", str(tmp_path / "out"))
    one_line_error(signs, "--overlap is for --cloth tiles")


def _pdf_text(path: Path) -> str:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


def test_export_at_prints_the_sign_that_should_have_been_on_the_table_then(tmp_path, capsys, demo_floor, monkeypatch):
    from datetime import timedelta

    from kiosk.cli import main
    from tests.fixtures.server_thread import ServerThread

    server = ServerThread(f"sqlite:///{tmp_path / 'live.sqlite3'}", demo_floor).start()
    try:
        first = server.execute("pit", b.set_limits("BJ-01", {"minimum_cents": 2500, "maximum_cents": 250_000}))
        time.sleep(1.1)
        server.execute("pit", b.set_limits("BJ-01", {"minimum_cents": 1000, "maximum_cents": 100_000}))
        moment = (first[-1].at + timedelta(milliseconds=500)).isoformat().replace("+00:00", "Z")
        monkeypatch.setenv("KIOSK_TOKEN", server.tokens["pit"])
        for name, source in (("db", ["--db", server.db_url]), ("server", ["--server", server.url])):
            out = tmp_path / name
            argv = ["export", *source, "--at", moment, "--table", "BJ-01", "--sign", "limits", "--out", str(out)]
            assert main(argv) == 0, capsys.readouterr().err
            said = capsys.readouterr().out
            assert "the signs as at " in said and "built from event" in said and "audit head" in said
            text = _pdf_text(out / "BJ-01_limits.pdf")
            assert "$25" in text and "$2,500" in text and "$1,000" not in text
        now = tmp_path / "now"
        assert main(["export", "--db", server.db_url, "--table", "BJ-01", "--sign", "limits", "--out", str(now)]) == 0
        assert "$1,000" in _pdf_text(now / "BJ-01_limits.pdf")
        # the same bytes on a re-run: the time generated is the moment asked for
        again = tmp_path / "again"
        argv = ["export", "--db", server.db_url, "--at", moment, "--table", "BJ-01", "--out", str(again)]
        assert main([*argv[:-2], "--sign", "limits", "--out", str(again)]) == 0
        assert (again / "BJ-01_limits.pdf").read_bytes() == (tmp_path / "db" / "BJ-01_limits.pdf").read_bytes()
        before = [
            "export",
            "--db",
            server.db_url,
            "--at",
            "2020-01-01T00:00",
            "--table",
            "BJ-01",
            "--out",
            str(tmp_path / "x"),
        ]
        assert main(before) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "table BJ-01 did not exist yet" in err
        assert not (tmp_path / "x").exists()
    finally:
        server.stop()


def test_defaults_write_the_whole_floor_each_sign_on_the_paper_it_needs(tmp_path):
    """S1/C5: with no --paper every sign is written, each on the smallest of A4, A3, A2 that
    holds it; a fixed paper writes what fits, lists the rest and exits 3; --all-or-nothing
    writes nothing."""
    help_text = kiosk("export", "--help").stdout
    assert "default auto" in help_text and "A4, A3, A2" in " ".join(help_text.split())
    auto = kiosk("export", "--floor", str(DEMO), "--out", str(tmp_path / "auto"))
    assert auto.returncode == 0 and auto.stderr == "", auto.stderr
    first = auto.stdout.splitlines()[0]
    assert re.match(r"^39 signs, 41 pages \(auto: \d+ A4, \d+ A3\): 39 files in ", first), first
    manifest = json.loads((tmp_path / "auto" / "manifest.json").read_text())
    assert manifest["page"]["press"] == "fogra39" and {s["paper"] for s in manifest["signs"]} == {"A4", "A3"}
    on_a3 = sorted(f"{s['table']}_{s['kind']}.pdf" for s in manifest["signs"] if s["paper"] == "A3")
    fixed = kiosk("export", "--floor", str(DEMO), "--paper", "A4", "--out", str(tmp_path / "a4"))
    assert fixed.returncode == 3, fixed.stderr
    lines = fixed.stderr.strip().splitlines()
    assert len(lines) == len(on_a3) and all(
        line.startswith("kiosk export: not written: table ") and "smallest paper that fits is A3" in line
        for line in lines
    ), lines
    written = {p.name for p in (tmp_path / "a4").glob("*.pdf")}
    assert len(written) == 39 - len(on_a3) and not written & set(on_a3)
    strict = kiosk("export", "--floor", str(DEMO), "--paper", "A4", "--all-or-nothing", "--out", str(tmp_path / "s"))
    one_line_error(strict, "smallest paper that fits is A3")
    assert strict.returncode == 2 and not (tmp_path / "s").exists()
    rgb = kiosk("export", "--floor", str(DEMO), "--table", "BJ-01", "--press", "srgb", "--out", str(tmp_path / "rgb"))
    assert rgb.returncode == 0, rgb.stderr
    assert json.loads((tmp_path / "rgb" / "manifest.json").read_text())["page"]["output_intent"] == "sRGB IEC61966-2.1"


def test_the_command_lists_the_papers_and_presses_of_the_export():
    from kiosk.cli import export as cli_export
    from kiosk.render.paper import AUTO_PAPERS
    from kiosk.render.press import PRESS_CONDITIONS

    assert cli_export._AUTO_PAPERS == AUTO_PAPERS
    assert cli_export._PRESSES == tuple(PRESS_CONDITIONS)


def test_a_sign_printed_in_chinese_reads_back_in_chinese(tmp_path):
    """``kiosk export --language zh_Hans``: the limits sign's words in Chinese, read back from
    the PDF's text, its CJK face embedded; every CJK glyph of the page at least 8 mm of ink."""
    import pypdfium2

    from kiosk.language import speaking
    from kiosk.scene.legibility import letter_height_mm, text_runs_of
    from kiosk.views.signs import Context, compose_sign
    from kiosk.views.signs.kinds import sign_contents
    from kiosk.views.signs.source import states_from_floor

    out = kiosk("export", "--floor", str(DEMO), "--table", "TC54-01", "--sign", "limits", "--language", "zh_Hans",
                "--out", str(tmp_path / "zh"), "--quiet")  # fmt: skip
    assert out.returncode == 0, out.stderr
    pdf = pypdfium2.PdfDocument(tmp_path / "zh" / "TC54-01_limits.pdf")
    words = pdf[0].get_textpage().get_text_range()
    pdf.close()
    for phrase in ("本桌限额", "最低投注", "本桌最高", "赔率 4 赔 3", "$1,200"):
        assert phrase in words, words
    assert "Table limits" not in words
    english = kiosk("export", "--floor", str(DEMO), "--table", "TC54-01", "--sign", "limits",
                    "--out", str(tmp_path / "en"), "--quiet")  # fmt: skip
    assert english.returncode == 0
    pdf = pypdfium2.PdfDocument(tmp_path / "en" / "TC54-01_limits.pdf")
    assert "Table limits" in pdf[0].get_textpage().get_text_range()
    pdf.close()
    # the page as the PDF painter drew it: every glyph of each script at the sign floor
    from kiosk.floor import load_floor

    tables, links = states_from_floor(load_floor(DEMO))
    with speaking("zh_Hans"):
        content = sign_contents("limits", Context(tables["TC54-01"], None, None, None))[0]
        scene = compose_sign(content, 210, 297)
    heights = [letter_height_mm(run) for run in text_runs_of(scene)]
    assert any(run.face.family == "cjk" for run in text_runs_of(scene))
    assert min(h for h in heights if h is not None) >= 8.0 - 1e-6


def test_an_unknown_language_is_one_line(tmp_path):
    out = kiosk("export", "--floor", str(DEMO), "--language", "xx", "--out", str(tmp_path / "x"))
    one_line_error(out, "--language 'xx': no catalogue")
    assert not (tmp_path / "x").exists()
