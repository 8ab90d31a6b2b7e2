"""The view state every display view composes, and what a view takes as input.

A view is a pure function (:class:`Compose`)::

    compose(table, link, settings, now, *, area=DEFAULT_AREA, connection=LIVE,
            heard_at=None, lit=frozenset()) -> ViewState

``table`` is the table's state (``None`` for a link's jackpot display), ``link`` its jackpot
link's state (or ``None``), ``settings`` the casino's (:class:`CasinoSettings`), ``now`` the
time (aware UTC), ``area`` the screen area in millimetres the scene is composed for (text
sizes in the scene are true millimetres on that screen), ``connection`` what the
display knows of its server (:class:`Status`: live, stale since T, or a fault), ``heard_at``
when the display last heard from its server, and ``lit`` more areas to light.  A view that
does not judge ``heard_at`` or light areas ignores them (:data:`kiosk.views.screens.SCREENS`
says which do).

A :class:`ViewState` is frozen.  Two view states are equal when they show the same thing:
``content`` (a hashable summary of everything the scene is drawn from) and ``status``; the
scene objects and the state version are not compared, so a model can tell listeners only
about real changes (a limits change does not repaint a layout).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol
from zoneinfo import ZoneInfo

from kiosk.rules.lettering import MIN_TEXT_MM as MIN_SIGN_TEXT_MM  # the one 8 mm floor
from kiosk.scene.fonts import font_face
from kiosk.scene.legibility import ink_rows
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, TextRun, rect_path
from kiosk.scene.text import fit_text, ink_em_size_mm, text_runs, text_width_mm
from kiosk.state.shapes import LinkState, TableState

if TYPE_CHECKING:
    from kiosk.floor.models import Floor

__all__ = [
    "DEFAULT_AREA",
    "DEFAULT_TIMEZONE",
    "LIVE",
    "Line",
    "MIN_SIGN_TEXT_MM",
    "Area",
    "CasinoSettings",
    "Compose",
    "Status",
    "ViewState",
    "event_logos_of",
    "patron_help_of",
    "line_gap_of",
    "local_time",
    "fit_sign_text",
    "sign_text",
    "sign_text_height",
    "sign_text_width",
    "sign_words_fit",
    "stack",
    "status_band_mm",
    "status_mark",
]

DEFAULT_TIMEZONE = "Australia/Brisbane"

WHITE: Colour = (255, 255, 255, 255)
BLACK: Colour = (0, 0, 0, 255)
GOLD_TEXT: Colour = (240, 200, 90, 255)
"""The gold of the views' headings and game lines on their dark ground."""


@dataclass(frozen=True)
class Area:
    """A screen area in millimetres (the scene's page size)."""

    width_mm: float
    height_mm: float

    def __post_init__(self) -> None:
        if not (self.width_mm > 0 and self.height_mm > 0):
            raise ValueError(f"a screen area needs a positive size, got {self.width_mm} x {self.height_mm} mm")


DEFAULT_AREA = Area(527.0, 296.0)  # a 24-inch 16:9 monitor


@dataclass(frozen=True)
class Status:
    """What a view's picture is worth: ``live``, ``stale`` (``since``: the server was last
    reached then) or ``fault`` (``reason``: one line a person can act on)."""

    kind: Literal["live", "stale", "fault"]
    since: datetime | None = None
    reason: str | None = None

    @classmethod
    def live(cls) -> Status:
        return cls("live")

    @classmethod
    def stale(cls, since: datetime) -> Status:
        return cls("stale", since=since)

    @classmethod
    def fault(cls, reason: str, since: datetime | None = None) -> Status:
        return cls("fault", since=since, reason=reason)

    @property
    def is_live(self) -> bool:
        return self.kind == "live"


LIVE = Status.live()


