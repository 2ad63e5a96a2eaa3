"""No import circle among census24's modules.

    python3 tests/import_circles.py [REPO]

Reads every `use crate::...;` of src/ (grouped imports expanded, test
modules left out), maps each path to the longest module it names, and looks
for strongly connected components of the module graph: two modules that
import each other, directly or around a loop, are one circle. A module
using its own parent (`super`, or `crate::a` from inside `a::b`) is not an
edge. Exits 1 naming each circle; .ci/run runs it.
"""
import re, pathlib, sys, itertools
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".") / "src"
def modname(p):
    rel = p.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"): parts = parts[:-1]
    return "::".join(parts)
mods = {modname(p): p for p in root.rglob("*.rs")}
def expand(tree):
    # expand grouped imports a::{b, c::{d}} into paths
    tree = tree.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", tree, re.S)
    if not m: return [tree]
    prefix, inner = m.group(1), m.group(2)
    items, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "{": depth += 1
        if ch == "}": depth -= 1
        if ch == "," and depth == 0: items.append(cur); cur = ""
        else: cur += ch
    if cur.strip(): items.append(cur)
    out = []
    for it in items:
        for e in expand(it.strip()): out.append(prefix + e)
    return out
edges = {}
for name, p in mods.items():
    text = p.read_text()
    text = re.sub(r"#\[cfg\(test\)\]\s*mod tests \{.*", "", text, flags=re.S)
    for m in re.finditer(r"\buse\s+(crate::[^;]+);", text, re.S):
        for path in expand(m.group(1)):
            segs = [s.strip() for s in path.split("::")[1:]]
            # longest module prefix
            target = None
            for i in range(len(segs), 0, -1):
                cand = "::".join(segs[:i])
                if cand in mods: target = cand; break
            if target and target != name and not name.startswith(target + "::") :
                edges.setdefault(name, set()).add(target)
# find cycles via SCC
index = {}; low = {}; stack = []; on = set(); sccs = []; i = [0]
sys.setrecursionlimit(10000)
def strong(v):
    index[v] = low[v] = i[0]; i[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index: strong(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
for v in list(mods):
    if v not in index: strong(v)
for c in sccs: print("circle:", " <-> ".join(c))
print(len(sccs), "import circles among", len(mods), "modules")
sys.exit(1 if sccs else 0)
