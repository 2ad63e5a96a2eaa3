"""Puzzle-designer questions answered from the census24 tables with Python polars.

    python -m venv .venv && .venv/bin/pip install polars
    .venv/bin/python examples/query.py [DATA_DIR]

Every hands.parquet under DATA_DIR (default ``data``) is scanned at once; hive
partitioning turns the folder names (rules, use, targets, values, deck, k) into
columns, so one query covers every hand size.
"""

import sys

import polars as pl

data = sys.argv[1] if len(sys.argv) > 1 else "data"
every = pl.scan_parquet(f"{data}/**/hands.parquet", hive_partitioning=True).filter(
    (pl.col("rules") == "rational") & (pl.col("targets") == "24-24")
)
# The 52-card deck (deck=x4); deck=none holds the same game with independent draws.
hands = every.filter(pl.col("deck") == "x4")

# 1. Hands with exactly one solution (one dissimilar way to make 24).
one = (
    hands.filter((pl.col("k") == 4) & (pl.col("dissimilar") == 1))
    .select("hand", "simplest", "structural")
    .collect()
)
print(f"Four-card hands with exactly one dissimilar solution: {one.height}")
print(one.head(10))

# 2. The chance that a random deal is solvable, per hand size: the share of
#    solvable hands weighted by deal_probability.
odds = (
    hands.group_by("k")
    .agg(
        pl.len().alias("hands"),
        pl.col("solvable").sum().alias("solvable_hands"),
        pl.col("deal_probability").filter(pl.col("solvable")).sum().alias("solvable_deals"),
        pl.col("deal_probability").sum().alias("all_deals"),
    )
    .with_columns((pl.col("solvable_deals") / pl.col("all_deals")).alias("deal_share"))
    .sort("k")
    .collect()
)
print("Share of solvable deals by hand size:")
print(odds)

# 2b. The same for both decks side by side: a 52-card deck against
#     independent draws (the atlas, every hand size 1..10).
both = (
    every.group_by("deck", "k")
    .agg(pl.col("deal_probability").filter(pl.col("solvable")).sum().alias("deal_share"))
    .collect()
    .pivot(on="deck", index="k", values="deal_share")
    .sort("k")
)
print("Share of solvable deals by hand size, 52-card deck (x4) and independent draws (none):")
print(both)

# 3. Hands solvable only with fractions.
fractions = hands.filter(pl.col("needs_fraction")).select("k", "hand", "simplest").sort("k", maintain_order=True).collect()
print(f"Hands solvable only with fractions: {fractions.height}")
print(fractions.head(20))

# The answers CI relies on: the shipped k = 4 table has 1362 solvable hands.
four = odds.filter(pl.col("k") == 4)
assert four["hands"][0] == 1820 and four["solvable_hands"][0] == 1362, four

# 4. Every target at once: which target between 1 and 100 do the most
#    four-card hands make? (the reach table of `census24 sweep --targets 1..999`)
reach = pl.read_parquet(f"{data}/rules=rational/use=all/targets=1-999/values=1-13/deck=x4/k=4/reach.parquet")
best = (
    reach.filter(pl.col("target") <= 100)
    .group_by("target")
    .agg(pl.col("solvable").sum().alias("solvable_hands"))
    .sort(["solvable_hands", "target"], descending=[True, False])
)
print("Targets 1 to 100 made by the most four-card hands:")
print(best.head(5))
# The reach table agrees with the single-target table for 24.
assert best.filter(pl.col("target") == 24)["solvable_hands"][0] == 1362
assert best["target"][0] == 2 and best["solvable_hands"][0] == 1758, best.head(1)

# 5. The Countdown census (`census24 sweep --game countdown`): share of games
#    solved exactly and within 10, by number of large tiles.
games = pl.read_parquet(
    f"{data}/rules=natural/use=any/targets=100-999/values=1-100/deck=countdown/k=6/reach.parquet"
)
large = pl.col("hand").str.split(" ").list.eval(pl.element().cast(pl.Int32) >= 25).list.sum()
by_large = (
    games.group_by(large.alias("large_tiles"))
    .agg(
        pl.col("solvable").mean().round(4).alias("solved"),
        (pl.col("distance") <= 10).mean().round(4).alias("within_10"),
    )
    .sort("large_tiles")
)
print("Countdown games solved by number of large tiles:")
print(by_large)
assert games.height == 13_243 * 900 and games["solvable"].sum() == 10_871_986
