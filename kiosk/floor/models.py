"""Typed, frozen models of a floor file (format ``kiosk-floor/1``).

Money is integer cents (``*_cents`` attributes; the file writes dollars), percentages
are basis points (``*_bp``).  Every model forbids unknown keys.  The file's keys are the
field aliases (``minimum``); Python code may also use the attribute names
(``minimum_cents``).  ``docs/floor.md`` documents the format for pit staff.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_serializer,
    field_validator,
    model_validator,
)

from kiosk.floor.poker_variants import POKER_VARIANTS
from kiosk.floor.references import VIEW_GAMES, references
from kiosk.floor.signs import SIGN_KINDS, required_signs
from kiosk.floor.values import BasisPoints, Colour, Identifier, Line, Money
from kiosk.rules.games import GAMES, tri_chro_balls
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.limits import ROULETTE_WAGER_TYPES
from kiosk.rules.roulette import Wheel, wheel_problems
from kiosk.rules.table import RakeSettings, TableLimits
from kiosk.rules.trichro import odds_classes

__all__ = [
    "FORMAT",
    "DEFAULT_TIMEZONE",
    "TRI_CHRO_CLASSES",
    "ROULETTE_CLASSES",
    "VIEW_GAMES",
    "LIMIT_SETTINGS",
    "FILE_SETTINGS",
    "settings_section",
    "statistics_spins",
    "Casino",
    "Limits",
    "Sign",
    "TriChroSettings",
    "TwoUpSettings",
    "JackpotSettings",
    "CaribbeanSettings",
    "BlackjackSettings",
    "RouletteSettings",
    "ManilaSettings",
    "DrawPokerSettings",
    "PaiGowSettings",
    "Rake",
    "PokerSettings",
    "Table",
    "Link",
    "Display",
    "Floor",
]

FORMAT = "kiosk-floor/1"
DEFAULT_TIMEZONE = "Australia/Brisbane"

#: Tri-chro payout-odds classes per variant (001 s459(1), s467(1),(2)).
TRI_CHRO_CLASSES: dict[str, tuple[str, ...]] = {
    g.id: odds_classes(g.balls) for g in GAMES.values() if g.balls is not None
}

#: Roulette wager types of the s141(2) table (000 s6).
ROULETTE_CLASSES: tuple[str, ...] = ROULETTE_WAGER_TYPES


class _Model(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        strict=True,
        # only the file's keys: a dump by field name holds cents, which must never be
        # read back as dollars
        validate_by_alias=True,
        validate_by_name=False,
        arbitrary_types_allowed=True,
    )


def _resolve_path(
    value: Any, info: ValidationInfo, *, what: str, suffixes: tuple[str, ...], roots: tuple[Path, ...] | None = None
) -> Path:
    """A file the floor names, kept inside the floor file's folder or the bundled assets
    (``roots`` when given): an absolute path, ``../`` or a symbolic link leading anywhere
    else is refused before the file is looked at, so no other file's contents can reach a
    message or a sign (docs/floor.md)."""
    from kiosk.scene.files import inside, shown_path
    from kiosk.scene.resources import assets_dir, layouts_dir

    if not isinstance(value, str) or not value.strip() or len(value) > 1024:
        raise ValueError(f"must be a file path in quotes (at most 1024 characters), got {shown_path(repr(value))}")
    base = Path((info.context or {}).get("base", "."))
    path = Path(value.strip()).expanduser()
    if not path.is_absolute():
        path = base / path
    try:
        path = path.resolve()
    except (OSError, RuntimeError):
        raise ValueError(f"{what} path cannot be followed: {shown_path(value)}") from None
    if suffixes and path.suffix.lower() not in suffixes:
        raise ValueError(f"{what} must be a {' or '.join(suffixes)} file: {shown_path(repr(value))}")
    allowed = roots if roots is not None else (base, assets_dir(), layouts_dir())
    if not inside(path, allowed):
        raise ValueError(
            f"{what} {shown_path(repr(value))} is outside the floor file's folder and the bundled"
            " assets; copy the file next to the floor file (docs/floor.md)"
        )
    if not path.is_file():
        raise ValueError(f"{what} file not found: {shown_path(path)}")
    return path


# --------------------------------------------------------------------------- casino


class Casino(_Model):
    """The casino: its name (shown on every layout), time zone and logo."""

    name: Line
    timezone: ZoneInfo = Field(default_factory=lambda: ZoneInfo(DEFAULT_TIMEZONE))
    logo: Path | None = None

    @field_serializer("timezone")
    def _zone_name(self, zone: ZoneInfo) -> str:
        return str(zone)

    @field_validator("timezone", mode="before")
    @classmethod
    def _zone(cls, value: Any) -> ZoneInfo:
        if isinstance(value, ZoneInfo):
            return value
        if not isinstance(value, str):
            raise ValueError(f'must be a time zone name in quotes like "{DEFAULT_TIMEZONE}"')
        try:
            return ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            pass
        like = sorted(z for z in available_timezones() if z.lower().endswith("/" + value.strip().lower()))
        example = like[0] if like else DEFAULT_TIMEZONE
        raise ValueError(f'unknown time zone {value!r} (write it like "{example}")')

    @field_validator("logo", mode="before")
    @classmethod
    def _logo(cls, value: Any, info: ValidationInfo) -> Path | None:
        return _logo_file(value, info, "logo")


def _logo_file(value: Any, info: ValidationInfo, what: str) -> Path | None:
    """A logo the floor names (the casino's, a poker event's): a PNG or SVG file inside the floor
    file's folder or the bundled assets, or ``bundled:NAME`` for one of ``assets/logo``; a PNG
    must start as one, an SVG must be one the painters draw (:mod:`kiosk.scene.svgimage`)."""
    if value is None or isinstance(value, Path):
        return value
    if isinstance(value, str) and value.startswith("bundled:"):
        from kiosk.scene.resources import assets_dir

        name = value.removeprefix("bundled:").strip()
        try:
            base = assets_dir() / "logo"
        except FileNotFoundError as exc:
            raise ValueError(f"bundled logos not available: {exc}") from None
        path = _resolve_path(
            str(base / name.lstrip("/")), info, what=f"bundled {what}", suffixes=(".png", ".svg"), roots=(base,)
        )
    else:
        path = _resolve_path(value, info, what=what, suffixes=(".png", ".svg"))
    _drawable(path, what)
    return path


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _drawable(path: Path, what: str) -> None:
    """Refuse (``ValueError``, one line) a logo file the painters cannot draw."""
    from kiosk.scene.files import shown_path
    from kiosk.scene.svgimage import SvgError, svg_shapes

    if path.suffix.lower() == ".png":
        try:
            with path.open("rb") as f:
                head = f.read(len(_PNG_SIGNATURE))
        except OSError as exc:
            raise ValueError(f"{what} file cannot be read: {shown_path(path)} ({exc.strerror})") from None
        if head != _PNG_SIGNATURE:
            raise ValueError(f"{what} file is not a PNG image: {shown_path(path)}")
        return
    try:
        svg_shapes(path, 0.0, 0.0, 1.0, 1.0)
    except SvgError as exc:
        raise ValueError(f"{what} {str(exc).splitlines()[0]}") from None  # the reader's message names the file


# --------------------------------------------------------------------------- limits


class Limits(_Model):
    """Minimum and maximum wagers, with per-class maxima (tri-chro odds, roulette types)
    and per-class minima (roulette)."""

    minimum_cents: Money = Field(alias="minimum")
    maximum_cents: Money = Field(alias="maximum")
    maximum_by: dict[str, Money] = Field(default_factory=dict)
    minimum_by: dict[str, Money] = Field(default_factory=dict)


def _as_tuple(value: Any) -> Any:
    # TOML arrays arrive as lists; the frozen models hold tuples
    return tuple(value) if isinstance(value, list) else value


def _sign_entry(value: Any) -> Any:
    return {"kind": value} if isinstance(value, str) else value


class Sign(_Model):
    """A sign the table shows: its kind and the height of its capitals and digits."""

    kind: Literal[tuple(SIGN_KINDS)]  # type: ignore[valid-type]
    cap_mm: float = MIN_TEXT_MM

    @field_validator("cap_mm", mode="before")
    @classmethod
    def _mm(cls, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"must be a number of millimetres, got {value!r}")
        if not 0 < value <= 1000:
            raise ValueError(f"must be between 0 and 1000 mm, got {value!r}")
        return float(value)


SignEntry = Annotated[Sign, BeforeValidator(_sign_entry)]

# --------------------------------------------------------------------------- game settings


class TriChroSettings(_Model):
    """Tri-chro: the drawing device (001 s455, s456(5)); a random result generator also
    displays the two balls it selected."""

    drawing_device: Literal["ball_device", "random_result_generator"] = "ball_device"


class TwoUpSettings(_Model):
    """Two-up dice: the colours of the 3 heads, 3 tails and 5 odds lights (004 sch13 s19(1))."""

    heads_colour: Colour = "#ffd400"
    tails_colour: Colour = "#2f80ed"
    odds_colour: Colour = "#eb5757"


class JackpotSettings(_Model):
    """Caribbean stud jackpot settings of one table (000 ss224, 227, 231, 237, 247)."""

    slots: bool = False  # 000 s231(1): slots with acceptance lights
    area_wording: Line | None = None  # 000 s230(3)(c): pit-procedures wording for 'jackpot'
    wager_cents: Money | None = Field(None, alias="wager")  # 000 s237(2): chip of the correct denomination
    contribution_bp: BasisPoints | None = Field(None, alias="contribution")  # share of a jackpot wager to the meter
    dead_mans_hand: bool = False  # 000 s227(2)
    sharing_method: Line | None = None  # 000 s247(2),(3): wording of the sharing sign
    # 000 s247(2)(b): the way the rules settle (kiosk.rules.caribbean.SHARING_METHODS); None: the one
    # the wording states (docs/readings.md A-26).  Checked by kiosk check, with its citation.
    sharing: Line | None = None
    seed_cents: Money | None = Field(None, alias="seed")  # reset amount (unlinked tables)
    prize_cents: Money | None = Field(None, alias="prize")  # prize at load (unlinked tables)


class CaribbeanSettings(_Model):
    """Caribbean stud poker (000 pt 14)."""

    maximum_payment_cents: Money | None = Field(None, alias="maximum_payment")  # 000 s232(1)(b), s244(2)
    maximum_payment_on_help_sign: bool = False  # 000 s232(2)
    jackpot: JackpotSettings = Field(default_factory=JackpotSettings)


def _card_name(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class BlackjackSettings(_Model):
    """Blackjack, bonus blackjack and the card machine (003 s23, ss50A-50E, s65A)."""

    decks: int | None = Field(None, ge=1, le=8)
    bonus_blackjack: bool = False
    instructional: bool = False
    card_machine: bool = False
    super_sevens: bool = False  # 003 s65A(2): no card machine with super sevens
    # 003 s65A(3)(a): the least and most decks the chief executive approved for the card machine
    card_machine_min_decks: int | None = Field(None, ge=1, le=8)
    card_machine_max_decks: int | None = Field(None, ge=1, le=16)
    nominated_suit: Literal["spades", "hearts", "diamonds", "clubs"] | None = None
    # a blackjack is an ace and a ten-value card, so the other nominated card is one of these
    nominated_card: Annotated[Literal["10", "jack", "queen", "king"] | None, BeforeValidator(_card_name)] = None


STATISTICS_SPINS = 100
"""The spins a roulette display's statistics count when the floor does not say (``[table.roulette]
statistics_spins``)."""


def statistics_spins(settings: object) -> int:
    """How many of the latest spins a roulette table's statistics count, from its settings as
    stored (``statistics_spins``; :data:`STATISTICS_SPINS` when they do not say)."""
    spins = settings.get("statistics_spins") if isinstance(settings, Mapping) else None
    return spins if isinstance(spins, int) and not isinstance(spins, bool) and spins > 0 else STATISTICS_SPINS


class RouletteSettings(_Model):
    """Roulette: the wheel's arrangement of numbers and colours (003 s131(2)-(2C)): the numbers
    round the wheel clockwise from zero, the red ones, and the chief executive's approval of the
    arrangement (``"diagram 5"`` for the arrangement diagram 5 shows, which needs none);
    ``kiosk check`` checks them (:func:`kiosk.rules.roulette.wheel_problems`, docs/readings.md A-51)."""

    wheel: Annotated[tuple[int, ...] | None, BeforeValidator(_as_tuple)] = None
    red: Annotated[tuple[int, ...] | None, BeforeValidator(_as_tuple)] = None
    wheel_approval: Line | None = None
    statistics_spins: int = Field(STATISTICS_SPINS, ge=20, le=1000)  # the displays' hot/cold numbers and percentages

    def arrangement(self) -> Wheel | None:
        """The configured wheel (``None`` without one, or when ``kiosk check`` refuses it)."""
        if self.wheel is None or self.red is None or wheel_problems(self.wheel, self.red):
            return None
        return Wheel(self.wheel, frozenset(self.red), self.wheel_approval)


class ManilaSettings(_Model):
    """Manila poker (003 pt 15)."""

    minimum_table_stake_cents: Money | None = Field(None, alias="minimum_table_stake")  # s259(2)
    minimum_permissible_wager_cents: Money | None = Field(None, alias="minimum_permissible_wager")  # s267(2)
    ace: Literal["high_and_low", "high_only"] | None = None  # s265
    reduced_commission: Line | None = None  # s275(3): how the reduced commission is calculated


class DrawPokerSettings(_Model):
    """Draw poker (003 pt 16)."""

    minimum_table_stake_cents: Money | None = Field(None, alias="minimum_table_stake")  # s295(2)
    minimum_permissible_wager_cents: Money | None = Field(None, alias="minimum_permissible_wager")
    deck: Literal[52, 40, 32] = 52  # s287 "reduced deck"
    ace_low: bool = False  # s292(9): announced for a 40 or 32 card deck


class PaiGowSettings(_Model):
    """Pai gow (003 pt 19)."""

    co_banking: bool = False
    house_liability_cents: Money | None = Field(None, alias="house_liability")  # s421(1)(b)(i)
    box_maximum_cents: Money | None = Field(None, alias="box_maximum")  # s421(1)(e)
    approved_cuts: Annotated[tuple[Line, ...], BeforeValidator(_as_tuple)] = ()  # s430(2)
    cuts_approval: Line | None = None  # s430(1)


class Rake(_Model):
    """Poker room commission (002 r7)."""

    type: Literal["percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"]
    percent_bp: BasisPoints | None = Field(None, alias="percent")  # r7.2.1
    cap_cents: Money | None = Field(None, alias="cap")  # r7.1, r7.7
    minimum_cents: Money | None = Field(None, alias="minimum")  # r7.1
    hourly_fee_cents: Money | None = Field(None, alias="hourly_fee")  # r7.2.2(c)
    fee_per_hand_cents: Money | None = Field(None, alias="fee_per_hand")  # r7.2.3(b), r7.2.4(a)

    def settings(self) -> RakeSettings:
        """The rule layer's :class:`~kiosk.rules.table.RakeSettings`."""
        return RakeSettings(
            type=self.type,
            percent_bp=self.percent_bp,
            cap_cents=self.cap_cents,
            minimum_cents=self.minimum_cents,
            hourly_fee_cents=self.hourly_fee_cents,
            fee_per_hand_cents=self.fee_per_hand_cents,
        )


