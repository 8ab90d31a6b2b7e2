"""The typed shapes of the state the service writes and the client mirrors.

These are :class:`typing.TypedDict` types: the JSON on the wire and in the store stays exactly
as it is (plain objects); the types only tell readers (views, console, tests) and type checkers
which keys there are.  The service writes them (``kiosk.state.floorsync``, the command
handlers), :class:`kiosk.state.client.LiveState` mirrors them, and ``kiosk.views`` composes
screens from them.

A table's state::

    {"id", "game", "display_name", "version", "limits": {TableLimits fields, cents},
     "settings": {game settings from the floor file}, "signs": [{"kind", "cap_mm"}],
     "link_id": str | None, "game_state": {...per game...},
     "scheduled": [scheduled changes], "pending": [poker changes waiting for hands],
     "hands_completed": int, "closing": {TableClosing} | None}

A link's state (a Caribbean stud progressive jackpot, 000 s231(3)-(5), or the jackpot of
one unlinked table, s231(2))::

    {"id", "name", "tables": [...], "approval", "standalone": bool, "version",
     "meter": {JackpotMeter fields}, "wager_cents": {table: cents}, "pending": hit | None,
     "proposals": {id: proposal}, "hits": int}

Money is integer cents (``*_cents``), times are UTC text (``2026-01-01T00:00:00.000000Z``).

Extending: a new game-state field is a new ``NotRequired`` key on its game's TypedDict (older
rows in a database do not have it, so readers use ``.get``); a new game gets its own TypedDict
added to :data:`GameState`.  Everything here is data; there is no behaviour to keep in step.
"""

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict

from kiosk.rules.games import TRI_CHRO_GAMES  # the one list of tri-chro games (001 s461, s462)

__all__ = [
    "RakeState",
    "LimitsState",
    "SignState",
    "ScheduledChange",
    "PendingChange",
    "PokerNotice",
    "Agreement",
    "TriChroVoid",
    "IlluminationFault",
    "TriChroGameState",
    "TwoUpGame",
    "TwoUpPastGame",
    "TwoUpLights",
    "TwoUpFailedLights",
    "TwoUpGameState",
    "RouletteFault",
    "RouletteGameState",
    "CardMachineFault",
    "BlackjackGameState",
    "UnlitSlot",
    "CaribbeanGameState",
    "PaiGowBank",
    "PaiGowGameState",
    "PokerClock",
    "PokerGameState",
    "TableClosing",
    "OtherGameState",
    "GameState",
    "TableState",
    "MeterState",
    "JackpotPayment",
    "BeforePaymentRecord",
    "PendingHit",
    "Proposal",
    "LinkState",
    "Tables",
    "Links",
    "TRI_CHRO_GAMES",
    "TWO_UP_GAMES",
]

TWO_UP_GAMES = ("two_up_dice",)


# --------------------------------------------------------------------------- limits and signs


class RakeState(TypedDict):
    """Poker room commission (002 r7), as :class:`kiosk.rules.table.RakeSettings`."""

    type: Literal["percentage", "time_charge", "fixed_per_hand", "per_person_per_hand"]
    percent_bp: int | None
    cap_cents: int | None
    minimum_cents: int | None
    hourly_fee_cents: int | None
    fee_per_hand_cents: int | None


class LimitsState(TypedDict):
    """A table's limits: the fields of :class:`kiosk.rules.table.TableLimits`, in cents
    (``kiosk.state.limits_state.limits_to_dict``)."""

    minimum_cents: int
    maximum_cents: int
    maximum_by: dict[str, int]
    minimum_by: dict[str, int]
    instructional: bool
    decks: int | None
    bonus_blackjack: bool
    card_machine: bool
    maximum_payment_cents: int | None
    minimum_table_stake_cents: int | None
    minimum_permissible_wager_cents: int | None
    minimum_buy_in_cents: int | None
    compulsory_blinds: int | None
    blinds_cents: list[int]
    rake: RakeState | None
    co_banking: bool
    house_liability_cents: int | None
    box_maximum_cents: int | None
    super_sevens: bool
    game_type: str | None
    card_machine_min_decks: NotRequired[int | None]  # 003 s65A(3)(a); absent before it was kept
    card_machine_max_decks: NotRequired[int | None]


