"""census24.tasks against `census24 tasks`: the same tasks for the same
arguments, each stored answer graded correct by census24.check, the same
errors in the arguments' names."""

import json
import os
import subprocess

import pytest

import census24

BIN = os.environ.get("CENSUS24_BIN", "census24")


def cli(*args):
    out = subprocess.run([BIN, "tasks", "-q", *args], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_tasks_are_the_command_lines():
    py = census24.tasks(40, "countdown", seed=3, unsolvable=0.1, order="curriculum")
    assert py == cli("--game", "countdown", "-n", "40", "--seed", "3", "--unsolvable", "0.1",
                     "--order", "curriculum")
    py = census24.tasks(30, hand_sizes="3..5", values="1..100", deck="none", targets="100..999",
                        rules="natural", use="any", seed=9)
    assert py == cli("--hand-sizes", "3..5", "--values", "1..100", "--deck", "none", "--targets",
                     "100..999", "--rules", "natural", "--use", "any", "-n", "30", "--seed", "9")
    assert census24.tasks(40, stratify=True, splits="a=0.5,b=0.5") == cli(
        "-n", "40", "--stratify", "--splits", "a=0.5,b=0.5")
    assert census24.tasks(5, seed=1) != census24.tasks(5, seed=2)
    assert census24.tasks(5, target=30) == cli("-n", "5", "--target", "30")


def test_every_stored_answer_is_correct():
    for t in census24.tasks(60, "countdown", seed=4, unsolvable=0.2):
        if not t["solvable"]:
            assert t["simplest"] is None and t["closest"] != t["target"]
            continue
        for answer in (t["simplest"], t["steps"]):
            v = census24.check(t["cards"], answer, target=t["target"], game="countdown")
            assert v.correct, (t, answer, v.reason)
        assert set(t) == {"id", "split", "hand", "cards", "target", "rules", "use", "solvable",
                          "simplest", "steps", "dissimilar", "predicted_time_s",
                          "predicted_time_p80_s", "predicted_solve_rate", "difficulty", "tier",
                          "closest", "game", "prompt"}
        assert t["game"] == "countdown" and f"Target: {t['target']}" in t["prompt"]


def test_bad_arguments_name_themselves():
    with pytest.raises(ValueError, match=r"^splits: train=0.5: the shares add up to 0.5, not 1$"):
        census24.tasks(10, splits="train=0.5")
    with pytest.raises(ValueError, match=r"^hand_sizes: 4..9: tasks have at most 7 numbers"):
        census24.tasks(10, hand_sizes="4..9")
    with pytest.raises(ValueError, match=r"^unsolvable: 1 is not a share"):
        census24.tasks(10, unsolvable=1.0)
    with pytest.raises(ValueError, match=r"^hand_sizes: 0..0: a task has at least 1 number$"):
        census24.tasks(10, hand_sizes=0)
    with pytest.raises(ValueError, match=r"^target: 7/2: tasks take whole targets$"):
        census24.tasks(10, target="7/2")
    with pytest.raises(ValueError, match="order"):
        census24.tasks(10, order="sideways")
    with pytest.raises(ValueError, match="hand_sizes"):
        census24.tasks(10, hand_sizes="three")
    with pytest.raises(census24.GaveUp, match="found 0 of the 3 solvable 2-number tasks.*a smaller n"):
        census24.tasks(3, hand_sizes=2, values="1..3")


def test_a_count_beyond_the_game_is_refused_naming_the_bound():
    with pytest.raises(ValueError, match=r"^n: 99999999999 asks 99999999999 4-number tasks; "
                                         r"the game holds at most 1820 distinct ones"):
        census24.tasks(99999999999)


def test_a_prompt_template_fills_its_placeholders():
    rows = census24.tasks(3, prompt_template="{{{count}}} {numbers} -> {target}")
    assert [r["prompt"] for r in rows] == [f"{{4}} {r['hand']} -> 24" for r in rows]
    assert rows == [dict(r, prompt=p["prompt"]) for r, p in zip(census24.tasks(3), rows)]
    with pytest.raises(ValueError, match=r"^prompt_template: unknown placeholder \{goal\}"):
        census24.tasks(3, prompt_template="{goal}")