class PokerSettings(_Model):
    """The poker room (002): notice, blinds and rake; the logo of the promotion or event being
    played, drawn on the cloth (002 r2.2)."""

    minimum_buy_in_cents: Money | None = Field(None, alias="minimum_buy_in")  # r6.3
    betting: Literal["fixed_limit", "spread_limit", "pot_limit", "no_limit"] | None = None  # r6.3, r6.7, r6.8
    compulsory_blinds: int | None = Field(None, ge=0, le=9)  # r8.2.1
    blinds_cents: Annotated[tuple[Money, ...], BeforeValidator(_as_tuple)] = Field((), alias="blinds")
    rake: Rake | None = None
    time_to_act: int | None = None  # r6.14: seconds, 5 to 60
    # r2.2: the poker promotion's or event's logo on the cloth, a file as the casino's logo is; a
    # file of this machine, like the casino's logo and the layouts, so not stored (FILE_SETTINGS)
    event_logo: Path | None = None

    @field_validator("event_logo", mode="before")
    @classmethod
    def _event_logo(cls, value: Any, info: ValidationInfo) -> Path | None:
        return _logo_file(value, info, "event_logo")


_SETTINGS_TYPES: dict[str, type[_Model]] = {
    "tri_chro": TriChroSettings,
    "two_up_dice": TwoUpSettings,
    "caribbean_stud": CaribbeanSettings,
    "blackjack": BlackjackSettings,
    "roulette": RouletteSettings,
    "manila_poker": ManilaSettings,
    "draw_poker": DrawPokerSettings,
    "pai_gow": PaiGowSettings,
    "poker": PokerSettings,
}


