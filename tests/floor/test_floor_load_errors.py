"""Bad floor files: every problem is one line naming the file, the table (link, display) and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.floor import FloorError, load_floor, parse_floor
from kiosk.floor.references import VIEW_GAMES
from kiosk.floor.signs import SIGN_KINDS
from kiosk.rules.games import GAMES
from tests.fixtures.floors import TABLES, floor_text

BJ = TABLES["blackjack"]


def problems(text: str, base: Path | str = ".") -> list[str]:
    """The problem lines of a floor text that must fail to load."""
    with pytest.raises(FloorError) as info:
        parse_floor(text, name="floor.toml", base=base)
    lines = info.value.problems
    assert str(info.value) == "\n".join(lines)
    assert lines, "a FloorError without problems"
    for line in lines:
        assert "\n" not in line and line.startswith("floor.toml: "), line
        assert "Traceback" not in line
    return lines


def test_a_good_floor_loads() -> None:
    floor = parse_floor(floor_text(BJ), name="floor.toml")
    assert list(floor.tables) == ["T-blackjack"]
    assert floor.tables["T-blackjack"].limits_model().maximum_cents == 1_000_00


# ----------------------------------------------------------------------------- keys and types


def test_unknown_key_at_the_top() -> None:
    assert problems("colour = 1\n" + floor_text(BJ)) == ["floor.toml: colour: unknown key"]
    assert problems("tabel = 1\n" + floor_text(BJ)) == ["floor.toml: tabel: unknown key (did you mean 'table'?)"]


def test_unknown_key_in_a_table() -> None:
    text = floor_text(BJ.replace('game = "blackjack"', 'game = "blackjack"\nlayot = "x.toml"'))
    assert problems(text) == ["floor.toml: table T-blackjack: layot: unknown key (did you mean 'layout'?)"]


def test_unknown_key_in_a_section() -> None:
    text = floor_text(BJ + "[table.blackjack]\ndeck = 6\n")
    assert problems(text) == ["floor.toml: table T-blackjack: blackjack.deck: unknown key (did you mean 'decks'?)"]
    text = floor_text(BJ.replace('maximum = "$1,000"', 'maximum = "$1,000"\nmaxmum = 5'))
    assert problems(text) == ["floor.toml: table T-blackjack: limits.maxmum: unknown key (did you mean 'maximum'?)"]


@pytest.mark.parametrize(
    ("setting", "line"),
    [
        ('decks = "6"', "blackjack.decks: must be a whole number, not '6'"),
        ("decks = 6.0", "blackjack.decks: must be a whole number, not 6.0"),
        ("decks = 9", "blackjack.decks: must be at most 8, not 9"),
        ("decks = 0", "blackjack.decks: must be at least 1, not 0"),
        ('bonus_blackjack = "yes"', "blackjack.bonus_blackjack: must be true or false, not 'yes'"),
        ("bonus_blackjack = 1", "blackjack.bonus_blackjack: must be true or false, not 1"),
        (
            'nominated_suit = "stars"',
            "blackjack.nominated_suit: must be 'spades', 'hearts', 'diamonds' or 'clubs', not 'stars'",
        ),
        ('nominated_card = "ace"', "blackjack.nominated_card: must be '10', 'jack', 'queen' or 'king', not 'ace'"),
    ],
)
def test_wrong_types(setting: str, line: str) -> None:
    text = floor_text(BJ + f"[table.blackjack]\n{setting}\n")
    assert problems(text) == [f"floor.toml: table T-blackjack: {line}"]


@pytest.mark.parametrize(
    ("setting", "line"),
    [
        ("statistics_spins = 5", "roulette.statistics_spins: must be at least 20, not 5"),
        ("statistics_spins = 5000", "roulette.statistics_spins: must be at most 1000, not 5000"),
        ('statistics_spins = "all"', "roulette.statistics_spins: must be a whole number, not 'all'"),
    ],
)
def test_the_history_statistics_window_is_checked(setting: str, line: str) -> None:
    text = floor_text(TABLES["roulette"] + f"[table.roulette]\n{setting}\n")
    assert problems(text) == [f"floor.toml: table T-roulette: {line}"]
    good = parse_floor(floor_text(TABLES["roulette"] + "[table.roulette]\nstatistics_spins = 500\n"), name="f.toml")
    assert good.tables["T-roulette"].roulette_settings.statistics_spins == 500


def test_nominated_ten_may_be_written_as_a_number() -> None:
    floor = parse_floor(floor_text(BJ + "[table.blackjack]\nnominated_card = 10\n"))
    assert floor.tables["T-blackjack"].blackjack_settings.nominated_card == "10"


def test_text_where_a_table_is_expected() -> None:
    text = floor_text(BJ.replace("[table.limits]\n", 'limits = "$10"\n[table.x]\n'))
    lines = problems(text)
    assert (
        "floor.toml: table T-blackjack: limits: must be a table of keys ([section] or { key = value }), not '$10'"
        in lines
    )


def test_name_must_be_text() -> None:
    assert problems(floor_text(BJ).replace('name = "Test Casino"', "name = 5")) == [
        "floor.toml: casino: name: must be text in quotes, not 5"
    ]
    assert problems(floor_text(BJ).replace('name = "Test Casino"', 'name = "  "')) == [
        "floor.toml: casino: name: must not be empty"
    ]


# ----------------------------------------------------------------------------- money


def _with_maximum(value: str) -> str:
    return floor_text(BJ.replace('maximum = "$1,000"', f"maximum = {value}"))


@pytest.mark.parametrize(
    ("written", "line"),
    [
        ('"abc"', "limits.maximum: not an amount of money: 'abc' (write it like $1,200.50)"),
        ('"$1,2000"', "limits.maximum: not an amount of money: '$1,2000' (write it like $1,200.50)"),
        ('"-$5"', "limits.maximum: amount must not be negative: '-$5'"),
        ("-5", "limits.maximum: amount must not be negative: -5"),
        ("-5.5", "limits.maximum: amount must not be negative: -5.5"),
        ('"$12.555"', "limits.maximum: amount has a fraction of a cent: '$12.555'"),
        ("12.555", 'limits.maximum: not an exact amount of money: 12.555 (write it in quotes like "$12.50")'),
        ("0.001", 'limits.maximum: not an exact amount of money: 0.001 (write it in quotes like "$12.50")'),
        ("1e20", 'limits.maximum: not an exact amount of money: 1e+20 (write it in quotes like "$12.50")'),
        ("nan", 'limits.maximum: not an exact amount of money: nan (write it in quotes like "$12.50")'),
        ("true", "limits.maximum: True is not an amount of money"),
        ("[5]", 'limits.maximum: not an amount of money: [5] (give dollars as text like "12.50" or a whole number)'),
    ],
)
def test_bad_money(written: str, line: str) -> None:
    assert problems(_with_maximum(written)) == [f"floor.toml: table T-blackjack: {line}"]


@pytest.mark.parametrize(
    ("written", "cents"),
    [
        ('"$1,200"', 120_000),
        ('"1 200"', 120_000),
        ('"$1,200.50"', 120_050),
        ("1200", 120_000),
        ("12.5", 1_250),
        ("12.50", 1_250),
        ("0.75", 75),
        ("1e3", 100_000),
        ("1_200", 120_000),
    ],
)
def test_money_as_people_write_it(written: str, cents: int) -> None:
    floor = parse_floor(_with_maximum(written))
    assert floor.tables["T-blackjack"].limits.maximum_cents == cents


def test_percentages() -> None:
    rake = TABLES["poker"]
    for written, bp in (('"5%"', 500), ('"2.5%"', 250), ("5", 500), ("2.5", 250), ('"10"', 1000)):
        floor = parse_floor(floor_text(rake.replace('percent = "5%"', f"percent = {written}")))
        assert floor.tables["T-poker"].poker_settings.rake.percent_bp == bp
    for written, message in (
        ('"abc%"', "not a percentage: 'abc%' (write it like \"5%\")"),
        ('"2.555%"', "percentage finer than 0.01 %: '2.555%'"),
        ('"-2%"', "percentage must not be negative: '-2%'"),
        ("250", "percentage above 100 %: 250"),
    ):
        lines = problems(floor_text(rake.replace('percent = "5%"', f"percent = {written}")))
        assert lines == [f"floor.toml: table T-poker: poker.rake.percent: {message}"]


# ----------------------------------------------------------------------------- games, ids, references


def test_unknown_game() -> None:
    text = floor_text(BJ.replace('game = "blackjack"', 'game = "craps"'))
    assert problems(text) == [
        f"floor.toml: table T-blackjack: game: unknown game 'craps'; known games: {', '.join(GAMES)}"
    ]


def test_missing_keys() -> None:
    text = floor_text('[[table]]\ngame = "blackjack"\n')
    assert problems(text) == [
        "floor.toml: table #1: id: required key is missing",
        "floor.toml: table #1: limits: required key is missing",
    ]
    assert problems('[casino]\nname = "X"\n') == [
        'floor.toml: format: required key is missing (write format = "kiosk-floor/1" at the top)'
    ]
    assert problems('format = "kiosk-floor/1"\n') == ["floor.toml: casino: required key is missing"]


def test_wrong_format_version() -> None:
    text = floor_text(BJ).replace('"kiosk-floor/1"', '"kiosk-floor/2"', 1)
    assert problems(text) == [
        "floor.toml: format: this file is 'kiosk-floor/2'; this kiosk reads format = \"kiosk-floor/1\""
    ]


def test_bad_ids() -> None:
    text = floor_text(BJ.replace('id = "T-blackjack"', 'id = "BJ 01!"'))
    assert problems(text) == [
        "floor.toml: table 'BJ 01!': id: not a usable id: 'BJ 01!' (letters, digits, '.', '_' and '-', "
        "starting with a letter or digit, at most 40 characters)"
    ]


def test_duplicate_table_id() -> None:
    text = floor_text(BJ, TABLES["roulette"], BJ.replace('maximum = "$1,000"', 'maximum = "$2,000"'))
    assert problems(text) == [
        "floor.toml: table T-blackjack: id: duplicate table id (the 1st and 3rd [[table]] both use it)"
    ]


def test_tables_must_be_an_array_of_tables() -> None:
    text = floor_text(BJ.replace("[[table]]", "[table]"))
    assert problems(text) == ["floor.toml: table: write each table as [[table]] (an array of tables)"]


LINK = """
[[link]]
id = "L1"
name = "Progressive"
tables = ["T-caribbean_stud", "CSP-99"]
approval = "CE-9"
seed = "$10,000"
"""


def test_link_to_a_missing_table() -> None:
    text = floor_text(TABLES["caribbean_stud"], LINK)
    assert problems(text) == ["floor.toml: link L1: tables: no table 'CSP-99' on this floor"]


def test_link_problems_are_reported_beside_table_problems() -> None:
    text = floor_text(TABLES["caribbean_stud"].replace('"$50,000"', '"lots"'), LINK)
    assert problems(text) == [
        "floor.toml: table T-caribbean_stud: caribbean_stud.maximum_payment: not an amount of money: 'lots' "
        "(write it like $1,200.50)",
        "floor.toml: link L1: tables: no table 'CSP-99' on this floor",
    ]


def test_link_lists_a_table_twice_and_bad_seed() -> None:
    text = floor_text(
        TABLES["caribbean_stud"],
        LINK.replace('"CSP-99"', '"T-caribbean_stud"').replace('seed = "$10,000"', "seed = -1"),
    )
    assert problems(text) == [
        "floor.toml: link L1: seed: amount must not be negative: -1",
        "floor.toml: link L1: tables: 'T-caribbean_stud' is listed twice",
    ]


@pytest.mark.parametrize(
    ("display", "line"),
    [
        ('table = "NOPE"\nview = "layout"', "display D1: table: no table 'NOPE' on this floor"),
        (
            'table = "T-blackjack"\nview = "twoup_lights"',
            "display D1: view: 'twoup_lights' does not fit T-blackjack (blackjack); it is for two_up_dice",
        ),
        (
            'table = "T-blackjack"\nview = "banana"',
            "display D1: view: must be 'layout', 'limits', 'signs', 'jackpot', 'trichro', 'twoup_lights', 'help' or 'history', not 'banana'",
        ),
        ('view = "layout"', "display D1: table: give exactly one of table or link"),
        ('link = "L9"\nview = "jackpot"', "display D1: link: no jackpot link 'L9' on this floor"),
        (
            'link = "L1"\nview = "layout"',
            "display D1: view: a link display shows the progressive jackpot meter: view = \"jackpot\", not 'layout'",
        ),
        ('table = "T-blackjack"\nview = "layout"\nscreen = -1', "display D1: screen: must be at least 0, not -1"),
    ],
)
def test_display_problems(display: str, line: str) -> None:
    link = '\n[[link]]\nid = "L1"\nname = "P"\ntables = []\nseed = 1\n'
    text = floor_text(BJ, link, f'\n[[display]]\nid = "D1"\n{display}\n')
    assert problems(text) == [f"floor.toml: {line}"]


# ----------------------------------------------------------------------------- settings that do not fit the game

SECTIONS = [
    "tri_chro",
    "two_up_dice",
    "caribbean_stud",
    "blackjack",
    "roulette",
    "manila_poker",
    "draw_poker",
    "pai_gow",
    "poker",
]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("section", SECTIONS)
def test_a_settings_section_belongs_to_its_game(game: str, section: str) -> None:
    """Exhaustive: every game with every settings section (empty)."""
    table = TABLES[game]
    text = floor_text(table if f"[table.{section}]\n" in table else table + f"[table.{section}]\n")
    own = "tri_chro" if game.startswith("tri_chro") else game
    if section == own:
        floor = parse_floor(text)
        assert floor.tables[f"T-{game}"].settings is not None
    else:
        assert problems(text) == [
            f"floor.toml: table T-{game}: {section}: settings for {section} on a {game} table (use [table.{own}])"
        ]


@pytest.mark.parametrize("game", list(GAMES))
def test_sign_kinds_fit_their_games(game: str) -> None:
    """Exhaustive: every sign kind on every game."""
    for kind, sign in SIGN_KINDS.items():
        text = floor_text(TABLES[game].replace("[table.limits]", f'signs = ["{kind}"]\n[table.limits]', 1))
        if game in sign.games:
            assert parse_floor(text).tables[f"T-{game}"].sign_kinds == {kind}
        else:
            assert problems(text) == [f"floor.toml: table T-{game}: signs[1]: a {game} table has no {kind!r} sign"]


@pytest.mark.parametrize("game", list(GAMES))
def test_views_fit_their_games(game: str) -> None:
    """Exhaustive: every display view on every game."""
    for view, games in VIEW_GAMES.items():
        text = floor_text(TABLES[game], f'\n[[display]]\nid = "D1"\ntable = "T-{game}"\nview = "{view}"\n')
        if games is None or game in games:
            assert parse_floor(text).displays["D1"].view == view
        else:
            assert len(problems(text)) == 1


def test_signs_unknown_listed_twice_and_malformed() -> None:
    text = floor_text(
        BJ.replace("[table.limits]", 'signs = ["limits", "limits", {kind = "limits", cap_mm = "big"}]\n[table.limits]')
    )
    assert problems(text) == [
        "floor.toml: table T-blackjack: signs[3].cap_mm: must be a number of millimetres, got 'big'"
    ]
    text = floor_text(BJ.replace("[table.limits]", 'signs = ["limits", "limits"]\n[table.limits]'))
    assert problems(text) == ["floor.toml: table T-blackjack: signs[2]: 'limits' is listed twice"]
    text = floor_text(BJ.replace("[table.limits]", 'signs = ["limts"]\n[table.limits]'))
    (line,) = problems(text)
    assert line.startswith("floor.toml: table T-blackjack: signs[1].kind: must be 'limits', ") and line.endswith(
        "not 'limts'"
    )


def test_per_class_limits_fit_the_game() -> None:
    text = floor_text(BJ + '[table.limits.maximum_by]\n"3:4" = "$1,200"\n')
    assert problems(text) == [
        "floor.toml: table T-blackjack: limits.maximum_by.3:4: not a wager class of blackjack (it has no per-class maxima)"
    ]
    text = floor_text(TABLES["tri_chro_54"].replace('"27:1"', '"38:1"'))
    assert problems(text) == [
        "floor.toml: table T-tri_chro_54: limits.maximum_by.38:1: not a wager class of tri_chro_54 "
        "(known: 3:4, 6:5, 33:10, 8:1, 27:1, 65:1)"
    ]
    text = floor_text(TABLES["roulette"] + '[table.limits.minimum_by]\nstraight = "$5"\n')
    (line,) = problems(text)
    assert line.startswith("floor.toml: table T-roulette: limits.minimum_by.straight: not a wager class of roulette")
    text = floor_text(BJ + '[table.limits.minimum_by]\nsplit = "$5"\n')
    assert problems(text) == [
        "floor.toml: table T-blackjack: limits.minimum_by.split: only roulette has per-class minima (000 s141(2))"
    ]


def test_variants() -> None:
    text = floor_text(TABLES["tri_chro_54"].replace('game = "tri_chro_54"', 'game = "tri_chro_54"\nvariant = "63"'))
    assert problems(text) == [
        "floor.toml: table T-tri_chro_54: variant: only poker tables have a variant; tri_chro_54 has none "
        "(the ball count is in the game id)"
    ]
    (line,) = problems(floor_text(TABLES["poker"].replace('"holdem"', '"snap"')))
    assert line.startswith("floor.toml: table T-poker: variant: unknown poker variant 'snap' (002 r8.4-r8.24); known: ")


# ----------------------------------------------------------------------------- many problems at once


def test_all_problems_are_collected() -> None:
    text = floor_text(
        BJ.replace('maximum = "$1,000"', 'maximum = "abc"'),
        TABLES["roulette"].replace('minimum = "$30"', "minimum = -30"),
        TABLES["poker"].replace('"holdem"', '"snap"').replace('type = "percentage"', 'type = "whatever"'),
        '\n[[display]]\nid = "D1"\ntable = "NOPE"\nview = "layout"\n',
    )
    lines = problems(text)
    assert len(lines) == 5
    assert [line.split(": ")[1] for line in lines] == [
        "table T-blackjack",
        "table T-roulette",
        "table T-poker",
        "table T-poker",
        "display D1",
    ]


# ----------------------------------------------------------------------------- the file itself


def test_syntax_error_names_its_line() -> None:
    text = floor_text(BJ).replace('maximum = "$1,000"', "maximum = $1,000")
    line_no = text.splitlines().index("maximum = $1,000") + 1
    assert problems(text) == [f"floor.toml: line {line_no}: TOML syntax error: invalid value (column 11)"]


def test_syntax_error_at_the_end_of_the_file() -> None:
    text = floor_text(BJ) + "x = 1\nx = 2"
    (line,) = problems(text)
    assert line.startswith(f"floor.toml: line {len(text.splitlines())}: TOML syntax error: ")


def test_file_problems(tmp_path: Path) -> None:
    for path, line in (
        (tmp_path / "missing.toml", f"{tmp_path / 'missing.toml'}: no such floor file"),
        (tmp_path, f"{tmp_path}: is a folder, not a floor file"),
    ):
        with pytest.raises(FloorError) as info:
            load_floor(path)
        assert info.value.problems == [line]
    latin = tmp_path / "latin.toml"
    latin.write_bytes(floor_text(BJ).encode() + b"\n# caf\xe9\n")
    with pytest.raises(FloorError) as info:
        load_floor(latin)
    assert info.value.problems == [f"latin.toml: line {floor_text(BJ).count(chr(10)) + 2}: not UTF-8 text"]


def test_time_zone_logo_and_layout_paths(tmp_path: Path) -> None:
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "bj.toml").write_text('format = "kiosk-layout/1"\n')
    good = floor_text(BJ.replace('game = "blackjack"', 'game = "blackjack"\nlayout = "layouts/bj.toml"')).replace(
        'name = "Test Casino"', 'name = "Test Casino"\ntimezone = "Australia/Sydney"\nlogo = "logo.png"'
    )
    floor = parse_floor(good, base=tmp_path)
    assert floor.casino.logo == tmp_path / "logo.png"
    assert str(floor.casino.timezone) == "Australia/Sydney"
    assert floor.tables["T-blackjack"].layout == tmp_path / "layouts" / "bj.toml"
    assert str(parse_floor(floor_text(BJ)).casino.timezone) == "Australia/Brisbane"

    bad = (
        good.replace('"Australia/Sydney"', '"Mars/Olympus"')
        .replace('"logo.png"', '"logo.gif"')
        .replace('"layouts/bj.toml"', '"layouts/none.toml"')
    )
    assert problems(bad, base=tmp_path) == [
        "floor.toml: casino: timezone: unknown time zone 'Mars/Olympus' (write it like \"Australia/Brisbane\")",
        "floor.toml: casino: logo: logo must be a .png or .svg file: 'logo.gif'",
        f"floor.toml: table T-blackjack: layout: layout file not found: {tmp_path / 'layouts' / 'none.toml'}",
    ]


def test_bundled_logo() -> None:
    text = floor_text(BJ).replace('name = "Test Casino"', 'name = "T"\nlogo = "bundled:coral_coast_casino.svg"')
    logo = parse_floor(text).casino.logo
    assert logo is not None and logo.name == "coral_coast_casino.svg" and logo.is_file()


def test_duplicate_link_and_display_ids() -> None:
    links = LINK.replace(', "CSP-99"', "") * 2
    display = '\n[[display]]\nid = "D1"\ntable = "T-caribbean_stud"\nview = "layout"\n'
    assert problems(floor_text(TABLES["caribbean_stud"], links, display, display)) == [
        "floor.toml: link L1: id: duplicate link id (the 1st and 2nd [[link]] both use it)",
        "floor.toml: display D1: id: duplicate display id (the 1st and 2nd [[display]] both use it)",
    ]
