"""The one write path of every staff screen (dealer panel, pit console).

Every button or form sends exactly one command through :meth:`Operations.submit`:

- the control that sent it is disabled while the command is in flight (no double send) and enabled
  when it is answered; a screen whose controls follow the state decides them again on
  :attr:`Operations.finished` (the stream may have disabled the control first: the next legal action);
- a refusal by the law (:class:`~kiosk.state.errors.RuleRefused`, HTTP 422) shows its message
  and its citation in the :class:`Feedback` beside the control;
- a stale ``expected_version`` (:class:`~kiosk.state.errors.Conflict`, 409) says "changed by
  someone else" and hands the conflict to the screen, which shows the difference and offers to
  reload;
- an unreachable server shows the offline banner (:attr:`Operations.offline_changed`);
- success clears the feedback, or, given ``success`` words, says what was done in green (the pit
  console confirms every write: ux-review C1); the screen still changes when the event arrives
  on the stream, never from the reply (the stream is the only read path).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QWidget

from kiosk.state.client import KioskClient, ServerUnreachable
from kiosk.state.errors import Conflict, RuleRefused, StateError, StoreUnavailable
from kiosk.state.events import Event

__all__ = ["Outcome", "Feedback", "Operations"]


@dataclass(frozen=True)
class Outcome:
    """How one operation ended: ``kind`` is ok, refused, conflict, offline or error."""

    kind: str
    message: str = ""
    rule: str | None = None


class Feedback(QLabel):
    """One line under a control or form: the reason a command was refused, with its citation."""

    _STYLES = {
        "ok": "color:#0b3d12; background:#e3f5e6; border:2px solid #1b7a2e;",
        "refused": "color:#7a0010; background:#ffe3e6; border:2px solid #b00020;",
        "conflict": "color:#5a3b00; background:#fff2cc; border:2px solid #a66f00;",
        "offline": "color:#ffffff; background:#5c5c5c; border:2px solid #303030;",
        "error": "color:#7a0010; background:#ffe3e6; border:2px solid #b00020;",
    }

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.outcome: Outcome | None = None
        self.clear_outcome()

    def show_outcome(self, outcome: Outcome) -> None:
        """Show a refusal (message and citation), what a success did, or hide for a success
        without words."""
        self.outcome = outcome
        if outcome.kind == "ok" and not outcome.message:
            self.clear_outcome()
            return
        text = outcome.message
        if outcome.rule and outcome.rule not in text:
            text = f"{text} ({outcome.rule})"
        self.setText(text)
        self.setStyleSheet(f"QLabel {{ {self._STYLES.get(outcome.kind, '')} padding:6px; border-radius:4px; }}")
        self.setVisible(True)

    def clear_outcome(self) -> None:
        self.setText("")
        self.setVisible(False)


class Operations(QObject):
    """Runs commands for a screen through its client, one operation pattern for all.

    ``client`` is a :class:`~kiosk.state.client.KioskClient`.
    """

    offline_changed = Signal(bool, str)  # offline?, the banner's text
    finished = Signal(object)  # the Outcome of every operation, for logs and tests

    def __init__(self, client: KioskClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._client = client
        self._tasks: set[asyncio.Task[Outcome]] = set()
        self.offline = False

    def submit(
        self,
        command: dict[str, Any] | Callable[[], dict[str, Any]],
        *,
        control: QWidget | None = None,
        feedback: Feedback | None = None,
        on_conflict: Callable[[Conflict], None] | None = None,
        success: str | Callable[[list[Event]], str] = "",
    ) -> asyncio.Task[Outcome]:
        """Send one command; returns the task (tests await it).  ``success``: what the feedback
        says when it is accepted (or makes it from the events it committed)."""
        if control is not None:
            control.setEnabled(False)
        task = asyncio.ensure_future(self._run(command, control, feedback, on_conflict, success))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    @property
    def client(self) -> KioskClient:
        """The client this screen's operations are sent with."""
        return self._client

    async def _run(
        self,
        command: dict[str, Any] | Callable[[], dict[str, Any]],
        control: QWidget | None,
        feedback: Feedback | None,
        on_conflict: Callable[[Conflict], None] | None,
        success: str | Callable[[list[Event]], str] = "",
    ) -> Outcome:
        try:
            outcome = await self._send(command, on_conflict, success)
        finally:
            if control is not None:
                try:
                    control.setEnabled(True)
                except RuntimeError:  # the control was deleted while the command was in flight
                    pass
        if feedback is not None:
            try:
                feedback.show_outcome(outcome)
            except RuntimeError:
                pass
        self.finished.emit(outcome)
        return outcome

    async def _send(
        self,
        command: dict[str, Any] | Callable[[], dict[str, Any]],
        on_conflict: Callable[[Conflict], None] | None,
        success: str | Callable[[list[Event]], str] = "",
    ) -> Outcome:
        try:
            body = command() if callable(command) else command
        except (ValueError, StateError) as exc:  # a builder refused it before sending
            rule = getattr(exc, "rule", None)
            return Outcome("refused" if rule else "error", _one_line(exc), rule)
        try:
            reply = await self._client.execute(body)
        except RuleRefused as exc:
            self._set_offline(False)
            return Outcome("refused", _one_line(exc), exc.rule)
        except Conflict as exc:
            self._set_offline(False)
            if on_conflict is not None:
                on_conflict(exc)
            return Outcome("conflict", f"changed by someone else: {_one_line(exc)}")
        except (ServerUnreachable, StoreUnavailable) as exc:
            self._set_offline(True, _one_line(exc))
            return Outcome("offline", f"not sent: {_one_line(exc)}")
        except StateError as exc:
            self._set_offline(False)
            return Outcome("error", _one_line(exc), getattr(exc, "rule", None))
        self._set_offline(False)
        words = success(reply) if callable(success) else success
        return Outcome("ok", words)

    def _set_offline(self, offline: bool, reason: str = "") -> None:
        if offline != self.offline:
            self.offline = offline
            self.offline_changed.emit(offline, f"Offline: {reason}" if offline else "")

    async def drain(self) -> None:
        """Wait for every operation in flight (used when closing and by tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or exc.__class__.__name__
