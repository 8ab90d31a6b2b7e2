"""What waits for the signed-in person, without Qt: jackpot proposals that need a second
administrator (ux-review C7).

A change of a jackpot's seed, contribution rate or way of sharing is proposed by one
administrator and approved by another person (the product's two-person control, docs/readings.md
P-4).  :func:`inbox` lists the proposals of every link with their old and new values ("Seed
$10,000 → $15,000"): offered to approve to an administrator who did not propose them, and to their
proposer only as "waiting for a second administrator", never with an Approve.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kiosk.rules.money import format_money
from kiosk.state.shapes import LinkState
from kiosk.views import builders

__all__ = [
    "InboxItem",
    "approve_command",
    "approved_words",
    "change_words",
    "current_value",
    "inbox",
    "proposal_words",
]

_NAMES = {"seed_cents": "Seed", "contribution_bp": "Contribution", "sharing": "Sharing"}
_METER = {"seed_cents": "seed_cents", "contribution_bp": "rate_bp"}


def _value(key: str, value: Any) -> str:
    if value is None:
        return "none"
    if key.endswith("_cents") and isinstance(value, int):
        return format_money(value)
    if key == "contribution_bp" and isinstance(value, int):
        return f"{value / 100:g} % of each jackpot wager"
    return str(value).replace("_", " ")


def current_value(link: Mapping[str, Any], key: str) -> Any:
    """The value a proposal's change ``key`` replaces in ``link`` (a contribution is the meter's
    ``rate_bp``; the way of sharing is the link's own)."""
    if key == "sharing":
        return link.get("sharing")
    meter: Mapping[str, Any] = link.get("meter") or {}
    return meter.get(_METER.get(key, key))


def change_words(key: str, old: Any, new: Any) -> tuple[str, str, str]:
    """A proposal's change ``key`` as its name and its old and new values in words:
    ("Seed", "$10,000", "$15,000"); a contribution in percent, not in dollars."""
    return _NAMES.get(key, key.replace("_", " ").capitalize()), _value(key, old), _value(key, new)


def proposal_words(link: LinkState, proposal: Mapping[str, Any]) -> str:
    """A proposal's changes with the values they replace: "Seed $10,000 → $15,000"."""
    parts = []
    for key, new in (proposal.get("changes") or {}).items():
        if key == "sharing_words":
            continue
        name, was, now = change_words(key, current_value(link, key), new)
        parts.append(f"{name} {was} → {now}")
    return "; ".join(parts) or "no change"


@dataclass(frozen=True)
class InboxItem:
    """One proposal: which link and proposal, its words, who proposed it, and whether the signed-in
    person may approve it (an administrator who did not propose it)."""

    link_id: str
    proposal_id: str
    words: str
    by: str
    at: str
    mine: bool
    can_approve: bool

    @property
    def status(self) -> str:
        if self.mine:
            return "waiting for a second administrator (another person approves it)"
        if self.can_approve:
            return "waiting for your approval"
        return "waiting for an administrator"


def inbox(links: Mapping[str, LinkState], session: Mapping[str, Any]) -> list[InboxItem]:
    """Every jackpot proposal waiting, oldest first, as the signed-in ``session`` (``GET
    /api/v1/session``: name, role, token_id, person) sees it: the proposer is the same person as
    the service judges it (a token issued by a token acts for the same person)."""
    out = []
    for link_id, link in links.items():
        name = link.get("name") or "jackpot"
        for pid, proposal in (link.get("proposals") or {}).items():
            mine = bool(
                (proposal.get("token_id") and proposal.get("token_id") == session.get("token_id"))
                or (proposal.get("person") or proposal.get("by")) in (session.get("person"), session.get("name"))
            )
            out.append(
                InboxItem(
                    link_id,
                    pid,
                    f"{name}: {proposal_words(link, proposal)}",
                    str(proposal.get("by") or ""),
                    str(proposal.get("at") or ""),
                    mine,
                    session.get("role") == "admin" and not mine,
                )
            )
    return sorted(out, key=lambda item: (item.at, item.link_id, item.proposal_id))


def approve_command(item: InboxItem, link: Mapping[str, Any] | None) -> dict[str, Any]:
    """The ``jackpot_approve`` command for ``item``, expecting ``link``'s version when it is known."""
    return builders.jackpot_approve(
        item.link_id, item.proposal_id, expected_version=link["version"] if link is not None else None
    )


def approved_words(item: InboxItem, by: str | None = None) -> str:
    """What an approval of ``item`` says when it succeeds; ``by`` the second administrator who
    approved it on another person's console."""
    who = f" by {by}:" if by else ""
    return f"Approved{who} {item.words} (proposed by {item.by}); the meter uses it now."