def _raise(problems: list[tuple[str, str]]) -> None:
    """Raise one ValueError carrying several problems, each ``@subkey: text`` (the
    loader splits them into lines under the field's key)."""
    if problems:
        raise ValueError("\n".join(f"@{key}: {text}" for key, text in problems))


def settings_section(game: str) -> str:
    """The table key that holds a game's settings (``[table.tri_chro]`` for both tri-chro games)."""
    return "tri_chro" if tri_chro_balls(game) is not None else game


#: Game settings that name a file of the machine that reads the floor (a poker table's event logo,
#: 002 r2.2): like the casino's logo and the layouts they are read from the floor file at each
#: start, never kept in the database's table states (kiosk.state.floorsync leaves them out).
FILE_SETTINGS: frozenset[str] = frozenset({"event_logo"})

#: The game settings behind each rule-relevant :class:`TableLimits` field: the field's name
#: -> the settings sections that hold a setting of that same name.  :meth:`Table.limits_model`
#: reads them; the backend writes a table's live limits back onto them to rebuild its floor.
LIMIT_SETTINGS: dict[str, frozenset[str]] = {
    "instructional": frozenset({"blackjack"}),
    "decks": frozenset({"blackjack"}),
    "bonus_blackjack": frozenset({"blackjack"}),
    "card_machine": frozenset({"blackjack"}),
    "super_sevens": frozenset({"blackjack"}),
    "card_machine_min_decks": frozenset({"blackjack"}),
    "card_machine_max_decks": frozenset({"blackjack"}),
    "maximum_payment_cents": frozenset({"caribbean_stud"}),
    "minimum_table_stake_cents": frozenset({"manila_poker", "draw_poker"}),
    "minimum_permissible_wager_cents": frozenset({"manila_poker", "draw_poker"}),
    "minimum_buy_in_cents": frozenset({"poker"}),
    "compulsory_blinds": frozenset({"poker"}),
    "blinds_cents": frozenset({"poker"}),
    "rake": frozenset({"poker"}),
    "co_banking": frozenset({"pai_gow"}),
    "house_liability_cents": frozenset({"pai_gow"}),
    "box_maximum_cents": frozenset({"pai_gow"}),
}