class SignState(TypedDict):
    """One sign a table shows: its kind (``docs/floor.md``) and capital height in mm."""

    kind: str
    cap_mm: float


class Agreement(TypedDict):
    """Players' agreement to a change (003 s259(3), s295(3); 002 r6.9)."""

    confirmed_by: str
    agreeing: int
    players_at_table: int


class ScheduledChange(TypedDict):
    """A limits change that takes effect at ``effective_at``, recorded at ``notice_from`` (the
    earliest its notice can be shown); the notice period counts from when the table's displays
    reported showing it (003 s259(3), s295(3); :mod:`kiosk.state.showing`)."""

    id: str
    limits: dict[str, object]
    effective_at: str
    notice_from: str
    agreement: Agreement | None
    by: str
    reason: str | None


class PokerNotice(TypedDict):
    """:class:`kiosk.rules.changes.PokerChangeNotice` as JSON (002 r6.9)."""

    setting: str
    new_value: str
    given_by: str
    hands_completed: int
    skip_current_hand: bool


class PendingChange(TypedDict):
    """A poker room change waiting for the completion of a hand (002 r6.9, r7.3)."""

    id: str
    limits: dict[str, object]
    notice: PokerNotice | None
    commission: bool
    agreement: Agreement | None
    given_by: str
    at: str


# --------------------------------------------------------------------------- game states


class TriChroVoid(TypedDict):
    """Why a tri-chro drawing was voided (001 s465, s466)."""

    rule: str
    reason: str
    note: str | None


class IlluminationFault(TypedDict):
    """Winning areas recorded as not lit; the result stands (000 s78(7))."""

    areas: list[str]
    note: str | None
    at: str


class TriChroGameState(TypedDict):
    """Tri-chro (001 pt 20): ``phase`` is ``betting`` (before the first 'no more bets'),
    ``no_more_bets`` (s462, s463(1)), ``result`` (the 2 balls drawn; ``winning`` lit, s463(3))
    or ``void`` (s465, s466: nothing lit)."""

    kind: Literal["tri_chro"]
    balls: int  # 54 or 63 (kiosk.rules.games.tri_chro_balls)
    device: Literal["ball_device", "random_result_generator"]
    phase: Literal["betting", "no_more_bets", "result", "void"]
    drawing: int
    drawn: list[str] | None
    source: Literal["ball_device", "random_result_generator"] | None
    winning: list[str]
    void: TriChroVoid | None
    awaiting_inspector: bool
    illumination_faults: list[IlluminationFault]
    broken_ball: NotRequired[bool]
    recent: NotRequired[list[list[str]]]  # the last 20 drawings' balls, newest first (the history view)


class TwoUpLights(TypedDict):
    """The result lights lit now (004 sch13 s19(1)): counts, as ``SpinnerGame.lights``."""

    heads: int
    tails: int
    odds: int


class TwoUpFailedLights(TypedDict):
    """Failed result lights by set, 1-based (004 sch13 s19(2))."""

    heads: list[int]
    tails: list[int]
    odds: list[int]


class TwoUpGame(TypedDict):
    """One spinner's game as recorded (``kiosk.state.handlers`` replays it through
    :class:`kiosk.rules.twoup.SpinnerGame`)."""

    number: int
    seat: int | None
    call: Literal["heads", "tails"] | None
    new_spinner: bool
    actions: list[list[str]]
    lights: TwoUpLights
    outcome: Literal["win", "lose", "end"] | None
    decided_by: str | None
    must_change_spinner: bool
    spinner: Literal["player", "dealer"]
    spinner_may_continue: bool | None  # None until the game is decided
    spins: int


class TwoUpPastGame(TypedDict):
    """A decided two-up game, kept for the history view: its number, the spinner's call (``None``
    when the dealer spun), its spins (``H``, ``T``, ``O``, ``X``) and its outcome."""

    number: int
    call: str | None
    spins: list[str]
    outcome: str | None


class TwoUpGameState(TypedDict):
    """Two-up dice (004 sch13)."""

    kind: Literal["two_up"]
    phase: Literal["betting", "no_more_bets"]
    games: int
    game: TwoUpGame | None
    failed_lights: TwoUpFailedLights
    past_games: NotRequired[list[TwoUpPastGame]]  # the last 20 decided games, newest first


