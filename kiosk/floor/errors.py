"""The one exception the floor loader raises."""

from __future__ import annotations

__all__ = ["FloorError"]


class FloorError(ValueError):
    """A floor file that cannot be used.

    ``problems`` holds one line per problem, each naming the file, the table (or link or
    display) and the key at fault; ``str()`` is those lines joined by newlines.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))
