"""census24: the 24 game family settled exactly.

The polars-free core of the census24 tool: an exact solver that prints a
hand's simplest solution, an exact grader of answers, every distinct
solution, every target at once, the difficulty model fitted to players'
solve times, benchmark puzzle sets, and a checked reader of the shipped
tables.

    >>> import census24
    >>> census24.solve("3 3 8 8")
    '8/(3-8/3)'
    >>> census24.check([3, 3, 8, 8], "8*3").reason
    'leaves 3 and 8 unused'

Arguments, as the command line's options:

- game is a preset of GAMES ("24", "countdown", "krypto", "digits"); target,
  rules and use replace its fields, and None takes the game's (the default
  game is 24); naming a game holds each hand to its size and deck;
- a hand is a str ("3 3 8 8", commas allowed) or a list or tuple of ints;
  not bytes, and no bools among the cards;
- a target is an int, a str ("7/2") or a fractions.Fraction; never a float
  (not exact) nor a bool;
- rules is "rational", "integer" or "natural"; use is "all" (every card
  once) or "any" (any selection, the Countdown rule); distinct is
  "dissimilar", "structural" or "none" (every tree);
- tiers and ops take a str ("expert", "hard,expert") or a list of str.

Errors are one line that starts with the argument at fault
("hand: card \"x\" is not an integer", "hands[3]: ..."): TypeError for a
value of the wrong type, ValueError for a bad value or a hand past a
function's limit (each is a constant below). GaveUp (a RuntimeError) means
the search stopped without an answer, so it is not a proof; None is the
answer that proves a hand has no solution.

Limits, from the core, each checked before any work:

- solve: MAX_EXACT_CARDS (12) cards exactly; up to MAX_BIG_CARDS (64) by
  the big-hand solver, whose hands come from a deck (deck=4: values 1 to
  13, four copies each; "none": any integers); use="any" up to 12; an
  exhaustive search stops after max_steps (MAX_STEPS by default) steps;
- solutions, count, difficulty: MAX_DISTINCT_CARDS (8) cards;
  distinct="none" MAX_TREE_CARDS (7), since every tree is held at once;
- reachable: MAX_TARGETS_CARDS (7) cards, targets within +-TARGET_LIMIT
  and at most MAX_TARGETS of them;
- puzzles: hand sizes up to MAX_PUZZLE_HAND_SIZE (the whole game is
  solved in memory on each call).

Every call releases the GIL; check_many and solve_many run in parallel.
"""

import io as _io
import os as _os

from . import _census24
from ._census24 import (
    MAX_BIG_CARDS,
    MAX_DISTINCT_CARDS,
    MAX_EXACT_CARDS,
    MAX_PUZZLE_HAND_SIZE,
    MAX_STEPS,
    MAX_TARGETS,
    MAX_TARGETS_CARDS,
    MAX_TREE_CARDS,
    SET_GAMES,
    SET_LARGE,
    SET_SOLVABLE,
    SOLVABLE_SHARES,
    TARGET_LIMIT,
    Difficulty,
    GaveUp,
    TableError,
    Verdict,
    __version__,
)

# The games, from the core's registry (`census24 games`), and the default
# game's fields: an argument left None takes its game's value, so
# census24.solve(hand) plays 24 (target 24, rational rules, every card
# once) and census24.solve(hand, target=500, game="countdown") plays the
# numbers round. Naming a game also holds each hand to its size and deck.
GAMES = tuple(_census24.GAMES)
# The phrases read as "there is no solution" by check(..., solvable=...)
# and the rewards (src/game/unsolvable.rs).
NO_SOLUTION = tuple(_census24.NO_SOLUTION)
DEFAULT_GAME = _census24.DEFAULT_GAME
STANDARD_TARGET = _census24.STANDARD_TARGET
STANDARD_RULES = _census24.STANDARD_RULES
STANDARD_USE = _census24.STANDARD_USE
STANDARD_HAND_SIZE = _census24.STANDARD_HAND_SIZE
_DISTINCT = _census24.DEFAULT_DISTINCT
_PICK_COUNT = _census24.PICK_COUNT
_PICK_SEED = _census24.PICK_SEED
TASKS_SPLITS = _census24.TASKS_SPLITS
_TASKS_COUNT = _census24.TASKS_COUNT
_TASKS_SEED = _census24.TASKS_SEED
_TASKS_DISSIMILAR_UP_TO = _census24.TASKS_DISSIMILAR_UP_TO


