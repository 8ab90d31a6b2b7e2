"""The identity memo: a value is worked out once per object and qualifier, an equal but other
object is worked out afresh, and past its limit the memo starts again."""

from __future__ import annotations

from kiosk.scene.memo import IdentityMemo


def test_a_value_is_worked_out_once_per_object_and_qualifier():
    memo: IdentityMemo[int] = IdentityMemo(10)
    calls: list[str] = []

    def work(tag: str) -> int:
        calls.append(tag)
        return len(calls)

    a, b = [1, 2], [1, 2]  # equal, not the same object
    assert memo.get(a, lambda: work("a")) == 1
    assert memo.get(a, lambda: work("again")) == 1
    assert memo.get(b, lambda: work("b")) == 2
    assert memo.get(a, lambda: work("a, q"), "q") == 3
    assert calls == ["a", "b", "a, q"]


def test_past_its_limit_the_memo_starts_again():
    memo: IdentityMemo[str] = IdentityMemo(2)
    kept = [object() for _ in range(3)]
    for i, obj in enumerate(kept):
        memo.get(obj, lambda i=i: f"v{i}")
    assert memo.get(kept[2], lambda: "new") == "v2"  # the third started the memory again
    assert memo.get(kept[0], lambda: "new") == "new"
