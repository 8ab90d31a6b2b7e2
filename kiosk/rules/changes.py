"""Change control: when a displayed setting may change, as pure functions the backend calls.

* Manila and draw poker minimum table stake (003 s259(3), s295(3)): an increase needs a
  sign showing the new minimum and the proposed time, displayed at or near the table for
  at least 20 minutes before that time, or every player at the table agreeing.  A
  decrease applies at once (the seed restricts increases only).
* Poker room game, minimum buy-in, betting limit and betting type (002 r6.9): prior
  notice of at least three hands, or a majority of players agreeing; either way the
  change is made only at the completion of a hand (docs/readings.md A-17 reading).
* Poker room commission method and amount (002 r7.3, r7.4): varied only before a hand
  commences with the table signs changed; nil is allowed.

Each decision function returns :class:`Approved` (with the reason, for the audit trail)
or a :class:`~kiosk.rules.citation.Violation` citing the rule in one line; test which
with ``isinstance(result, Approved)``.  Times must be
timezone-aware; they are compared as instants and shown in the casino's timezone
(default Australia/Brisbane).  Malformed input raises ``ValueError`` with one line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .citation import Violation
from .limits import is_nil_rake, rake_violations
from .money import format_money as money

__all__ = [
    "NOTICE_HANDS",
    "NOTICE_PERIOD",
    "POKER_SETTINGS",
    "STAKE_RULES",
    "Approved",
    "PlayerAgreement",
    "PokerChangeNotice",
    "PokerSetting",
    "commission_change_decision",
    "give_poker_notice",
    "minimum_table_stake_change",
    "poker_change_decision",
    "stake_notice_rule",
]

#: 003 s259(3)(a), s295(3)(a): the advance sign is displayed for at least 20 minutes.
NOTICE_PERIOD = timedelta(minutes=20)
#: 002 r6.9: prior notice of at least three hands.
NOTICE_HANDS = 3

PokerSetting = Literal["game", "minimum_buy_in", "betting_limit", "betting_type"]
#: The settings 002 r6.9 governs.
POKER_SETTINGS: tuple[str, ...] = ("game", "minimum_buy_in", "betting_limit", "betting_type")

_STAKE_RULES = {"manila_poker": "003 s259(3)", "draw_poker": "003 s295(3)"}
#: The section that governs a higher minimum table stake, per game.
STAKE_RULES: dict[str, str] = dict(_STAKE_RULES)


def _casino_tz() -> tzinfo:
    try:
        return ZoneInfo("Australia/Brisbane")
    except ZoneInfoNotFoundError:  # no tz database: Brisbane keeps UTC+10 all year
        return timezone(timedelta(hours=10), "AEST")


@dataclass(frozen=True)
class Approved:
    """A change the rules allow; ``reason`` says why, for the audit trail."""

    reason: str
    rule: str

    @property
    def message(self) -> str:
        """The reason, under the name a Violation uses for its line."""
        return self.reason


@dataclass(frozen=True)
class PlayerAgreement:
    """Players' agreement to a change, as a staff member recorded it.

    ``confirmed_by`` names the staff member who confirmed it; ``agreeing`` of
    ``players_at_table`` players agreed.
    """

    confirmed_by: str
    agreeing: int
    players_at_table: int

    def check(self) -> PlayerAgreement:
        """Return self, or raise ``ValueError`` if the record is incomplete or impossible."""
        if (
            not isinstance(self.confirmed_by, str)
            or not self.confirmed_by.strip()
            or not self.confirmed_by.isprintable()
        ):
            raise ValueError("a players' agreement must name, on one line, the staff member who confirmed it")
        for name in ("agreeing", "players_at_table"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"players' agreement: {name} must be a whole number, 0 or more, not {value!r}")
        if self.agreeing > self.players_at_table:
            raise ValueError(
                f"players' agreement: {self.agreeing} players agreeing but only {self.players_at_table} at the table"
            )
        return self

    @property
    def unanimous(self) -> bool:
        """Every player at the table agreed (003 s259(3)(b)); true of an empty table."""
        return self.agreeing == self.players_at_table

    @property
    def majority(self) -> bool:
        """More than half of the players at the table agreed (002 r6.9)."""
        return self.players_at_table > 0 and 2 * self.agreeing > self.players_at_table


def _aware(value: Any, name: str) -> datetime:
    if not isinstance(value, datetime):
        raise ValueError(f"{name} must be a date and time, not {value!r}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must carry its timezone (UTC inside), not a naive time {value.isoformat()}")
    return value


def _clock(value: datetime, tz: tzinfo) -> str:
    local = value.astimezone(tz)
    return local.strftime("%H:%M" if local.second == 0 and local.microsecond == 0 else "%H:%M:%S")


def _duration(span: timedelta) -> str:
    seconds = int(span.total_seconds())
    minutes, seconds = divmod(seconds, 60)
    text = f"{minutes} minute{'s' if minutes != 1 else ''}"
    return text + (f" {seconds} second{'s' if seconds != 1 else ''}" if seconds else "")


def stake_notice_rule(game: str) -> str | None:
    """The rule that makes a higher minimum table stake of ``game`` wait for a notice displayed for
    :data:`NOTICE_PERIOD` (003 s259(3), s295(3)), or ``None`` for a game without one."""
    return _STAKE_RULES.get(game)


def minimum_table_stake_change(
    game: str,
    current_cents: int,
    new_cents: int,
    effective_at: datetime,
    notice_from: datetime | None,
    agreement: PlayerAgreement | None = None,
    *,
    notice_until: datetime | None = None,
    tz: tzinfo | None = None,
) -> Approved | Violation:
    """May a manila or draw poker table's minimum table stake change at ``effective_at``?

    ``game`` is ``"manila_poker"`` (003 s259(3)) or ``"draw_poker"`` (003 s295(3)).  A
    decrease or no change is approved at once.  An increase is approved if a sign showing
    the new minimum and the proposed time was displayed at or near the table from
    ``notice_from`` for at least 20 minutes before ``effective_at`` (and still is at that
    time: ``notice_until`` is when it was taken down, ``None`` if it is still up), or if
    ``agreement`` records that every player at the table agreed.  ``tz`` is the timezone
    times are shown in (default Australia/Brisbane).
    """
    if game not in _STAKE_RULES:
        raise ValueError(f"the minimum table stake rule is for manila_poker or draw_poker, not {game!r}")
    rule = _STAKE_RULES[game]
    for name, value in (("current minimum table stake", current_cents), ("new minimum table stake", new_cents)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole, non-negative number of cents, not {value!r}")
    effective_at = _aware(effective_at, "the time of the change")
    tz = tz or _casino_tz()
    if new_cents <= current_cents:
        return Approved(
            f"minimum table stake {money(current_cents)} -> {money(new_cents)}: not an increase, "
            f"applies at once ({rule} restricts increases only)",
            rule,
        )
    if agreement is not None and agreement.check().unanimous:
        return Approved(
            f"minimum table stake raised to {money(new_cents)} with the agreement of all "
            f"{agreement.players_at_table} players, confirmed by {agreement.confirmed_by} ({rule}(b))",
            rule,
        )
    agreed = ""
    if agreement is not None:
        agreed = f"; only {agreement.agreeing} of {agreement.players_at_table} players agreed, and all must"
    if notice_from is None:
        return Violation(
            rule,
            f"raising the minimum table stake to {money(new_cents)} at "
            f"{_clock(effective_at, tz)} needs a sign showing the new minimum and that time at or "
            f"near the table for at least 20 minutes before it, and none was shown{agreed} ({rule})",
            key="minimum_table_stake_cents",
        )
    notice_from = _aware(notice_from, "the time the notice was first shown")
    if notice_until is not None and _aware(notice_until, "the time the notice was taken down") < effective_at:
        return Violation(
            rule,
            f"the notice of the new minimum {money(new_cents)} was taken down at "
            f"{_clock(notice_until, tz)}, before the change at {_clock(effective_at, tz)}; it must "
            f"stay up until the change{agreed} ({rule})",
            key="minimum_table_stake_cents",
        )
    shown = effective_at - notice_from
    if shown < NOTICE_PERIOD:
        if shown < timedelta(0):
            span = f"only from {_clock(notice_from, tz)}, after the change at {_clock(effective_at, tz)}"
        else:
            span = f"from {_clock(notice_from, tz)} only {_duration(shown)} before {_clock(effective_at, tz)}"
        return Violation(
            rule,
            f"notice of the new minimum table stake {money(new_cents)} shown {span}; needs 20 minutes{agreed} ({rule})",
            key="minimum_table_stake_cents",
        )
    return Approved(
        f"minimum table stake raised to {money(new_cents)} at {_clock(effective_at, tz)}: notice "
        f"shown from {_clock(notice_from, tz)}, {_duration(shown)} before ({rule}(a))",
        rule,
    )


@dataclass(frozen=True)
class PokerChangeNotice:
    """A pending 002 r6.9 change and how many hands the players have had notice of it.

    Made with :func:`give_poker_notice`; after every completed hand the backend replaces
    it with :meth:`after_hand`.  A hand already being played when the notice was given
    does not count (``skip_current_hand``): the players had notice of only part of it.
    """

    setting: str
    new_value: str
    given_by: str
    hands_completed: int = 0
    skip_current_hand: bool = False

    def after_hand(self) -> PokerChangeNotice:
        """The notice after the hand being played completes."""
        if self.skip_current_hand:
            return replace(self, skip_current_hand=False)
        return replace(self, hands_completed=self.hands_completed + 1)


def give_poker_notice(setting: str, new_value: Any, given_by: str, *, hand_in_progress: bool) -> PokerChangeNotice:
    """Start the 002 r6.9 notice of a change to the game, minimum buy-in, betting limit or betting type."""
    if setting not in POKER_SETTINGS:
        raise ValueError(f"002 r6.9 governs {', '.join(POKER_SETTINGS)}; not {setting!r}")
    if not isinstance(given_by, str) or not given_by.strip() or not given_by.isprintable():
        raise ValueError(
            "a change notice must name, on one line, the Poker Supervisor (or above) who gave it (002 r6.9)"
        )
    shown = money(new_value) if isinstance(new_value, int) and not isinstance(new_value, bool) else str(new_value)
    if not shown.strip() or not shown.isprintable():
        raise ValueError(f"the new {setting.replace('_', ' ')} must be one line of text, not {new_value!r}")
    return PokerChangeNotice(setting, shown, given_by.strip(), 0, bool(hand_in_progress))


def poker_change_decision(
    notice: PokerChangeNotice, *, hand_in_progress: bool, agreement: PlayerAgreement | None = None
) -> Approved | Violation:
    """May the noticed 002 r6.9 change be made now?

    Only at the completion of a hand (not while ``hand_in_progress``), and only after
    notice of at least three hands (:attr:`PokerChangeNotice.hands_completed`) or with a
    majority of the players agreeing (then no notice is needed).
    """
    rule = "002 r6.9"
    what = f"changing the {notice.setting.replace('_', ' ')} to {notice.new_value}"
    if hand_in_progress:
        return Violation(
            rule, f"{what} must wait for the completion of the hand being played ({rule})", key=notice.setting
        )
    if agreement is not None and agreement.check().majority:
        return Approved(
            f"{what}: {agreement.agreeing} of {agreement.players_at_table} players agreed, "
            f"confirmed by {agreement.confirmed_by} ({rule})",
            rule,
        )
    if notice.hands_completed >= NOTICE_HANDS:
        return Approved(
            f"{what}: notice given by {notice.given_by} {notice.hands_completed} hands before ({rule})", rule
        )
    more = NOTICE_HANDS - notice.hands_completed
    return Violation(
        rule,
        f"{what} needs prior notice of at least {NOTICE_HANDS} hands or a majority of players "
        f"agreeing; {notice.hands_completed} hand{'s' if notice.hands_completed != 1 else ''} "
        f"completed since notice, {more} more to go ({rule})",
        key=notice.setting,
    )


def commission_change_decision(
    new_rake: Any, *, hand_in_progress: bool, signs_changed: bool, unchanged: str | None = None
) -> Approved | Violation:
    """May a poker table's commission method or amount change now (002 r7.3, r7.4)?

    Only before a hand commences (not while ``hand_in_progress``) and with the table
    signs changed to match.  ``new_rake`` is a RakeSettings (or mapping) valid under
    002 r7.1/r7.2, or ``None`` / a zero amount for nil commission (r7.4, which lets the
    commission be varied to nil; the timing and signs of r7.3 still apply to it).
    ``unchanged`` says why the signs are not changed, for the message.
    """
    rule = "002 r7.3"
    if hand_in_progress:
        return Violation(
            rule,
            f"the commission may be varied only before a hand commences; wait for the hand "
            f"being played to complete ({rule})",
            key="rake",
        )
    if not signs_changed:
        then = f" ({unchanged}); it waits until they do" if unchanged else "; change the signs with it"
        return Violation(
            rule,
            f"the commission may be varied only if the table signs are changed to show it{then} ({rule})",
            key="rake",
        )
    if is_nil_rake(new_rake):
        return Approved(
            "commission varied to nil (002 r7.4), signs changed, before a hand commences (002 r7.3)", "002 r7.4"
        )
    errors = [v for v in rake_violations(new_rake) if v.severity == "error"]
    if errors:
        return errors[0]
    return Approved(f"commission varied before a hand commences with the signs changed ({rule})", rule)
