"""The one exception a subcommand raises to end with a message for the user.

It lives apart from :mod:`kiosk.cli` (the package face) so that the subcommand modules
import it without importing the entry point that discovers them.
"""

from __future__ import annotations

__all__ = ["CommandError"]


class CommandError(Exception):
    """A one-line message for the user; ``exit_code`` is the process exit code."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
