#!/usr/bin/env bash
# Make a split, grade a model, read the scores: the walk-through of
# docs/BENCHMARKS.md, run by CI. Needs census24 on PATH (or CENSUS24=path)
# and a Python with the `datasets` library (or PYTHON=path).
set -euo pipefail
census24="${CENSUS24:-census24}"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 1. Make a split: 200 Countdown tasks, every tier alike, 80% train, 20% test.
"$census24" tasks --game countdown -n 200 --seed 1 --stratify --out "$work/countdown-tasks"

# 2. Load the test split as a dataset and ask the model. The stand-in model
#    answers a third of the tasks with a tagged expression, a third with
#    steps, and gives up on the rest; put your model's call in its place.
"$python" - "$work" <<'PY'
import json, sys
import datasets

work = sys.argv[1]
test = datasets.load_dataset(f"{work}/countdown-tasks")["test"]

def model(prompt, i, row):
    if i % 3 == 0:
        return f"Let me try.\n<answer>{row['simplest']}</answer>"
    if i % 3 == 1:
        return f"Working it out:\n{row['steps']}"
    return "I could not find a way. I give up."

with open(f"{work}/replies.jsonl", "w") as out:
    for i, row in enumerate(test):
        prompt = row["prompt"]   # the rules, the numbers, the target, <answer> tags
        line = {"id": row["id"], "hand": row["hand"], "target": row["target"],
                "answer": model(prompt, i, row)}
        out.write(json.dumps(line) + "\n")
PY

# 3. Grade: exact arithmetic, the reply's final answer only, scored as
#    Countdown scores it (10 exact, 7 within 5, 5 within 10).
"$census24" check --game countdown --stdin --json --extract --score \
    < "$work/replies.jsonl" > "$work/verdicts.jsonl" || [ $? -eq 1 ]

# 4. Read the scores, by tier.
"$python" - "$work" <<'PY'
import json, sys
from collections import defaultdict
import datasets

work = sys.argv[1]
tier = {r["id"]: r["tier"] for r in datasets.load_dataset(f"{work}/countdown-tasks")["test"]}
scores = defaultdict(list)
for line in open(f"{work}/verdicts.jsonl"):
    v = json.loads(line)
    scores[tier[v["id"]]].append(v["score"])
every = [s for ss in scores.values() for s in ss]
print(f"{len(every)} answers, {sum(s == 10 for s in every)} exact, mean score {sum(every) / len(every):.2f} of 10")
for t in ["easy", "medium", "hard", "expert"]:
    print(f"  {t:6} {len(scores[t]):3} answers, mean score {sum(scores[t]) / len(scores[t]):.2f}")
PY
