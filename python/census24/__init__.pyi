from fractions import Fraction
from typing import Optional, Sequence, Union

Hand = Union[str, Sequence[int]]
Target = Union[int, str, Fraction]

class Verdict:
    """The verdict on one answer."""
    correct: bool
    reason: Optional[str]
    value: Optional[str]
    cards_used: list[int]
    def __bool__(self) -> bool: ...

class Difficulty:
    """How hard a hand is for people (docs/DIFFICULTY.md)."""
    time_s: float
    time_p80_s: float
    solve_rate: float
    difficulty: float
    tier: str

def check(hand: Hand, answer: str, target: Target = 24, rules: str = "rational", use: str = "all") -> Verdict:
    """Grades an answer exactly (the rules of `census24 check`)."""

def check_many(
    items: list[tuple[Hand, str]], target: Target = 24, rules: str = "rational", use: str = "all"
) -> list[Verdict]:
    """Grades (hand, answer) pairs in parallel, in order."""

def solve(hand: Hand, target: Target = 24, rules: str = "rational", use: str = "all") -> Optional[str]:
    """The hand's simplest solution, or None when it has none."""

def solve_many(
    hands: list[Hand], target: Target = 24, rules: str = "rational", use: str = "all"
) -> list[Optional[str]]:
    """`solve` of each hand, in parallel, in order."""

def solutions(hand: Hand, target: Target = 24, rules: str = "rational", distinct: str = "dissimilar") -> list[str]:
    """Every solution at the distinct level (dissimilar, structural or none), simplest first."""

def count(hand: Hand, target: Target = 24, rules: str = "rational", distinct: str = "dissimilar") -> int:
    """How many solutions at the distinct level."""

def reachable(hand: Hand, lo: int, hi: int, rules: str = "rational") -> dict[int, str]:
    """Every whole target from lo to hi the hand makes, with its simplest solution."""

def difficulty(hand: Hand, target: Target = 24, rules: str = "rational") -> Optional[Difficulty]:
    """The predicted time, solve rate, difficulty and tier; None when unsolvable."""

def puzzles(
    hand_size: int = 4, n: int = 12, target: Target = 24, rules: str = "rational",
    tiers: Optional[list[str]] = None, ops: Optional[list[str]] = None,
    min_time: Optional[float] = None, max_time: Optional[float] = None,
    time_limit: Optional[float] = None,
    stratify: bool = False, spread: bool = False, distinct_shapes: bool = False,
    all: bool = False, seed: int = 24,
) -> list[dict]:
    """A benchmark split, as `census24 pick --format jsonl` gives it."""
