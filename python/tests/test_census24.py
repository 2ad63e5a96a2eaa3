"""The Python package against the CLI and the rules: every function, bad
input, and agreement with `census24` on every four-card hand.

    pip install ./python pytest && pytest python/tests

The CLI comparisons need the census24 binary: $CENSUS24_BIN, or
target/release/census24 of the clone.
"""

import inspect
import json
import os
import re
import subprocess
import sys
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
    # One attribute per column of a prediction (rank's CSV header names
    # them), the column without "predicted_", then the tier.
    assert d.__dir__() == ["time_s", "time_p80_s", "solve_rate", "difficulty", "tier"]
    assert repr(d).startswith(f"Difficulty(time_s={d.time_s}, ") and repr(d).endswith('tier="expert")')
    with pytest.raises(AttributeError, match="no attribute 'time'"):
        d.time


@pytest.mark.parametrize(
    "call, arg",
    [
        (lambda: census24.solve("3 x 8 8"), "hand"),
        (lambda: census24.solve("3 3 8 8", rules="odd"), "rules"),
        (lambda: census24.solve("3 3 8 8", target="1/0"), "target"),
        (lambda: census24.check("3 3 8 8", "8*3", use="some"), "use"),
        (lambda: census24.solutions("3 3 8 8", distinct="similar"), "distinct"),
        (lambda: census24.solve("3 3 8 8", target=2**70), "target"),
        (lambda: census24.solve([2**70, 1]), "hand"),
        (lambda: census24.solve("3 3 8 8", closest="far"), "closest"),
        (lambda: census24.solve("3 3 8 8", max_steps=0), "max_steps"),
        (lambda: census24.solve("3 3 8 8", first=True, closest="below"), "first"),
        (lambda: census24.solve(" ".join(["14"] * 13)), "hand"),
        (lambda: census24.solve("1 2 3 4", deck="0"), "deck"),
        (lambda: census24.puzzles(all=True, stratify=True), "all"),
        (lambda: census24.puzzles(tiers="hard,impossible"), "tiers"),
        (lambda: census24.puzzles(ops=["product", "magic"]), "ops[1]"),
        (lambda: census24.puzzles(n=0), "n"),
        (lambda: census24.puzzles(min_time=9, max_time=3), "min_time"),
        (lambda: census24.puzzles(time_limit=float("nan")), "time_limit"),
        (lambda: census24.puzzles(min_dissimilar=5, max_dissimilar=2), "min_dissimilar"),
        (lambda: census24.puzzles(max_dissimilar=-1), "max_dissimilar"),
        (lambda: census24.puzzles(seed=-1), "seed"),
        (lambda: census24.reachable("1 2 3", 1, 2 * 10**9), "hi"),
        (lambda: census24.reachable("1 2 3", 0, 200000), "lo, hi"),
        (lambda: census24.check_many([("3 3 8 8",)]), "items[0]"),
        (lambda: census24.check_many([("3 3 8 8", "8/(3-8/3)"), ("3 3 8 8", "1", "2")]), "items[1]"),
        (lambda: census24.solve_many(["1 2 3 4", "1 x"]), "hands[1]"),
    ],
)
def test_bad_values_raise_one_line_value_errors_naming_the_argument(call, arg):
    with pytest.raises(ValueError) as e:
        call()
    message = str(e.value)
    assert message.startswith(arg + ": "), message
    assert "\n" not in message and "--" not in message, message


