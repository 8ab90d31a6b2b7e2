"""Caribbean stud jackpot: winning hands, s246(1) amounts, s247 sharing and the meter's arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from kiosk.rules.cards import CardError
from kiosk.rules.caribbean import (
    CaribbeanSettings,
    JackpotHand,
    JackpotMeter,
    jackpot_payment_cents,
    jackpot_round,
    jackpot_rows,
    winning_jackpot_hand,
)
from kiosk.rules.citation import RuleError

ROYAL_S = "10S JS QS KS AS"
ROYAL_H = "10H JH QH KH AH"
SF_D = "5D 6D 7D 8D 9D"
SF_C = "5C 6C 7C 8C 9C"
FLUSH = "2H 3H 5H 7H 9H"
FULL = "3S 3D 3C 2S 2D"
QUADS = "4S 4H 4D 4C QC"
# (no card appears in two of the hands above)
DEAD_MAN = "AD AC 8S 8H KC"


def table(**kw) -> CaribbeanSettings:
    return CaribbeanSettings(maximum_payment_cents=5_000_00, **kw)


# --------------------------------------------------------------------- winning jackpot hands (s227)


@pytest.mark.parametrize(
    ("cards", "plain", "with_dmh"),
    [
        (ROYAL_S, JackpotHand.ROYAL_FLUSH, JackpotHand.ROYAL_FLUSH),
        (SF_D, JackpotHand.STRAIGHT_FLUSH, JackpotHand.STRAIGHT_FLUSH),
        ("AH 2H 3H 4H 5H", JackpotHand.STRAIGHT_FLUSH, JackpotHand.STRAIGHT_FLUSH),  # a player's ace may be 1
        (QUADS, JackpotHand.FOUR_OF_A_KIND, JackpotHand.FOUR_OF_A_KIND),
        (FULL, JackpotHand.FULL_HOUSE, JackpotHand.FULL_HOUSE),
        ("AS AD 8C 8H 8S", JackpotHand.FULL_HOUSE, JackpotHand.FULL_HOUSE),  # aces and eights, but a full house
        (FLUSH, JackpotHand.FLUSH, JackpotHand.FLUSH),
        (DEAD_MAN, None, JackpotHand.DEAD_MANS_HAND),  # s224: a pair of aces, a pair of eights, 1 odd card
        ("AS AD KC KH 8S", None, None),
        ("8S 8D 9C 9H AS", None, None),
        ("5S 6D 7C 8H 9S", None, None),  # a straight is not a jackpot hand
        ("AS AD AC 2H 3S", None, None),
    ],
)
def test_winning_jackpot_hands(cards: str, plain, with_dmh) -> None:
    assert winning_jackpot_hand(cards) is plain
    assert winning_jackpot_hand(cards, dead_mans_hand=True) is with_dmh


# --------------------------------------------------------------------- s246(1) amounts


@pytest.mark.parametrize(
    ("hand", "cents"),
    [
        (JackpotHand.DEAD_MANS_HAND, 50_00),
        (JackpotHand.FLUSH, 100_00),
        (JackpotHand.FULL_HOUSE, 150_00),
        (JackpotHand.FOUR_OF_A_KIND, 500_00),
    ],
)
def test_fixed_jackpot_payments_do_not_depend_on_the_prize(hand: JackpotHand, cents: int) -> None:
    for prize in (0, 1, 10_000_00, 1_000_000_00):
        assert jackpot_payment_cents(hand, prize) == cents


@pytest.mark.parametrize(
    ("prize", "straight_flush", "royal_flush"),
    [
        (0, 1_000_00, 10_000_00),
        (9_999_99, 1_000_00, 10_000_00),
        (10_000_00, 1_000_00, 10_000_00),  # both greater-of rules meet their floor at a $10,000 prize
        (10_000_01, 1_000_00, 10_000_01),
        (10_000_09, 1_000_00, 10_000_09),  # 10 % is $1,000.009: rounded down
        (10_000_10, 1_000_01, 10_000_10),  # the first prize where 10 % is greater, by a cent
        (10_000_19, 1_000_01, 10_000_19),  # 10 % is $1,000.019: rounded down
        (99_999_99, 9_999_99, 99_999_99),
        (250_000_00, 25_000_00, 250_000_00),
    ],
)
def test_straight_and_royal_flush_are_the_greater_of_the_floor_or_the_share_of_the_prize(
    prize: int, straight_flush: int, royal_flush: int
) -> None:
    assert jackpot_payment_cents(JackpotHand.STRAIGHT_FLUSH, prize) == straight_flush
    assert jackpot_payment_cents(JackpotHand.ROYAL_FLUSH, prize) == royal_flush


def test_greater_of_boundaries_exactly() -> None:
    sf = JackpotHand.STRAIGHT_FLUSH
    assert jackpot_payment_cents(sf, 10_000_00) == 1_000_00  # 10 % of $10,000 is $1,000: equal
    assert jackpot_payment_cents(sf, 10_000_09) == 1_000_00  # 10 % is $1,000.009: rounds down to $1,000
    assert jackpot_payment_cents(sf, 10_000_10) == 1_000_01  # the first prize where 10 % wins, by a cent
    assert jackpot_payment_cents(sf, 9_999_99) == 1_000_00
    rf = JackpotHand.ROYAL_FLUSH
    assert jackpot_payment_cents(rf, 9_999_99) == 10_000_00
    assert jackpot_payment_cents(rf, 10_000_00) == 10_000_00
    assert jackpot_payment_cents(rf, 10_000_01) == 10_000_01


@given(st.integers(min_value=0, max_value=10**12))
def test_prize_linked_payments_in_whole_cents(prize: int) -> None:
    sf = jackpot_payment_cents(JackpotHand.STRAIGHT_FLUSH, prize)
    assert sf >= 1_000_00 and sf * 10 <= max(prize, 10_000_00) + 9 and sf >= prize // 10
    assert jackpot_payment_cents(JackpotHand.ROYAL_FLUSH, prize) == max(10_000_00, prize)


@pytest.mark.parametrize("prize", [-1, 1.5, "100", None, True])
def test_bad_prize_is_refused(prize) -> None:
    with pytest.raises(RuleError):
        jackpot_payment_cents(JackpotHand.ROYAL_FLUSH, prize)


# --------------------------------------------------------------------- a round's payments (s245-s247)


def test_single_winners_are_paid_under_s246() -> None:
    result = jackpot_round(
        {"1": FLUSH, "2": FULL, "3": "9S 10D 4H 5S KH", "4": SF_D}, 50_000_00, table(), sharing_sign_displayed=False
    )
    paid = {p.player: (p.hand, p.amount_cents) for p in result.payments}
    assert paid == {
        "1": (JackpotHand.FLUSH, 100_00),
        "2": (JackpotHand.FULL_HOUSE, 150_00),
        "4": (JackpotHand.STRAIGHT_FLUSH, 5_000_00),
    }
    assert result.total_cents == result.from_meter_cents == 5_250_00
    assert result.shortfall_cents == 0
    assert not result.shared
    assert result.rule == "000 s245, s246(1)"


def test_dead_mans_hand_pays_only_when_the_pit_procedures_say_so() -> None:
    without = jackpot_round({"1": DEAD_MAN}, 20_000_00, table(), sharing_sign_displayed=False)
    assert without.payments == ()
    assert without.note == "no winning jackpot hand"
    with_dmh = jackpot_round({"1": DEAD_MAN}, 20_000_00, table(dead_mans_hand=True), sharing_sign_displayed=False)
    assert [(p.hand, p.amount_cents) for p in with_dmh.payments] == [(JackpotHand.DEAD_MANS_HAND, 50_00)]


def test_two_royal_flushes_without_sharing_are_each_paid_in_full_and_the_shortfall_is_reported() -> None:
    """A-12: s246(1) pays each 100 % of the prize; the meter pays what it holds, the casino owes the rest."""
    result = jackpot_round({"1": ROYAL_S, "2": ROYAL_H}, 20_000_00, table(), sharing_sign_displayed=True)
    assert [p.amount_cents for p in result.payments] == [20_000_00, 20_000_00]
    assert result.total_cents == 40_000_00
    assert result.from_meter_cents == 20_000_00
    assert result.shortfall_cents == 20_000_00
    assert not result.shared
    assert "s247(2)(b)" in result.rule
    assert "exceed the jackpot prize by $20,000" in result.note


@pytest.mark.parametrize("method", ["equal_shares", "proportional"])
def test_sharing_applies_only_when_the_sign_was_on_the_table(method: str) -> None:
    """000 s247(3)."""
    no_sign = jackpot_round({"1": ROYAL_S, "2": SF_D}, 50_000_00, table(sharing=method), sharing_sign_displayed=False)
    assert not no_sign.shared
    assert [p.amount_cents for p in no_sign.payments] == [50_000_00, 5_000_00]
    assert "no sharing sign" in no_sign.note and "s247(3)" in no_sign.rule
    assert no_sign.shortfall_cents == 5_000_00
    signed = jackpot_round({"1": ROYAL_S, "2": SF_D}, 50_000_00, table(sharing=method), sharing_sign_displayed=True)
    assert signed.shared
    assert signed.from_meter_cents <= 50_000_00
    assert signed.shortfall_cents == 0
    assert "s247(2),(3)" in signed.rule


def test_equal_shares_split_the_capped_pool_equally() -> None:
    result = jackpot_round(
        {"1": ROYAL_S, "2": SF_D, "3": SF_C}, 50_000_00, table(sharing="equal_shares"), sharing_sign_displayed=True
    )
    # s246(1) amounts: 50,000 + 5,000 + 5,000 = 60,000, capped at the $50,000 prize, in thirds rounded down
    assert [p.s246_cents for p in result.payments] == [50_000_00, 5_000_00, 5_000_00]
    assert [p.amount_cents for p in result.payments] == [16_666_66] * 3
    assert result.from_meter_cents == 49_999_98  # 2 cents stay in the meter
    assert {p.rule for p in result.payments} == {"000 s247(2),(3)"}


def test_proportional_shares_keep_the_royal_flush_ahead() -> None:
    result = jackpot_round(
        {"1": ROYAL_S, "2": SF_D}, 50_000_00, table(sharing="proportional"), sharing_sign_displayed=True
    )
    rf, sf = result.payments
    assert rf.amount_cents == 50_000_00 * 50_000_00 // 55_000_00  # $45,454.54
    assert sf.amount_cents == 50_000_00 * 5_000_00 // 55_000_00  # $4,545.45
    assert rf.amount_cents + sf.amount_cents == 49_999_99


def test_sharing_needs_two_straight_or_royal_flushes() -> None:
    """s247(1),(2)(a): one royal flush and a flush are each paid under s246(1)."""
    result = jackpot_round(
        {"1": ROYAL_S, "2": FLUSH}, 50_000_00, table(sharing="equal_shares"), sharing_sign_displayed=True
    )
    assert not result.shared
    assert [p.amount_cents for p in result.payments] == [50_000_00, 100_00]
    assert result.shortfall_cents == 100_00  # the flush is owed beyond the prize the royal took


def test_pool_below_the_prize_is_not_inflated() -> None:
    result = jackpot_round(
        {"1": SF_D, "2": SF_C}, 30_000_00, table(sharing="equal_shares"), sharing_sign_displayed=True
    )
    assert [p.amount_cents for p in result.payments] == [3_000_00, 3_000_00]


def test_fixed_payments_can_come_from_the_table_instead_of_the_meter() -> None:
    result = jackpot_round(
        {"1": FLUSH, "2": SF_D}, 1_000_00, table(fixed_payments_from_meter=False), sharing_sign_displayed=False
    )
    assert result.total_cents == 1_100_00
    assert result.table_paid_cents == 100_00
    assert result.meter_charge_cents == 1_000_00
    assert result.from_meter_cents == 1_000_00
    assert result.shortfall_cents == 0
    assert [p.from_meter for p in result.payments] == [False, True]


def test_a_card_in_two_players_hands_is_refused() -> None:
    with pytest.raises(CardError, match=r"AS appears 2 times .*000 s233\(1\)"):
        jackpot_round({"1": ROYAL_S, "2": "AS AD 2C 3H 4S"}, 10_000_00, table(), sharing_sign_displayed=False)
    with pytest.raises(CardError, match="player 7's hand is 5 cards"):
        jackpot_round({"7": "AS AD"}, 10_000_00, table(), sharing_sign_displayed=False)


WINNING = [ROYAL_S, ROYAL_H, SF_D, SF_C, FLUSH, FULL, QUADS]


@settings(max_examples=200, deadline=None)
@given(
    chosen=st.lists(st.sampled_from(WINNING), unique=True, max_size=7),
    prize=st.integers(min_value=0, max_value=10**10),
    method=st.sampled_from(["s246", "equal_shares", "proportional"]),
    sign=st.booleans(),
    fixed_from_meter=st.booleans(),
)
def test_round_totals_always_add_up(chosen, prize, method, sign, fixed_from_meter) -> None:
    hands = {str(i): cards for i, cards in enumerate(chosen)}
    settings_ = table(sharing=method, fixed_payments_from_meter=fixed_from_meter)
    result = jackpot_round(hands, prize, settings_, sharing_sign_displayed=sign)
    assert result.total_cents == sum(p.amount_cents for p in result.payments)
    assert result.total_cents == result.from_meter_cents + result.shortfall_cents + result.table_paid_cents
    assert 0 <= result.from_meter_cents <= prize
    assert all(p.amount_cents >= 0 for p in result.payments)
    linked = [p for p in result.payments if p.hand in (JackpotHand.ROYAL_FLUSH, JackpotHand.STRAIGHT_FLUSH)]
    if result.shared:
        assert len(linked) >= 2 and sign and method != "s246"
        assert sum(p.amount_cents for p in linked) <= prize
        assert sum(p.s246_cents for p in linked) - sum(p.amount_cents for p in linked) >= 0
    else:
        assert all(p.amount_cents == p.s246_cents for p in result.payments)


# --------------------------------------------------------------------- the meter


def test_meter_starts_at_its_seed_and_adds_basis_points_of_each_wager() -> None:
    meter = JackpotMeter.start(10_000_00, 7_500)  # $10,000 seed, 75 % of each jackpot wager
    assert meter.amount_cents == 10_000_00 and meter.balanced
    meter = meter.contribute(1_00)
    assert meter.amount_cents == 10_000_75
    assert meter.contributed_cents == 75


def test_fractions_of_a_cent_are_carried_not_lost() -> None:
    meter = JackpotMeter.start(0, 3_333)  # 33.33 % of $1 is 33.33 cents
    added = []
    for _ in range(3):
        before = meter.amount_cents
        meter = meter.contribute(1_00)
        added.append(meter.amount_cents - before)
    assert added == [33, 33, 33]
    assert meter.carry == 9_900  # 3 x 0.33 cents = 0.99 cents still owed to the meter
    meter = meter.contribute(1_00)
    assert meter.amount_cents == 133  # 4 x 33.33 = 133.32 cents
    assert meter.contributed_cents * 10_000 + meter.carry == 4 * 1_00 * 3_333


def test_contribution_preview_matches_contribute() -> None:
    meter = JackpotMeter.start(0, 1_250)
    assert meter.contribution_cents(5_00) == 62
    assert meter.contribute(5_00).amount_cents == 62


def test_hit_pays_from_the_meter_and_reset_tops_up_to_the_seed() -> None:
    meter = JackpotMeter.start(10_000_00, 5_000)
    for _ in range(1000):
        meter = meter.contribute(5_00)
    assert meter.amount_cents == 12_500_00  # $10,000 + 1000 x 50 % of $5
    hit = jackpot_round({"1": ROYAL_S}, meter.amount_cents, table(), sharing_sign_displayed=False)
    meter, payment = meter.settle(hit)
    assert (payment.charged_cents, payment.from_meter_cents, payment.shortfall_cents) == (12_500_00, 12_500_00, 0)
    assert meter.amount_cents == 0 and meter.balanced
    meter, top_up = meter.reset()
    assert (meter.amount_cents, top_up) == (10_000_00, 10_000_00)
    assert meter.seeded_cents == 20_000_00 and meter.balanced


def test_meter_never_goes_below_zero_and_reports_the_shortfall() -> None:
    meter = JackpotMeter.start(10_000_00, 100)
    meter, payment = meter.pay(25_000_00)
    assert meter.amount_cents == 0
    assert (payment.from_meter_cents, payment.shortfall_cents) == (10_000_00, 15_000_00)


def test_reset_never_lowers_a_meter_above_its_seed() -> None:
    meter = JackpotMeter.start(10_000_00, 100)
    meter, _ = meter.pay(1_000_00)  # a straight flush took $1,000 of $10,000
    meter = meter.with_settings(seed_cents=5_000_00)
    meter, top_up = meter.reset()
    assert (meter.amount_cents, top_up) == (9_000_00, 0)


@pytest.mark.parametrize(
    "call",
    [
        lambda: JackpotMeter.start(-1, 100),
        lambda: JackpotMeter.start(100, -1),
        lambda: JackpotMeter.start(100, 10_001),
        lambda: JackpotMeter.start(100, 1.5),
        lambda: JackpotMeter.start(100, 100).contribute(0),
        lambda: JackpotMeter.start(100, 100).contribute(2.5),
        lambda: JackpotMeter.start(100, 100).pay(-5),
        lambda: JackpotMeter.start(100, 100).with_settings(rate_bp=20_000),
        lambda: JackpotMeter(amount_cents=5, seed_cents=5, rate_bp=1, carry=10_000),
    ],
)
def test_bad_meter_input_is_refused(call) -> None:
    with pytest.raises(RuleError) as err:
        call()
    assert "\n" not in str(err.value)


class MeterMachine(RuleBasedStateMachine):
    """Contributions, hits, resets and rate changes interleaved: no cent is lost or created."""

    def __init__(self) -> None:
        super().__init__()
        self.meter = JackpotMeter.start(10_000_00, 2_500)
        self.put_in = 10_000_00  # seeds and top-ups
        self.wagered_bp = 0  # sum of wager x rate
        self.paid = 0
        self.owed = 0

    @rule(wager=st.integers(min_value=1, max_value=1_000_00))
    def contribute(self, wager: int) -> None:
        self.wagered_bp += wager * self.meter.rate_bp
        self.meter = self.meter.contribute(wager)

    @rule(rate=st.integers(min_value=0, max_value=10_000))
    def change_rate(self, rate: int) -> None:
        self.meter = self.meter.with_settings(rate_bp=rate)

    @rule(
        chosen=st.lists(st.sampled_from(WINNING), unique=True, min_size=1, max_size=4),
        method=st.sampled_from(["s246", "equal_shares", "proportional"]),
        sign=st.booleans(),
    )
    def hit(self, chosen, method, sign) -> None:
        hands = {str(i): cards for i, cards in enumerate(chosen)}
        result = jackpot_round(hands, self.meter.amount_cents, table(sharing=method), sharing_sign_displayed=sign)
        before = self.meter.amount_cents
        self.meter, payment = self.meter.settle(result)
        assert payment.from_meter_cents == result.from_meter_cents
        assert before - self.meter.amount_cents == payment.from_meter_cents
        self.paid += payment.from_meter_cents
        self.owed += payment.shortfall_cents

    @precondition(lambda self: self.meter.amount_cents < self.meter.seed_cents)
    @rule()
    def reset(self) -> None:
        self.meter, top_up = self.meter.reset()
        self.put_in += top_up
        assert self.meter.amount_cents == self.meter.seed_cents

    @invariant()
    def no_cent_lost_or_created(self) -> None:
        m = self.meter
        assert m.amount_cents >= 0
        assert m.balanced
        assert m.amount_cents == self.put_in + m.contributed_cents - self.paid
        assert m.contributed_cents * 10_000 + m.carry == self.wagered_bp
        assert 0 <= m.carry < 10_000
        assert (m.seeded_cents, m.paid_cents) == (self.put_in, self.paid)


MeterMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
test_meter_interleaved_operations = MeterMachine.TestCase


# --------------------------------------------------------------------- the jackpot pay table


def test_jackpot_rows_compute_straight_and_royal_flush_from_the_meter() -> None:
    rows = jackpot_rows(123_456_78, dead_mans_hand=False)
    assert [(r.label, r.value) for r in rows] == [
        ("Flush", "$100"),
        ("Full house", "$150"),
        ("4 of a kind", "$500"),
        ("Straight flush", "$12,345.67"),  # 10 % of $123,456.78 rounded down to the cent
        ("Royal flush", "$123,456.78"),
    ]
    assert all(r.rule.startswith("000 s246(1)") for r in rows)
    assert rows[3].note == "the greater of $1,000 or 10% of the jackpot prize"


def test_jackpot_rows_show_the_floors_on_a_small_meter_and_the_dead_mans_hand_when_set() -> None:
    rows = jackpot_rows(5_000_00, dead_mans_hand=True)
    assert [(r.label, r.value) for r in rows] == [
        ("Dead man's hand", "$50"),
        ("Flush", "$100"),
        ("Full house", "$150"),
        ("4 of a kind", "$500"),
        ("Straight flush", "$1,000"),
        ("Royal flush", "$10,000"),
    ]
    assert rows[0].rule == "000 s246(1), s227(2)"


def test_round_input_must_name_each_player_once() -> None:
    with pytest.raises(RuleError, match="name a player twice"):
        jackpot_round({1: ROYAL_S, "1": ROYAL_H}, 10_000_00, table(), sharing_sign_displayed=False)
    with pytest.raises(RuleError, match="must map each player"):
        jackpot_round([ROYAL_S], 10_000_00, table(), sharing_sign_displayed=False)  # type: ignore[arg-type]
