"""No import circle among census24's files, nor among its modules.

    python3 tests/import_circles.py [REPO]

Every file of src/ is a node (a folder's `mod.rs` is the folder's own
module). A file depends on another when its code names it by any path:
`use crate::...`, `use super::...`, `use self::...`, grouped imports
(`a::{b, c::{d}}`, `self` inside a group) and paths written inline in the
code (`crate::game::presets::standard()`, `super::markdown_table(...)`).
A child module named by its bare name (`use draw::Dealer;`,
`draw::Rng::new()` in `tasks/mod.rs`) counts too. Each path is resolved to
the longest module it names; comments, strings and
test code (`#[cfg(test)] mod tests { ... }`, also `#[cfg(all(test, ...))]`,
and files declared `#[cfg(test)] mod NAME;`) are left out. A child naming its parent's items
(`super::Thing`) is an edge like any other: a parent that also uses the
child closes a circle.

Two checks, each by strongly connected components:
- between files: the graph of files;
- between modules: at every folder, its children (files and sub-folders,
  a sub-folder standing for every file under it) with the edges of the files
  they hold.

Prints each circle and exits 1 when there is one; .ci/run runs it, and
`--edges FILE` prints what a file depends on (to see why it is in a circle).
`--self-test` first checks the check: it writes small trees with a circle
made each way (`super::`, `super::super::`, a grouped import, an alias, a
path written inline or through an imported module, a circle between
folders) and some without one (comments, strings, test modules, main.rs),
and fails unless it finds a circle in each tree that has one and none in
the others.
"""
import pathlib
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]


def self_test():
    """Runs this check on small trees, each with a known answer."""
    import subprocess
    import tempfile

    trees = {
        "super::": ({"a/mod.rs": "mod b;\nuse b::Thing;", "a/b.rs": "use super::Other;\npub struct Thing;"}, 1),
        "grouped": ({"x.rs": "use crate::{y::{Y, self}, z};", "y.rs": "use crate::x::X;", "z.rs": ""}, 1),
        "inline": ({"p.rs": "fn f() { crate::q::g() }", "q.rs": "pub fn g() { let _ = crate::p::f; }"}, 1),
        "folders": ({"m/one.rs": "use crate::n::two::T;", "n/two.rs": "", "n/three.rs": "use crate::m::one::U;", "m/mod.rs": "", "n/mod.rs": ""}, 1),
        "comments and tests": ({"c.rs": "// use crate::d::D;\nconst S: &str = \"crate::d::x\";\n#[cfg(test)]\nmod tests { use crate::d::D; }", "d.rs": "use crate::c::C;"}, 0),
        "tests of a feature": ({"c.rs": "#[cfg(all(test, feature = \"tables\"))]\n#[allow(unused)]\nmod tests { use crate::d::D; }", "d.rs": "use crate::c::C;"}, 0),
        "an alias": ({"e.rs": "use crate::f as g;\nfn x() { g::h(); }", "f.rs": "use crate::e::x;"}, 1),
        "a path through an imported module": ({"lib.rs": "mod k; mod l;", "k/mod.rs": "pub mod deep;", "k/deep.rs": "use crate::l::L;", "l.rs": "use crate::k;\nfn y() { k::deep::z(); }"}, 1),
        "super::super": ({"s/t/u.rs": "use super::super::v::V;", "s/t/mod.rs": "mod u;", "s/mod.rs": "mod t; mod v;", "s/v.rs": "use crate::s::t::u::U;"}, 1),
        "main.rs is its own crate": ({"lib.rs": "pub mod w;", "w.rs": "use crate::m::M;", "m.rs": "", "main.rs": "use census24::w; use crate::w::W;"}, 0),
        "a layered tree": ({"lib.rs": "mod low; mod high;", "low.rs": "", "high.rs": "use crate::low::L; use super::low;"}, 0),
    }
    failed = 0
    for name, (files, circles) in trees.items():
        with tempfile.TemporaryDirectory() as d:
            for rel, text in files.items():
                path = pathlib.Path(d) / "src" / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            out = subprocess.run([sys.executable, __file__, d], capture_output=True, text=True).stdout
            found = sum(1 for line in out.splitlines() if line.startswith("circle"))
            # The folder tree's circle is one between modules only.
            if (found > 0) != (circles > 0):
                print(f"self-test {name!r}: found {found} circles, expected {circles}:\n{out}")
                failed += 1
    print(f"self-test: {len(trees) - failed} of {len(trees)} trees judged right")
    if failed:
        sys.exit(1)


# `#[cfg(test)]` or `#[cfg(all(test, ...))]`, then any other attributes.
TEST_CFG = r"#\[cfg\((?:test|all\(test\b[^\]]*\))\)\]\s*(?:#\[[^\]]*\]\s*)*"

if "--self-test" in sys.argv:
    self_test()
root = pathlib.Path(args[0] if args else ".") / "src"


