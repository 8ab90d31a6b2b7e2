"""The ``help`` display view: help for a table, in pages a player turns by touch.

A player's touch on a table's display opens it (:mod:`kiosk.ui.display`); the pages are

1. **how the game is played**: a few sentences per game (:data:`HOW_TO_PLAY`), with where its
   rules are (``Game.source``) in the small print;
2. **the table's signs**: its limits sign and every sign it is configured to show (pay tables,
   odds, maximum payment, commission), composed by the same sign composers and typesetter as
   the printed and displayed signs (:mod:`kiosk.views.signs`): one definition of every value;
3. **help for patrons**: the casino's own words from the floor file (``[help] patrons``), the
   sign the Act's s64(1)(d) requires ("Help for patrons about rules of games"; the seeds name it
   in 000 s232(2) and leave its words to the operator: docs/readings.md A-77).

Every page keeps a bottom bar: "2 of 5", a language button (the next of the floor's languages,
written in itself) and "Back".  Their boxes are in ``facts["buttons"]`` (mm on the scene) so the
display knows what a touch hit; anywhere else turns the page.

Help never hides a live result or a legal notice: :func:`may_cover` says, from the table's state,
whether a round is in play (docs/readings.md A-76), and the display returns to the live view as
soon as one is, or after ``idle_seconds`` without a touch.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from datetime import datetime, timedelta
from typing import Any, Literal

from kiosk.language import ENGLISH, N_, current_language, tr
from kiosk.rules.games import GAMES, TRI_CHRO_GAMES
from kiosk.rules.lettering import MIN_TEXT_MM
from kiosk.rules.times import parse_utc
from kiosk.scene.fonts import font_face
from kiosk.scene.primitives import Colour, Primitive, Scene, Shape, rect_path
from kiosk.scene.text import ink_em_size_mm
from kiosk.state.shapes import LinkState, TableState
from kiosk.views.base import (
    DEFAULT_AREA,
    LIVE,
    Area,
    CasinoSettings,
    Line,
    Status,
    ViewState,
    fit_sign_text,
    line_gap_of,
    sign_text,
    sign_text_width,
    stack,
)
from kiosk.views.facts import blackjack_state, roulette_state, slots_in_play, trichro_round, twoup_state
from kiosk.views.signs.content import Context, SignProblem, content_digest
from kiosk.views.signs.kinds import sign_contents, table_signs
from kiosk.views.signs.typeset import compose_sign
from kiosk.views.table_notices import table_notices

__all__ = [
    "BACK",
    "DEFAULT_IDLE_SECONDS",
    "HOW_TO_PLAY",
    "LANGUAGE",
    "LANGUAGE_NAMES",
    "PATRON_HELP_RULE",
    "RESULT_SECONDS",
    "compose",
    "hit",
    "may_cover",
    "next_language",
    "on_touch",
]

DEFAULT_IDLE_SECONDS = 45.0
"""How long help stays up without a touch before the live view returns (``[help] idle_seconds``)."""

RESULT_SECONDS = 90.0
"""A roulette number stays the live result this long after it is entered (docs/readings.md A-76)."""

PATRON_HELP_RULE = "000 s232(2)"
"""Where the seeds name the patrons' help sign (the Act's s64(1)(d), "Help for patrons about
rules of games"); its words are the operator's (docs/readings.md A-77)."""

BACK = "back"
LANGUAGE = "language"

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "zh_Hans": "中文", "vi": "Tiếng Việt"}
"""Each shipped language in its own words (the language button shows the next one)."""

HOW_TO_PLAY: dict[str, tuple[str, ...]] = {
    "tri_chro": (
        N_("Place your wagers on the colours before no more bets is called."),
        N_("Two balls are drawn, one at a time. The order they are drawn in does not matter."),
        N_("The winning areas are lit on the table and paid at the odds on the signs."),
    ),
    "two_up_dice": (
        N_("Wager on heads or tails before the spin."),
        N_("The spinner throws two dice: two heads is heads, two tails is tails, one of each is odds."),
    ),
    "caribbean_stud": (
        N_("Place an ante. You and the dealer each get five cards."),
        N_("Fold, or place a bet wager to play your hand against the dealer's."),
        N_("The dealer's hand must qualify; winning bet wagers are paid at the odds on the signs."),
    ),
    "blackjack": (
        N_("Get closer to 21 than the dealer without going over."),
        N_("Winning wagers are paid at the odds on the signs."),
    ),
    "roulette": (N_("Wager on the number, or group of numbers, where the ball comes to rest."),),
    "manila_poker": (
        N_("Players play against each other with 32 cards: 7 to ace in each suit."),
        N_("Your hand is your 2 cards with 3 of the 5 cards dealt face up. The best hand wins the pot."),
    ),
    "draw_poker": (N_("Players play against each other. The best poker hand wins the pot."),),
    "pai_gow": (N_("Set your tiles into a high hand and a low hand. Both must beat the banker's to win."),),
    "poker": (N_("Players play against each other. The best poker hand wins the pot."),),
}
"""How each game is played, by game id (tri-chro's two games share ``"tri_chro"``)."""