# --------------------------------------------------------------------------- table


class Table(_Model):
    """One gaming table: its game, the name the operator gives it, limits, settings and signs."""

    id: Identifier
    game: str
    variant: str | None = None
    display_name: Line
    layout: Path | None = None
    layout_approval: Line | None = None
    limits: Limits
    signs_given: Annotated[tuple[SignEntry, ...] | None, BeforeValidator(_as_tuple)] = Field(None, alias="signs")
    tri_chro: TriChroSettings | None = None
    two_up_dice: TwoUpSettings | None = None
    caribbean_stud: CaribbeanSettings | None = None
    blackjack: BlackjackSettings | None = None
    roulette: RouletteSettings | None = None
    manila_poker: ManilaSettings | None = None
    draw_poker: DrawPokerSettings | None = None
    pai_gow: PaiGowSettings | None = None
    poker: PokerSettings | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_name(cls, data: Any) -> Any:
        # Operators may rename games (000 s230(5), 001 s456(7), 003 s50A(3)); the
        # registry's name is only the default.
        if isinstance(data, dict) and "display_name" not in data:
            game = data.get("game")
            if isinstance(game, str) and game in GAMES:
                data = {**data, "display_name": GAMES[game].default_name}
            elif isinstance(game, str) and game:  # the unknown game is reported; no second problem
                data = {**data, "display_name": game}
        return data

    @field_validator("game")
    @classmethod
    def _game(cls, value: str) -> str:
        if value not in GAMES:
            raise ValueError(f"unknown game {value!r}; known games: {', '.join(GAMES)}")
        return value

    @field_validator("layout", mode="before")
    @classmethod
    def _layout(cls, value: Any, info: ValidationInfo) -> Path | None:
        if value is None or isinstance(value, Path):
            return value
        return _resolve_path(value, info, what="layout", suffixes=(".toml",))

    @field_validator("variant")
    @classmethod
    def _variant(cls, value: str | None, info: ValidationInfo) -> str | None:
        game = info.data.get("game")
        if value is None or game is None:
            return value
        if game != "poker":
            extra = " (the ball count is in the game id)" if tri_chro_balls(game) is not None else ""
            raise ValueError(f"only poker tables have a variant; {game} has none{extra}")
        if value not in POKER_VARIANTS:
            raise ValueError(f"unknown poker variant {value!r} (002 r8.4-r8.24); known: {', '.join(POKER_VARIANTS)}")
        return value

    @field_validator("limits")
    @classmethod
    def _classes(cls, value: Limits, info: ValidationInfo) -> Limits:
        game = info.data.get("game")
        if game is None:
            return value
        problems: list[tuple[str, str]] = []
        classes = ROULETTE_CLASSES if game == "roulette" else TRI_CHRO_CLASSES.get(game, ())
        for key in value.maximum_by:
            if key not in classes:
                known = f" (known: {', '.join(classes)})" if classes else " (it has no per-class maxima)"
                problems.append((f"maximum_by.{key}", f"not a wager class of {game}{known}"))
        for key in value.minimum_by:
            if game != "roulette":
                problems.append((f"minimum_by.{key}", "only roulette has per-class minima (000 s141(2))"))
            elif key not in classes:
                problems.append((f"minimum_by.{key}", f"not a wager class of roulette (known: {', '.join(classes)})"))
        _raise(problems)
        return value

    @field_validator("signs_given")
    @classmethod
    def _sign_kinds(cls, value: tuple[Sign, ...] | None, info: ValidationInfo) -> tuple[Sign, ...] | None:
        game = info.data.get("game")
        if value is None or game is None:
            return value
        problems: list[tuple[str, str]] = []
        seen: set[str] = set()
        for number, sign in enumerate(value, start=1):
            if game not in SIGN_KINDS[sign.kind].games:
                problems.append((f"[{number}]", f"a {game} table has no {sign.kind!r} sign"))
            if sign.kind in seen:
                problems.append((f"[{number}]", f"{sign.kind!r} is listed twice"))
            seen.add(sign.kind)
        _raise(problems)
        return value

    @field_validator(*_SETTINGS_TYPES)
    @classmethod
    def _own_section(cls, value: Any, info: ValidationInfo) -> Any:
        game = info.data.get("game")
        if value is not None and game is not None and settings_section(game) != info.field_name:
            raise ValueError(f"settings for {info.field_name} on a {game} table (use [table.{settings_section(game)}])")
        return value

    # -- settings of the table's own game (defaults where the file has no section)

    @property
    def settings(self) -> _Model:
        """The settings section of this table's game (defaults when the file has none)."""
        section = settings_section(self.game)
        return getattr(self, section) or _SETTINGS_TYPES[section]()

    @property
    def tri_chro_settings(self) -> TriChroSettings:
        return self.tri_chro or TriChroSettings()

    @property
    def two_up_settings(self) -> TwoUpSettings:
        return self.two_up_dice or TwoUpSettings()

    @property
    def caribbean_settings(self) -> CaribbeanSettings:
        return self.caribbean_stud or CaribbeanSettings()

    @property
    def blackjack_settings(self) -> BlackjackSettings:
        return self.blackjack or BlackjackSettings()

    @property
    def roulette_settings(self) -> RouletteSettings:
        return self.roulette or RouletteSettings()

    @property
    def manila_settings(self) -> ManilaSettings:
        return self.manila_poker or ManilaSettings()

    @property
    def draw_settings(self) -> DrawPokerSettings:
        return self.draw_poker or DrawPokerSettings()

    @property
    def pai_gow_settings(self) -> PaiGowSettings:
        return self.pai_gow or PaiGowSettings()

    @property
    def poker_settings(self) -> PokerSettings:
        return self.poker or PokerSettings()

    @property
    def signs(self) -> tuple[Sign, ...]:
        """The signs this table shows: as listed in the file, or by default the signs the
        law requires for its settings plus the limits sign (and, for Caribbean stud, the
        jackpot meter)."""
        if self.signs_given is not None:
            return self.signs_given
        kinds = ["limits"] + [kind for kind, _ in required_signs(self)]
        if self.game == "caribbean_stud":
            kinds.append("jackpot_meter")
        return tuple(Sign(kind=kind) for kind in dict.fromkeys(kinds))

    @property
    def sign_kinds(self) -> frozenset[str]:
        """The kinds of :attr:`signs`."""
        return frozenset(sign.kind for sign in self.signs)

    def layout_features(self) -> frozenset[str]:
        """The features that choose what the layout draws (``when``/``unless`` in layouts/FORMAT.md):
        jackpot slots (000 s230(3)(c), s231(1)), bonus blackjack offered (003 s50A(1)(a))."""
        from kiosk.scene.layout_file import table_features

        return table_features(
            self.game,
            jackpot_slots=self.caribbean_settings.jackpot.slots,
            bonus_blackjack=self.blackjack_settings.bonus_blackjack,
        )

    def limits_model(self) -> TableLimits:
        """The rule-relevant settings as :class:`kiosk.rules.table.TableLimits` (cents)."""
        section, settings = settings_section(self.game), self.settings
        values: dict[str, Any] = {
            name: getattr(settings, name) for name, sections in LIMIT_SETTINGS.items() if section in sections
        }
        if values.get("rake") is not None:
            values["rake"] = values["rake"].settings()
        if "blinds_cents" in values:
            values["blinds_cents"] = tuple(values["blinds_cents"])
        return TableLimits(
            minimum_cents=self.limits.minimum_cents,
            maximum_cents=self.limits.maximum_cents,
            maximum_by=dict(self.limits.maximum_by),
            minimum_by=dict(self.limits.minimum_by),
            game_type=self.game_type if self.game == "poker" else None,
            **values,
        )

    @property
    def game_type(self) -> str:
        """The type of game a notice names (002 r6.3): the poker variant's name as the
        Poker Rules write it, else the display name."""
        if self.variant in POKER_VARIANTS:
            return POKER_VARIANTS[self.variant][0]
        return self.display_name


