"""`census24 tasks --format verl|trl|reasoning-gym --out DIR` read back as
each trainer reads it: the folder loaded with Hugging Face `datasets`
(`load_dataset("parquet", data_files=...)`, and the folder itself through
its card), the columns and types each trainer documents, and census24's
rewards run on the rows as each trainer passes them, scoring every stored
answer in the prompt's answer format 1.0."""

import os
import subprocess

import pytest

from census24 import rewards

datasets = pytest.importorskip("datasets")

BIN = os.environ.get("CENSUS24_BIN", "census24")

# What the rewards read back, in each trainer's place.
REWARD_FIELDS = ["cards", "target", "rules", "use", "solvable", "closest", "game"]


def written(tmp_path, fmt, *args):
    """The folder of `census24 tasks --format fmt`, each split loaded with
    datasets from its Parquet file."""
    out = tmp_path / fmt
    subprocess.run([BIN, "tasks", "-q", "--format", fmt, "--out", str(out), "-n", "40", *args],
                   check=True)
    card = (out / "README.md").read_text()
    files = {s: str(out / "data" / f"{s}.parquet") for s in ("train", "test")}
    data = datasets.load_dataset("parquet", data_files=files)
    # The card's header loads the same rows.
    assert datasets.load_dataset(str(out))["test"].to_list() == data["test"].to_list()
    return data, card


def answered(row_answer):
    return f"I worked it out.\n<answer>{row_answer}</answer>"


def kind(feature):
    """A datasets feature as the words the tests use."""
    if isinstance(feature, dict):
        return {k: kind(v) for k, v in feature.items()}
    if isinstance(feature, list) or type(feature).__name__ in ("List", "LargeList", "Sequence"):
        inner = feature[0] if isinstance(feature, list) else feature.feature
        return [kind(inner)]
    return feature.dtype.replace("large_", "")


@pytest.mark.parametrize("game", [["--game", "countdown"], ["--unsolvable", "0.25"]])
def test_verl_rows_are_verls_and_score_their_answers(tmp_path, game):
    data, card = written(tmp_path, "verl", *game)
    train = data["train"]
    assert train.column_names == ["data_source", "prompt", "ability", "reward_model",
                                  "extra_info"]
    f = train.features
    assert kind(f["data_source"]) == "string" and kind(f["ability"]) == "string"
    assert kind(f["prompt"]) == [{"role": "string", "content": "string"}]
    gt = kind(f["reward_model"])["ground_truth"]
    assert list(gt) == REWARD_FIELDS
    assert gt["cards"] == ["int64"] and gt["target"] == "int64" and gt["solvable"] == "bool"
    assert {"split", "index", "id", "simplest", "tier"} <= set(kind(f["extra_info"]))
    name = "countdown" if "countdown" in game else "24"
    assert "custom_reward_function.name=verl_compute_score" in card
    for split in ("train", "test"):
        for i, row in enumerate(data[split]):
            assert row["data_source"] == f"census24/{name}"
            assert row["ability"] == "math"
            assert row["reward_model"]["style"] == "rule"
            assert row["reward_model"]["ground_truth"]["game"] == name
            assert row["extra_info"]["index"] == i and row["extra_info"]["split"] == split
            [message] = row["prompt"]
            assert message["role"] == "user" and "<answer>" in message["content"]
            simplest = row["extra_info"]["simplest"]
            reply = answered(simplest or "no solution")
            # As verl's reward manager calls a custom reward function.
            score = rewards.verl_compute_score(
                data_source=row["data_source"], solution_str=reply,
                ground_truth=row["reward_model"]["ground_truth"], extra_info=row["extra_info"])
            assert score == 1.0, (row, reply)
            assert rewards.compute_score(data_source=row["data_source"], solution_str=reply,
                                         ground_truth=row["reward_model"]["ground_truth"],
                                         extra_info=row["extra_info"]) == 1.0


def test_trl_rows_are_conversational_prompts_with_the_rewards_columns(tmp_path):
    data, card = written(tmp_path, "trl", "--game", "countdown", "--unsolvable", "0.2")
    train = data["train"]
    assert train.column_names == ["prompt", "id"] + REWARD_FIELDS
    assert kind(train.features["prompt"]) == [{"role": "string", "content": "string"}]
    assert "reward_funcs=countdown_reward" in card
    rows = [r for r in train if r["solvable"]]
    # As GRPOTrainer calls a reward function: the prompts, one completion
    # (a chat) per prompt, and every other column as a keyword argument,
    # a list of one value per completion.
    kwargs = {k: [r[k] for r in rows] for k in train.column_names if k != "prompt"}
    completions = [[{"role": "assistant", "content": answered(census24_simplest(r))}]
                   for r in rows]
    scores = rewards.countdown_reward([r["prompt"] for r in rows], completions, **kwargs)
    assert scores == [1.0] * len(rows)
    # A near miss scores Countdown's points, read from the row's game.
    near = [[{"role": "assistant", "content": f"<answer>{r['target'] - 3}</answer>"}]
            for r in rows]
    assert all(r["game"] == "countdown" for r in rows)
    assert set(rewards.countdown_reward([r["prompt"] for r in rows], near, **kwargs)) <= {0.0, 0.7}


def census24_simplest(row):
    """The simplest answer of a TRL row's task (TRL's rows hold no answer):
    census24.solve under the row's game."""
    import census24

    return census24.solve(row["cards"], row["target"], game=row["game"])


def test_reasoning_gym_entries_score_their_answers(tmp_path):
    data, card = written(tmp_path, "reasoning-gym", "--unsolvable", "0.25")
    test = data["test"]
    assert test.column_names == ["question", "answer", "metadata"]
    meta = kind(test.features["metadata"])
    assert {"source_dataset", "source_index"} <= set(meta)
    assert set(REWARD_FIELDS) <= set(meta)
    assert "score_answer(extract_answer(" in card
    for entry in test:
        assert entry["metadata"]["source_dataset"] == "census24/24"
        assert "<answer>" in entry["question"]
        assert rewards.score_answer(entry["answer"], entry) == 1.0, entry
