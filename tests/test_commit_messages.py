"""The commit-message rule of `make check` (.ci/commit_messages.py): what it refuses."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.fixtures.paths import ROOT

_spec = importlib.util.spec_from_file_location("commit_messages", ROOT / ".ci" / "commit_messages.py")
assert _spec is not None and _spec.loader is not None
commit_messages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(commit_messages)


def test_a_short_imperative_subject_with_a_body_after_a_blank_line_passes():
    assert commit_messages.problems("Move the display process into kiosk/ui/display\n\nWhy it moved.\n") == []
    assert commit_messages.problems("Fix the meter's last cent") == []


def test_each_broken_part_is_named():
    assert commit_messages.problems("x" * 73) == [
        "subject is 73 characters (at most 72)",
        "subject does not start with a capital letter",
    ]
    assert commit_messages.problems("Fix it.\nno blank line") == [
        "subject ends with a full stop",
        "no blank line between the subject and the body",
    ]


def test_this_repository_keeps_the_rule():
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "commit_messages.py")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