class RouletteFault(TypedDict):
    """A winning number recorded as not lit on the layout; the result stands (000 s78(7)).
    It is shown while ``spin`` is the table's last spin."""

    spin: int
    number: int
    note: str | None
    at: str


class RouletteGameState(TypedDict):
    """Roulette: the winning numbers the dealer entered (``roulette_result``; a single zero
    wheel, 0 to 36, 003 s131(2), (2A)).  Keys are missing in rows stored before they existed."""

    kind: Literal["roulette"]
    spins: NotRequired[int]
    number: NotRequired[int | None]  # the last winning number
    at: NotRequired[str | None]  # when it was entered
    results: NotRequired[list[int]]  # the last 20 winning numbers, newest first
    winning: NotRequired[list[str]]  # the layout area to light: ["number_17"]
    illumination_faults: NotRequired[list[RouletteFault]]  # of the last spin only (000 s78(7))


class CardMachineFault(TypedDict):
    """A card machine malfunction in a round and the procedure followed (003 ss65B-65D,
    :data:`kiosk.rules.card_machine.PROCEDURES`): ``procedure`` is ``transfer`` (s65B),
    ``transfer_damaged`` (s65C) or ``dealing_shoe`` (s65D: players may have the round's wagers
    returned, which the displays announce until the dealer records the round completed)."""

    procedure: str
    rule: str
    by: str
    at: str


class BlackjackGameState(TypedDict):
    """Blackjack: the round of the nominated blackjack (``nominate_blackjack``, 003 s50C(3)); the
    nominated suit and card themselves are ``settings.nominated_suit`` / ``nominated_card``,
    which the nominated blackjack sign shows."""

    kind: Literal["blackjack"]
    round: NotRequired[int]
    nominated_by: NotRequired[str | None]
    nominated_at: NotRequired[str | None]
    bonus_boxes: NotRequired[list[int]]  # the round's boxes with a bonus blackjack wager (003 s50B(5))
    dealing: NotRequired[bool]  # the round's first card is dealt: no more bonus wagers (003 s50B(3))
    card_machine: NotRequired[CardMachineFault | None]


class UnlitSlot(TypedDict):
    """A place whose slot light did not light when the player put a chip in the slot: the
    jackpot wager is not accepted (000 s231(1)(b), s237(3); ``docs/readings.md`` A-12).  It
    counts in ``round`` only, and not once the place's wager is recorded as accepted."""

    place: int
    round: int
    at: str


class CaribbeanGameState(TypedDict):
    """Caribbean stud: the places (1 to 7) whose jackpot wager is in play this round; their slot
    lights are lit (``jackpot_wagers`` with ``places``, 000 s231(1)); cleared at the round's end
    (``caribbean_round_end``) or a jackpot hit.  ``unlit_slots``: places whose light did not
    light (``caribbean_slot_unlit``, s237(3))."""

    kind: Literal["caribbean_stud"]
    round: NotRequired[int]
    jackpot_places: NotRequired[list[int]]
    unlit_slots: NotRequired[list[UnlitSlot]]


class PaiGowBank(TypedDict):
    """Who banks a pai gow round and the box the chung is at (003 s417, s424): the house (box 1),
    a player/banker or a co-banker."""

    banker: Literal["house", "player", "co_banking"]
    box: int
    round: int


class PaiGowGameState(TypedDict):
    """Pai gow: the round, its bank (``pai_gow_bank``), the boxes with a priority set marker
    (``pai_gow_priority``, 003 s421(1)(d)) and the last 20 banks, oldest first (s425(10))."""

    kind: Literal["pai_gow"]
    round: NotRequired[int]
    bank: NotRequired[PaiGowBank | None]
    banks: NotRequired[list[PaiGowBank]]
    priority_boxes: NotRequired[list[int]]
    box_totals: NotRequired[dict[str, int]]  # the round's wager total of each box with wagers, cents (s421(1)(d))


class PokerClock(TypedDict):
    """A running time-to-act clock (002 r6.14): the display counts down to ``ends_at``."""

    seat: int
    seconds: int
    started_at: str
    ends_at: str


class PokerGameState(TypedDict):
    """Poker room: the time-to-act clock, where the table has one (``time_to_act``, 002 r6.14),
    and the marker buttons at each seat (``poker_buttons``, 002 r8.1.3): seat number (as text,
    a JSON key) to button codes of :data:`kiosk.rules.poker_buttons.BUTTONS`."""

    kind: Literal["poker"]
    clock: NotRequired[PokerClock | None]
    buttons: NotRequired[dict[str, list[str]]]