# --------------------------------------------------------------------------- links and displays


class Link(_Model):
    """A Caribbean stud progressive jackpot link arrangement (000 s231(3)-(5))."""

    id: Identifier
    name: Line
    tables: Annotated[tuple[Identifier, ...], BeforeValidator(_as_tuple)]
    approval: Line | None = None  # 000 s231(3): chief executive approval
    seed_cents: Money = Field(alias="seed")
    prize_cents: Money | None = Field(None, alias="prize")  # the meter at load; default the seed
    contribution_bp: BasisPoints | None = Field(None, alias="contribution")

    @property
    def prize_at_load_cents(self) -> int:
        """The prize the progressive meter shows when the floor is loaded."""
        return self.seed_cents if self.prize_cents is None else self.prize_cents


class Display(_Model):
    """A screen: which view of which table (or link) it shows, on which screen index."""

    id: Identifier
    table: Identifier | None = None
    link: Identifier | None = None
    view: Literal[tuple(VIEW_GAMES)]  # type: ignore[valid-type]
    screen: int = Field(0, ge=0, le=63)

    @model_validator(mode="after")
    def _one_subject(self) -> Display:
        if (self.table is None) == (self.link is None):
            _raise([("table", "give exactly one of table or link")])
        if self.link is not None and self.view != "jackpot":
            _raise(
                [("view", f'a link display shows the progressive jackpot meter: view = "jackpot", not {self.view!r}')]
            )
        return self


