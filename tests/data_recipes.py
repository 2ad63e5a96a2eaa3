"""Every read and recipe data/README.md gives, run as written, in polars and
in DuckDB, against the manifests.

    python tests/data_recipes.py [DATA_DIR]   (needs polars, duckdb, pyarrow)

data/README.md is written by `census24 report` (src/report/data_index.rs,
src/report/data_recipes.rs); .ci/run runs this on the shipped data. It
checks:

- each read of the table "Reading each kind of file in one scan" (each file
  kind's, and every hive Parquet file's at once) reads, in both engines, the
  rows the README says, and those are the rows the manifests list;
- each recipe (a ```python block and a ```sql block under one ### heading
  of "Recipes") gives the same rows in both engines, and the table that
  follows it, if any; the tier recipe orders easy, medium, hard, expert in
  DuckDB too (and its uncast ORDER BY is alphabetical, as the README warns);
  the Krypto recipe's rows and dealable games are the manifests' rows and
  the pairs of a hand and an objective that this script deals itself from
  Krypto's deck;
- the large-set summary (`sets.parquet`, delta-encoded pages) decodes to
  the same column sums in polars, DuckDB and pyarrow;
- the CSV files' column types are those polars and DuckDB infer.
"""

import json
import pathlib
import re
import sys

import duckdb
import polars as pl
import polars.selectors as cs
import pyarrow.compute as pc
import pyarrow.parquet as pq

data = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "data")
readme = (data / "README.md").read_text()


def manifests():
    """(folder relative to data, the manifest's files) of every table."""
    for m in sorted(data.glob("**/manifest.json")):
        if any(part.startswith(".") for part in m.relative_to(data).parts):
            continue
        yield m.parent.relative_to(data).as_posix(), json.loads(m.read_text())["files"]


def in_hive(folder):
    return all("=" in part for part in folder.split("/"))


def here(text):
    """A read or recipe as written, pointed at DATA_DIR."""
    return text.replace('"data/', f'"{data}/').replace("'data/", f"'{data}/")


def section(title):
    """The text of the ## section `title`, up to the next ## heading."""
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    assert m, f"data/README.md has no section {title!r}"
    return m.group(1)


def markdown_rows(text):
    """The body rows of the first Markdown table in `text`, cells stripped."""
    lines = [l for l in text.splitlines() if l.startswith("|")]
    return [[c.strip() for c in l.strip("|").split("|")] for l in lines[2:]]


def number(cell):
    return int(cell.replace(",", "")) if re.fullmatch(r"[\d,]+", cell) else cell


# What the manifests list: per file name, (tables, rows); and every Parquet
# file of the hive folders.
listed, hive = {}, [0, 0]
for folder, files in manifests():
    for f in files:
        tables, rows = listed.get(f["name"], (0, 0))
        listed[f["name"]] = (tables + 1, rows + f["rows"])
    parquet = [f["rows"] for f in files if f["name"].endswith(".parquet")]
    if in_hive(folder) and parquet:
        hive[0] += 1
        hive[1] += sum(parquet)

# The reads, one per file kind and one of every hive Parquet file.
reads = re.findall(
    r"^\| `([^`]+)` \| (\d+) \| ([\d,]+) \| `([^`]+)` \| `([^`]+)` \|$",
    section("Reading each kind of file in one scan"),
    re.M,
)
assert {name for name, *_ in reads} == set(listed) | {"rules=*/**/*.parquet"}, reads
con = duckdb.connect()
for name, tables, rows, polars_read, duckdb_read in reads:
    tables, rows = int(tables), number(rows)
    want = tuple(hive) if name == "rules=*/**/*.parquet" else listed[name]
    assert (tables, rows) == want, (name, tables, rows, want)
    n = eval(here(polars_read), {"pl": pl}).select(pl.len()).collect().item()
    assert n == rows, ("polars", name, n, rows)
    n = con.sql("SELECT count(*) FROM " + here(duckdb_read)).fetchall()[0][0]
    assert n == rows, ("DuckDB", name, n, rows)
# A count needs no page; the large-set summary's pages (delta-encoded) are
# decoded by all three readers, every column summed.
_, _, _, polars_read, duckdb_read = next(r for r in reads if r[0] == "sets.parquet")
frame = eval(here(polars_read), {"pl": pl})
columns = frame.collect_schema().names()
sums = frame.select(pl.col(c).cast(pl.Int64).sum() for c in columns).collect().row(0)
duck = con.sql(
    "SELECT " + ", ".join(f"sum({c})::BIGINT" for c in columns) + " FROM " + here(duckdb_read)
).fetchall()[0]
assert sums == duck, ("sets.parquet", sums, duck)
arrow = pq.read_table(data / "large-sets" / "sets.parquet")
assert arrow.column_names == columns, arrow.column_names
arrow_sums = tuple(pc.sum(arrow[c].cast("int64")).as_py() for c in columns)
assert sums == arrow_sums, ("sets.parquet", sums, arrow_sums)
print(f"ran the {len(reads)} reads of data/README.md in polars and DuckDB; sets.parquet decoded alike by polars, DuckDB and pyarrow")


