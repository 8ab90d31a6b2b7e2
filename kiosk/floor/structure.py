"""Checks across a floor's tables, links and displays.

:meth:`Floor.reference_problems <kiosk.floor.models.Floor.reference_problems>` finds what
makes a floor file inconsistent (a link or display naming a table that is not there, a view
that does not fit the game); the loader refuses such a file.  :func:`structural_violations` finds what breaks the law (a link without the
chief executive's approval, a manila table without an approved layout, a required sign
left out, ...); ``kiosk check`` reports those with their rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kiosk.floor.poker_variants import POKER_VARIANTS
from kiosk.floor.signs import SIGN_KINDS, required_signs
from kiosk.rules.citation import Violation
from kiosk.rules.games import naming_violation
from kiosk.rules.lettering import MIN_TEXT_MM, text_height_rule
from kiosk.rules.limits import format_percent_bp
from kiosk.rules.money import format_money

if TYPE_CHECKING:  # pragma: no cover
    from kiosk.floor.models import Floor, Table

__all__ = ["structural_violations", "table_game_names"]


def table_game_names(table: Table) -> tuple[str, ...]:
    """The names a table's game goes by besides the game's own: a poker room table's variant,
    as the Poker Rules write it (002 r8.4-r8.24)."""
    if table.variant in POKER_VARIANTS:
        return (POKER_VARIANTS[table.variant][0],)
    return ()


def _violation(subject: str, text: str, rule: str, key: str | None = None, severity: str = "error") -> Violation:
    return Violation(rule=rule, message=f"{subject}: {text} ({rule})", key=key, severity=severity)  # type: ignore[arg-type]


def structural_violations(floor: Floor) -> list[Violation]:
    """Every way the floor's structure, approvals and signs break the rules.

    Messages start with the table (or link or display) id and end with the rule.
    """
    out: list[Violation] = []
    for where, text in floor.reference_problems():
        subject = where.split(" ", 1)[1]
        rule = "000 s231(3)" if where.startswith("link") else "kiosk-floor/1"
        out.append(Violation(rule=rule, message=f"{subject}: {text}", key=text.split(":", 1)[0]))
    out += _link_violations(floor)
    out += _sharing_violations(floor)
    for table in floor.tables.values():
        out += _table_violations(floor, table)
    out += _layout_view_warnings(floor)
    return out


def _layout_view_warnings(floor: Floor) -> list[Violation]:
    """A display showing a table's layout needs a layout file: the table's own or the shipped one."""
    from kiosk.scene.resources import default_layout_path

    out: list[Violation] = []
    for display in floor.displays.values():
        table = floor.tables.get(display.table or "")
        if display.view != "layout" or table is None or table.layout is not None:
            continue
        try:
            shipped = default_layout_path(table.game)
        except FileNotFoundError:
            shipped = None
        if shipped is None or not shipped.is_file():
            where = shipped.name if shipped is not None else f"{table.game}.toml"
            out.append(
                _violation(
                    display.id,
                    f"shows the layout of {table.id} but no layout file for {table.game} "
                    f"is installed ({where}); set layout on the table",
                    "kiosk-floor/1",
                    "view",
                    "warning",
                )
            )
    return out


def _link_violations(floor: Floor) -> list[Violation]:
    out: list[Violation] = []
    member_of: dict[str, list[str]] = {}
    for link in floor.links.values():
        if link.approval is None:
            out.append(
                _violation(
                    link.id,
                    'a progressive jackpot link needs the chief executive\'s approval; set approval = "<reference>"',
                    "000 s231(3)",
                    "approval",
                )
            )
        members = list(dict.fromkeys(link.tables))
        if len(members) < 2:
            out.append(
                _violation(
                    link.id,
                    f"a progressive jackpot link joins 2 or more tables; it has {len(members)}",
                    "000 s231(3)",
                    "tables",
                )
            )
        for member in members:
            member_of.setdefault(member, []).append(link.id)
            table = floor.tables.get(member)
            if table is not None and table.game != "caribbean_stud":
                out.append(
                    _violation(
                        link.id,
                        f"table {member} plays {table.game}; only caribbean stud tables "
                        "join a progressive jackpot link",
                        "000 s231(3)",
                        "tables",
                    )
                )
        if not _link_has_meter(floor, link.id, members):
            out.append(
                _violation(
                    link.id,
                    "the link needs a progressive jackpot meter: a display with "
                    f'link = "{link.id}" and view = "jackpot", or a jackpot display '
                    "or jackpot_meter sign at a linked table",
                    "000 s231(4)",
                    "tables",
                )
            )
    for table_id, links in member_of.items():
        if len(links) > 1:
            out.append(
                _violation(
                    table_id,
                    f"a table is under one progressive jackpot link at most; it is in {', '.join(links)}",
                    "000 s231(3)",
                    "link",
                )
            )
    return out


def _link_has_meter(floor: Floor, link_id: str, members: list[str]) -> bool:
    for display in floor.displays.values():
        if display.view == "jackpot" and (display.link == link_id or display.table in members):
            return True
    return any(m in floor.tables and "jackpot_meter" in floor.tables[m].sign_kinds for m in members)


def _table_violations(floor: Floor, table: Table) -> list[Violation]:
    out: list[Violation] = []
    tid, game = table.id, table.game
    kinds = table.sign_kinds

    for kind, rule in required_signs(table):
        if kind not in kinds:
            out.append(
                _violation(
                    tid,
                    f"the table must show the {SIGN_KINDS[kind].title.lower()} sign; add {kind!r} to signs",
                    rule,
                    "signs",
                )
            )
    for number, sign in enumerate(table.signs, start=1):
        if sign.cap_mm < MIN_TEXT_MM:
            out.append(
                _violation(
                    tid,
                    f"{sign.kind} sign letters and numbers must be at least "
                    f"{MIN_TEXT_MM:g} mm high; cap_mm is {sign.cap_mm:g}",
                    text_height_rule(sign.kind, game),
                    f"signs[{number}].cap_mm",
                )
            )

    naming = naming_violation(
        game,
        table.display_name,
        bonus_blackjack=game == "blackjack" and table.blackjack_settings.bonus_blackjack,
        names=table_game_names(table),
    )
    if naming is not None:  # docs/readings.md A-31
        out.append(Violation(rule=naming.rule, message=f"{tid}: {naming.message}", key=naming.key))

    if game in ("manila_poker", "draw_poker") and table.layout_approval is None:
        rule = "003 s258(2)" if game == "manila_poker" else "003 s294(2)"
        out.append(
            _violation(
                tid,
                'the layout is the one the chief executive approved; set layout_approval = "<reference>"',
                rule,
                "layout_approval",
            )
        )
    if game in ("caribbean_stud", "pai_gow") and table.layout is not None and table.layout_approval is None:
        rule = "000 s230(4)" if game == "caribbean_stud" else "003 s413(2)(a)"
        out.append(
            _violation(
                tid,
                "a layout other than the diagram needs the chief executive's approval; "
                "set layout_approval if this layout departs from the diagram",
                rule,
                "layout_approval",
                "warning",
            )
        )

    out += _cloth_violations(floor, table)
    if game == "caribbean_stud":
        out += _caribbean_violations(floor, table)
    elif game == "blackjack":
        bj = table.blackjack_settings
        if bj.bonus_blackjack and (bj.nominated_suit is None or bj.nominated_card is None):
            out.append(
                _violation(
                    tid,
                    "bonus blackjack needs the nominated suit and card on the sign; "
                    "set blackjack.nominated_suit and blackjack.nominated_card",
                    "003 s50C(3)",
                    "blackjack.nominated_suit",
                )
            )
    elif game == "two_up_dice":
        lights = table.two_up_settings
        colours = [lights.heads_colour, lights.tails_colour, lights.odds_colour]
        if len(set(colours)) < 3:
            out.append(
                _violation(
                    tid,
                    f"the heads, tails and odds lights must be three different colours; they are {', '.join(colours)}",
                    "004 sch13 s19(1)",
                    "two_up_dice",
                )
            )
    elif game == "pai_gow":
        pg = table.pai_gow_settings
        if not pg.approved_cuts:
            out.append(
                _violation(
                    tid,
                    "the approved cuts must be displayed; list them in pai_gow.approved_cuts",
                    SIGN_KINDS["approved_cuts"].basis,
                    "pai_gow.approved_cuts",
                )
            )
        if pg.cuts_approval is None:
            out.append(
                _violation(
                    tid,
                    'tiles are cut in the ways the chief executive approved; set pai_gow.cuts_approval = "<reference>"',
                    "003 s430(1)",
                    "pai_gow.cuts_approval",
                )
            )
    elif game == "draw_poker":
        draw = table.draw_settings
        if draw.ace_low and draw.deck == 52:
            out.append(
                _violation(
                    tid,
                    "the ace-low announcement is for a 40 or 32 card deck; with 52 cards the ace is low anyway",
                    "003 s292(9)",
                    "draw_poker.ace_low",
                    "warning",
                )
            )
    elif game == "roulette":
        out += _wheel_violations(table)
    elif game == "poker":
        seconds = table.poker_settings.time_to_act
        if seconds is not None and not 5 <= seconds <= 60:
            out.append(
                _violation(tid, f"time to act is 5 to 60 seconds; it is {seconds}", "002 r6.14", "poker.time_to_act")
            )
    return out


def _cloth_violations(floor: Floor, table: Table) -> list[Violation]:
    """What the seeds require printed on the table's cloth (:mod:`kiosk.scene.cloth_content`):
    a custom layout is checked as the shipped ones are, and the shipped Caribbean stud layout
    too when the pit procedures word its jackpot areas (000 s230(3)(c))."""
    from kiosk.rules.cloth import JACKPOT_AREA_RULE, JACKPOT_AREA_WORD
    from kiosk.scene.cloth_content import ClothTable, custom_cloth_violations
    from kiosk.scene.resources import default_layout_path

    out: list[Violation] = []
    wording = None
    slots = False
    if table.game == "caribbean_stud":
        jackpot = table.caribbean_settings.jackpot
        wording, slots = jackpot.area_wording, jackpot.slots
        if wording is not None and slots:
            out.append(
                _violation(
                    table.id,
                    "jackpot.area_wording is printed nowhere: a table with jackpot slots has no jackpot areas",
                    JACKPOT_AREA_RULE,
                    "caribbean_stud.jackpot.area_wording",
                    "warning",
                )
            )
    path = table.layout
    if path is None and wording is not None and not slots:
        try:
            path = default_layout_path(table.game)
        except FileNotFoundError:
            path = None
    if path is None:
        return out
    cloth = ClothTable(
        features=table.layout_features(),
        jackpot_wording=wording or JACKPOT_AREA_WORD,
        casino_name=floor.casino.name,
    )
    for v in custom_cloth_violations(path, cloth):
        message = v.message if v.rule in v.message else f"{v.message} ({v.rule})"
        out.append(Violation(rule=v.rule, message=f"{table.id}: layout {path.name}: {message}", key="layout"))
    return out


def _wheel_violations(table: Table) -> list[Violation]:
    """The wheel a roulette table configures (003 s131(2)-(2C), docs/readings.md A-51): a single
    zero wheel with each number once, 18 red and 18 black; its arrangement approved, or diagram
    5's; and the cloth's numbers in the wheel's colours."""
    from kiosk.rules.roulette import ARRANGEMENT_RULE, HIGHEST_NUMBER, Wheel, colour_of_fill, wheel_problems

    settings = table.roulette_settings
    tid = table.id
    if settings.wheel is None and settings.red is None:
        return []
    if settings.wheel is None or settings.red is None:
        given, missing = ("wheel", "red") if settings.red is None else ("red", "wheel")
        return [
            _violation(
                tid,
                f"roulette.{given} needs roulette.{missing}: the wheel is its numbers in order and which are red",
                "003 s131(2A)",
                f"roulette.{missing}",
            )
        ]
    out = [
        _violation(tid, v.message, v.rule, f"roulette.{v.key}") for v in wheel_problems(settings.wheel, settings.red)
    ]
    if settings.wheel_approval is None:
        out.append(
            _violation(
                tid,
                "the wheel's arrangement is the one the chief executive approved; set roulette.wheel_approval ="
                ' "<reference>", or "diagram 5" for the arrangement diagram 5 shows, which needs no approval'
                " (003 s131(2C))",
                ARRANGEMENT_RULE,
                "roulette.wheel_approval",
            )
        )
    if out:
        return out
    wheel = Wheel(settings.wheel, frozenset(settings.red), settings.wheel_approval)
    layout = _layout_of(table)
    if layout is None:
        return out
    differ = []
    for number in range(HIGHEST_NUMBER + 1):
        try:
            fill = layout.item_for_area(f"number_{number}").values.get("fill")
        except KeyError:
            continue
        if isinstance(fill, tuple) and colour_of_fill(fill) != wheel.colour(number):
            differ.append(f"{number} is {colour_of_fill(fill)} on the cloth, {wheel.colour(number)} on the wheel")
    if differ:
        more = f" (and {len(differ) - 1} more)" if len(differ) > 1 else ""
        out.append(
            _violation(
                tid,
                f"the cloth's numbers carry the wheel's colours: {differ[0]}{more}; change the layout's fills or red",
                ARRANGEMENT_RULE,
                "roulette.red",
            )
        )
    return out


