"""Hostile arguments to every function of the package: bytes, bools, huge
ints, huge strings, control characters, NaN, nested lists, hands past every
limit, damaged tables. Each call must return, or raise TypeError or
ValueError (GaveUp when the search stopped; FileNotFoundError from
read_table on a path without a table, PermissionError on one it may not
read), with a one-line message, within a bound, and the
interpreter must survive all of it: the calls run in a child process, so an
abort (out of memory, a panic across the boundary) fails this test with the
call that caused it.

    pytest python/tests/test_fuzz.py                        # CI: seed 36
    CENSUS24_FUZZ_SEED=7 CENSUS24_FUZZ_CALLS=20000 pytest python/tests/test_fuzz.py
    python python/tests/test_fuzz.py SEED CALLS             # the child itself
"""

import math
import os
import random
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

SEED = int(os.environ.get("CENSUS24_FUZZ_SEED", "36"))
CALLS = int(os.environ.get("CENSUS24_FUZZ_CALLS", "3000"))
# A hang guard, not a speed test: the slowest call the generator makes
# (puzzles of five cards, a solve that runs to its step budget) takes a few
# seconds on a loaded two-core machine.
CALL_SECONDS = 30.0


def test_hostile_arguments_never_crash_the_interpreter():
    child = subprocess.run(
        [sys.executable, __file__, str(SEED), str(CALLS)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    tail = "\n".join((child.stdout + child.stderr).splitlines()[-30:])
    assert child.returncode == 0, f"the child exited with {child.returncode}:\n{tail}"
    assert f"fuzz: {CALLS} calls" in child.stdout, tail


# --- the generator ----------------------------------------------------------

CONTROL = "".join(map(chr, range(32))) + "\x7f\x1b[31m\u2028\ufeff"


def hostile_text(r):
    return r.choice([
        "",
        " ",
        "\x00",
        "\ud800",
        "x" * r.choice([1, 100, 100_000]),
        "".join(r.choice(CONTROL) for _ in range(r.randint(1, 40))),
        "9" * r.choice([19, 20, 5000]),
        "-" + "9" * 30,
        "1/0",
        "0/0",
        "nan",
        "inf",
        "24.0",
        "½",
        "٣",
        "1e3",
        "3,,3",
        "\n24\n",
        "all\x00",
        "rational\n",
    ])


def hostile_value(r):
    """Anything but what was asked for."""
    return r.choice([
        None,
        True,
        False,
        0,
        -1,
        2**63,
        -(2**63) - 1,
        2**1000,
        10**5000,
        1.5,
        float("nan"),
        float("inf"),
        -0.0,
        Decimal("24"),
        1j,
        b"3 3 8 8",
        bytearray(b"24"),
        [],
        [[1, 2], [3]],
        [None],
        (),
        {},
        {"hand": "1 2 3"},
        set([1, 2]),
        object(),
        range(4),
        iter([1, 2, 3]),
        hostile_text(r),
    ])


def show(x, n):
    """A call's argument for its description; repr fails on ints of more
    than 4300 digits (and on what holds them)."""
    try:
        return repr(x)[:n]
    except ValueError:
        return f"<{type(x).__name__} holding a huge int>"


def cards(r, n, lo=1, hi=13):
    return [r.randint(lo, hi) for _ in range(n)]


def hand(r, small=6):
    """Mostly a valid hand of at most `small` cards, sometimes a hostile one
    (past every limit, bad cards, wrong types)."""
    roll = r.random()
    if roll < 0.7:
        h = cards(r, r.randint(1, small))
        return r.choice([h, tuple(h), " ".join(map(str, h)), ", ".join(map(str, h))])
    if roll < 0.85:
        n = r.choice([9, 13, 64, 65, 100, 10_000])
        h = cards(r, n, -20, 20)
        return r.choice([h, " ".join(map(str, h))])
    return r.choice([
        hostile_value(r),
        [True, 2, 3, 4],
        [3, 3, 8, 8.0],
        [3, 3, 8, float("nan")],
        [2**64, 1],
        [-(2**63), 2**63 - 1],
        ["3", "3", "8", "8"],
        [b"3"],
        "3 x 8 8",
        "1 " * 1_000_000,
        "3\x003 8 8",
    ])


def target(r):
    roll = r.random()
    if roll < 0.8:
        return r.choice([24, r.randint(-50, 200), "7/2", Fraction(r.randint(-9, 9), r.randint(1, 9)), "24"])
    return r.choice([
        hostile_value(r),
        Fraction(2**70, 3),
        Fraction(1, 2**70),
        "9223372036854775807/1",
        "-9223372036854775808/-1",
        "1/0",
        " 7 / 2 ",
        "7//2",
        2**63 - 1,
        -(2**63),
    ])


def name(r, valid):
    return r.choice(valid) if r.random() < 0.9 else r.choice([hostile_value(r), hostile_text(r), valid[0].upper()])


RULES = ["rational", "integer", "natural"]
USES = ["all", "any"]
LEVELS = ["dissimilar", "structural", "none"]


def size(h):
    """How many cards a generated hand has (0 for a hostile value)."""
    if isinstance(h, str):
        return len(h.replace(",", " ").split())
    return len(h) if isinstance(h, (list, tuple)) else 0


def solve_options(r, h):
    # An exhaustive search of nine or more different cards can need
    # billions of steps: a huge budget only for hands under that.
    small = size(h) <= 8
    return dict(
        target=target(r),
        rules=name(r, RULES),
        use=name(r, USES),
        closest=r.choice([None] * 6 + ["below", "nearest", hostile_value(r)]),
        first=r.choice([False] * 6 + [True, hostile_value(r)]),
        # A huge budget only for small hands: it is the caller's to spend.
        max_steps=r.choice([1, 10, 1000, 30_000_000] + ([10**12] if small else []) + [hostile_value(r)]),
        deck=r.choice(["4", 4, "4", 4, "none", "standard", "countdown", "1..13x2", hostile_value(r)]),
    )


def answer(r):
    ops = "+-*/()x× ÷−.,^!"
    return r.choice([
        "8/(3-8/3)",
        "".join(r.choice("0123456789" + ops) for _ in range(r.randint(0, 30))),
        "(" * 100_000 + "1" + ")" * 100_000,
        "1+" * 100_000 + "1",
        "9" * 100,
        hostile_text(r),
        hostile_value(r),
    ])


def table_folder(r, root):
    """A folder with a manifest of random or damaged bytes, or none."""
    folder = Path(root) / "rules=rational/use=all/targets=24-24/values=1-13/deck=x4/k=4"
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "manifest.json"
    roll = r.random()
    if roll < 0.3:
        manifest.write_bytes(bytes(r.randrange(256) for _ in range(r.randint(0, 300))))
    elif roll < 0.6:
        manifest.write_text('{"tool": "census24", "files": [{"name": "../../../etc/passwd"}]}')
    elif manifest.exists():
        manifest.unlink()
    return folder


def calls(r, root):
    """(description, function) pairs, one per call."""
    import census24 as c

    while True:
        which = r.randrange(11)
        if which == 0:
            h = hand(r, small=8)
            o = solve_options(r, h)
            yield f"solve({show(h, 80)}, **{show(o, 200)})", lambda h=h, o=o: graded(c, h, o, [c.solve(h, **o)])
        elif which == 1:
            hs = r.choice([[hand(r) for _ in range(r.randint(0, 8))], hostile_value(r), "1 2 3"])
            o = solve_options(r, "")
            o["max_steps"] = r.choice([1, 1000, 30_000_000, hostile_value(r)])
            yield f"solve_many({show(hs, 120)}, **{show(o, 200)})", lambda hs=hs, o=o: c.solve_many(hs, **o)
        elif which == 2:
            h, a, o = hand(r), answer(r), dict(target=target(r), rules=name(r, RULES), use=name(r, USES))
            yield f"check({show(h, 80)}, {show(a, 80)}, **{show(o, 120)})", lambda h=h, a=a, o=o: c.check(h, a, **o)
        elif which == 3:
            items = r.choice([
                [(hand(r), answer(r)) for _ in range(r.randint(0, 6))],
                [(hand(r),)],
                [(hand(r), answer(r), "x")],
                ["ab"],
                [[hand(r), answer(r)]],
                [hostile_value(r)],
                hostile_value(r),
            ])
            t = target(r)
            yield f"check_many({show(items, 160)}, target={show(t, 40)})", lambda items=items, t=t: c.check_many(items, target=t)
        elif which in (4, 5):
            # Every level of distinct, with hands up to nine cards: at or
            # under six they are solved, above their limit refused.
            h = r.choice([hand(r, small=6), cards(r, 9), " ".join(map(str, cards(r, r.choice([8, 9]))))])
            level = name(r, LEVELS)
            uses = name(r, USES)
            if size(h) == 8 and level != "none":
                level = "none"  # eight cards are listed in seconds: refused here instead
            f = r.choice([c.solutions, c.count])
            o = dict(target=target(r), rules=name(r, RULES), use=uses, distinct=level)
            if f is c.solutions:
                yield f"solutions({show(h, 80)}, **{show(o, 160)})", lambda h=h, o=o: graded(c, h, o, c.solutions(h, **o))
            else:
                yield f"count({show(h, 80)}, **{show(o, 160)})", lambda h=h, o=o: c.count(h, **o)
        elif which == 6:
            h = r.choice([hand(r, small=5), cards(r, 8)])
            lo = r.choice([1, -100, r.randint(-10**9, 10**9), -10**9, hostile_value(r)])
            hi = r.choice([lo if isinstance(lo, int) else 10, 1000, 10**9, 2 * 10**9,
                           (lo + 99_999) if isinstance(lo, int) else 0, hostile_value(r)])
            o = dict(rules=name(r, RULES), use=name(r, USES))
            yield f"reachable({show(h, 80)}, {show(lo, 40)}, {show(hi, 40)}, **{show(o, 200)})", lambda h=h, lo=lo, hi=hi, o=o: c.reachable(h, lo, hi, **o)
        elif which == 7:
            h = r.choice([hand(r, small=6), cards(r, 9)])
            o = dict(target=target(r), rules=name(r, RULES))
            yield f"difficulty({show(h, 80)}, **{show(o, 120)})", lambda h=h, o=o: c.difficulty(h, **o)
        elif which == 8:
            o = dict(
                hand_size=r.choice([1, 2, 3, 4, 4, 4, 6, 7, 0, -1, hostile_value(r)] + [5] * (r.random() < 0.05)),
                n=r.choice([1, 12, 10**6, 0, -1, hostile_value(r)]),
                target=r.choice([24, 10, "7/2"] + [target(r)]),
                rules=name(r, RULES),
                tiers=r.choice([None, "expert", "hard,expert", ["easy"], "easy,,", hostile_value(r), ["x", 3]]),
                ops=r.choice([None, "product", "add-sub,division", ("fraction",), hostile_value(r)]),
                min_time=r.choice([None, 0, 5.5, -1, float("nan"), float("inf"), hostile_value(r)]),
                max_time=r.choice([None, 30, 1e308, hostile_value(r)]),
                time_limit=r.choice([None, 20, hostile_value(r)]),
                stratify=r.choice([False, True, hostile_value(r)]),
                spread=r.choice([False, True, hostile_value(r)]),
                distinct_shapes=r.choice([False, True, hostile_value(r)]),
                all=r.choice([False, False, True, hostile_value(r)]),
                seed=r.choice([24, 0, 2**32 - 1, 2**32, -1, hostile_value(r)]),
            )
            yield f"puzzles(**{show(o, 300)})", lambda o=o: c.puzzles(**o)
        elif which == 9:
            folder = table_folder(r, root)
            o = r.choice([
                dict(path=folder),
                dict(path=hostile_value(r)),
                dict(data=root, hand_size=r.choice([4, 3, 0, 2**70, hostile_value(r)])),
                dict(data=root, targets=r.choice([(1, 999), "1..999", (5, 1), (1, 2, 3), "x", hostile_value(r)])),
                dict(data=root, values=r.choice(["1..13", (1, 13), "13..1", (0, 2**40), hostile_value(r)])),
                dict(data=root, deck=r.choice([4, "none", "countdown", 0, "x", hostile_value(r)])),
                dict(data=hostile_value(r)),
                dict(data=root, use=name(r, USES), rules=name(r, RULES), target=target(r)),
            ])
            f = r.choice([None, "hands", "reach", "../manifest", hostile_value(r)])
            yield f"read_table(file={show(f, 40)}, **{show(o, 200)})", lambda f=f, o=o: c.read_table(file=f, **o)
        else:
            # Hands and limits at their edges, in every function.
            n = r.choice([c.MAX_TREE_CARDS + 1, c.MAX_DISTINCT_CARDS + 1, c.MAX_EXACT_CARDS + 1,
                          c.MAX_BIG_CARDS, c.MAX_BIG_CARDS + 1])
            h = cards(r, n)
            f = r.choice([
                lambda: c.solutions(h, distinct="none"),
                lambda: c.solutions(h),
                lambda: c.count(h, use="any"),
                lambda: c.reachable(h, 1, 1000),
                lambda: c.difficulty(h),
                lambda: c.solve(h, use="any"),
                lambda: c.solve(h, max_steps=1000),
                lambda: c.solve(h, closest="below", max_steps=1000),
            ])
            yield f"edge({n} cards)", f


def graded(c, hand, options, answers):
    """Every answer a call returned is correct by the grader (the closest
    value, when asked, is the target's only when the grader says so)."""
    game = {k: options[k] for k in ("target", "rules", "use")}
    for a in answers:
        if a is None:
            continue
        verdict = c.check(hand, a, **game)
        if options.get("closest") is None:
            assert verdict.correct, (hand, a, game, verdict.reason)
        else:
            assert verdict.reason is None or "equals" in verdict.reason, (hand, a, game, verdict.reason)


def allowed(c, e, what):
    """The exception classes a call may raise: read_table also a
    FileNotFoundError (a path without a table) or a PermissionError (one it
    may not read), never another OSError, and an ImportError without
    polars."""
    ok = (TypeError, ValueError, c.GaveUp)
    if what.startswith("read_table"):
        ok += (FileNotFoundError, PermissionError)
        try:
            import polars  # noqa: F401
        except ImportError:
            ok += (ImportError,)
    return isinstance(e, ok)


def main(seed, n):
    import census24 as c

    r = random.Random(seed)
    counts = {"returned": 0, "raised": 0}
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as root:
        gen = calls(r, root)
        for i in range(n):
            what, f = next(gen)
            # Written before the call: if the process dies, the last line
            # names the call that killed it.
            print(f"{i}: {what}", file=sys.stderr, flush=True)
            start = time.monotonic()
            try:
                f()
                counts["returned"] += 1
            except BaseException as e:  # a PanicException is a BaseException
                if not allowed(c, e, what):
                    print(f"FAIL {what}: {type(e).__name__}: {e}")
                    return 1
                message = str(e)
                if any(ch in message for ch in "\n\r\x1b\x00") or len(message) > 2200:
                    print(f"FAIL {what}: not one short line: {message[:300]!r}")
                    return 1
                counts["raised"] += 1
            took = time.monotonic() - start
            if took > CALL_SECONDS:
                print(f"FAIL {what}: took {took:.1f} s")
                return 1
            slowest = max(slowest, (took, what))
    print(f"fuzz: {n} calls, {counts['returned']} returned, {counts['raised']} raised; "
          f"slowest {slowest[0]:.2f} s: {slowest[1][:200]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2])))