@dataclass(frozen=True)
class CasinoSettings:
    """What a view needs to know of the casino: its name (shown on layouts), its time zone
    (times are shown in it), its logo, per-table layout files that replace the shipped
    ``layouts/<game>.toml`` (a floor file's ``layout`` key), and the logo of the promotion or
    event a poker table plays (its ``poker.event_logo``, 002 r2.2)."""

    name: str
    timezone: ZoneInfo = field(default_factory=lambda: ZoneInfo(DEFAULT_TIMEZONE))
    logo: Path | None = None
    layouts: tuple[tuple[str, Path], ...] = ()
    event_logos: tuple[tuple[str, Path], ...] = ()
    # the help for patrons sign's paragraphs by language, English first (floor ``[help]``, 000 s232(2))
    patron_help: tuple[tuple[str, tuple[str, ...]], ...] = ()
    languages: tuple[str, ...] = ("en",)  # the languages a display offers players, the first shown first
    help_idle_s: float = 45.0  # help returns to the live view after this long without a touch

    @classmethod
    def from_floor(cls, floor: Floor) -> CasinoSettings:
        """The settings a floor file gives."""
        layouts = tuple(sorted((tid, Path(t.layout)) for tid, t in floor.tables.items() if t.layout is not None))
        return cls(
            name=floor.casino.name,
            timezone=floor.casino.timezone,
            logo=floor.casino.logo,
            layouts=layouts,
            event_logos=event_logos_of(floor),
            patron_help=patron_help_of(floor.help.patrons, floor.help.patrons_by_language),
            languages=tuple(floor.help.languages),
            help_idle_s=floor.help.idle_seconds,
        )

    @classmethod
    def from_summary(
        cls,
        summary: Mapping[str, Any] | None,
        logo: Path | None = None,
        default_timezone: str = DEFAULT_TIMEZONE,
        event_logos: Mapping[str, Path] | None = None,
    ) -> CasinoSettings:
        """The settings a server gives (``GET /api/v1/floor``: ``{"casino": {"name", "timezone"}}``);
        a server without a floor file gives none: an empty name and ``default_timezone``.
        ``logo`` and ``event_logos`` are the files fetched from it (:meth:`KioskClient.floor_logo`,
        :meth:`KioskClient.floor_event_logos`)."""
        casino = (summary or {}).get("casino") or {}
        try:
            zone = ZoneInfo(casino.get("timezone") or default_timezone)
        except (KeyError, ValueError):
            zone = ZoneInfo(DEFAULT_TIMEZONE)
        logos = tuple(sorted((event_logos or {}).items()))
        return cls(name=str(casino.get("name") or ""), timezone=zone, logo=logo, event_logos=logos)

    def patrons_in(self, language: str) -> tuple[str, ...]:
        """The help for patrons sign's paragraphs in ``language`` (English where it has none)."""
        by = dict(self.patron_help)
        return by.get(language) or by.get("en") or ()

    def layout_of(self, table_id: str) -> Path | None:
        """The layout file configured for ``table_id`` (``None``: the game's shipped layout)."""
        return dict(self.layouts).get(table_id)

    def event_logo_of(self, table_id: str) -> Path | None:
        """The logo of the poker promotion or event ``table_id`` plays (002 r2.2), or ``None``."""
        return dict(self.event_logos).get(table_id)


