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

__all__ = [
    "Difficulty",
    "Verdict",
    "check",
    "check_many",
    "count",
    "difficulty",
    "reachable",
    "solutions",
    "solve",
    "solve_many",
]