def _layout_of(table: Table) -> Any:
    """The table's layout, loaded (its own or the game's shipped one), or ``None`` when there is
    none to load (the loader reports a broken custom layout).  Read once per file version: the
    floor law runs this check on every write (kiosk.state.floorlaw)."""
    from kiosk.scene.resources import default_layout_path

    try:
        path = table.layout or default_layout_path(table.game)
        return _loaded_layout(str(path), path.stat().st_mtime_ns)
    except (FileNotFoundError, OSError):
        return None


@lru_cache(maxsize=32)
def _loaded_layout(path: str, mtime_ns: int) -> Any:
    from kiosk.scene.layout_file import LayoutError, load_layout

    try:
        return load_layout(path)
    except LayoutError:
        return None


def _caribbean_violations(floor: Floor, table: Table) -> list[Violation]:
    out: list[Violation] = []
    tid = table.id
    jackpot = table.caribbean_settings.jackpot
    link = floor.link_of(tid)
    if link is not None:
        for key, value in (("seed", jackpot.seed_cents), ("prize", jackpot.prize_cents)):
            if value is not None:
                out.append(
                    _violation(
                        tid,
                        f"the table is under link {link.id}, whose progressive meter shows the "
                        f"prize; remove caribbean_stud.jackpot.{key} ({format_money(value)})",
                        "000 s231(4)",
                        f"caribbean_stud.jackpot.{key}",
                    )
                )
        return out
    live = any(d.view == "jackpot" for d in floor.displays_of(tid))
    rate = jackpot.contribution_bp or 0
    if rate > 0 and not live:
        # every jackpot wager adds to the prize: only a live meter shows its amount
        printed = "jackpot_meter" in table.sign_kinds
        out.append(
            _violation(
                tid,
                f"the jackpot prize grows with every jackpot wager (contribution {format_percent_bp(rate)})"
                + (", so a printed jackpot_meter sign is out of date after the next wager" if printed else "")
                + f'; show the live meter: a display with table = "{tid}" and view = "jackpot" '
                "(docs/readings.md A-32)",
                "000 s231(2)",
                "signs",
            )
        )
    elif not live and "jackpot_meter" not in table.sign_kinds:
        out.append(
            _violation(
                tid,
                "the table needs a meter or sign showing the jackpot prize; add a jackpot "
                "display or the 'jackpot_meter' sign",
                "000 s231(2)",
                "signs",
            )
        )
    if jackpot.seed_cents is None and jackpot.prize_cents is None:
        out.append(
            _violation(
                tid,
                "the jackpot meter needs an amount: set caribbean_stud.jackpot.prize (or seed)",
                "000 s231(2)",
                "caribbean_stud.jackpot.prize",
            )
        )
    return out


