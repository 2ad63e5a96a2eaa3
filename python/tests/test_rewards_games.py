"""census24.rewards on census24's own task rows, for every game, read as
each trainer passes them: TRL's dataset columns (keyword arguments, a list
per column), TinyZero's and verl's ground_truth (and verl's extra_info),
reasoning-gym's entry and its metadata. The simplest of every solvable
task scores 1.0, a number used once more than the task holds scores 0,
"there is no solution" is right on every unsolvable task of a game scored
right or wrong and wrong on every solvable one, and in a game of near
misses the closest play scores its points."""

import json

import pytest

import census24
from census24.rewards import (
    compute_score,
    countdown_reward,
    reward_for,
    score_answer,
    verl_compute_score,
)

NO = "Having tried every pairing, there is no solution."
# The number of tasks per game: half of them unsolvable.
N = 16


def rows_of(game):
    return census24.tasks(N, game, seed=5, unsolvable=0.5)


def bare(row):
    """A row that names no game (of another source, or of a game that is
    no preset's): scored by its rules and use."""
    return {k: v for k, v in row.items() if k != "game"}


@pytest.fixture(scope="module", params=list(census24.GAMES))
def game_rows(request):
    rows = rows_of(request.param)
    assert sum(not r["solvable"] for r in rows) == N // 2
    return request.param, rows


def twice(simplest):
    """The simplest with its first number used once more (and taken away
    again): the target's value, with a number the hand does not hold that
    often."""
    digits = ""
    for c in simplest:
        if c.isdigit():
            digits += c
        elif digits:
            break
    return f"{simplest}+{digits}-{digits}"


def trl(rows, replies, reward=countdown_reward, **extra):
    """Rewards as TRL calls them: the dataset's columns as keyword
    arguments, a list per column; the prompt column is not passed."""
    columns = {k: [r[k] for r in rows] for k in rows[0]}
    columns.update(extra)
    return reward(["p"] * len(rows), replies, **columns)


def tinyzero(row, answer):
    return compute_score(f"User: solve.\nAssistant: <think>...</think>\n<answer>{answer}</answer>",
                         row)


def verl(row, reply, split_fields=False):
    """As verl's reward manager calls a custom function (keywords); with
    split_fields, the numbers in ground_truth and the rest in extra_info."""
    if split_fields:
        truth = {"numbers": row["cards"], "target": row["target"]}
        extra = {k: v for k, v in row.items() if k not in ("cards", "target")}
    else:
        truth, extra = row, {"split": "test", "index": 0}
    a = verl_compute_score(data_source="census24", solution_str=reply, ground_truth=truth,
                           extra_info=extra)
    b = compute_score(data_source="census24", solution_str=reply,
                      ground_truth=json.dumps(truth), extra_info=extra)
    assert a == b
    return a


def reasoning_gym(row, answer):
    entry = {"question": f"Make {row['target']} from {row['hand']}.", "answer": row["simplest"],
             "metadata": row}
    return score_answer(answer, entry)


def test_every_simplest_scores_one_as_each_trainer_passes_the_row(game_rows):
    game, rows = game_rows
    solvable = [r for r in rows if r["solvable"]]
    for reward in (countdown_reward, reward_for(game)):
        assert trl(solvable, [f"<answer>{r['simplest']}</answer>" for r in solvable],
                   reward) == [1.0] * len(solvable)
        # Steps, as chat messages.
        assert trl(solvable, [[{"role": "assistant", "content": f"Steps:\n{r['steps']}"}]
                              for r in solvable], reward) == [1.0] * len(solvable)
    for r in solvable:
        assert tinyzero(r, r["simplest"]) == 1.0, r
        assert verl(r, f"So the answer is {r['simplest']}.") == 1.0, r
        assert verl(r, f"<answer>{r['simplest']}</answer>", split_fields=True) == 1.0, r
        assert reasoning_gym(r, r["simplest"]) == 1.0, r


def test_a_number_used_once_more_than_held_scores_nothing(game_rows):
    game, rows = game_rows
    solvable = [r for r in rows if r["solvable"]]
    replies = [f"<answer>{twice(r['simplest'])}</answer>" for r in solvable]
    assert trl(solvable, replies) == [0.0] * len(solvable)
    assert trl(solvable, replies, reward_for(game)) == [0.0] * len(solvable)
    for r, reply in zip(solvable, replies):
        assert tinyzero(r, twice(r["simplest"])) == 0.1, r
        assert verl(r, reply) == 0.0, r
        assert reasoning_gym(r, twice(r["simplest"])) == 0.05, r


