"""Drop-in rewards for training code: each has the signature and return
conventions of a public reward function, and grades exactly where the
original does not (no eval(), no floats, no tolerance, no int()
truncation; the numbers used are the task's, each at most as often as the
task holds it).

    from census24.rewards import compute_score       # TinyZero's countdown.py
    from census24.rewards import verl_compute_score  # verl's custom reward function
    from census24.rewards import score_answer        # reasoning-gym's countdown
    from census24.rewards import countdown_reward    # a TRL GRPO reward function
    from census24.rewards import reward_for          # a TRL one for a named game

The game of each task is read from its row, where each trainer puts it:
TRL's dataset columns (keyword arguments, one value per completion),
TinyZero's and verl's `ground_truth` (a dict, or its JSON text) and verl's
`extra_info`, reasoning-gym's `entry["metadata"]` (then the entry itself).
The fields read, each optional but the numbers:

- `cards`, `numbers` or `hand` (a list of ints, or a str "3 3 8 8"): the
  task's numbers (census24 tasks rows have `cards`);
- `target`: an int, a str ("7/2"), a Fraction, or a float equal to an
  integer (24.0 is 24);
- `game`: a preset ("24", "countdown", "krypto", "digits"; census24.GAMES),
  whose rules, use, target and scoring the row's own fields override; a
  named game holds the numbers to its hand size and deck;
- `rules` ("rational", "integer", "natural", "positive") and `use` ("all":
  every number once; "any": any selection, Countdown's rule);
- `solvable` and `closest`, as `census24 tasks` writes them (below).

A row that names none of game, rules and use keeps the originals'
convention: rational rules (fractions allowed in intermediate results),
every number exactly once, target 24 when the row has none (a
reasoning-gym puzzle24 entry's metadata holds only `numbers`). So an
answer the original grades correctly scores the same. What changes:
powers (`**`, `^`), floor division (`//`), `%`, factorials, decimals,
unary minus and implicit multiplication are not expressions; values are
compared exactly (`8/(3-8/3)` is 24; `100000001/1000000` is not 100); a
number is used as often as the task holds it. docs/BENCHMARKS.md lists
the answers that change verdict.

Points. Each verdict carries the game's points (census24.check's
`points`, as `census24 check --score` gives them) out of `max_points`,
and a reward is their ratio: 1.0 or 0.0 in a game scored right or wrong
(24, Krypto); in a game that scores near misses the points scaled to 0..1
(Countdown: 10 exact -> 1.0, 7 within 5 -> 0.7, 5 within 10 -> 0.5;
Digits' stars: 3 -> 1.0, 2 -> 2/3, 1 -> 1/3). Rows of `census24 tasks
--game countdown` name their game (`game`: "countdown") and score
Countdown's points, in every trainer's format; a row without a `game`
(a game that is no preset's, or an older row) is graded by its rules and
use, right (1.0) or wrong (0.0), unless `reward_for("countdown")` names
the game.

Unsolvable tasks. A row with `solvable: false` (`census24 tasks
--unsolvable 0.4`) is graded: a reply saying there is no solution ("there
is no solution", "impossible", "cannot be made", "unsolvable",
`<answer>None</answer>`; the phrases are census24.NO_SOLUTION) is right
in every game (1.0), and in a game scored right or wrong any play is
wrong. In a game that scores near misses a contestant may instead
declare the closest value they reach: a play as near as the row's
`closest` is right too and earns its points (0.7 for one within 5 in
Countdown). "No solution" to a solvable task is wrong (0). A row without `solvable` grades it as
before: a reply that gives up, wrong. Phrases that only give up ("I give
up", "I cannot find one") never count as saying there is no solution.

Replies. A reply is a str, a chat message ({"role": ..., "content": ...}),
a list of messages (the last assistant message is read), or a message
whose content is a list of parts ([{"type": "text", "text": ...}], TRL's
format for vision-language models: the text parts, one a line). A reward
never raises on a reply: anything else is a reply with no answer. A bad
row raises one ValueError naming the row and the column at fault.
"""

