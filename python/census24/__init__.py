"""census24: the 24 game family settled exactly.

The polars-free core of the census24 tool: an exact solver that prints a
hand's simplest solution, an exact grader of answers, every distinct
solution, every target at once, and the difficulty model fitted to players'
solve times. Hands are strings ("3 3 8 8") or sequences of ints; targets
are ints, strings ("7/2") or fractions.Fraction; rules are "rational",
"integer" or "natural"; `use` is "all" (every card once) or "any" (any
selection, the Countdown rule). Bad input raises ValueError with the CLI's
message. Every call releases the GIL; check_many and solve_many run in
parallel.

    >>> import census24
    >>> census24.solve("3 3 8 8")
    '8/(3-8/3)'
    >>> census24.check([3, 3, 8, 8], "8*3").reason
    'leaves 3 and 8 unused'
"""

import json as _json

from . import _census24
from ._census24 import (
    Difficulty,
    Verdict,
    check,
    check_many,
    count,
    difficulty,
    reachable,
    solutions,
    solve,
    solve_many,
)



def puzzles(hand_size=4, n=12, target=24, rules="rational", tiers=None, ops=None, min_time=None,
            max_time=None, time_limit=None, stratify=False, spread=False, distinct_shapes=False, all=False, seed=24):
    """A benchmark split of the game of `hand_size` cards (values 1 to 13, a
    52-card deck), as `census24 pick --format jsonl` gives it: a list of
    dicts with the hand, cards, target, rules, every dissimilar solution,
    the simplest, the predicted time, solve rate, difficulty and tier.
    Deterministic by `seed`; `stratify` splits `n` evenly over the tiers;
    `all` takes every hand that passes, easy to hard; `ops` (add-sub,
    product, division, fraction), `tiers`, `min_time`/`max_time` (predicted
    mean seconds) and `time_limit` (80% of solvers finish within it) filter."""
    lines = _census24.puzzles(hand_size, n, target, rules, tiers, ops, min_time, max_time,
                              time_limit, stratify, spread, distinct_shapes, all, seed)
    return [_json.loads(line) for line in lines]


__all__ = [
    "Difficulty",
    "Verdict",
    "check",
    "check_many",
    "count",
    "difficulty",
    "puzzles",
    "reachable",
    "solutions",
    "solve",
    "solve_many",
]