@pytest.mark.parametrize(
    "call, arg",
    [
        (lambda: census24.solve(b"3 3 8 8"), "hand"),
        (lambda: census24.solve(3), "hand"),
        (lambda: census24.solve([True, 2, 3, 4]), "hand"),
        (lambda: census24.solve([3, 3, 8, 8.0]), "hand"),
        (lambda: census24.solve("3 3 8 8", target=True), "target"),
        (lambda: census24.solve("3 3 8 8", target=24.0), "target"),
        (lambda: census24.solve("3 3 8 8", rules=b"rational"), "rules"),
        (lambda: census24.solve("3 3 8 8", first=1), "first"),
        (lambda: census24.solve("3 3 8 8", max_steps=True), "max_steps"),
        (lambda: census24.check("3 3 8 8", b"8*3"), "answer"),
        (lambda: census24.check_many("3 3 8 8"), "items"),
        (lambda: census24.check_many(["ab"]), "items[0]"),
        (lambda: census24.solve_many([b"1 2"]), "hands[0]"),
        (lambda: census24.puzzles(tiers=3), "tiers"),
        (lambda: census24.puzzles(hand_size=True), "hand_size"),
        (lambda: census24.puzzles(min_time="9"), "min_time"),
        (lambda: census24.reachable("1 2 3", 1.0, 10), "lo"),
    ],
)
def test_wrong_types_raise_one_line_type_errors_naming_the_argument(call, arg):
    with pytest.raises(TypeError) as e:
        call()
    message = str(e.value)
    assert message.startswith(arg + ": "), message
    assert "\n" not in message, message


def test_control_characters_and_long_values_stay_on_one_escaped_line():
    with pytest.raises(ValueError) as e:
        census24.solve("3 3 8 8", rules="x\n\x1b[31m" + "y" * 100_000)
    message = str(e.value)
    assert "\n" not in message and "\x1b" not in message
    assert "\\n" in message and len(message) < 2100, message[:200]


@pytest.mark.parametrize(
    "call, limit",
    [
        (lambda h: census24.solutions(h, distinct="none"), census24.MAX_TREE_CARDS),
        (lambda h: census24.count(h, distinct="none", use="any"), census24.MAX_TREE_CARDS),
        (lambda h: census24.solutions(h), census24.MAX_DISTINCT_CARDS),
        (lambda h: census24.count(h, distinct="structural"), census24.MAX_DISTINCT_CARDS),
        (lambda h: census24.difficulty(h), census24.MAX_DISTINCT_CARDS),
        (lambda h: census24.reachable(h, 1, 1000), census24.MAX_TARGETS_CARDS),
        (lambda h: census24.reachable(h, 1, 1000, use="any"), census24.MAX_TARGETS_CARDS),
        (lambda h: census24.solve(h, use="any"), census24.MAX_EXACT_CARDS),
        (lambda h: census24.solve(h), census24.MAX_BIG_CARDS),
    ],
)
def test_each_function_refuses_a_hand_past_its_limit_before_any_work(call, limit):
    """The issue's 1..8 with distinct="none" and reachable(1..8) aborted the
    interpreter on memory; now they are refused by size (a string or a
    list, counted before the cards are read)."""
    hand = [(i % 13) + 1 for i in range(limit + 1)]
    for h in (hand, " ".join(map(str, hand)), tuple(hand)):
        with pytest.raises(ValueError) as e:
            call(h)
        assert str(e.value).startswith("hand: %d cards given, but " % (limit + 1)), e.value
        assert str(e.value).endswith("takes at most %d" % limit), e.value
    assert limit == {census24.MAX_TREE_CARDS: 7, census24.MAX_DISTINCT_CARDS: 8,
                     census24.MAX_EXACT_CARDS: 12, census24.MAX_BIG_CARDS: 64}[limit]


def test_puzzles_take_games_of_at_most_five_cards():
    assert census24.MAX_PUZZLE_HAND_SIZE == 5
    with pytest.raises(ValueError, match=r"^hand_size: 6 is out of range \(1 to 5\)$"):
        census24.puzzles(hand_size=6, n=3)
    assert len(census24.puzzles(hand_size=2, n=3)) == 3


def test_a_search_past_its_budget_gives_up_rather_than_answer_none():
    """None proves a hand unsolvable; a search that ran out of steps proved
    nothing, so it raises GaveUp (a RuntimeError, not bad input)."""
    hand = "1 2 3 4 5 6 7 8 9"
    with pytest.raises(census24.GaveUp, match="needs more than 10 steps") as e:
        census24.solve(hand, target=Fraction(1, 999), max_steps=10)
    assert isinstance(e.value, RuntimeError) and not isinstance(e.value, ValueError)
    with pytest.raises(census24.GaveUp, match=r"^hands\[1\]: hand 1 2 3 4 5 6 7 8 9 with target 1/999"):
        census24.solve_many(["1", hand], target=Fraction(1, 999), max_steps=10)
    # The same hand with the default budget in the same process: no budget
    # leaks from one call to the next.
    assert census24.solve(hand, target=Fraction(1, 999)) is not None