import json as _json
import math as _math
import numbers as _numbers
import re as _re

from . import check as _check

# The fields of a row a task is read from, besides its numbers.
_NUMBERS = ("cards", "numbers", "hand")
_FIELDS = ("game", "rules", "use", "target", "solvable", "closest")


class _Task:
    """One task as a row gives it: census24.check's arguments, and which
    column gave the numbers (for errors)."""

    def __init__(self, row, where):
        self.where = where
        self.column = next((k for k in _NUMBERS if row.get(k) is not None), None)
        if self.column is None:
            raise ValueError(f"{where}: no \"cards\" or \"numbers\" column (the task's numbers)")
        self.hand = _hand(row[self.column], where, self.column)
        self.target = _exact(row.get("target"), where, "target")
        self.game = _name(row.get("game"), where, "game")
        self.rules = _name(row.get("rules"), where, "rules")
        self.use = _name(row.get("use"), where, "use")
        self.solvable = _flag(row.get("solvable"), where, "solvable")
        self.closest = _exact(row.get("closest"), where, "closest")

    def grade(self, text, extract):
        """census24's verdict on `text` (a reply with `extract`, else the
        answer itself); a fault of the row raises naming its column."""
        try:
            return _check(self.hand, _clean(text), self.target, self.rules, self.use, self.game,
                          extract=extract, solvable=self.solvable, closest=self.closest)
        except (TypeError, ValueError) as e:
            arg, _, why = str(e).partition(": ")
            column = self.column if arg == "hand" else arg
            raise ValueError(f"{self.where}: column \"{column}\": {why or e}") from None


def _missing(value):
    """A missing value as a dataset gives it: None, or NaN (pandas)."""
    return value is None or (isinstance(value, float) and _math.isnan(value))


def _int(value, where, column):
    """An int from an int, a numpy integer or a float equal to an integer."""
    if isinstance(value, bool):
        raise ValueError(f"{where}: column \"{column}\": {value!r} is not a number")
    if isinstance(value, _numbers.Integral):
        return int(value)
    if isinstance(value, _numbers.Real) and float(value).is_integer():
        return int(value)
    raise ValueError(f"{where}: column \"{column}\": {value!r} is not an integer")


def _hand(value, where, column):
    if isinstance(value, str):
        return value
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"{where}: column \"{column}\": {value!r} is not a list of numbers"
                         ) from None
    return [_int(v, where, column) for v in items]


def _exact(value, where, column):
    """A target as census24.check takes it: None, an int, a str, a
    Fraction; a float or numpy number equal to an integer is that integer."""
    if _missing(value):
        return None
    if isinstance(value, (str, bool)) or hasattr(value, "denominator") and not isinstance(
            value, _numbers.Integral):
        return value
    if isinstance(value, _numbers.Real):
        return _int(value, where, column)
    return value


def _name(value, where, column):
    if _missing(value) or isinstance(value, str):
        return None if _missing(value) else value
    raise ValueError(f"{where}: column \"{column}\": {value!r} is not a name (a str)")


def _flag(value, where, column):
    if _missing(value):
        return None
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise ValueError(f"{where}: column \"{column}\": {value!r} is not True or False")


def _clean(text):
    """A reply's text as census24 reads it: lone surrogates (from a bad
    decode) replaced, so that no reply raises."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _text_of(reply):
    """A reply's text, whatever form the trainer passes: a str, a message,
    a list of messages (the last assistant one), content as a list of
    parts (their text, one a line); "" for anything else."""
    try:
        return _text(reply)
    except Exception:  # a reply never raises: an odd one has no answer
        return ""


def _text(reply):
    if isinstance(reply, str):
        return reply
    if isinstance(reply, bytes):
        return reply.decode("utf-8", "replace")
    if isinstance(reply, dict):
        if "content" in reply:
            return _text(reply["content"])
        if reply.get("type", "text") == "text" and "text" in reply:
            return _text(reply["text"])
        return ""
    if isinstance(reply, (list, tuple)):
        if any(isinstance(m, dict) and "role" in m for m in reply):
            messages = [m for m in reply if isinstance(m, dict) and "role" in m]
            mine = [m for m in messages if m.get("role") == "assistant"]
            return _text((mine or messages)[-1])
        return "\n".join(t for t in (_text(p) for p in reply) if t)
    return ""


def _ratio(v):
    """A verdict's points scaled to 0..1."""
    return v.points / v.max_points if v.max_points else 0.0


