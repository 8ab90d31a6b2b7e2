"""Check the commit messages since the rule began (docs/architecture.md, "Commits").

A subject of at most 72 characters, starting with a capital letter and not ending with a full
stop; if there is more, a blank line and then the body. Commits before ``SINCE`` are history and
are not checked. Exit 0 when every message keeps the rule, 1 with one line per message that does
not (its short hash and what is wrong).
"""

from __future__ import annotations

import subprocess
import sys

SINCE = "da5344524321c15aeddf9ba3f9419514f59d20a8"  # the last commit before the rule
MAX_SUBJECT = 72


def problems(message: str) -> list[str]:
    """What is wrong with one commit message (empty when nothing is)."""
    lines = message.rstrip("\n").split("\n")
    subject = lines[0]
    out = []
    if len(subject) > MAX_SUBJECT:
        out.append(f"subject is {len(subject)} characters (at most {MAX_SUBJECT})")
    if not subject[:1].isupper():
        out.append("subject does not start with a capital letter")
    if subject.endswith("."):
        out.append("subject ends with a full stop")
    if len(lines) > 1 and lines[1].strip():
        out.append("no blank line between the subject and the body")
    return out


def main() -> int:
    known = subprocess.run(["git", "cat-file", "-e", f"{SINCE}^{{commit}}"], capture_output=True)
    if known.returncode != 0:
        print(f"commit messages: {SINCE[:10]} is not in this clone (shallow?); not checked")
        return 0
    log = subprocess.run(
        ["git", "log", "--no-merges", "--format=%h%x00%B%x01", f"{SINCE}..HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    bad = 0
    for entry in filter(str.strip, log.split("\x01")):
        short, message = entry.lstrip("\n").split("\x00", 1)
        for problem in problems(message):
            print(f"commit {short}: {problem}: {message.splitlines()[0][:80]!r}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