def test_signatures_show_the_cores_defaults():
    sig = inspect.signature(census24.solve)
    defaults = {k: p.default for k, p in sig.parameters.items() if p.default is not p.empty}
    # None: the game's own value; the game is the registry's default.
    assert defaults == {"target": None, "rules": None, "use": None, "closest": None,
                        "first": False, "max_steps": 30_000_000, "deck": None, "game": None}
    assert census24.MAX_STEPS == 30_000_000
    assert census24.GAMES == ("24", "countdown", "krypto", "digits")
    assert census24.DEFAULT_GAME == "24"
    standard = (census24.STANDARD_TARGET, census24.STANDARD_RULES, census24.STANDARD_USE,
                census24.STANDARD_HAND_SIZE)
    assert standard == (24, "rational", "all", 4)
    sig = inspect.signature(census24.puzzles)
    assert (sig.parameters["n"].default, sig.parameters["seed"].default) == (12, 24)
    assert sig.parameters["hand_size"].default is None
    sig = inspect.signature(census24.solutions)
    assert list(sig.parameters) == ["hand", "target", "rules", "use", "distinct", "game"]
    assert sig.parameters["distinct"].default == "dissimilar"
    sig = inspect.signature(census24.read_table)
    assert (sig.parameters["values"].default, sig.parameters["deck"].default) == (None, None)


def test_the_games_list_is_the_command_lines():
    out = cli("games")
    names = [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]
    assert tuple(n for n in names if n in census24.GAMES) == census24.GAMES


def test_a_named_game_gives_the_defaults_and_arguments_replace_them():
    hand = "25 50 75 100 3 6"
    # Countdown: any selection of the tiles, whole non-negative steps.
    assert census24.check(hand, "100+6*3", target=118, game="countdown").correct
    assert not census24.check(hand, "100+6*3", target=118).correct  # 24: every card
    assert census24.check(hand, "100+6*3", target=118, use="any").correct
    assert census24.check(hand, "((100+6)*3*75-50)/25", target=952, game="countdown").correct
    answer = census24.solve(hand, target=952, game="countdown")
    assert census24.check(hand, answer, target=952, game="countdown").correct
    # A game of many targets needs one named; reachable lists them all,
    # as `census24 solve 25 50 75 100 3 6 --game countdown` does.
    with pytest.raises(ValueError, match="^target: this game plays targets 100..999"):
        census24.check(hand, "100", game="countdown")
    assert len(census24.reachable(hand, game="countdown")) == 832
    # It scores near misses: solve answers with the nearest value unless
    # told otherwise; an argument replaces the game's field.
    near = census24.solve("1 1 2 2 3 3", target=999, game="countdown")
    assert near is not None and not census24.check("1 1 2 2 3 3", near, target=999,
                                                   game="countdown").correct
    assert census24.solve("1 1 2 2 3 3", target=999, game="countdown", closest="exact") is None
    # Fractions: 24's rules; natural rules replace them.
    assert census24.solve("3 3 8 8") == "8/(3-8/3)"
    assert census24.solve("3 3 8 8", rules="natural") is None
    assert census24.solve("3 3 8 8", game="24", rules="natural") is None


