"""Named staff sign-in on one computer (ux-review C4), without Qt: each person's PIN or password
stands for their own token; the token is never written in clear; an earlier unnamed PIN still
works."""

from __future__ import annotations

import json
import stat

import pytest

from kiosk.ui.staff.credentials import Credentials, CredentialsError, WrongSecret

SERVER = "http://pit.example:8080"
PAT, ALEX = "tok-pat-" + "p" * 35, "tok-alex-" + "a" * 34


def test_each_person_signs_in_with_their_own_pin_or_password(tmp_path):
    creds = Credentials(tmp_path, use_keyring=False)
    assert creds.people(SERVER) == []
    creds.set_secret(SERVER, "Pat Pit", "4321", PAT)
    creds.set_secret(SERVER, "Alex Admin", "correct horse battery", ALEX)
    assert creds.people(SERVER) == ["Alex Admin", "Pat Pit"]  # the last one set first
    assert creds.token_for(SERVER, "Pat Pit", "4321") == PAT
    assert creds.people(SERVER)[0] == "Pat Pit"  # the last to sign in is offered first
    assert creds.token_for(SERVER, "Alex Admin", "correct horse battery") == ALEX
    with pytest.raises(WrongSecret, match="^wrong PIN or password for Pat Pit$"):
        creds.token_for(SERVER, "Pat Pit", "correct horse battery")  # another person's secret
    with pytest.raises(CredentialsError, match="Sam has no PIN") as err:
        creds.token_for(SERVER, "Sam", "4321")
    assert not isinstance(err.value, WrongSecret)  # not a guess: the screens do not count it
    text = creds.file.read_text(encoding="utf-8")
    assert PAT not in text and ALEX not in text and "4321" not in text  # never in clear
    assert stat.S_IMODE(creds.file.stat().st_mode) == 0o600
    creds.forget_person(SERVER, "Pat Pit")
    assert creds.people(SERVER) == ["Alex Admin"]


@pytest.mark.parametrize(
    ("secret", "ok"),
    [
        ("123", False),
        ("1234", True),
        ("12345678", True),
        ("123456789", False),
        ("short", False),
        ("eight ch", True),
        ("x" * 128, True),
        ("x" * 129, False),
    ],
)
def test_a_pin_is_4_to_8_digits_and_a_password_8_or_more_characters(tmp_path, secret, ok):
    creds = Credentials(tmp_path, use_keyring=False)
    if ok:
        creds.set_secret(SERVER, "Pat Pit", secret, PAT)
        assert creds.token_for(SERVER, "Pat Pit", secret) == PAT
    else:
        with pytest.raises(CredentialsError, match="^a PIN is 4 to 8 digits; a password is 8 to 128 characters$"):
            creds.set_secret(SERVER, "Pat Pit", secret, PAT)


def test_the_unnamed_pin_of_an_earlier_release_still_signs_in(tmp_path):
    creds = Credentials(tmp_path, use_keyring=False)
    creds.set_pin(SERVER, "9876", PAT)
    assert json.loads(creds.file.read_text(encoding="utf-8"))["pins"][SERVER]["masked"]
    assert creds.has_pin(SERVER) and creds.token_for_pin(SERVER, "9876") == PAT
    assert creds.people(SERVER) == []


def test_a_few_wrong_pins_are_free_then_each_makes_the_next_try_wait_longer():
    """Every sequence of up to eight tries (wrong or right), at a clock that only reads what the
    count says: the first three wrong ones in a row cost nothing, then 30 s doubled per wrong one
    up to 5 minutes; a right one clears the count."""
    from itertools import product

    from kiosk.ui.staff.credentials import Attempts

    for tries in (seq for n in range(9) for seq in product((False, True), repeat=n)):
        attempts, run, now = Attempts(), 0, 1000.0
        for right in tries:
            assert attempts.wait(now) == 0.0  # each try made once the wait is over
            if right:
                attempts.succeeded()
                run = 0
            else:
                attempts.failed(now)
                run += 1
            want = 0.0 if run < 3 else min(300.0, 30.0 * 2 ** (run - 3))
            assert attempts.wait(now) == want
            if run < 3:
                left = 3 - run
                assert attempts.refusal(now) == (
                    f"{left} more wrong {'try' if left == 1 else 'tries'} and the panel waits before the next"
                )
            else:
                assert attempts.refusal(now) == f"too many wrong tries: wait {round(want)} s before the next"
                assert attempts.wait(now + want / 2) == want / 2
            now += want