def patron_help_of(
    english: Iterable[str], by_language: Mapping[str, Iterable[str]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """:attr:`CasinoSettings.patron_help` from the floor's ``[help] patrons`` (English) and
    ``patrons_by_language``."""
    out = [("en", tuple(english))] if english else []
    out += [(lang, tuple(paras)) for lang, paras in sorted(by_language.items()) if lang != "en"]
    return tuple(out)


def event_logos_of(floor: Floor) -> tuple[tuple[str, Path], ...]:
    """Each poker table's event logo file the floor names (002 r2.2), by table id."""
    return tuple(
        sorted(
            (tid, t.poker_settings.event_logo)
            for tid, t in floor.tables.items()
            if t.game == "poker" and t.poker_settings.event_logo is not None
        )
    )


@dataclass(frozen=True)
class ViewState:
    """One composed view: the scene(s) to paint and what they are worth.

    ``frames`` are scenes shown in turn, each for ``frame_seconds`` (one frame: shown
    still); :attr:`scene` is the first.  ``content`` is the hashable summary the frames are
    drawn from; equality compares ``view``, ``subject``, ``content`` and ``status`` only.
    ``version`` is the table's (or for a link display, the link's) state version,
    ``link_version`` the link's, ``seq`` the stream sequence number the state reflects (the
    last event applied to the state it was composed from: set by
    :class:`~kiosk.views.display_model.DisplayModel`).
    ``facts`` hold exact values a widget animates towards (e.g. a jackpot meter's
    ``amount_cents``); they are part of ``content``.
    ``composed_at``, ``area`` and ``heard_at`` are what :func:`kiosk.views.screen.compose_view`
    composed it with besides the state and ``status`` (the moment, the screen area, when the
    display last heard from its server), so the same scene can be composed again from them
    (:mod:`kiosk.views.proof`).
    """

    view: str
    subject: str
    content: Hashable
    status: Status
    frames: tuple[Scene, ...] = field(compare=False, default=())
    frame_seconds: float | None = field(compare=False, default=None)
    version: int | None = field(compare=False, default=None)
    link_version: int | None = field(compare=False, default=None)
    seq: int | None = field(compare=False, default=None)
    facts: Mapping[str, Any] = field(compare=False, default_factory=dict)
    composed_at: datetime | None = field(compare=False, default=None)
    area: Area | None = field(compare=False, default=None)
    heard_at: datetime | None = field(compare=False, default=None)
    language: str = "en"  # the language its words were composed in (kiosk.language.speaking)

    def __post_init__(self) -> None:
        if not self.frames:
            raise ValueError(f"view {self.view} of {self.subject}: a view state needs a scene")

    @property
    def scene(self) -> Scene:
        """The scene to paint (the first frame)."""
        return self.frames[0]


class Compose(Protocol):
    """The signature of every view module's ``compose``."""

    def __call__(
        self,
        table: TableState | None,
        link: LinkState | None,
        settings: CasinoSettings,
        now: datetime,
        *,
        area: Area = DEFAULT_AREA,
        connection: Status = LIVE,
        heard_at: datetime | None = None,
        lit: Iterable[str] = frozenset(),
    ) -> ViewState: ...


# --------------------------------------------------------------------------- text and marks


def _size_kwargs(text: str, mm: float, weight: str = "regular") -> dict[str, float]:
    """Size so the shortest letters of ``text`` are ``mm`` of ink: x-height when the text has
    lowercase letters (capitals are then taller), else cap height, and text with Chinese
    characters so its shortest glyph is (as :func:`kiosk.scene.legibility.letter_height_mm`
    measures each)."""
    face = font_face("sans", weight)
    if not all(face.has_char(ch) for ch in text):
        return {"cap_mm": ink_em_size_mm(text, mm, weight=weight) * face.cap_height_em}
    return {"x_mm": mm} if any(ch.islower() for ch in text) else {"cap_mm": mm}


def line_gap_of(text: str) -> float:
    """The clear space between lines in capital heights: 0.6, or 1.0 where letters stack two
    marks above (Vietnamese: Latin Extended Additional) or Chinese characters (their ink stands
    above the capitals and below the baseline), so lines never touch."""
    if any(0x1E00 <= ord(ch) <= 0x1EFF or 0x0300 <= ord(ch) <= 0x036F for ch in text):
        return 1.2
    face = font_face("sans")
    return 1.0 if not all(face.has_char(ch) for ch in text) else 0.6


def _cap_per_mm(text: str, weight: str = "regular") -> float:
    """The cap height at which the shortest letters of ``text`` have 1 mm of ink."""
    face = font_face("sans", weight)
    kw = _size_kwargs(text, 1.0, weight)
    return kw["cap_mm"] if "cap_mm" in kw else face.cap_height_em / face.x_height_em


def sign_text(
    text: str,
    *,
    x: float,
    y: float,
    mm: float,
    anchor: str = "center",
    valign: str = "baseline",
    weight: str = "regular",
    family: str = "sans",
    fill: Colour = WHITE,
    line_gap: float | None = None,
) -> list[TextRun]:
    """Text whose every letter and number has at least ``mm`` of ink (lowercase included).
    ``line_gap`` (in capital heights) defaults to :func:`line_gap_of` the text.

    Refuses (``ValueError``) a size under :data:`MIN_SIGN_TEXT_MM`: every text a display view
    shows to players is held to the sign floor (docs/readings.md P-1; 001 s459(2), 003 s23(2)).
    """
    if mm < MIN_SIGN_TEXT_MM - 1e-9:
        raise ValueError(
            f"text {text!r} would be {mm:.1f} mm high; display text is at least "
            f"{MIN_SIGN_TEXT_MM:g} mm (001 s459(2), 003 s23(2))"
        )
    return text_runs(
        text,
        x=x,
        y=y,
        anchor=anchor,
        valign=valign,
        weight=weight,
        family=family,
        fill=fill,
        line_gap=line_gap_of(text) if line_gap is None else line_gap,
        **_size_kwargs(text, mm, weight),
    )


def sign_text_height(text: str, mm: float) -> float:
    """The height :func:`sign_text` sets ``text`` in at ``mm``, from cap top to baseline: ``mm``
    a line, 1.45 times that when the text has lowercase letters, lines 1.6 times apart."""
    ratio = 1.45 if any(ch.islower() for ch in text) else 1.0
    return mm * ratio * (1 + 1.6 * text.count("\n"))


def sign_text_width(text: str, mm: float, *, weight: str = "regular", family: str = "sans") -> float:
    """The width in mm of the widest line of ``text`` set by :func:`sign_text` at ``mm``."""
    face = font_face(family, weight)
    kw = _size_kwargs(text, mm, weight)
    em = kw["x_mm"] / face.x_height_em if "x_mm" in kw else kw["cap_mm"] / face.cap_height_em
    return text_width_mm(text, face, em)


def fit_sign_text(text: str, *, width_mm: float, largest_mm: float, weight: str = "regular") -> tuple[str, float]:
    """``(text, mm)`` for :func:`sign_text`: as large as fits ``width_mm``, up to ``largest_mm``;
    at the sign floor the text is broken into lines at spaces rather than set any smaller
    (:func:`kiosk.scene.text.fit_text`, on the height of the text's shortest letters).  A word
    is never broken: one wider than ``width_mm`` at the floor stays whole (see
    :func:`sign_words_fit`), and the view changes its composition instead."""
    ratio = _cap_per_mm(text, weight)
    largest = max(largest_mm, MIN_SIGN_TEXT_MM)
    fitted, cap = fit_text(
        text, cap_mm=largest * ratio, max_width_mm=width_mm, min_cap_mm=MIN_SIGN_TEXT_MM * ratio, weight=weight
    )
    return fitted, max(MIN_SIGN_TEXT_MM, cap / ratio)


def sign_words_fit(text: str, width_mm: float, *, weight: str = "regular") -> bool:
    """Whether every word of ``text`` fits ``width_mm`` at the sign floor (else no line
    breaking can hold it without splitting a word)."""
    return all(sign_text_width(word, MIN_SIGN_TEXT_MM, weight=weight) <= width_mm + 1e-9 for word in text.split())


@dataclass(frozen=True)
class Line:
    """A paragraph for :func:`stack`: its words, the largest size wanted, weight and colour."""

    text: str
    largest_mm: float
    fill: Colour = WHITE
    weight: str = "regular"


def _block(line: Line, width_mm: float, factor: float) -> tuple[str, float, float, float]:
    """``(words, mm, height, cap)`` of a paragraph fitted to ``width_mm`` at ``factor`` of its size."""
    words, mm = fit_sign_text(line.text, width_mm=width_mm, largest_mm=line.largest_mm * factor, weight=line.weight)
    cap = mm * _cap_per_mm(words, line.weight)
    return words, mm, cap * (1 + (1 + line_gap_of(words)) * words.count("\n")), cap


def stack(
    lines: list[Line],
    *,
    x: float,
    y: float,
    w: float,
    h: float,
    gap: float = 1.0,
    valign: str = "middle",
    drop: bool = False,
) -> tuple[list[Primitive], float]:
    """Paragraphs one under the other, centred across ``w``, as large as their ``largest_mm``
    allows within ``h`` (all shrunk alike, never under the sign floor; if they still do not fit
    at the floor they overflow the box's bottom, or with ``drop`` the last paragraphs are left
    out until the rest fit, and so is a paragraph with a word wider than ``w`` at the floor:
    put the most important first).  ``gap`` is the space between
    paragraphs in capital heights of the paragraph above.  Returns the primitives and the
    height used."""
    if drop:  # a word too wide for the box is never split: its paragraph is left out
        lines = [line for line in lines if sign_words_fit(line.text, w, weight=line.weight)]
    if not lines:
        return [], 0.0
    factor = 1.0
    while True:
        blocks = [_block(line, w, factor) for line in lines]
        steps = _steps(lines, blocks, gap)
        used = sum(steps) + blocks[-1][2]
        if used <= h or factor < 0.05:
            break
        if all(b[1] <= MIN_SIGN_TEXT_MM + 1e-9 for b in blocks):
            if not drop or len(lines) <= 1:
                break
            lines = lines[:-1]
            continue
        factor *= 0.9
    top = y + (h - used) / 2 if valign == "middle" else y
    out: list[Primitive] = []
    for line, (words, mm, _height, _cap), step in zip(lines, blocks, [*steps, 0.0], strict=False):
        out += sign_text(words, x=x + w / 2, y=top, mm=mm, valign="top", weight=line.weight, fill=line.fill)
        top += step
    return out, used


def ink_pitch(texts: Iterable[str], mm: float, *, weight: str = "regular") -> float:
    """The least step from one line's top to the next's, for lines of ``texts`` each set with
    :func:`sign_text` (``valign="top"``) at ``mm``, so that no two lines' ink touch: the tallest
    line's ink (marks stacked over a Vietnamese capital, a descender), measured from the glyphs,
    and a tenth of ``mm`` clear.  A view takes the larger of this and its own design's step."""
    tallest = 0.0
    for text in texts:
        rows = ink_rows(sign_text(text, x=0.0, y=0.0, mm=mm, valign="top", weight=weight))
        if rows is not None:
            tallest = max(tallest, rows[1] - rows[0])
    return tallest + 0.1 * mm


def _steps(lines: list[Line], blocks: list[tuple[str, float, float, float]], gap: float) -> list[float]:
    """From each paragraph's top to the next one's: its height and ``gap`` capital heights, or
    more where the next one's ink rises above its capitals (marks stacked over a Vietnamese
    capital) or this one's falls below its last baseline far enough to touch, measured from
    the glyphs (a tenth of a capital clear)."""
    spans = [
        ink_rows(sign_text(words, x=0.0, y=0.0, mm=mm, valign="top", weight=line.weight))
        for line, (words, mm, _height, _cap) in zip(lines, blocks, strict=True)
    ]
    steps = []
    for i, (_words, _mm, height, cap) in enumerate(blocks[:-1]):
        step = height + cap * gap
        this, after = spans[i], spans[i + 1]
        if this is not None and after is not None:
            step = max(step, this[1] - after[0] + 0.1 * cap)
        steps.append(step)
    return steps


def local_time(when: datetime, settings: CasinoSettings) -> datetime:
    """``when`` (UTC) in the casino's time zone."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(settings.timezone)


_MARK_FILL: Colour = (120, 20, 20, 235)
_STALE_FILL: Colour = (70, 70, 70, 235)


def status_text(status: Status, settings: CasinoSettings) -> str | None:
    """The words a screen shows for a status that is not live (``None`` when live)."""
    if status.kind == "stale":
        if status.since is None:
            return "OFFLINE"
        return f"OFFLINE since {local_time(status.since, settings):%H:%M}"
    if status.kind == "fault":
        return status.reason or "FAULT"
    return None


def _band(status: Status, settings: CasinoSettings, area: Area, mm: float) -> tuple[str, float, float] | None:
    """``(words, size, band height)`` of the status band, or ``None`` when live."""
    words = status_text(status, settings)
    if words is None:
        return None
    words, size = fit_sign_text(words, width_mm=area.width_mm * 0.94, largest_mm=mm, weight="bold")
    cap = size * _cap_per_mm(words, "bold")
    return words, size, cap * (2.4 + 1.6 * words.count("\n"))


def status_band_mm(status: Status, settings: CasinoSettings, area: Area, *, mm: float = MIN_SIGN_TEXT_MM) -> float:
    """The height :func:`status_mark` takes at the bottom of the area (0 when live): a view
    keeps its content above it."""
    band = _band(status, settings, area, mm)
    return 0.0 if band is None else band[2]


def status_mark(
    status: Status, settings: CasinoSettings, area: Area, *, mm: float = MIN_SIGN_TEXT_MM
) -> list[Primitive]:
    """A band across the bottom of the area naming a status that is not live ("OFFLINE since
    21:04", or the fault's reason); nothing when live."""
    band = _band(status, settings, area, mm)
    if band is None:
        return []
    words, size, band_h = band
    shape = Shape(
        rect_path(0.0, area.height_mm - band_h, area.width_mm, band_h),
        fill=_MARK_FILL if status.kind == "fault" else _STALE_FILL,
    )
    runs = sign_text(words, x=area.width_mm / 2, y=area.height_mm - band_h / 2, mm=size, valign="middle", weight="bold")
    return [shape, *runs]