def test_no_solution_is_right_exactly_on_unsolvable_tasks(game_rows):
    """In every game, near misses scored or not (issue 45)."""
    game, rows = game_rows
    assert any(not r["solvable"] for r in rows) and any(r["solvable"] for r in rows)
    got = trl(rows, [NO] * len(rows), reward_for(game))
    for r, g in zip(rows, got):
        right = not r["solvable"]
        assert g == (1.0 if right else 0.0), (game, r, g)
        named = dict(r, game=game)
        assert tinyzero(named, "no solution") == (1.0 if right else 0.1), r
        assert verl(named, NO) == (1.0 if right else 0.0), r
        assert reasoning_gym(named, "There is no solution.") == (1.0 if right else 0.05), r
        # A task row names its game, and is scored as the game scores.
        assert r["game"] == game
        assert verl(r, NO) == (1.0 if right else 0.0), r
        # Without the game named, a row is scored right or wrong by its
        # rules and use: "no solution" is right when it has none.
        assert verl(bare(r), NO) == (0.0 if r["solvable"] else 1.0), r
        v = census24.check(r["cards"], NO, r["target"], game=game, extract=True,
                           solvable=r["solvable"], closest=r["closest"])
        assert v.correct == right, (r, v)


def test_in_a_game_of_near_misses_the_closest_play_earns_its_points(game_rows):
    game, rows = game_rows
    for r in rows:
        if r["solvable"] or r["closest"] is None:
            continue
        play = census24.solve(r["cards"], r["target"], r["rules"], r["use"], closest="nearest")
        v = census24.check(r["cards"], play, r["target"], game=game, solvable=False,
                           closest=r["closest"])
        assert v.correct and v.value == str(r["closest"]), (r, play, v)
        ratio = v.points / v.max_points
        assert trl([r], [f"<answer>{play}</answer>"], reward_for(game)) == [ratio]
        # The row names its game: its points without reward_for.
        assert trl([r], [f"<answer>{play}</answer>"]) == [ratio]
        # Without the game named, the row's rules and use, right or wrong:
        # the closest play does not reach the target.
        assert trl([bare(r)], [f"<answer>{play}</answer>"]) == [0.0]
        assert verl(dict(r, game=game), play) == ratio


def test_countdown_reads_the_tasks_columns_and_scores_a_selection():
    """The issue's case: a Countdown row has `cards`, not `numbers`, and
    its answer uses some of them."""
    row = {"id": "test-0", "hand": "3 7 8 9 25 100", "cards": [3, 7, 8, 9, 25, 100],
           "target": 107, "rules": "natural", "use": "any", "solvable": True,
           "simplest": "7+100", "closest": None}
    assert trl([row], ["<answer>7+100</answer>"]) == [1.0]
    assert trl([row], ["<answer>7+100</answer>"], reward_for("countdown")) == [1.0]
    assert compute_score("Assistant: <answer>7+100</answer>", row) == 1.0
    assert score_answer("7+100", {"metadata": row}) == 1.0
    # Near misses score Countdown's points scaled: 7 within 5, 5 within 10.
    near = ["<answer>8+100</answer>", "<answer>3+100</answer>", "<answer>9*8+25</answer>",
            "<answer>25+9</answer>"]
    assert trl([row] * 4, near, reward_for("countdown")) == [0.7, 0.7, 0.5, 0.0]
    assert trl([row] * 4, near, game=["countdown"] * 4) == [0.7, 0.7, 0.5, 0.0]
    assert trl([row] * 4, near) == [0.0] * 4
    assert compute_score("Assistant: <answer>8+100</answer>", dict(row, game="countdown")) == 0.7
    assert score_answer("9*8+25", {"metadata": dict(row, game="countdown")}) == 0.5


def test_verdicts_carry_the_points_check_score_gives():
    v = census24.check([3, 7, 8, 9, 25, 100], "8+100", 107, game="countdown")
    assert (v.correct, v.points, v.max_points) == (False, 7, 10)
    assert census24.check([3, 7, 8, 9, 25, 100], "7+100", 107, game="countdown").points == 10
    assert census24.check([3, 7, 8, 9, 25, 100], "9*8+25", 107, game="countdown").points == 5
    assert census24.check([3, 7, 8, 9, 25, 100], "9+8", 107, game="countdown").points == 0
    # An illegal play scores nothing, however near.
    assert census24.check([3, 7, 8, 9, 25, 100], "7+100+7-7", 107, game="countdown").points == 0
    v = census24.check([3, 3, 8, 8], "8/(3-8/3)")
    assert (v.points, v.max_points) == (1, 1)
    assert census24.check([3, 3, 8, 8], "8*3").points == 0
    digits = census24.check([1, 2, 3, 4, 5, 25], "25*4", 105, game="digits")
    assert (digits.points, digits.max_points) == (2, 3)
    assert census24.check([3, 3, 8, 8], "Answer: 8/(3-8/3)", extract=True).correct
    v = census24.check([3, 3, 8, 8], "I give up.", extract=True)
    assert v.reason == 'no answer: the reply gives up ("give up")' and v.points == 0
    assert "impossible" in census24.NO_SOLUTION and "give up" not in census24.NO_SOLUTION