def check(hand, answer, target=None, rules=None, use=None, game=None, *, extract=False,
          solvable=None, closest=None):
    """Grades an answer exactly, as `census24 check` does: a Verdict with
    `correct`, the first fault as `reason` (None when correct), the exact
    `value` as a str, the `cards_used`, and the `points` the game gives it
    (as `check --score`: 1 or 0 in 24 and Krypto, Countdown's 10, 7, 5 or
    0 by distance, Digits' 3, 2, 1 or 0 stars) out of `max_points`. A wrong
    answer is a verdict, not an error. An answer holding "=" is read as
    steps ("4 + 8 = 12, 6 - 4 = 2, 2 * 12 = 24"), one without as an
    expression. A game of many targets (countdown) needs `target`.

    extract=True: `answer` is a model's reply, and its final answer is
    graded (`check --extract`; no answer is a wrong verdict saying why).
    solvable (True or False, as a `census24 tasks` row says) makes a reply
    that says there is no solution an answer: right (the game's best
    points) for an unsolvable task in every game, wrong for a solvable
    one; in a game that scores near misses the closest play is right on an
    unsolvable task too, when as near as `closest` (the row's value), and
    earns the points of its distance. The phrases read as "no solution" are
    census24.NO_SOLUTION (docs/BENCHMARKS.md)."""
    return _census24.check(hand, answer, target, rules, use, game, extract, solvable, closest)


def check_many(items, target=None, rules=None, use=None, game=None):
    """Grades a list of (hand, answer) pairs (tuples, or lists as JSON
    gives them) in parallel; the verdicts come in order. A malformed item
    raises an error naming its index (items[3])."""
    return _census24.check_many(items, target, rules, use, game)


def extract(reply):
    """The final answer of a model's reply, as `census24 check --extract`
    takes it (an <answer> tag, a \\boxed{}, an "answer is" line, else the
    last line with an expression or steps; never a candidate the reply goes
    on to reject): `(answer, source)`, or `(None, why)` when the reply has
    no answer (it gives up, rejects its last candidate, or gives two answers
    in one place)."""
    return _census24.extract(reply)


def solve(hand, target=None, rules=None, use=None, closest=None, first=False,
          max_steps=MAX_STEPS, deck=None, game=None):
    """The hand's simplest solution, as `census24 solve` prints it, or None
    when it has none (a proof by exhaustion).

    closest="below" or "nearest": when the target is out of reach, the
    expression of the largest reachable value not above it (or the nearest;
    census24.check(hand, expr).value tells its value) instead of None; a
    game that scores near misses (countdown, digits) answers with the
    nearest by default. first=True: the first solution the search finds,
    faster on long batches (not with closest). max_steps: the step budget
    of an exhaustive search; past it GaveUp is raised (the search proved
    nothing). deck: the deck hands of more than 12 cards come from (a
    number of copies of 1 to 13, "none" for any integers, or a multiset
    such as "standard"; the game's deck by default)."""
    return _census24.solve(hand, target, rules, use, closest, first, max_steps, deck, game)


def solve_many(hands, target=None, rules=None, use=None, closest=None, first=False,
               max_steps=MAX_STEPS, deck=None, game=None):
    """`solve` of each hand of a list, in parallel, in order. An error names
    the hand's index (hands[3])."""
    return _census24.solve_many(hands, target, rules, use, closest, first, max_steps, deck,
                                game)


def solutions(hand, target=None, rules=None, use=None, distinct=_DISTINCT, game=None):
    """Every solution at the distinct level, simplest first, as
    `census24 solve --all` lists them: "dissimilar" (solutions that differ
    only by a neutral part, such as *1 or +0, are one), "structural" (equal
    as functions of the cards) or "none" (every tree, printed with the
    brackets that tell trees apart). With use="any", the solutions of each
    selection of the cards in turn, fewest cards first."""
    return _census24.solutions(hand, target, rules, use, distinct, game)


def count(hand, target=None, rules=None, use=None, distinct=_DISTINCT, game=None):
    """How many solutions at the distinct level (`census24 solve --all
    --count`); with use="any", summed over the selections of the cards."""
    return _census24.count(hand, target, rules, use, distinct, game)


def reachable(hand, lo=None, hi=None, rules=None, use=None, game=None):
    """Every whole target from lo to hi the hand makes, each with its
    simplest solution, as a dict (`census24 solve --targets LO..HI`); with
    use="any", the simplest of the selection with the fewest cards. lo and
    hi default to the game's targets (countdown: 100..999)."""
    return _census24.reachable(hand, lo, hi, rules, use, game)


def difficulty(hand, target=None, rules=None, game=None):
    """How hard the hand is for people (docs/DIFFICULTY.md): a Difficulty
    with the predicted mean solve time `time_s`, `time_p80_s` (80% of the
    players who solve it finish within it), `solve_rate`, `difficulty` (0
    to 100) and `tier`; None when it has no solution. The model is
    calibrated on four-card play of 24."""
    return _census24.difficulty(hand, target, rules, game)