def run_recipe(heading, body):
    """The recipe's rows in polars, once DuckDB (a fresh database, also
    returned) gives the same rows and the README's table after the code,
    if any, shows them."""
    python = re.findall(r"^```python\n(.*?)^```$", body, re.M | re.S)
    sql = re.findall(r"^```sql\n(.*?)^```$", body, re.M | re.S)
    assert len(python) == 1 and len(sql) == 1, (heading, len(python), len(sql))
    df = eval(here(python[0]), {"pl": pl})
    # Enum values as text, to compare with DuckDB's.
    df = df.with_columns(cs.enum().cast(pl.String))
    db = duckdb.connect()
    statements = [s.strip() for s in here(sql[0]).split(";") if s.strip()]
    for s in statements[:-1]:
        db.execute(s)
    rel = db.sql(statements[-1])
    assert rel.columns == df.columns, (heading, rel.columns, df.columns)
    got = rel.fetchall()
    assert got == df.rows(), (heading, got, df.rows())
    # The table after the code, if any: the recipe's columns and rows.
    after = [l for l in body.split("```")[-1].splitlines() if l.startswith("|")]
    if after:
        header = [c.strip() for c in after[0].strip("|").split("|")]
        assert header == df.columns, (heading, header, df.columns)
        shown = [[number(c) for c in r] for r in markdown_rows("\n".join(after))]
        assert shown == [list(r) for r in got], (heading, shown, got)
    return df, db


recipes = re.split(r"^### ", section("Recipes"), flags=re.M)[1:]
assert recipes, "data/README.md gives no recipe"
headings = set()
for recipe in recipes:
    heading, body = recipe.split("\n", 1)
    df, db = run_recipe(heading, body)
    headings.add(heading)
    if heading.startswith("Tiers"):
        tiers = df["tier"].to_list()
        assert tiers == ["easy", "medium", "hard", "expert", None], tiers
        assert df["hands"].sum() == listed["hands.parquet"][1]
        # Without the cast DuckDB sorts the text, as the README warns.
        plain = db.sql(
            f"SELECT DISTINCT tier FROM read_parquet('{data}/**/hands.parquet', hive_partitioning = true, union_by_name = true) "
            "WHERE tier IS NOT NULL ORDER BY tier"
        ).fetchall()
        alphabetical = [t for (t,) in plain]
        assert alphabetical == ["easy", "expert", "hard", "medium"], alphabetical
        assert f"alphabetical ({', '.join(alphabetical)})" in " ".join(body.split()), body
    elif "deck can deal" in heading:
        # Krypto's deck, and the pairs of a hand of five and an objective
        # card it deals, enumerated here.
        copies = {v: 3 if v <= 6 else 4 if v <= 10 else 2 if v <= 17 else 1 for v in range(1, 26)}

        def hands(v, left):
            if left == 0:
                yield ()
                return
            if v > 25:
                return
            for m in range(min(copies[v], left) + 1):
                for rest in hands(v + 1, left - m):
                    yield (v,) * m + rest

        every = list(hands(1, 5))
        pairs = len(every) * 25
        dealable = sum(copies[t] > hand.count(t) for hand in every for t in range(1, 26))
        assert (pairs, dealable) == (2_342_050, 2_201_012), (pairs, dealable)
        krypto = df.filter(pl.col("deck") == "krypto")
        assert krypto.height == 2, krypto
        assert krypto["games"].to_list() == [pairs, pairs], krypto
        assert krypto["dealable"].to_list() == [dealable, dealable], krypto
        for row in krypto.iter_rows(named=True):
            folder = f"rules={row['rules']}/use=all/targets=dealt-1-25/values=1-25/deck=krypto/k=5"
            manifest = json.loads((data / folder / "manifest.json").read_text())
            assert [f["rows"] for f in manifest["files"]] == [row["games"]], (folder, row)
            assert row["unsolvable_dealable"] <= row["unsolvable"], row
        assert "`deal_ways > 0` is the dealable flag" in body, body
        print(
            "Krypto: "
            + "; ".join(
                f"{r['rules']} rules, {r['unsolvable_dealable']:,} unsolvable of {r['dealable']:,} dealable games "
                f"({r['unsolvable']:,} of all {r['games']:,} rows)"
                for r in krypto.iter_rows(named=True)
            )
        )
assert any(h.startswith("Tiers") for h in headings) and any("deck can deal" in h for h in headings), headings
print(f"ran the {len(recipes)} recipes of data/README.md in polars and DuckDB: the same rows")

# The CSV files' columns have the types the README gives: polars's names,
# and DuckDB's for the same.
DUCKDB = {"i64": "BIGINT", "f64": "DOUBLE", "str": "VARCHAR"}
columns = section("Columns")
for name in [n for n in listed if n.endswith(".csv")]:
    m = re.search(rf"^### `{re.escape(name)}`\n(.*?)(?=^### |\Z)", columns, re.M | re.S)
    assert m, name
    shown = {c[0].strip("`"): c[1] for c in markdown_rows(m.group(1))}
    folder = next(f for f, files in manifests() if any(x["name"] == name for x in files))
    path = f"{data}/{folder}/{name}"
    schema = pl.scan_csv(path).collect_schema()
    polars_names = {pl.Int64: "i64", pl.Float64: "f64", pl.String: "str"}
    assert shown == {c: polars_names[t] for c, t in schema.items()}, (name, shown, schema)
    described = con.sql(f"DESCRIBE SELECT * FROM read_csv('{path}')").fetchall()
    assert {c: DUCKDB[shown[c]] for c in shown} == {r[0]: r[1] for r in described}, (name, described)
print("the CSV columns have the types data/README.md gives, in polars and DuckDB")