def test_every_form_of_reply_content_is_read_and_none_raises():
    row = {"cards": [3, 3, 8, 8], "target": 24.0}
    replies = [
        "<answer>8/(3-8/3)</answer>",
        {"role": "assistant", "content": "<answer>8/(3-8/3)</answer>"},
        [{"role": "assistant", "content": "<answer>8/(3-8/3)</answer>"}],
        [{"role": "user", "content": "Solve 3 3 8 8"},
         {"role": "assistant", "content": "<answer>8/(3-8/3)</answer>"}],
        [{"role": "assistant", "content": [{"type": "text", "text": "<answer>8/(3-8/3)</answer>"}]}],
        [{"role": "assistant", "content": [{"type": "image"},
                                           {"type": "text", "text": "Thinking."},
                                           {"type": "text", "text": "Answer: 8/(3-8/3)"}]}],
        [{"type": "text", "text": "<answer>8/(3-8/3)</answer>"}],
    ]
    odd = [None, 7, [], {}, [{"role": "assistant", "content": None}], b"\xff\xfe",
           "\ud800 8/(3-8/3)?", [{"role": "assistant", "content": [{"type": "image"}]}],
           object()]
    n = len(replies) + len(odd)
    got = countdown_reward(["p"] * n, replies + odd, cards=[row["cards"]] * n,
                           target=[24.0] * n)
    assert got[:len(replies)] == [1.0] * len(replies)
    assert all(isinstance(g, float) for g in got)
    for r in replies + odd:
        assert verl_compute_score("d", r, row) in (0.0, 1.0)
        assert compute_score(r, row) in (0, 0.1, 1.0)
        assert score_answer(r, {"metadata": row}) in (0.01, 0.05, 1.0)
    # A float target equal to an integer is that integer, in every form.
    assert compute_score("Assistant: <answer>8/(3-8/3)</answer>", row) == 1.0
    assert score_answer("8/(3-8/3)", {"metadata": {"numbers": [3, 3, 8, 8], "target": 24.0}}) == 1.0


def test_originals_conventions_hold_without_a_game():
    # A reasoning-gym puzzle24 entry: numbers only, for 24.
    assert score_answer("8/(3-8/3)", {"metadata": {"numbers": [3, 3, 8, 8]}}) == 1.0
    # Rational rules, every number once: 8*3 leaves numbers over.
    assert score_answer("8*3", {"metadata": {"numbers": [3, 3, 8, 8], "target": 24}}) == 0.05
    assert compute_score("Assistant: <answer>8*3</answer>",
                         {"numbers": [3, 3, 8, 8], "target": 24}) == 0.1
    # Without solvable, "no solution" gives up, as before.
    assert countdown_reward(["p"], [NO], numbers=[[1, 1, 1, 1]], target=[24]) == [0.0]
    assert countdown_reward(["p"], [NO], numbers=[[1, 1, 1, 1]], target=[24],
                            solvable=[False]) == [1.0]


@pytest.mark.parametrize("columns, message", [
    ({"target": [24]}, r'no "cards" or "numbers" column'),
    ({"cards": [[3, 3, 8, "x"]], "target": [24]}, r'row 0: column "cards": .*x'),
    ({"cards": [[3, 3, 8, 8]], "target": [24.5]}, r'row 0: column "target": 24.5 is not an integer'),
    ({"cards": [[3, 3, 8, 8]], "target": [24], "game": ["Countdown"]}, r'column "game": unknown game'),
    ({"cards": [[3, 3, 8, 8]], "target": [24], "rules": ["fractions"]}, r'column "rules"'),
    ({"cards": [[3, 3, 8, 8]], "target": [24], "solvable": ["no"]}, r'column "solvable"'),
    ({"numbers": [[3, 7, 8, 9, 25, 100]]}, r'column "target": .*targets'),
    ({"cards": [[3, 3, 8, 8], [1, 2]], "target": [24]}, r'column "target" has 1 values for 2'),
])
def test_a_bad_row_raises_one_error_naming_the_column(columns, message):
    if "numbers" in columns and "target" not in columns:
        columns = dict(columns, game=["countdown"])
    n = len(next(v for k, v in columns.items() if k in ("cards", "numbers", "target")))
    with pytest.raises(ValueError, match=message):
        countdown_reward(["p"] * n, ["<answer>8/(3-8/3)</answer>"] * n, **columns)
