"""One scan of every table the repository ships, in polars and in DuckDB.

    python tests/scan_data.py [DATA_DIR]      (needs polars and duckdb)

Every kind of table (hands, solutions, reach; one target, every target, the
Countdown census) lives under the same hive keys in the same order, so a
single glob over data/rules=*/**/*.parquet reads them all at once: the keys
do not clash between kinds, and every file's rows are there. (Files outside
the hive keys, such as data/atlas/ and data/large-sets/, are not tables of
hands and have their own readers.) And the read of each kind of file that
data/README.md gives reads every row. .ci/run runs it.
"""

import json
import pathlib
import re
import sys

import duckdb
import polars as pl

data = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "data")
KEYS = ["rules", "use", "targets", "values", "deck", "k"]

# What the manifests say is there: rows per file kind.
want = {}
kinds = set()
for m in sorted(data.glob("rules=*/**/manifest.json")):
    for f in json.loads(m.read_text())["files"]:
        stem = f["name"].split(".")[0]
        want[stem] = want.get(stem, 0) + f["rows"]
    kinds.add(m.parent.parent.relative_to(data).as_posix())
assert {"hands", "solutions", "reach"} <= set(want), want
total = sum(want.values())

# polars: every file in one scan, then each file kind on its own.
every = pl.scan_parquet(
    f"{data}/rules=*/**/*.parquet", hive_partitioning=True, missing_columns="insert", extra_columns="ignore"
).collect()
assert every.height == total, (every.height, total)
assert all(k in every.columns for k in KEYS), every.columns
for stem, rows in want.items():
    # Tables that leave out different columns (a --no-solutions table has
    # no counts) are scanned file by file and joined by name, as
    # data/README.md reads them; polars takes a glob's columns from its
    # first file.
    files = sorted(data.glob(f"rules=*/**/{stem}.parquet"))
    names = {tuple(pl.read_parquet_schema(f)) for f in files}
    if len(names) == 1:
        df = pl.scan_parquet(f"{data}/**/{stem}.parquet", hive_partitioning=True).collect()
        assert df.columns[-len(KEYS):] == KEYS, (stem, df.columns)
    else:
        df = pl.concat([pl.scan_parquet(f, hive_partitioning=True) for f in files], how="diagonal_relaxed").collect()
        assert all(k in df.columns for k in KEYS), (stem, df.columns)
        assert set().union(*names) <= set(df.columns), (stem, df.columns)
    assert df.height == rows, (stem, df.height, rows)
    # One type per key whatever the scan meets: k a number, the rest text.
    for key in KEYS[:-1]:
        assert df.schema[key] == pl.String, (stem, key, df.schema[key])
    assert df.schema["k"].is_integer(), (stem, df.schema["k"])
    if "tier" in df.columns:
        assert df.schema["tier"] == pl.Enum(["easy", "medium", "hard", "expert"]), df.schema["tier"]

# DuckDB: the same, with hive partitioning and columns united by name.
con = duckdb.connect()
n = con.sql(
    f"select count(*) from read_parquet('{data}/rules=*/**/*.parquet', hive_partitioning=true, union_by_name=true)"
).fetchall()[0][0]
assert n == total, (n, total)
for stem, rows in want.items():
    rel = con.sql(f"select * from read_parquet('{data}/**/{stem}.parquet', hive_partitioning=true)")
    assert all(k in rel.columns for k in KEYS), (stem, rel.columns)
    types = dict(zip(rel.columns, map(str, rel.types)))
    assert all(types[k] == "VARCHAR" for k in KEYS[:-1]), (stem, types)
    assert con.sql(f"select count(*) from rel").fetchall()[0][0] == rows, stem
# The four-card table of 24, found by its keys alike in both.
q = "rules = 'rational' and \"use\" = 'all' and targets = '24-24' and deck = 'x4' and k = 4 and solvable"
solvable = con.sql(f"select count(*) from read_parquet('{data}/**/hands.parquet', hive_partitioning=true) where {q}").fetchall()[0][0]
assert solvable == 1362, solvable
# The reads data/README.md gives for each file kind (written by `census24
# report`), run as written: each reads every row its tables' manifests list.
index = (data / "README.md").read_text()
reads = re.findall(r"^\| `([^`]+)` \| (\d+) \| ([\d,]+) \| `([^`]+)` \| `([^`]+)` \|$", index, re.M)
assert {name for name, *_ in reads} >= {"hands.parquet", "solutions.parquet", "reach.parquet"}, reads
for name, _tables, rows, polars_read, duckdb_read in reads:
    rows = int(rows.replace(",", ""))
    df = eval(polars_read.replace('"data/', f'"{data}/'), {"pl": pl}).collect()
    assert df.height == rows, (name, df.height, rows)
    n = con.sql("select count(*) from " + duckdb_read.replace("'data/", f"'{data}/")).fetchall()[0][0]
    assert n == rows, (name, n, rows)
    stem = name.split(".")[0]
    if stem in want:
        assert rows == want[stem], (name, rows, want[stem])  # the manifests' count
print(f"ran the {len(reads)} reads of data/README.md in polars and DuckDB")
print(f"scanned {total} rows of {len(want)} file kinds in {len(kinds)} table families in polars and DuckDB")