class OtherGameState(TypedDict):
    """The game state of the other games: ``kind`` is the game id.  Game-specific keys are
    added as ``NotRequired`` keys of a game's own TypedDict when a command records them."""

    kind: str


GameState = (
    TriChroGameState
    | TwoUpGameState
    | RouletteGameState
    | BlackjackGameState
    | CaribbeanGameState
    | PaiGowGameState
    | PokerGameState
    | OtherGameState
)


# --------------------------------------------------------------------------- tables and links


class TableClosing(TypedDict):
    """A closing directed by the pit (``table_closing``; 003 s32(3), ``docs/readings.md`` A-41):
    ``rounds`` more rounds, ``played`` of them recorded since (``kiosk.state.handlers``)."""

    rounds: int
    played: int
    by: str
    at: str
    rule: str


class TableState(TypedDict):
    """One table as stored and streamed (``kiosk.state.floorsync``)."""

    id: str
    game: str
    display_name: str
    version: int
    limits: LimitsState
    settings: dict[str, object]  # the floor file's settings of the table's game (pydantic dump)
    signs: list[SignState]
    link_id: str | None
    game_state: GameState
    scheduled: list[ScheduledChange]
    pending: list[PendingChange]
    hands_completed: int
    closing: NotRequired[TableClosing | None]


class MeterState(TypedDict):
    """A jackpot meter: :class:`kiosk.rules.caribbean.JackpotMeter` as JSON (000 s231(4))."""

    amount_cents: int
    seed_cents: int
    rate_bp: int
    carry: int
    seeded_cents: int
    contributed_cents: int
    paid_cents: int
    wagers_cents: int


class JackpotPayment(TypedDict):
    """One winning hand's payment of a jackpot hit (000 s246, s247)."""

    player: str
    hand: str
    amount_cents: int
    s246_cents: int
    from_meter: bool
    rule: str


class BeforePaymentRecord(TypedDict):
    """000 s245(5), before a straight or royal flush is paid: the floor manager the dealer
    notified and when, and the cards the dealer counted in the deck in use at the table
    (``jackpot_before_payment``; ``deck_cards``: the whole deck, 52, docs/readings.md A-50)."""

    floor_manager: str
    notified_at: str
    cards_counted: int
    deck_cards: int
    by: str
    at: str


class PendingHit(TypedDict):
    """A jackpot hit: the link is locked and shown "pending" until paid and reset (000 s245)."""

    hit: int
    table_id: str
    at: str
    payments: list[JackpotPayment]
    prize_cents: int
    total_cents: int
    from_meter_cents: int
    shortfall_cents: int
    table_paid_cents: int
    note: str | None
    rule: str
    sharing_method: str  # the way the round was paid: the link's when it applied (000 s247(2),(3)), else "s246"
    sharing_configured: NotRequired[str]  # the link's way when the round was played (absent before it was kept)
    sharing_sign_displayed: bool
    sharing_sign_shown_by: NotRequired[
        list[str]
    ]  # the displays whose latest report showed the sign (kiosk.state.showing)
    before_payment: NotRequired[BeforePaymentRecord]  # 000 s245(5): recorded before a straight or royal flush is paid
    paid: bool
    paid_by: str | None
    paid_at: NotRequired[str]
    paid_note: NotRequired[str | None]


class Proposal(TypedDict):
    """A proposed change of seed, rate or way of sharing (with its sign's words) that a second
    administrator approves."""

    id: str
    changes: dict[str, int | str | None]
    by: str
    person: NotRequired[str]  # the proposer's person (kiosk.state.tokens); absent before it was kept
    token_id: str | None
    at: str


class LinkState(TypedDict):
    """A Caribbean stud progressive jackpot (000 s231(3)-(5)) or one unlinked table's
    jackpot (s231(2), ``standalone``)."""

    id: str
    name: str
    tables: list[str]
    approval: str | None
    standalone: bool
    sharing: str
    version: int
    meter: MeterState
    wager_cents: dict[str, int | None]
    pending: PendingHit | None
    proposals: dict[str, Proposal]
    hits: int


Tables = Mapping[str, TableState]
Links = Mapping[str, LinkState]