# --------------------------------------------------------------------------- the floor


class Help(_Model):
    """What a player's touch on a table's display offers (docs/floor.md ``[help]``): the words of
    the help for patrons sign (``patrons``: paragraphs; the Act's s64(1)(d) sign the seeds name
    in 000 s232(2), its words the operator's: docs/readings.md A-77), the languages the displays
    offer players (``languages``, English first unless another comes first), and how long help
    stays up without a touch (``idle_seconds``)."""

    patrons: list[Line] = Field(default_factory=list, max_length=12)
    patrons_by_language: dict[str, list[Line]] = Field(default_factory=dict)
    languages: list[str] = Field(default_factory=lambda: ["en"], min_length=1)
    idle_seconds: float = Field(45.0, ge=10.0, le=600.0)

    @field_validator("patrons_by_language")
    @classmethod
    def _translated(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        from kiosk.language import shipped_languages
        from kiosk.scene.fonts import font_face

        face = font_face("sans", "regular")
        for language, paragraphs in value.items():
            if language not in shipped_languages():
                raise ValueError(f"no catalogue for language {language!r}; shipped: {', '.join(shipped_languages())}")
            for paragraph in paragraphs:
                missing = sorted(
                    {ch for ch in paragraph if not ch.isspace() and face.face_for(ch).has_char(ch) is False}
                )
                if missing:
                    raise ValueError(
                        f"{language}: the bundled fonts cannot draw {''.join(missing)!r} "
                        "(add the text to a catalogue and run make catalogues)"
                    )
        return value

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str]) -> list[str]:
        from kiosk.language import shipped_languages

        shipped = shipped_languages()
        for language in value:
            if language not in shipped:
                raise ValueError(f"no catalogue for language {language!r}; shipped: {', '.join(shipped)}")
        if len(set(value)) != len(value):
            raise ValueError("a language is listed twice")
        return value

    @field_validator("idle_seconds", mode="before")
    @classmethod
    def _seconds(cls, value: Any) -> Any:
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


