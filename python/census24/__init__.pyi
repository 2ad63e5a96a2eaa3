from fractions import Fraction
from os import PathLike
from typing import Any, Dict, List, Optional, Union

import polars

Hand = Union[str, list[int], tuple[int, ...]]
Target = Union[int, str, Fraction]
Names = Union[str, list[str], tuple[str, ...], None]
Range = Union[str, tuple[int, int], list[int]]

__version__: str

MAX_STEPS: int
MAX_EXACT_CARDS: int
MAX_BIG_CARDS: int
MAX_DISTINCT_CARDS: int
MAX_TREE_CARDS: int
MAX_TARGETS_CARDS: int
MAX_PUZZLE_HAND_SIZE: int
TARGET_LIMIT: int
SET_GAMES: list[str]
SET_LARGE: list[str]
SET_SOLVABLE: list[str]
SOLVABLE_SHARES: list[str]
TASKS_SPLITS: str
MAX_TARGETS: int
GAMES: tuple[str, ...]
DEFAULT_GAME: str
STANDARD_TARGET: int
STANDARD_RULES: str
STANDARD_USE: str
STANDARD_HAND_SIZE: int
NO_SOLUTION: tuple[str, ...]

class GaveUp(RuntimeError):
    """The search stopped without an answer (past max_steps, or a big hand
    undecided): not a proof either way."""

class TableError(ValueError):
    """A table that does not verify against its manifest."""

class Verdict:
    """The verdict on one answer."""
    correct: bool
    reason: Optional[str]
    value: Optional[str]
    cards_used: list[int]
    points: int
    max_points: int
    def __bool__(self) -> bool: ...

class Difficulty:
    """How hard a hand is for people (docs/DIFFICULTY.md): one attribute
    per figure of a prediction (its column name without `predicted_`),
    then the tier."""
    time_s: float
    time_p80_s: float
    solve_rate: float
    difficulty: float
    tier: str
    def __getattr__(self, name: str) -> float: ...

def check(
    hand: Hand, answer: str, target: Optional[Target] = None, rules: Optional[str] = None,
    use: Optional[str] = None, game: Optional[str] = None, *, extract: bool = False,
    solvable: Optional[bool] = None, closest: Optional[Target] = None,
) -> Verdict:
    """Grades an answer exactly (the rules of `census24 check`)."""

def check_many(
    items: Union[list[tuple[Hand, str]], list[list]], target: Optional[Target] = None,
    rules: Optional[str] = None, use: Optional[str] = None, game: Optional[str] = None,
) -> list[Verdict]:
    """Grades (hand, answer) pairs in parallel, in order."""

def extract(reply: str) -> tuple[Optional[str], str]:
    """The final answer of a reply and where it was found, or (None, why)."""

def solve(
    hand: Hand, target: Optional[Target] = None, rules: Optional[str] = None, use: Optional[str] = None,
    closest: Optional[str] = None, first: bool = False, max_steps: int = 30000000,
    deck: Union[int, str, None] = None, game: Optional[str] = None,
) -> Optional[str]:
    """The hand's simplest solution, or None when it has none; GaveUp past max_steps."""

def solve_many(
    hands: list[Hand], target: Optional[Target] = None, rules: Optional[str] = None, use: Optional[str] = None,
    closest: Optional[str] = None, first: bool = False, max_steps: int = 30000000,
    deck: Union[int, str, None] = None, game: Optional[str] = None,
) -> list[Optional[str]]:
    """`solve` of each hand, in parallel, in order."""

def solutions(
    hand: Hand, target: Optional[Target] = None, rules: Optional[str] = None, use: Optional[str] = None,
    distinct: str = "dissimilar", game: Optional[str] = None,
) -> list[str]:
    """Every solution at the distinct level (dissimilar, structural or none), simplest first."""

def count(
    hand: Hand, target: Optional[Target] = None, rules: Optional[str] = None, use: Optional[str] = None,
    distinct: str = "dissimilar", game: Optional[str] = None,
) -> int:
    """How many solutions at the distinct level."""

def reachable(
    hand: Hand, lo: Optional[int] = None, hi: Optional[int] = None, rules: Optional[str] = None,
    use: Optional[str] = None, game: Optional[str] = None,
) -> dict[int, str]:
    """Every whole target from lo to hi (the game's targets by default) the hand makes."""

def difficulty(
    hand: Hand, target: Optional[Target] = None, rules: Optional[str] = None, game: Optional[str] = None,
) -> Optional[Difficulty]:
    """The predicted time, solve rate, difficulty and tier; None when unsolvable."""

def tasks(
    n: int = 1000, game: Optional[str] = None, *, hand_sizes: Union[int, str, None] = None,
    values: Optional[str] = None, deck: Union[int, str, None] = None,
    target: Optional[int] = None, targets: Union[int, str, None] = None, rules: Optional[str] = None, use: Optional[str] = None,
    seed: int = 24, unsolvable: float = 0.0, splits: str = "train=0.8,test=0.2",
    stratify: bool = False, tiers: Names = None, order: str = "shuffled",
    dissimilar_up_to: int = 6, prompt_template: Optional[str] = None,
) -> List[Dict[str, Any]]: ...

def puzzles(
    hand_size: Optional[int] = None, n: int = 12, target: Optional[Target] = None, rules: Optional[str] = None,
    tiers: Names = None, ops: Names = None,
    min_time: Optional[float] = None, max_time: Optional[float] = None,
    time_limit: Optional[float] = None,
    stratify: bool = False, spread: bool = False, distinct_shapes: bool = False,
    all: bool = False, seed: int = 24, game: Optional[str] = None,
    min_dissimilar: Optional[int] = None, max_dissimilar: Optional[int] = None,
    needs_fraction: Optional[bool] = None,
) -> list[dict]:
    """A benchmark split, as `census24 pick --format jsonl` gives it."""

def read_table(
    data: Union[str, PathLike] = "data", file: Optional[str] = None, *, path: Union[str, PathLike, None] = None,
    game: Optional[str] = None, hand_size: Optional[int] = None, target: Optional[Target] = None,
    targets: Optional[Range] = None, rules: Optional[str] = None, use: Optional[str] = None,
    values: Optional[Range] = None, deck: Union[int, str, None] = None,
) -> polars.DataFrame:
    """A verified table as a polars DataFrame (needs census24[polars])."""