def _row(mapping, where):
    """The task of a mapping: a dict, or its JSON text."""
    if isinstance(mapping, (str, bytes)):
        try:
            mapping = _json.loads(mapping)
        except ValueError:
            raise ValueError(f"{where}: not a JSON object of the task") from None
    if not hasattr(mapping, "get"):
        raise ValueError(f"{where}: {type(mapping).__name__} is not a dict of the task")
    return mapping


def _tinyzero_answer(solution_str):
    """The text TinyZero grades: after "Assistant:" (or
    "<|im_start|>assistant"), its last line's last <answer>...</answer>;
    None when there is none (as the original reads it)."""
    if "Assistant:" in solution_str:
        solution_str = solution_str.split("Assistant:", 1)[1]
    elif "<|im_start|>assistant" in solution_str:
        solution_str = solution_str.split("<|im_start|>assistant", 1)[1]
    else:
        return None
    last_line = solution_str.split("\n")[-1]
    matches = list(_re.finditer(r"<answer>(.*?)</answer>", last_line))
    return matches[-1].group(1).strip() if matches else None


def compute_score(solution_str=None, ground_truth=None, method="strict", format_score=0.1,
                  score=1.0, **verl):
    """TinyZero's `verl/utils/reward_score/countdown.py` `compute_score`:
    0 with no answer, `format_score` for a wrong one, `score` for a right
    one (`score` times the points ratio for a near miss that scores, such
    as 0.7 for Countdown's 7). `ground_truth` is the task (a dict or its
    JSON text: `target` and `numbers`, or any field of the module doc);
    `method` is accepted and, as in the original, unused.

    Called as verl calls a custom reward function, with the keyword
    `data_source` (`compute_score(data_source=..., solution_str=...,
    ground_truth=..., extra_info=...)`), it is verl_compute_score: so
    verl's default function name, compute_score, works too."""
    if "data_source" in verl:
        return verl_compute_score(solution_str=solution_str, ground_truth=ground_truth, **verl)
    if verl:
        raise TypeError(f"compute_score() got unexpected keyword arguments {sorted(verl)}")
    task = _Task(_row(ground_truth, "ground_truth"), "ground_truth")
    answer = _tinyzero_answer(_text_of(solution_str))
    if answer is None:
        return 0
    ratio = _ratio(task.grade(answer, extract=False))
    if ratio == 1:
        return score
    return score * ratio if ratio > 0 else format_score


def verl_compute_score(data_source=None, solution_str=None, ground_truth=None, extra_info=None,
                       **kwargs):
    """verl's custom reward function, `compute_score(data_source,
    solution_str, ground_truth, extra_info=None)` (set
    `custom_reward_function.name=verl_compute_score`): the reply is the
    response alone, and its final answer is taken as `census24 check
    --extract` takes it; the points ratio, 1.0 right and 0.0 wrong or
    without an answer. The task is `ground_truth` (a dict or its JSON
    text), its missing fields taken from `extra_info` (a dict). Other
    keyword arguments (a config's reward_kwargs) are accepted and unused."""
    row = dict(_row(ground_truth, "ground_truth").items())
    if extra_info is not None:
        for k, v in _row(extra_info, "extra_info").items():
            if k in _NUMBERS + _FIELDS and _missing(row.get(k)):
                row[k] = v
    task = _Task(row, "ground_truth")
    return float(_ratio(task.grade(_text_of(solution_str), extract=True)))


