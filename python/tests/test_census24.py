"""The Python package against the CLI and the rules: every function, bad
input, and agreement with `census24` on every four-card hand.

    pip install ./python pytest && pytest python/tests

The CLI comparisons need the census24 binary: $CENSUS24_BIN, or
target/release/census24 of the clone.
"""

import json
import os
import subprocess
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

import census24

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("CENSUS24_BIN", str(ROOT / "target" / "release" / "census24"))
FOUR = [" ".join(map(str, h)) for h in combinations_with_replacement(range(1, 14), 4)]


def cli(*args, stdin=None):
    if not Path(BIN).exists():
        pytest.skip(f"no census24 binary at {BIN} (set CENSUS24_BIN)")
    return subprocess.run([BIN, *args], input=stdin, capture_output=True, text=True).stdout


def test_solve_prints_the_simplest_and_none_when_unsolvable():
    assert census24.solve("3 3 8 8") == "8/(3-8/3)"
    assert census24.solve([1, 1, 5, 5]) == "(1+5)*(5-1)"
    assert census24.solve("1 1 1 1") is None
    assert census24.solve("1 2", target=Fraction(1, 2)) == "1/2"
    assert census24.solve("1 2", target="1/2") == "1/2"
    assert census24.solve("3 3 8 8", rules="integer") is None
    assert census24.solve("100 75 50 25 6 3", target=952, rules="natural", use="any") is not None


def test_check_names_the_first_fault():
    v = census24.check("3 3 8 8", "8/(3-8/3)")
    assert v.correct and v.reason is None and v.value == "24" and bool(v)
    assert v.cards_used == [8, 3, 8, 3]
    assert census24.check([3, 3, 8, 8], "8*3").reason == "leaves 3 and 8 unused"
    assert census24.check("4 7 6 1", "4/(7/6-1)").correct
    v = census24.check("3 3 8 8", "8/(3-8/3)", rules="integer")
    assert v.reason == "8/3 is not a whole number under integer rules" and v.value == "24"
    assert census24.check("1 2 3 4", "-1+2+3*4").reason == "not an expression: unary minus at 1"


def test_many_forms_agree_with_one_at_a_time():
    hands = FOUR[:300]
    assert census24.solve_many(hands) == [census24.solve(h) for h in hands]
    pairs = [(h, s or "1") for h, s in zip(hands, census24.solve_many(hands))]
    verdicts = census24.check_many(pairs)
    assert [v.correct for v in census24.check_many([list(p) for p in pairs])] == [v.correct for v in verdicts]
    assert [v.correct for v in verdicts] == [census24.check(h, a).correct for h, a in pairs]


def test_solutions_count_reachable_and_difficulty():
    assert census24.solutions("3 3 8 8") == ["8/(3-8/3)"]
    assert census24.count("1 1 5 5", distinct="structural") >= census24.count("1 1 5 5")
    reach = census24.reachable("1 2 3", 1, 10)
    assert reach and all(1 <= t <= 10 for t in reach)
    assert all(census24.check("1 2 3", s, target=t).correct for t, s in reach.items())
    d = census24.difficulty("1 3 4 6")
    assert d.tier == "expert" and d.time_s > 60 and 0 < d.solve_rate < 1
    assert d.time_p80_s > d.time_s
    assert census24.difficulty("1 1 1 1") is None


@pytest.mark.parametrize(
    "call",
    [
        lambda: census24.solve("3 x 8 8"),
        lambda: census24.solve("3 3 8 8", rules="odd"),
        lambda: census24.solve("3 3 8 8", target="1/0"),
        lambda: census24.check("3 3 8 8", "8*3", use="some"),
        lambda: census24.solutions("3 3 8 8", distinct="similar"),
        lambda: census24.solve(3),
        lambda: census24.solve("3 3 8 8", target=2**70),
        lambda: census24.puzzles(all=True, stratify=True),
    ],
)
def test_bad_input_raises_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_every_four_card_hand_agrees_with_the_cli():
    text = "".join(h + "\n" for h in FOUR)
    out = cli("solve", "--stdin", stdin=text)
    want = {}
    for line in out.splitlines():
        hand, answer = line.split(": ", 1)
        want[hand] = None if answer == "no solution" else answer
    assert census24.solve_many(FOUR) == [want[h] for h in FOUR]
    counts = json.loads("[" + ",".join(cli("solve", "--stdin", "--all", "--json", stdin=text).splitlines()) + "]")
    by_cli = {o["hand"]: [s["expression"] for s in o["solutions"]] for o in counts}
    total = 0
    for h in FOUR:
        mine = census24.solutions(h)
        assert mine == by_cli[h], h
        total += len(mine)
    assert total == 3017, "dissimilar solutions of every four-card hand"


def test_puzzles_are_the_cli_split():
    mine = census24.puzzles(n=40, stratify=True, seed=3)
    assert len(mine) == 40 and {p["tier"] for p in mine} == {"easy", "medium", "hard", "expert"}
    data = str(ROOT / "data")
    lines = cli("pick", "--data", data, "-n", "40", "--stratify", "--seed", "3", "--format", "jsonl").splitlines()
    assert mine == [json.loads(line) for line in lines]
    every = census24.puzzles(all=True, ops=["add-sub", "product", "division"])
    assert len(every) == 1362 - 16
    for p in mine:
        assert all(census24.check(p["hand"], s).correct for s in p["solutions"])


def test_check_agrees_with_the_independent_grader():
    """The oracle of tests/grade_oracle.py (fractions, written from the
    rules) against census24.check_many, over its 36 000 answers."""
    import importlib.util
    import sys

    if not Path(BIN).exists():
        pytest.skip(f"no census24 binary at {BIN} (set CENSUS24_BIN)")
    spec = importlib.util.spec_from_file_location("grade_oracle", ROOT / "tests" / "grade_oracle.py")
    oracle = importlib.util.module_from_spec(spec)
    sys.argv = [sys.argv[0], BIN]
    spec.loader.exec_module(oracle)
    oracle.BIN = BIN
    groups = {}
    for h, a, t, r, u in oracle.cases():
        groups.setdefault((t, r, u), []).append((list(h), a))
    n = 0
    for (t, r, u), items in groups.items():
        verdicts = census24.check_many(items, target=t, rules=r, use=u)
        for (h, a), v in zip(items, verdicts):
            correct, shown = oracle.oracle(h, a, t, r, u)
            assert (v.correct, v.value) == (correct, shown), (h, a, t, r, u, v)
            n += 1
    assert n >= 20000