def puzzles(hand_size=None, n=_PICK_COUNT, target=None, rules=None, tiers=None, ops=None,
            min_time=None, max_time=None, time_limit=None, stratify=False, spread=False,
            distinct_shapes=False, all=False, seed=_PICK_SEED, game=None, min_dissimilar=None,
            max_dissimilar=None, needs_fraction=None):
    """A benchmark split of the game (24 by default: values 1 to 13, a
    52-card deck) with `hand_size` cards (the game's by default), as `census24 pick --format jsonl` gives it: a list of
    dicts with the hand, cards, target, rules, every dissimilar solution,
    the simplest, the predicted time, solve rate, difficulty and tier.

    Deterministic by `seed`; `stratify` splits `n` evenly over the tiers;
    `spread` takes one hand from each of n slices, easy to hard; `all`
    takes every hand that passes, easy to hard. Filters: `tiers` ("expert",
    "hard,expert" or a list), `ops` ("add-sub", "product", "division",
    "fraction"; a str or a list), `min_time`/`max_time` (predicted mean
    seconds), `time_limit` (80% of solvers finish within it),
    `min_dissimilar`/`max_dissimilar` (dissimilar solutions) and
    `needs_fraction` (True: only hands whose every solution passes through
    a fraction; False: only hands with a solution that does not), the
    filters of `census24 rank` and `pick` with the same checks;
    `distinct_shapes` keeps no two hands solved the same way. With ops
    add-sub or product (nothing larger), each puzzle's solutions, count,
    time and tier are those of play with those operations, as pick's.

    The whole game is solved in memory on every call, so hand_size is at
    most MAX_PUZZLE_HAND_SIZE; for larger games sweep the table with the
    command line and run `census24 pick` on it."""
    import json

    lines = _census24.puzzles(hand_size, n, target, rules, tiers, ops, min_time, max_time,
                              time_limit, min_dissimilar, max_dissimilar, needs_fraction, stratify,
                              spread, distinct_shapes, all, seed, game)
    return [json.loads(line) for line in lines]


def tasks(n=_TASKS_COUNT, game=None, *, hand_sizes=None, values=None, deck=None, target=None,
          targets=None, rules=None, use=None, seed=_TASKS_SEED, unsolvable=0.0,
          splits=TASKS_SPLITS, stratify=False, tiers=None, order="shuffled",
          dissimilar_up_to=_TASKS_DISSIMILAR_UP_TO, prompt_template=None):
    """Tasks for training and evaluating reasoning models, as `census24
    tasks` prints them: a list of dicts with the id, split, hand, cards,
    target, rules, use, whether it is solvable, the simplest solution as an
    expression and as steps, the number of dissimilar solutions, and the
    predicted time, solve rate, difficulty and tier, the `game` it is a
    hand of (a preset's name, or None) and its `prompt` (the rules, the
    numbers, the target and the answer format, <answer>...</answer>).

    The game (24 by default; "countdown", "krypto", "digits") deals each
    task; `hand_sizes` (6 or "3..8"), `values` ("1..100"), `deck` ("none",
    "countdown", 4), `target` (one whole target, 24) or `targets`
    ("100..999"), `rules` and `use` override its fields. Deterministic by `seed`; no task twice, nor two the
    same up to order. `unsolvable` is the share of tasks without a solution,
    each proven. `splits` ("train=0.8,test=0.2") are cut so that none shares
    a task and each holds its share of every hand size (and tier, with
    `stratify`). `tiers` ("hard,expert" or a list) keeps only those tiers
    (and with `stratify`, shares n among them). `order` is "shuffled" or
    "curriculum" (easy to hard). `dissimilar_up_to`: any-selection tasks of
    up to this many numbers get their dissimilar solutions counted (None
    beyond). `prompt_template` is the prompt's template as text, with the
    placeholders {game}, {rules}, {numbers}, {target}, {count}, {if_none}
    and {answer_format} ({{ and }} write braces). The difficulty model is
    calibrated on four-card play only. n beyond the distinct tasks the game
    holds raises ValueError naming that bound; GaveUp when a stratum cannot
    be filled."""
    import json

    if target is not None:
        if targets is not None:
            raise ValueError("target: give target (one) or targets (a range), not both")
        targets = target

    lines = _census24.tasks(n, game, hand_sizes, values, deck, targets, rules, use, seed,
                            unsolvable, splits, stratify, tiers, order, dissimilar_up_to,
                            prompt_template)
    return [json.loads(line) for line in lines]


def _is_summary(folder):
    """Whether `folder` holds the summary of a census of large sets (its
    `sets.parquet` beside a manifest), which read_table reads as it is."""
    folder = _os.fspath(folder)
    return all(_os.path.isfile(_os.path.join(folder, f)) for f in ("sets.parquet", "manifest.json"))