def score_answer(answer, entry):
    """reasoning-gym's countdown `score_answer(answer, entry) -> float`:
    1.0 for a right answer, 0.05 for a wrong one, 0.01 for one that is
    empty or not an expression; a near miss that scores, its points ratio.
    The task is `entry["metadata"]` (`numbers` and `target`; a puzzle24
    entry's holds only `numbers`, for 24), then the entry's own fields (a
    census24 tasks row is an entry)."""
    if not hasattr(entry, "get"):
        raise ValueError(f"entry: {type(entry).__name__} is not a dict")
    meta = entry.get("metadata")
    row = dict(meta.items()) if hasattr(meta, "items") else {}
    for k in _NUMBERS + _FIELDS:
        if _missing(row.get(k)) and not _missing(entry.get(k)):
            row[k] = entry[k]
    task = _Task(row, "entry[\"metadata\"]" if meta is not None else "entry")
    text = _text_of(answer)
    if not text.strip():
        return 0.01
    v = task.grade(text, extract=False)
    if v.points:
        return _ratio(v)
    if v.correct:
        return 1.0
    if v.reason.startswith("not an expression") or v.reason.startswith("step 1 is not"):
        return 0.01
    return 0.05


def _columns(kwargs, n, name):
    """Row i of the dataset columns TRL passes (a list per column; a
    single str is every row's)."""
    cols = {}
    for k in _NUMBERS + _FIELDS:
        if k not in kwargs:
            continue
        v = kwargs[k]
        if isinstance(v, str) and k in ("game", "rules", "use"):
            v = [v] * n
        elif v is None:
            continue
        else:
            try:
                v = list(v)
            except TypeError:
                raise ValueError(f"{name}: column \"{k}\" is not a list, one value per "
                                 f"completion") from None
        if len(v) != n:
            raise ValueError(f"{name}: column \"{k}\" has {len(v)} values for {n} completions")
        cols[k] = v
    return [{k: v[i] for k, v in cols.items()} for i in range(n)]


def _trl_rewards(completions, kwargs, name, game=None):
    completions = list(completions)
    out = []
    for i, row in enumerate(_columns(kwargs, len(completions), name)):
        if game is not None and _missing(row.get("game")):
            row["game"] = game
        task = _Task(row, f"{name}: row {i}")
        out.append(float(_ratio(task.grade(_text_of(completions[i]), extract=True))))
    return out


def countdown_reward(prompts, completions, **kwargs):
    """A TRL GRPO reward function (`reward_funcs=[countdown_reward]`): for
    each completion, its final answer (as `census24 check --extract` takes
    it: tags, boxes, answer lines, steps; never one the reply rejects)
    graded for its task, as the points ratio: 1.0 right, 0.0 wrong or
    without an answer, a scoring near miss scaled (module doc). The task
    comes from the dataset's columns (keyword arguments, one per
    completion): `cards` or `numbers`, `target`, and `game`, `rules`,
    `use`, `solvable`, `closest` when present; `game`, `rules` and `use`
    may also be one str for every row."""
    return _trl_rewards(completions, kwargs, "countdown_reward")


def reward_for(game):
    """A TRL GRPO reward function for the preset `game` (one of
    census24.GAMES): countdown_reward with `game` for every row whose own
    `game` column does not name one (rows of another source, or of a
    game that is no preset's), so that they score that game's points.
    Named `<game>_reward`, as TRL logs it."""
    from . import GAMES

    if game not in GAMES:
        raise ValueError(f"game: unknown game {game!r} (expected {', '.join(GAMES)})")
    name = f"{game}_reward" if game.isidentifier() else f"game_{game}_reward"

    def reward(prompts, completions, **kwargs):
        return _trl_rewards(completions, kwargs, name, game)

    reward.__name__ = reward.__qualname__ = name
    reward.__doc__ = f"countdown_reward for the game {game!r} (census24.rewards.reward_for)."
    return reward


__all__ = ["compute_score", "countdown_reward", "reward_for", "score_answer",
           "verl_compute_score"]