def _sharing_violations(floor: Floor) -> list[Violation]:
    """Each Caribbean stud table's way of sharing its jackpot among 2 or more straight or royal
    flushes is one the rules settle and its sharing sign states (000 s247(2)(b),(3)); the tables of
    a progressive link share it one way (docs/readings.md A-26)."""
    from kiosk.rules.caribbean import sharing_method_of
    from kiosk.rules.citation import RuleError

    out: list[Violation] = []
    methods: dict[str, str] = {}
    for table in floor.tables.values():
        if table.game != "caribbean_stud":
            continue
        jackpot = table.caribbean_settings.jackpot
        try:
            methods[table.id] = sharing_method_of(jackpot.sharing_method, jackpot.sharing)
        except RuleError as exc:
            rule = exc.rule or "000 s247(2)(b)"
            key = "caribbean_stud.jackpot.sharing" if jackpot.sharing else "caribbean_stud.jackpot.sharing_method"
            out.append(Violation(rule=rule, message=f"{table.id}: {exc}", key=key))
    for link in floor.links.values():
        ways = {methods[t]: t for t in link.tables if t in methods}
        if len(ways) > 1:
            shown = ", ".join(f"{table} {method}" for method, table in sorted(ways.items(), key=lambda w: w[1]))
            out.append(
                _violation(
                    link.id,
                    f"the tables of a link share its jackpot one way; they differ ({shown}): give them the same"
                    " jackpot.sharing and sharing sign (docs/readings.md A-26)",
                    "000 s247(2)(b)",
                    "tables",
                )
            )
    return out