class Floor(_Model):
    """A whole casino floor: the casino, its tables, jackpot links and displays."""

    format: Literal["kiosk-floor/1"]
    casino: Casino
    tables: dict[str, Table] = Field(default_factory=dict)
    links: dict[str, Link] = Field(default_factory=dict)
    displays: dict[str, Display] = Field(default_factory=dict)
    help: Help = Field(default_factory=Help)
    source: Path | None = None  # the file it was loaded from

    @model_validator(mode="after")
    def _references(self) -> Floor:
        problems = self.reference_problems()
        for kind, items in (("table", self.tables), ("link", self.links), ("display", self.displays)):
            for key, item in items.items():
                if key != item.id:
                    problems.append((f"{kind} {key}", f"id: keyed {key!r} but its id is {item.id!r}"))
        if problems:
            raise ValueError("\n".join(f"@{where}: {text}" for where, text in problems))
        return self

    def reference_problems(self) -> list[tuple[str, str]]:
        """``(where, "key: text")`` for every reference that points nowhere.

        ``where`` is ``"link ID"`` or ``"display ID"``.
        """
        return references(
            {t.id: t.game for t in self.tables.values()},
            [(link.id, list(link.tables)) for link in self.links.values()],
            [(d.id, d.table, d.link, d.view) for d in self.displays.values()],
        )

    def link_of(self, table_id: str) -> Link | None:
        """The jackpot link a table belongs to, or ``None``."""
        for link in self.links.values():
            if table_id in link.tables:
                return link
        return None

    def displays_of(self, table_id: str) -> list[Display]:
        """The displays that show this table."""
        return [d for d in self.displays.values() if d.table == table_id]