def test_a_named_game_holds_the_hand_to_its_deck():
    with pytest.raises(ValueError, match="^hand: the hand has 5 cards 1; this game's deck"):
        census24.solve("1 1 1 1 1 2", target=100, game="countdown")
    with pytest.raises(ValueError, match="^hand: the hand has 3 cards; this game deals 4"):
        census24.solve("1 2 3", game="24")
    # No game named: any hand, under the standard game's rules.
    assert census24.check("1 2 3 4 5", "5*4+3+2-1").correct
    with pytest.raises(ValueError, match="^hand: the hand has 4 cards 1; this game's deck"):
        census24.check("1 1 1 1 2", "1+1+1+1+2", target=6, game="krypto")
    assert census24.check("1 1 1 2 3", "1+1+1+2+3", target=8, game="krypto").correct
    # Krypto deals its objective from the same deck after the hand: three
    # 5s in hand leave no 5 to deal, as `check --game krypto` refuses.
    need = "^hand: the hand and its objective need 4 cards 5; this game's deck \\(krypto\\) holds 3"
    with pytest.raises(ValueError, match=need):
        census24.check("5 5 5 1 2", "5*1*(5-5+2)", target=5, game="krypto")
    with pytest.raises(ValueError, match=need):
        census24.solve("5 5 5 1 2", target=5, game="krypto")
    with pytest.raises(ValueError, match="^hands\\[1\\]: the hand and its objective need 2 cards 25"):
        census24.solve_many(["1 2 3 4 5", "25 1 2 3 4"], target=25, game="krypto")
    assert census24.solve("5 5 5 1 2", target=6, game="krypto") is not None
    with pytest.raises(ValueError, match="^game: unknown game \"Countdown\""):
        census24.solve("1 2 3 4", game="Countdown")


def test_puzzles_and_read_table_take_a_game():
    assert census24.puzzles(n=3, game="24") == census24.puzzles(n=3)
    with pytest.raises(ValueError, match="^game: puzzles are picked from games of one target"):
        census24.puzzles(game="countdown")
    pytest.importorskip("polars")
    data = ROOT / "data"
    countdown = census24.read_table(data, game="countdown")
    assert countdown.equals(census24.read_table(
        data, hand_size=6, targets="100..999", rules="natural", use="any", values="1..100",
        deck="countdown"))
    house = census24.read_table(data, game="krypto")
    tournament = census24.read_table(data, game="krypto", rules="natural")
    assert house.height == tournament.height
    assert house["solvable"].sum() > tournament["solvable"].sum()


def test_the_stubs_agree_with_the_functions():
    """census24/__init__.pyi is written by hand: each function's parameters
    and defaults there are the ones Python sees."""
    import ast

    tree = ast.parse((ROOT / "python" / "census24" / "__init__.pyi").read_text())
    stubs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    assert set(stubs) == {name for name in census24.__all__ if callable(getattr(census24, name))
                          and inspect.isfunction(getattr(census24, name))}
    for name, stub in stubs.items():
        params = inspect.signature(getattr(census24, name)).parameters
        a = stub.args
        names = [x.arg for x in a.args + a.kwonlyargs]
        assert names == list(params), name
        pos_defaults = dict(zip([x.arg for x in a.args][len(a.args) - len(a.defaults):], a.defaults))
        kw_defaults = {x.arg: d for x, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None}
        for arg, node in {**pos_defaults, **kw_defaults}.items():
            assert ast.literal_eval(node) == params[arg].default, (name, arg)