def read_table(data="data", file=None, *, path=None, game=None, hand_size=None, target=None,
               targets=None, rules=None, use=None, values=None, deck=None):
    """A table swept by `census24 sweep` (the shipped data, or your own) as
    a polars DataFrame, once it verifies: the manifest's own seal, that the
    table lies in the folder its manifest names, and the size and SHA-256
    of every file the manifest lists (TableError, a ValueError, when not).
    A path with no table raises FileNotFoundError, whatever is wrong with
    it: no such folder, a file rather than a folder, an empty path, or a
    folder without a manifest; PermissionError (an OSError) when a folder
    or file may not be read.

    The table is the one of the game under `data`, as the command line's
    game options name it: the preset `game` (24 by default; "countdown",
    "krypto"...) with `hand_size`, `target`, `rules`, `use`, `values`
    ("1..13" or (1, 13)) and `deck` (4, "none", "countdown"...) replacing
    its fields; with `targets` ("1..999" or (1, 999)), or a game of many
    targets, the reach table of that range. Or give `path`, the table's own
    folder, instead of the game. `file` is "hands", "solutions", "reach" or
    "large_sets"; None reads the table's main file (the first its manifest
    lists: hands, reach or large_sets).

    The summary of the census of large sets (`"data/large-sets"`, as `data`
    or `path`) reads the same way, checked against its own manifest: one row
    per set, its numbers (`large_1`..`large_4`, census24.SET_LARGE), its
    solvable games and the games there are by number of large tiles
    (`solvable_0`..`solvable_4` and `games_0`..`games_4`, census24.SET_SOLVABLE
    and census24.SET_GAMES), and its shares of
    games solved exactly as `census24 rank --large-sets` names them:
    `solvable_share` over every selection, `solvable_share_1` to
    `solvable_share_4` with that many large tiles (with none:
    `solvable_0 / games_0`).

    Needs polars: pip install 'census24[polars]'.

        census24.read_table("data", "solutions", hand_size=5)
        census24.read_table("data", game="countdown")
    """
    try:
        import polars
    except ImportError as e:
        raise ImportError("census24.read_table needs polars: pip install 'census24[polars]'") from e
    fields = dict(game=game, hand_size=hand_size, target=target, targets=targets, rules=rules,
                  use=use, values=values, deck=deck)
    if path is None and all(v is None for v in fields.values()) and _is_summary(data):
        # The summary of a census of large sets is read from its own folder.
        path, data = data, "data"
    if path is None:
        path = _census24.table_folder(data, *fields.values())
    else:
        given = [k for k, v in fields.items() if v is not None]
        if data != "data":
            given.insert(0, "data")
        if given:
            raise ValueError(f"path: the folder names the table; give either path or the game, "
                             f"not both ({', '.join(given)} given)")
    data_bytes, name = _census24.verified_file(path, file)
    df = polars.read_parquet(_io.BytesIO(data_bytes))
    if name == "sets.parquet":
        # The summary of large sets: each set's shares, from its own columns.
        solvable = [polars.col(c) for c in SET_SOLVABLE]
        games = [polars.col(c) for c in SET_GAMES]
        total = polars.sum_horizontal(solvable).cast(polars.Float64)
        every = polars.sum_horizontal(games).cast(polars.Float64)
        shares = [(total / every).alias(SOLVABLE_SHARES[0])] + [
            (solvable[j] / games[j]).alias(SOLVABLE_SHARES[j]) for j in range(1, len(SOLVABLE_SHARES))
        ]
        df = df.with_columns(shares)
    return df


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "MAX_BIG_CARDS",
    "MAX_DISTINCT_CARDS",
    "MAX_EXACT_CARDS",
    "MAX_PUZZLE_HAND_SIZE",
    "MAX_STEPS",
    "MAX_TARGETS",
    "MAX_TARGETS_CARDS",
    "MAX_TREE_CARDS",
    "NO_SOLUTION",
    "STANDARD_HAND_SIZE",
    "STANDARD_RULES",
    "STANDARD_TARGET",
    "STANDARD_USE",
    "SET_GAMES",
    "SET_LARGE",
    "SET_SOLVABLE",
    "SOLVABLE_SHARES",
    "TARGET_LIMIT",
    "TASKS_SPLITS",
    "Difficulty",
    "GaveUp",
    "TableError",
    "Verdict",
    "__version__",
    "check",
    "check_many",
    "extract",
    "count",
    "difficulty",
    "puzzles",
    "reachable",
    "read_table",
    "solutions",
    "solve",
    "tasks",
    "solve_many",
]
