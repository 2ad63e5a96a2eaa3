"""Drop-in rewards for training code: each has the signature and return
conventions of a public reward function, and grades exactly where the
original does not (no eval(), no floats, no tolerance, no int()
truncation; the numbers used are the task's, each once).

    from census24.rewards import compute_score   # TinyZero's countdown.py
    from census24.rewards import score_answer    # reasoning-gym's countdown
    from census24.rewards import countdown_reward  # a TRL GRPO reward function

Every answer is graded by census24.check under rational rules (fractions
allowed in intermediate results, as the originals' evaluation allows) with
every number used exactly once (as TinyZero and reasoning-gym require), so
an answer the original grades correctly scores the same. What changes:
powers (`**`, `^`), floor division (`//`), `%`, factorials, decimals,
unary minus and implicit multiplication are not expressions; values are
compared exactly (`8/(3-8/3)` is 24; `100000001/1000000` is not 100); a
number is used as often as the task holds it. docs/BENCHMARKS.md lists the
answers that change verdict.
"""

import re as _re

from . import check as _check
from . import extract as _extract


def _graded(numbers, answer, target):
    """census24's verdict on an answer for a task of `numbers` and `target`."""
    return _check(list(numbers), answer, target, "rational", "all")


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


def compute_score(solution_str, ground_truth, method="strict", format_score=0.1, score=1.0):
    """TinyZero's `verl/utils/reward_score/countdown.py` `compute_score`:
    0 with no answer, `format_score` for a wrong one, `score` for a right
    one. `ground_truth` is a dict with `target` and `numbers`; `method` is
    accepted and, as in the original, unused."""
    answer = _tinyzero_answer(solution_str)
    if answer is None:
        return 0
    if _graded(ground_truth["numbers"], answer, ground_truth["target"]).correct:
        return score
    return format_score


def score_answer(answer, entry):
    """reasoning-gym's countdown `score_answer(answer, entry) -> float`:
    1.0 for a right answer, 0.05 for a wrong one, 0.01 for one that is
    empty or not an expression. `entry["metadata"]` holds `numbers` and
    `target`."""
    if answer is None or not str(answer).strip():
        return 0.01
    meta = entry["metadata"]
    v = _graded(meta["numbers"], answer, meta["target"])
    if v.correct:
        return 1.0
    if v.reason.startswith("not an expression") or v.reason.startswith("step 1 is not"):
        return 0.01
    return 0.05


def _text_of(completion):
    """A completion's text: a str, or the content of its last message in
    chat form ([{"role": "assistant", "content": ...}])."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        return completion.get("content") or ""
    if completion:
        return _text_of(completion[-1])
    return ""


def countdown_reward(prompts, completions, **kwargs):
    """A TRL GRPO reward function (`reward_funcs=[countdown_reward]`):
    1.0 for each completion whose final answer (as `census24 check
    --extract` takes it: tags, boxes, answer lines, steps; never one the
    reply rejects) solves its task, else 0.0. The dataset's `target` and
    `numbers` columns arrive as keyword arguments, one per completion."""
    targets, numbers = kwargs["target"], kwargs["numbers"]
    out = []
    for completion, target, nums in zip(completions, targets, numbers):
        answer, _ = _extract(_text_of(completion))
        ok = answer is not None and _graded(nums, answer, target).correct
        out.append(1.0 if ok else 0.0)
    return out


__all__ = ["compute_score", "countdown_reward", "score_answer"]