_BAR_FILL: Colour = (28, 36, 51, 255)
_BUTTON_FILL: Colour = (52, 66, 92, 255)
_WHITE: Colour = (255, 255, 255, 255)
_GOLD: Colour = (255, 214, 102, 255)
_GREY: Colour = (200, 206, 214, 255)
_BACKGROUND: Colour = (12, 18, 28, 255)
_MARGIN = 0.04  # of the shorter side


def may_cover(table: TableState | None, now: datetime) -> bool:
    """Whether help may cover the live view of ``table`` now: never while a round is in play
    (its result is live) or a notice about the table is up (docs/readings.md A-76).

    In play: tri-chro once no more bets is called until the next round's betting (its result
    is lit), or a void drawing; two-up once no more bets is called until the next spinner's game
    (its result lights); roulette for :data:`RESULT_SECONDS` after a number is entered; blackjack once a
    round's first card is dealt; Caribbean stud while jackpot wagers are in play.
    """
    if table is None:
        return False
    if table_notices(table):
        return False
    tri = trichro_round(table)
    if tri is not None:
        return tri.phase == "betting"
    two = twoup_state(table)
    if two is not None:
        game = two.get("game")
        # a spinner's game is in play from its first spin, and its result lit until the next game
        return two.get("phase") == "betting" and (
            game is None or (not game.get("spins") and game.get("outcome") is None)
        )
    wheel = roulette_state(table)
    if wheel is not None:
        at = wheel.get("at")
        return at is None or now - parse_utc(at) >= timedelta(seconds=RESULT_SECONDS)
    cards = blackjack_state(table)
    if cards is not None and cards.get("dealing"):
        return False
    return not slots_in_play(table)


def next_language(languages: Iterable[str], language: str) -> str:
    """The language after ``language`` among ``languages`` (round and round)."""
    order = list(dict.fromkeys(languages)) or [ENGLISH]
    if language not in order:
        return order[0]
    return order[(order.index(language) + 1) % len(order)]


def hit(state: ViewState, x_mm: float, y_mm: float) -> str | None:
    """The button of the help view at ``(x_mm, y_mm)`` of its scene: :data:`BACK`,
    :data:`LANGUAGE`, or ``None`` (a touch anywhere else turns the page)."""
    for name, (x, y, w, h) in (state.facts or {}).get("buttons", {}).items():
        if x <= x_mm <= x + w and y <= y_mm <= y + h:
            return str(name)
    return None


def _how_key(game: str) -> str:
    return "tri_chro" if game in TRI_CHRO_GAMES else game


def _bar_labels(language_label: str | None) -> list[tuple[str, str]]:
    return [(BACK, tr("Back"))] + ([(LANGUAGE, language_label)] if language_label else [])


_PAD = 2.0  # mm between the bar's edge, its buttons and their labels


def _fitted_label(label: str, slot_w: float) -> tuple[str, float]:
    """A button's label fitted to its button (its slot less the padding), at 8 mm."""
    return fit_sign_text(label, width_mm=slot_w - 4 * _PAD, largest_mm=MIN_TEXT_MM, weight="bold")


def _slots(area: Area, labels: list[tuple[str, str]]) -> tuple[float, list[float]]:
    """``(counter width, [button widths])``: each as wide as its words at 8 mm need, the room
    left shared out; when that is more than the bar, the buttons share it alike (and their
    labels take two lines)."""
    counter = sign_text_width("00/00", MIN_TEXT_MM, weight="bold") + 4 * _PAD
    needs = [sign_text_width(label, MIN_TEXT_MM, weight="bold") + 5 * _PAD for _, label in labels]
    spare = area.width_mm - counter - sum(needs)
    if spare < 0:
        return counter, [(area.width_mm - counter) / len(labels)] * len(labels)
    share = spare / (len(labels) + 1)
    return counter + share, [need + share for need in needs]


def _block_mm(words: str, mm: float) -> float:
    """The height of a label set by :func:`sign_text`: its first cap top to its last baseline."""
    face = font_face("sans", "bold")
    cap = ink_em_size_mm(words, mm, weight="bold") * face.cap_height_em
    return cap * (1 + (1 + line_gap_of(words)) * words.count("\n"))


