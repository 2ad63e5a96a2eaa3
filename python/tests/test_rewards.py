"""census24.rewards against the public functions they replace: the same
score on every answer the public function grades correctly, census24's
verdict where it does not. TinyZero's compute_score is restated below from
its source (verl/utils/reward_score/countdown.py, Apache-2.0); the others
are held to their return conventions."""

import random
import re

import census24
from census24.rewards import compute_score, countdown_reward, score_answer


def tinyzero_compute_score(solution_str, ground_truth, method="strict", format_score=0.1, score=1.0):
    """TinyZero's reward, restated: eval() and a tolerance of 1e-5."""
    if "Assistant:" in solution_str:
        solution_str = solution_str.split("Assistant:", 1)[1]
    elif "<|im_start|>assistant" in solution_str:
        solution_str = solution_str.split("<|im_start|>assistant", 1)[1]
    else:
        return 0
    matches = list(re.finditer(r"<answer>(.*?)</answer>", solution_str.split("\n")[-1]))
    if not matches:
        return 0
    equation = matches[-1].group(1).strip()
    numbers = sorted(int(n) for n in re.findall(r"\d+", equation))
    if numbers != sorted(ground_truth["numbers"]):
        return format_score
    try:
        if not re.match(r"^[\d+\-*/().\s]+$", equation):
            raise ValueError("Invalid characters in equation.")
        result = eval(equation, {"__builtins__": None}, {})
        if abs(result - ground_truth["target"]) < 1e-5:
            return score
        return format_score
    except Exception:
        return format_score


def answers():
    """(numbers, target, answer): right answers, near misses, and the
    exploits of eval() and floats."""
    rng = random.Random(34)
    out = []
    hands = [[rng.randint(1, 13) for _ in range(4)] for _ in range(300)]
    for hand in hands:
        e = census24.solve(hand)
        if e is None:
            continue
        out.append((hand, 24, e))
        k = rng.choice([i for i, c in enumerate(e) if c in "+-*/"])
        out.append((hand, 24, e[:k] + rng.choice("+-*/".replace(e[k], "")) + e[k + 1:]))
        out.append((hand, 24, e + "*1"))
    out += [
        ([2, 5, 3], 35, "2**5+3"),
        ([7, 2, 8], 24, "7//2*8"),
        ([3, 3, 8, 8], 24, "8/(3-8/3)"),
        ([1, 4, 5, 6], 24, "4/(1-5/6)"),
        ([24, 1, 1000000], 24, "24+1/1000000"),
        ([1, 2, 7, 7], 24, "7*7/2*1"),
        ([13, 5, 8, 1], 24, "(13%5)*8*1"),
        ([3, 3, 8, 8], 24, "8/(3-3)*8"),
    ]
    return out


def test_compute_score_agrees_where_tinyzero_is_right():
    changed = []
    for numbers, target, answer in answers():
        truth = census24.check(numbers, answer, target, "rational", "all").correct
        for text in (f"User: solve it.\nAssistant: <think>...</think>\n<answer>{answer}</answer>",
                     f"<|im_start|>assistant\nthinking\n<answer>{answer}</answer>"):
            gt = {"target": target, "numbers": numbers}
            theirs, ours = tinyzero_compute_score(text, gt), compute_score(text, gt)
            if (theirs == 1.0) == truth:
                assert ours == theirs, (answer, theirs, ours)
            else:
                assert ours == (1.0 if truth else 0.1), (answer, theirs, ours)
                changed.append(answer)
    # Exactly the exploits of eval() and its tolerance change verdict
    # (TinyZero's character check already refuses "%").
    assert set(changed) == {"2**5+3", "7//2*8", "24+1/1000000"}, changed
    # No answer and the text outside the assistant's turn score 0, as there.
    assert compute_score("Assistant: no tags", {"target": 24, "numbers": [3, 3, 8, 8]}) == 0
    assert compute_score("<answer>8/(3-8/3)</answer>", {"target": 24, "numbers": [3, 3, 8, 8]}) == 0


def test_score_answer_keeps_reasoning_gyms_conventions():
    entry = {"metadata": {"numbers": [3, 3, 8, 8], "target": 24}}
    assert score_answer("8/(3-8/3)", entry) == 1.0
    assert score_answer("(1+2+3)*4", {"metadata": {"numbers": [4, 3, 2, 1], "target": 24}}) == 1.0
    assert score_answer("8*3*3/3", entry) == 0.05, "a number used twice, one left over"
    assert score_answer("(8+8)*3-3", entry) == 0.05
    assert score_answer("", entry) == 0.01
    assert score_answer(None, entry) == 0.01
    assert score_answer("8**2", entry) == 0.01, "not an expression"
    assert score_answer("int(24.9)", entry) == 0.01


def test_countdown_reward_takes_strings_and_chat_messages():
    prompts = ["p"] * 4
    completions = [
        "Let me see. <answer>8/(3-8/3)</answer>",
        [{"role": "assistant", "content": "Answer: (9-8)*3*8"}],
        "<answer>8/(3-8/3)</answer> Wait, that is wrong. I give up.",
        "1 + 2 = 3, 3 * 8 = 24",
    ]
    got = countdown_reward(prompts, completions, target=[24, 24, 24, 24],
                           numbers=[[3, 3, 8, 8], [3, 8, 8, 9], [3, 3, 8, 8], [1, 2, 8]])
    assert got == [1.0, 1.0, 0.0, 1.0]


def test_countdown_reward_agrees_with_the_reply_corpus():
    """The 3,786 replies of tests/data/replies.jsonl, each with the verdict
    it means: the TRL reward pays exactly the right final answers."""
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "replies.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    got = countdown_reward(["p"] * len(rows), [r["reply"] for r in rows],
                           target=[24] * len(rows), numbers=[r["hand"] for r in rows])
    wrong = [(r["kind"], r["reply"]) for r, g in zip(rows, got) if (g == 1.0) != r["correct"]]
    assert not wrong, wrong[:5]
    assert len(rows) >= 1000