def test_the_version_is_the_crates():
    cargo = (ROOT / "python" / "Cargo.toml").read_text()
    version = re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)
    assert census24.__version__ == version
    pyproject = (ROOT / "python" / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject and not re.search(r"^version =", pyproject, re.M)


def test_tiers_and_ops_take_a_string_as_the_command_line_does():
    expert = census24.puzzles(tiers="expert", n=5)
    assert len(expert) == 5 and {p["tier"] for p in expert} == {"expert"}
    assert census24.puzzles(tiers="hard,expert", n=6) == census24.puzzles(tiers=["hard", "expert"], n=6)
    product = census24.puzzles(ops="product", n=4)
    assert product == census24.puzzles(ops=("product",), n=4)
    assert {p["ops"] for p in product} == {"product"}


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


def test_puzzles_are_the_cli_split(tmp_path):
    mine = census24.puzzles(n=40, stratify=True, seed=3)
    assert len(mine) == 40 and {p["tier"] for p in mine} == {"easy", "medium", "hard", "expert"}
    # The table swept here rather than the shipped data, which may be from
    # another version of the tool while it is being made again.
    data = str(tmp_path)
    cli("sweep", "-k", "4", "--out", data, "--no-report", "-q")
    lines = cli("pick", "--data", data, "-n", "40", "--stratify", "--seed", "3", "--format", "jsonl").splitlines()
    assert mine == [json.loads(line) for line in lines]
    every = census24.puzzles(all=True, ops=["add-sub", "product", "division"])
    assert len(every) == 1362 - 16
    for p in mine:
        assert all(census24.check(p["hand"], s).correct for s in p["solutions"])


def test_puzzle_filters_are_picks_with_the_same_checks(tmp_path):
    """puzzles() builds the hand filter census24 rank and pick use: the same
    hands for the same filters, and one validation whose messages are the
    command line's in the arguments' names."""
    # No table under tmp_path: pick solves the game in memory, as puzzles does.
    data = str(tmp_path)
    for kwargs, flags in [
        (dict(min_dissimilar=2, max_dissimilar=3, ops="product"),
         ["--min-dissimilar", "2", "--max-dissimilar", "3", "--ops", "product"]),
        (dict(needs_fraction=True), ["--needs-fraction"]),
        (dict(ops="add-sub"), ["--ops", "add-sub"]),
        (dict(tiers="hard,expert", time_limit=30, min_dissimilar=4),
         ["--tier", "hard,expert", "--time-limit", "30", "--min-dissimilar", "4"]),
    ]:
        mine = census24.puzzles(all=True, **kwargs)
        lines = cli("pick", "--data", data, "--all", *flags, "--format", "jsonl").splitlines()
        assert mine == [json.loads(line) for line in lines], flags
        assert mine, flags
    assert len(census24.puzzles(all=True, needs_fraction=True)) == 16
    # Restricted to + and -, counts describe play with them (issue 33).
    add_sub = {p["hand"]: p for p in census24.puzzles(all=True, ops="add-sub")}
    assert add_sub["2 4 6 12"]["dissimilar"] == 1 and add_sub["2 4 6 12"]["solutions"] == ["2+4+6+12"]
    fractions = {p["hand"] for p in census24.puzzles(all=True, needs_fraction=True)}
    others = {p["hand"] for p in census24.puzzles(all=True, needs_fraction=False)}
    assert not fractions & others and len(fractions | others) == 1362
    with pytest.raises(ValueError, match=r"^min_dissimilar: 5 is above max_dissimilar 2$"):
        census24.puzzles(min_dissimilar=5, max_dissimilar=2)
    with pytest.raises(ValueError, match=r"^min_time: 9 is above max_time 3$"):
        census24.puzzles(min_time=9, max_time=3)
    if Path(BIN).exists():
        err = subprocess.run([BIN, "pick", "--data", data, "--min-dissimilar", "5", "--max-dissimilar", "2"],
                             capture_output=True, text=True).stderr
        assert "--min-dissimilar 5 is above --max-dissimilar 2" in err, err


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


@pytest.mark.parametrize("hand, target", [("1 2 3", 6), ("1 1 5 5", 24), ("2 3 4", 10), ("1 2 100", 101)])
def test_use_any_lists_every_selection_as_the_cli_does(hand, target):
    for distinct in ("dissimilar", "structural", "none"):
        out = cli("solve", "--all", "--use", "any", "--distinct", distinct, "--target", str(target),
                  *hand.split())
        want = [] if out == "no solution\n" else [line.split(": ", 1)[1] for line in out.splitlines()]
        mine = census24.solutions(hand, target=target, use="any", distinct=distinct)
        assert mine == want, (hand, distinct)
        assert census24.count(hand, target=target, use="any", distinct=distinct) == len(want)


@pytest.mark.parametrize("hand", ["1 2 3 4", "3 3 8 8", "1 1 5 5", "2 2 2"])
def test_every_tree_is_printed_as_the_cli_prints_it(hand):
    out = cli("solve", "--all", "--distinct", "none", *hand.split())
    want = [] if out == "no solution\n" else out.splitlines()
    assert census24.solutions(hand, distinct="none") == want
    assert census24.count(hand, distinct="none") == len(want)


@pytest.mark.parametrize(
    "hand, options",
    [
        ("1 1 1 1", {"closest": "nearest"}),
        ("1 1 1 1", {"closest": "below", "target": 3}),
        ("1 2 3 4", {"closest": "below", "target": 1000, "rules": "natural"}),
        ("3 8 8 9", {"first": True}),
        ("100 75 50 25 6 3", {"target": 952, "rules": "natural", "use": "any"}),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13", {"deck": "none", "target": 1000}),
    ],
)
def test_solve_takes_the_clis_options(hand, options):
    args = []
    for k, v in options.items():
        args += ["--" + k] if v is True else ["--" + k, str(v)]
    out = cli("solve", "--json", *args, *hand.split())
    want = json.loads(out)["expression"]
    assert census24.solve(hand, **options) == want
    assert want is not None
    if "closest" in options:
        value = census24.check(hand, want).value
        assert value == json.loads(out)["value"]


@pytest.mark.parametrize("use", ["all", "any"])
def test_reachable_is_solve_targets(use):
    out = cli("solve", "--targets", "1..60", "--use", use, "1", "3", "7")
    want = {int(t): e for t, e in (line.split(": ", 1) for line in out.splitlines())}
    assert census24.reachable("1 3 7", 1, 60, use=use) == want


@pytest.fixture()
def tables(tmp_path):
    """A one-target table (three cards) and a reach table (two cards) made
    by the command line, as `census24 sweep` files them."""
    cli("sweep", "-k", "3", "--out", str(tmp_path), "--no-report", "-q")
    cli("sweep", "-k", "2", "--targets", "1..50", "--out", str(tmp_path), "--no-report", "-q")
    return tmp_path


def test_read_table_reads_a_verified_table(tables):
    pl = pytest.importorskip("polars")
    hands = census24.read_table(tables, hand_size=3)
    assert hands.height == 455 and hands["hand"][0] == "1 1 1"
    solvable = hands.filter(pl.col("solvable"))["hand"].to_list()
    assert solvable == [h for h in hands["hand"] if census24.solve(h) is not None]
    solutions = census24.read_table(str(tables), "solutions", hand_size=3)
    assert solutions.height == sum(census24.count(h, distinct="structural") for h in solvable)
    folder = tables / "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3"
    assert census24.read_table(path=folder).equals(hands)
    assert census24.read_table(path=folder, file="hands.parquet").equals(hands)
    # The standard deck is filed as the default one, as the command line does.
    assert census24.read_table(tables, hand_size=3, deck="standard").equals(hands)
    reach = census24.read_table(tables, "reach", hand_size=2, targets=(1, 50))
    assert reach.equals(census24.read_table(tables, hand_size=2, targets="1..50"))
    assert reach.height == 91 * 50


def test_read_table_refuses_a_table_that_does_not_verify(tables):
    pytest.importorskip("polars")
    folder = tables / "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3"
    with pytest.raises(FileNotFoundError, match="no table in .*k=4: manifest.json is missing"):
        census24.read_table(tables, hand_size=4)
    with pytest.raises(ValueError, match="^file: the table in .* has no reach"):
        census24.read_table(path=folder, file="reach")
    with pytest.raises(ValueError, match="^path: .*give either path or the game"):
        census24.read_table(path=folder, hand_size=3)
    with pytest.raises(ValueError, match="^use: "):
        census24.read_table(tables, hand_size=3, use="any")
    # One flipped byte of a file the manifest lists, even one not asked for.
    solutions = folder / "solutions.parquet"
    good = solutions.read_bytes()
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 1
    solutions.write_bytes(bytes(bad))
    with pytest.raises(census24.TableError, match="solutions.parquet does not match the SHA-256"):
        census24.read_table(path=folder)
    solutions.write_bytes(good + b"x")
    with pytest.raises(census24.TableError, match="has %d bytes, but manifest.json lists %d" % (len(good) + 1, len(good))):
        census24.read_table(path=folder)
    solutions.write_bytes(good)
    census24.read_table(path=folder)
    # A changed manifest breaks its seal.
    manifest = folder / "manifest.json"
    text = manifest.read_text()
    manifest.write_text(text.replace('"hands": 455', '"hands": 456'))
    with pytest.raises(census24.TableError, match="do not match the seal"):
        census24.read_table(path=folder)
    manifest.write_text(text)
    # The table moved under another game's folder.
    moved = tables / "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=5"
    folder.rename(moved)
    with pytest.raises(census24.TableError, match="holds the table of .*k=3"):
        census24.read_table(tables, hand_size=5)
    assert issubclass(census24.TableError, ValueError)


def test_read_table_reads_the_large_sets_summary_with_its_shares(tmp_path):
    """The shipped summary of the census of large sets reads like a table
    (checked against its own manifest) and carries each set's shares, the
    figures `census24 rank --large-sets` prints for the same set."""
    pl = pytest.importorskip("polars")
    shipped = ROOT / "data" / "large-sets"
    sets = census24.read_table(path=shipped)
    assert sets.height == 2555190
    assert set(census24.SOLVABLE_SHARES) <= set(sets.columns)
    # The file's own columns, in order, as the package names them.
    assert sets.columns[:14] == census24.SET_LARGE + census24.SET_SOLVABLE + census24.SET_GAMES
    assert census24.SET_LARGE[0] == "large_1" and census24.SET_GAMES[4] == "games_4"
    standard = sets.filter(
        (pl.col("large_1") == 25) & (pl.col("large_2") == 50) & (pl.col("large_3") == 75) & (pl.col("large_4") == 100)
    ).row(0, named=True)
    want = sum(standard[f"solvable_{j}"] for j in range(5)) / sum(standard[f"games_{j}"] for j in range(5))
    assert standard["solvable_share"] == want
    assert standard["solvable_share_4"] == standard["solvable_4"] / standard["games_4"]
    ranked = cli("rank", "--game", "countdown", "--large-sets", "11..100", "--holding", "25 50 75 100",
                 "--format", "csv", "--data", str(shipped.parent))
    header, first = ranked.splitlines()[:2]
    row = dict(zip(header.split(","), first.split(",")))
    assert row["large"] == "25 50 75 100"
    assert abs(float(row["solvable_share"]) - want) < 5e-7
    assert census24.read_table(path=shipped, file="sets").equals(sets)
    assert census24.read_table(shipped).equals(sets)
    assert census24.read_table(str(shipped)).equals(sets)
    with pytest.raises(ValueError, match="^file: the summary in .* has no hands"):
        census24.read_table(path=shipped, file="hands")
    # A changed byte is refused, as a table's is.
    copy = tmp_path / "large-sets"
    copy.mkdir()
    for f in shipped.iterdir():
        (copy / f.name).write_bytes(f.read_bytes())
    data = bytearray((copy / "sets.parquet").read_bytes())
    data[len(data) // 2] ^= 1
    (copy / "sets.parquet").write_bytes(bytes(data))
    with pytest.raises(census24.TableError, match="sets.parquet: does not match the size and SHA-256"):
        census24.read_table(path=copy)


def test_read_table_raises_file_not_found_for_every_path_without_a_table(tables, tmp_path):
    """Each path where no table is raises the documented FileNotFoundError
    (one line, naming the path), never a bare OSError such as "Not a
    directory"."""
    pytest.importorskip("polars")
    folder = tables / "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=3"
    a_file = folder / "hands.parquet"
    for path, says in [
        (tmp_path / "missing", "no such folder"),
        (a_file, "it is a file, not a table's folder"),
        (a_file / "below", "no such folder"),
        ("", "the path is empty"),
        ("x" * 5000, "no such folder"),
        ("a\0b", "no such folder"),
        (tmp_path, "manifest.json is missing"),
    ]:
        with pytest.raises(FileNotFoundError, match="no table in .*" + re.escape(says)) as e:
            census24.read_table(path=path)
        assert "\n" not in str(e.value) and len(str(e.value)) < 600, str(e.value)
    # A data folder that is missing or is a file: no table of the game there.
    for data in [tmp_path / "missing", a_file]:
        with pytest.raises(FileNotFoundError, match="^no table in "):
            census24.read_table(data, hand_size=3)
    # The table itself still reads, from its folder as a str or a Path.
    assert census24.read_table(path=str(folder)).height == 455


def test_read_table_without_polars_names_the_extra(monkeypatch, tables):
    monkeypatch.setitem(sys.modules, "polars", None)
    with pytest.raises(ImportError, match=r"pip install 'census24\[polars\]'"):
        census24.read_table(tables, hand_size=3)