def _bar_height(area: Area, labels: list[tuple[str, str]]) -> float:
    """The bottom bar: each label whole (on as many lines as it needs) with room around it, and
    a touch target well over 9 mm."""
    widths = _slots(area, labels)[1]
    block = max(_block_mm(*_fitted_label(label, w)) for (_, label), w in zip(labels, widths, strict=True))
    return max(block * 1.6 + 4 * _PAD, 0.1 * area.height_mm)


_GAP = 1.4  # between paragraphs, in capital heights: room for marks stacked above (Vietnamese)
_CLAUSE_ENDS = (". ", "; ", ": ", ", ", "。", "；", "：", "，")


def _clauses(paragraph: str) -> list[str]:
    """``paragraph`` cut in two at the clause boundary nearest its middle (the punctuation stays
    with the first part), else at the space nearest it, or ``[paragraph]`` when it has neither."""
    cuts = [i + len(end.rstrip()) for end in _CLAUSE_ENDS for i in _find_all(paragraph, end)]
    cuts = [c for c in cuts if 0 < c < len(paragraph.rstrip())]
    if not cuts:  # no clause: between the two words nearest the middle
        cuts = [i for i in _find_all(paragraph, " ") if 0 < i < len(paragraph.rstrip())]
    if not cuts:
        return [paragraph]
    cut = min(cuts, key=lambda c: abs(c - len(paragraph) / 2))
    return [paragraph[:cut].strip(), paragraph[cut:].strip()]


def _find_all(text: str, part: str) -> list[int]:
    found, at = [], text.find(part)
    while at >= 0:
        found.append(at)
        at = text.find(part, at + 1)
    return found


def _text_pages(
    title: str, paragraphs: list[str], small: str, area: Area, top: float, bar_h: float
) -> list[list[Primitive]]:
    """``title`` and ``paragraphs`` in as many pages as they need at the sign floor or larger:
    the title on the first, a page ends before a paragraph that does not fit, and a paragraph
    too long for a page of its own is cut at a clause (never inside a word); ``small`` (the
    citation) at 8 mm at the end of the last page."""
    m = _MARGIN * min(area.width_mm, area.height_mm)
    w, h = area.width_mm - 2 * m, area.height_mm - top - bar_h - m
    largest = max(MIN_TEXT_MM, min(area.height_mm * 0.06, 30.0))

    def lines(chunk: list[str], first: bool, last: bool) -> list[Line]:
        out = ([Line(title, largest * 1.4, _GOLD, "bold")] if first else []) + [Line(p, largest) for p in chunk]
        return out + ([Line(small, MIN_TEXT_MM, _GREY)] if last and small else [])

    def fits(chunk: list[str], first: bool, last: bool) -> bool:
        return stack(lines(chunk, first, last), x=m, y=top, w=w, h=h, gap=_GAP, valign="top")[1] <= h

    pages: list[list[str]] = []
    current: list[str] = []
    queue = list(paragraphs)
    while queue:
        paragraph = queue.pop(0)
        if fits(current + [paragraph], not pages, False):
            current.append(paragraph)
        elif current or (not pages and fits([], True, False)):
            pages.append(current)  # (the title alone, when no paragraph fits beside it)
            current = []
            queue.insert(0, paragraph)
        elif len(parts := _clauses(paragraph)) > 1:
            queue[0:0] = parts
        else:
            current = [paragraph]  # no clause to cut at: it stands, and the display's 8 mm check judges it
    if current or not pages:
        pages.append(current)
    if small and not fits(pages[-1], len(pages) == 1, True):
        pages.append([])
    return [
        stack(lines(chunk, i == 0, i == len(pages) - 1), x=m, y=top, w=w, h=h, gap=_GAP, valign="top")[0]
        for i, chunk in enumerate(pages)
    ]


def _bar(area: Area, page: int, pages: int, language_label: str | None) -> tuple[list[Primitive], dict[str, Any]]:
    """The bottom bar: the page counter, the language button (when there is another language)
    and Back; returns the primitives and the buttons' boxes."""
    labels = _bar_labels(language_label)
    bar_h = _bar_height(area, labels)
    y = area.height_mm - bar_h
    items: list[Primitive] = [Shape(rect_path(0.0, y, area.width_mm, bar_h), fill=_BAR_FILL)]
    pad = _PAD
    buttons: dict[str, tuple[float, float, float, float]] = {}
    counter_w, widths = _slots(area, labels)
    counter = tr("{page} of {pages}").format(page=page + 1, pages=pages)
    words, mm = fit_sign_text(counter, width_mm=counter_w - 2 * pad, largest_mm=MIN_TEXT_MM, weight="bold")
    if "\n" in words:  # no room for the words: the figures alone
        words, mm = fit_sign_text(
            f"{page + 1}/{pages}", width_mm=counter_w - 2 * pad, largest_mm=MIN_TEXT_MM, weight="bold"
        )
    items += sign_text(words, x=counter_w / 2, y=y + bar_h / 2, mm=mm, valign="middle", weight="bold", fill=_GREY)
    x = counter_w
    for (name, label), slot_w in zip(labels, widths, strict=True):
        box = (x + pad, y + pad, slot_w - 2 * pad, bar_h - 2 * pad)
        buttons[name] = box
        items.append(Shape(rect_path(*box, radius=pad), fill=_BUTTON_FILL))
        words, mm = _fitted_label(label, slot_w)
        items += sign_text(words, x=x + slot_w / 2, y=y + bar_h / 2, mm=mm, valign="middle", weight="bold")
        x += slot_w
    return items, buttons