def modname(p):
    parts = list(p.relative_to(root).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip(text):
    """The code without comments, string and char literals."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + len(hashes) + 2)
            i = n if end < 0 else end + 1 + len(hashes)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                i += m.end()
                out.append("' '")
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(code):
    """Cut `#[cfg(test)] mod NAME { ... }` blocks out of stripped code."""
    while True:
        m = re.search(TEST_CFG + r"(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)
        if not m:
            return code
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
        code = code[: m.start()] + code[i:]


def expand(tree):
    """`a::{b, c::{d, self}, e as f}` into (`a::b`, None), (`a::c::d`, None),
    (`a::c`, None), (`a::e`, `f`): each path with its alias."""
    tree = re.sub(r"\s+as\s+", "@as@", tree)
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        path, _, alias = tree.partition("@as@")
        return [(re.sub(r"::self$", "", path), alias or None)]
    prefix, inner = m.group(1), m.group(2)
    items, depth, cur = [], 0, ""
    for ch in inner:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        items.append(cur)
    return [e for it in items for e in expand(prefix + it)]


# main.rs is a crate of its own (the binary), whose `crate::` is not the
# library's; lib.rs is the library's root.
files = sorted(p for p in root.rglob("*.rs") if p.relative_to(root) != pathlib.Path("main.rs"))
mods = {modname(p): p for p in files}
test_only = set()
for p in files:
    for m in re.finditer(TEST_CFG + r"(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", p.read_text()):
        test_only.add(modname(p) + (m.group(1),))
nodes = {name for name in mods if name not in test_only}


def resolve(here, path):
    """The module a path names from module `here`, or None (std, a crate)."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] == "crate":
        base, segs = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs.pop(0) == "super":
                base = base[:-1]
    elif here + (segs[0],) in nodes:
        # A child module named by its bare name (`use draw::Dealer;`).
        base = here
    else:
        return None
    for i in range(len(segs), -1, -1):
        cand = base + tuple(segs[:i])
        if cand in nodes:
            return cand
    return None


edges = {}
for name in nodes:
    code = without_tests(strip(mods[name].read_text()))
    paths = []
    children = [m[-1] for m in nodes if m[:-1] == name and len(m) == len(name) + 1]
    heads = "|".join(["crate", "super", "self"] + [re.escape(c) for c in children])
    # Modules a `use` binds to a name (`use crate::difficulty::{self, ..}`,
    # `use crate::tables::layout as lay`): a path written through that name
    # later (`difficulty::effort::costs`) names a module under it.
    bound = {}
    for m in re.finditer(r"\buse\s+((?:%s)\b[^;]*);" % heads, code):
        for path, alias in expand(m.group(1)):
            paths.append(path)
            target = resolve(name, path)
            last = path.split("::")[-1]
            if target is not None and target[-1:] == (last,) and last not in ("crate", "super", "self"):
                bound[alias or last] = target
    code = re.sub(r"\buse\s+[^;]*;", "", code)
    paths += re.findall(r"(?<![\w:])(?:%s)(?:\s*::\s*\w+)+" % heads, code)
    if bound:
        names = "|".join(re.escape(b) for b in bound)
        for m in re.finditer(r"(?<![\w:])(%s)((?:\s*::\s*\w+)+)" % names, code):
            module = bound[m.group(1)]
            paths.append("crate::" + "::".join(module) + re.sub(r"\s+", "", m.group(2)))
    for path in paths:
        target = resolve(name, re.sub(r"\s+", "", path))
        if target is not None and target != name:
            edges.setdefault(name, set()).add(target)


def circles(graph):
    """The strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(100000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def show(m):
    return "::".join(m) or "crate"


if "--edges" in sys.argv:
    for name in sorted(nodes):
        if show(name) in args[1:] or str(mods[name].relative_to(root)) in args[1:]:
            print(show(name), "->", ", ".join(sorted(show(t) for t in edges.get(name, ()))))
    sys.exit(0)

found = 0
for comp in circles(edges):
    found += 1
    print("circle between files:", " <-> ".join(str(mods[m].relative_to(root)) for m in comp))

# Between modules: at each folder, its children with the edges of what they hold.
folders = {name[:-1] for name in nodes if len(name) > 0} | {()}
for folder in sorted(folders):
    depth = len(folder)

    def child(m):
        if len(m) > depth and m[:depth] == folder:
            return m[: depth + 1]
        return None

    graph = {}
    for a, targets in edges.items():
        ca = child(a)
        for b in targets:
            cb = child(b)
            if ca and cb and ca != cb:
                graph.setdefault(ca, set()).add(cb)
    for comp in circles(graph):
        found += 1
        print(f"circle between modules of {show(folder)}:", " <-> ".join(show(m) for m in comp))

edge_count = sum(len(t) for t in edges.values())
print(f"{found} import circles among {len(nodes)} files ({edge_count} edges) and their modules")
sys.exit(1 if found else 0)