def compose(
    table: TableState | None,
    link: LinkState | None,
    settings: CasinoSettings,
    now: datetime,
    *,
    area: Area = DEFAULT_AREA,
    connection: Status = LIVE,
    heard_at: datetime | None = None,
    lit: Iterable[str] = frozenset(),
) -> ViewState:
    """Help for ``table`` as pages (frames turned by touch, never by time), in the current
    language (:func:`kiosk.language.speaking`); ``heard_at`` and ``lit`` are not used."""
    if table is None:
        raise ValueError("the help view helps with a table; it needs a table")
    game = GAMES[table["game"]]
    name = str(table.get("display_name") or game.default_name)
    m = _MARGIN * min(area.width_mm, area.height_mm)
    after = next_language(settings.languages, current_language())
    label = LANGUAGE_NAMES.get(after, after) if after != current_language() else None
    bar_h = _bar_height(area, _bar_labels(label))
    bodies: list[list[Primitive]] = []
    summary: list[Hashable] = [current_language(), table["game"], name]
    how = [tr(p) for p in HOW_TO_PLAY.get(_how_key(table["game"]), ())]
    bodies += _text_pages(
        tr("How to play {game}").format(game=name),
        how,
        tr("Rules: {source}").format(source=game.source),
        area,
        m,
        bar_h,
    )
    # the table's signs, composed by the signs' own composers for the room above the bar
    ctx = Context(table, link, settings.timezone, now)
    kinds = ["limits"] + [kind for kind, _cap in table_signs(table) if kind != "limits"]
    sign_h = area.height_mm - bar_h
    for kind in kinds:
        try:
            contents = sign_contents(kind, ctx)
        except SignProblem:
            continue  # a sign the table cannot show is not help either
        for content in contents:
            try:
                sign = compose_sign(content, area.width_mm, sign_h)
            except SignProblem:
                continue
            summary.append(content_digest(content))
            bodies.append(list(sign.items) if sign.background is None else [_ground(sign), *sign.items])
    patrons = list(settings.patrons_in(current_language())) or [tr("Ask the dealer or a casino supervisor.")]
    bodies += _text_pages(tr("Help for patrons"), patrons, PATRON_HELP_RULE, area, m, bar_h)
    summary.append(settings.patron_help)
    frames = []
    buttons: dict[str, Any] = {}
    for i, body in enumerate(bodies):
        bar, buttons = _bar(area, i, len(bodies), label)
        frames.append(Scene(area.width_mm, area.height_mm, tuple(body + bar), background=_BACKGROUND))
    return ViewState(
        view="help",
        subject=table["id"],
        content=tuple(summary),
        status=connection,
        frames=tuple(frames),
        frame_seconds=None,
        version=table.get("version"),
        facts={
            "buttons": buttons,
            "pages": len(frames),
            "language": current_language(),
            "bar_top": area.height_mm - bar_h,
        },
    )


def _ground(sign: Scene) -> Primitive:
    """The sign's own background (paper) under its items."""
    assert sign.background is not None
    return Shape(rect_path(0.0, 0.0, sign.width_mm, sign.height_mm), fill=sign.background)


Action = Literal["open", "ignore", "page", "close", "language"]


def on_touch(
    shown: ViewState | None, page: int, table: TableState | None, now: datetime, at_mm: tuple[float, float]
) -> Action:
    """What a player's touch at ``at_mm`` (mm on the shown scene) does: with no help shown
    (``shown`` is ``None``), ``"open"`` help if :func:`may_cover` allows it, else ``"ignore"``
    (the live result stays); on help (page ``page`` of ``shown``), ``"close"`` for Back or a touch
    on the last page, ``"language"`` for the language button, else ``"page"`` (the next page)."""
    if shown is None:
        return "open" if may_cover(table, now) else "ignore"
    button = hit(shown, *at_mm)
    if button == BACK:
        return "close"
    if button == LANGUAGE:
        return "language"
    return "page" if page + 1 < len(shown.frames) else "close"
