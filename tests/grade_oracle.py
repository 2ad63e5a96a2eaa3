"""An independent exact grader, written from the rules of `census24 check`
(docs in src/game/grade.rs, src/game/steps.rs, src/game/extract.rs and the
README), checked against the tool on generated answers.

    python tests/grade_oracle.py [CENSUS24]      (CENSUS24: the binary)

Three sets, over 80 000 answers in all:

- expressions (over 36 000): every published-style solution of every
  four-card hand under each rule set (from `census24 solve --stdin --all`),
  the mutations a model makes of them (a card changed, a card used twice, a
  card dropped, an operator changed, unicode operators, an unbalanced
  bracket, a unary minus, a decimal, implicit multiplication), Countdown
  answers under `--use any`, and three- and four-number hands of 1..99 with
  targets up to 100; verdicts and values must agree;
- steps (42 000): 3 500 of those solutions written as ToT-style steps in
  four layouts (lines, commas, `; ` with `(left: ...)`, `Step N:` labels),
  each also with a wrong result, an operand not available, a wrong `left:`,
  the last step dropped or repeated, a step that is not one, under stricter
  rules and with any selection; verdicts, values and the number of the
  faulty step named must agree;
- replies (over 7 000): the reply corpus tests/data/replies.jsonl, each
  reply also against another hand, and the exploit corpus
  tests/data/grader_exploits.jsonl, read with `--extract`: the answer taken
  (or none) and its verdict must agree.

The oracle shares no code with census24: Python's fractions, its own
tokenizer and parser, regular expressions for steps and for reading a
reply. .ci/run runs it.
"""
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/census24"
SIGNS = {"+": "+", "-": "-", "\u2212": "-", "*": "*", "\u00d7": "*", "/": "/", "\u00f7": "/"}


class NotExpression(Exception):
    pass


def tokenize(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c in " \t":
            i += 1
        elif c.isdigit() and c.isascii():
            j = i
            while j < len(text) and text[j].isdigit() and text[j].isascii():
                j += 1
            if j < len(text) and text[j] in ".,":
                raise NotExpression("decimal")
            out.append(("num", int(text[i:j])))
            i = j
        elif c in SIGNS:
            out.append(("op", SIGNS[c]))
            i += 1
        elif c in "()":
            out.append((c, None))
            i += 1
        else:
            raise NotExpression("character")
    return out


def parse(text):
    """The expression tree: ints at the leaves, (op, left, right) inside."""
    toks = tokenize(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else (None, None)

    def operand():
        nonlocal pos
        kind, val = peek()
        if kind == "num":
            pos += 1
            return val
        if kind == "(" and toks[pos + 1:pos + 4][:1] == [("op", "-")] and len(toks) > pos + 3 \
                and toks[pos + 2][0] == "num" and toks[pos + 3][0] == ")":
            # A negative card, written (-3).
            pos += 4
            return -toks[pos - 2][1]
        if kind == "(":
            pos += 1
            tree = additive()
            if peek()[0] != ")":
                raise NotExpression("bracket")
            pos += 1
            return tree
        raise NotExpression("operand expected")  # unary minus, missing number, ')'

    def multiplicative():
        nonlocal pos
        tree = operand()
        while peek() in (("op", "*"), ("op", "/")):
            op = peek()[1]
            pos += 1
            tree = (op, tree, operand())
        return tree

    def additive():
        nonlocal pos
        tree = multiplicative()
        while peek() in (("op", "+"), ("op", "-")):
            op = peek()[1]
            pos += 1
            tree = (op, tree, multiplicative())
        return tree

    tree = additive()
    if pos != len(toks):
        raise NotExpression("trailing tokens")  # ')' or implicit multiplication
    return tree


def leaves(tree):
    return [tree] if isinstance(tree, int) else leaves(tree[1]) + leaves(tree[2])


def value(tree, rules):
    """Exact value; None on division by zero; raises ValueError when an
    intermediate breaks the rules."""
    if isinstance(tree, int):
        return Fraction(tree)
    a, b = value(tree[1], rules), value(tree[2], rules)
    if a is None or b is None:
        return None
    op = tree[0]
    if op == "/" and b == 0:
        return None
    r = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[op]
    if rules in ("integer", "natural") and r.denominator != 1:
        raise ValueError("not whole")
    if rules == "natural" and r < 0:
        raise ValueError("negative")
    return r


def oracle(hand, answer, target, rules, use):
    """(correct, exact value as a string or None)."""
    try:
        tree = parse(answer)
    except NotExpression:
        return False, None
    used, held = Counter(leaves(tree)), Counter(hand)
    try:
        plain = value(tree, "rational")
    except ValueError:
        plain = None
    shown = None if plain is None else str(plain)
    if any(used[v] > held[v] for v in used):
        return False, shown
    if use == "all" and used != held:
        return False, shown
    try:
        v = value(tree, rules)
    except ValueError:
        return False, shown
    return v is not None and v == Fraction(target), shown


def solutions(hands, target, rules):
    """{hand: [solutions]} from `census24 solve --stdin --all`."""
    text = "".join(" ".join(map(str, h)) + "\n" for h in hands)
    out = subprocess.run(
        [BIN, "solve", "--stdin", "--all", "--json", "--target", str(target), "--rules", rules],
        input=text, capture_output=True, text=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        o = json.loads(line)
        found[tuple(int(c) for c in o["hand"].split())] = [s["expression"] for s in o["solutions"]]
    return found


def mutations(answer, rng):
    nums = [i for i, c in enumerate(answer) if c.isdigit() and (i == 0 or not answer[i - 1].isdigit())]
    ops = [i for i, c in enumerate(answer) if c in "+-*/"]
    out = []
    if nums:
        i = rng.choice(nums)
        j = i
        while j < len(answer) and answer[j].isdigit():
            j += 1
        n = int(answer[i:j])
        out.append(answer[:i] + str(n + rng.choice([1, 2, 10])) + answer[j:])  # a card changed
        out.append(answer + "*" + answer[i:j] + "/" + answer[i:j])  # a card used twice more
        out.append("-" + answer)  # unary minus
        out.append(answer[:i] + answer[i:j] + ".5" + answer[j:])  # a decimal
        out.append(answer[:i] + "2(" + answer[i:j] + ")" + answer[j:])  # implicit multiplication
    if ops:
        k = rng.choice(ops)
        out.append(answer[:k] + rng.choice("+-*/".replace(answer[k], "")) + answer[k + 1:])  # operator changed
        out.append(answer[:k] + "(" + answer[k + 1:])  # an unbalanced bracket
        # a card dropped: the operand after an operator removed with it
        j = k + 1
        while j < len(answer) and answer[j].isdigit():
            j += 1
        if j > k + 1:
            out.append(answer[:k] + answer[j:])
    out.append(answer.replace("*", "\u00d7").replace("/", "\u00f7").replace("-", "\u2212"))  # unicode
    out.append(" ".join(answer))  # spaces
    return out


def cases():
    """The generated answers: (hand, answer, target, rules, use)."""
    rng = random.Random(24)
    cases = []  # (hand, answer, target, rules, use)
    four = list(combinations_with_replacement(range(1, 14), 4))
    for rules in ("rational", "integer", "natural"):
        for hand, sols in solutions(four, 24, rules).items():
            for s in sols:
                cases.append((hand, s, 24, rules, "all"))
                if rules == "rational" and rng.random() < 0.6:
                    cases.extend((hand, m, 24, rules, "all") for m in mutations(s, rng))
                if rules == "rational":
                    # The same answer under the stricter rules, and as a
                    # selection of the cards: fractions and negatives judged.
                    cases.append((hand, s, 24, rng.choice(["integer", "natural"]), "all"))
                    cases.append((hand, s, 24, "rational", "any"))
    # Countdown: any selection of six tiles, natural rules.
    tiles = [100, 75, 50, 25] + list(range(1, 11)) * 2
    for _ in range(400):
        hand = sorted(rng.sample(tiles, 6))
        target = rng.randint(100, 999)
        out = subprocess.run(
            [BIN, "solve", "--use", "any", "--rules", "natural", "--closest", "nearest",
             "--json", "--target", str(target)] + [str(c) for c in hand],
            capture_output=True, text=True,
        ).stdout
        expr = json.loads(out)["expression"]
        cases.append((tuple(hand), expr, target, "natural", "any"))
        cases.extend((tuple(hand), m, target, "natural", "any") for m in mutations(expr, rng)[:4])
    # Hands with negative cards: their solutions write them (-3).
    negative = [tuple(sorted(rng.randint(-9, 9) for _ in range(4))) for _ in range(200)]
    for hand, sols in solutions(negative, 24, "rational").items():
        for s in sols[:2]:
            cases.append((hand, s, 24, "rational", "all"))
            cases.extend((hand, m, 24, "rational", "all") for m in mutations(s, rng)[:3])
    # Three and four numbers of 1..99, targets up to 100.
    for size in (3, 4):
        hands = [tuple(sorted(rng.randint(1, 99) for _ in range(size))) for _ in range(300)]
        for target in (rng.randint(1, 100) for _ in range(2)):
            for hand, sols in solutions(hands, target, "rational").items():
                for s in sols[:3]:
                    cases.append((hand, s, target, "rational", "all"))
                    cases.extend((hand, m, target, "rational", "all") for m in mutations(s, rng)[:3])
    return cases



# ---- Steps: a second grader for `a op b = c` answers, written from the
# rules in src/game/steps.rs's docs with regular expressions (the tool
# scans characters).

import re

NUM_LHS = r"(?:[-\u2212]?\d+|\(\s*[-\u2212]?\d+(?:\s*/\s*\d+)?\s*\))"
STEP_LHS = re.compile(r"^\s*(" + NUM_LHS + r")\s*([+\-\u2212*\u00d7/\u00f7])\s*(" + NUM_LHS + r")\s*$")
NUM_RHS = re.compile(r"^\s*\(?\s*([-\u2212]?\d+)(?:\s*/\s*(\d+))?\s*\)?\s*$")
LEFT = re.compile(r"\(\s*left:([^()]*)\)\s*$", re.I)
LABEL = re.compile(r"^\s*step\s*\d+\s*[:.]\s*", re.I)
NUMBERED = re.compile(r"^\s*\d+[.)] (?=.*=)")


def number(text):
    """A Fraction from '-2', '(8/3)', '8/3'; None if it is none or has a
    zero denominator."""
    text = text.strip().replace("\u2212", "-")
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    m = re.fullmatch(r"(-?\d+)(?:\s*/\s*(\d+))?", text)
    if not m or (m.group(2) is not None and int(m.group(2)) == 0):
        return None
    return Fraction(int(m.group(1)), int(m.group(2) or 1))


def split_pieces(answer):
    out = []
    for line in answer.split("\n"):
        depth, cur = 0, ""
        for c in line:
            if c == "(":
                depth += 1
            elif c == ")":
                depth = max(0, depth - 1)
            if depth == 0 and c in ",;":
                out.append(cur)
                cur = ""
            else:
                cur += c
        out.append(cur)
    return [p.strip() for p in out if p.strip()]


def parse_step(piece):
    """(a, op, b, c, left or None), or None when it is not a step."""
    p = piece.strip()
    m = LABEL.match(p) or NUMBERED.match(p)
    if m:
        p = p[m.end():]
    p = p.strip()
    if p.endswith("."):
        p = p[:-1].rstrip()
    left = None
    m = LEFT.search(p)
    if m:
        words = [w for w in re.split(r"[,\s]+", m.group(1)) if w]
        left = [number(w) for w in words]
        if any(x is None for x in left):
            return None
        p = p[:m.start()].rstrip()
    if p.count("=") != 1:
        return None
    lhs, rhs = p.split("=")
    m = STEP_LHS.match(lhs)
    r = NUM_RHS.match(rhs)
    if not m or not r:
        return None
    a, b = number(m.group(1)), number(m.group(3))
    c = number(rhs)
    if a is None or b is None or c is None:
        return None
    op = SIGNS[m.group(2)]
    return a, op, b, c, left


def admits(v, rules):
    if rules == "rational":
        return True
    if v.denominator != 1:
        return False
    return rules == "integer" or (v >= 0 and (rules == "natural" or v > 0))


def steps_oracle(hand, answer, target, rules, use):
    """(correct, value as a string or None, the faulty step's number or
    None)."""
    pieces = split_pieces(answer)
    if not pieces:
        return False, None, None
    steps = []
    for i, piece in enumerate(pieces):
        st = parse_step(piece)
        if st is None:
            return False, None, i + 1
        steps.append(st)

    def arith(a, op, b):
        if op == "/" and b == 0:
            return None
        return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[op]

    good = all(arith(a, op, b) == c for a, op, b, c, _ in steps)
    value = str(steps[-1][3]) if good else None
    pool = [(Fraction(x), True) for x in hand]

    def take(v):
        for want_card in (True, False):
            for k, (x, card) in enumerate(pool):
                if x == v and (card or not want_card):
                    return pool.pop(k)
        return None

    for n, (a, op, b, c, left) in enumerate(steps, 1):
        if take(a) is None or take(b) is None:
            return False, value, n
        r = arith(a, op, b)
        if r is None or r != c or not admits(r, rules):
            return False, value, n
        pool.append((r, False))
        if left is not None and sorted(left) != sorted(x for x, _ in pool):
            return False, value, n
    last = steps[-1][3]
    if use == "all":
        take(last)
        if pool:
            return False, value, None
    return last == Fraction(target), value, None


def step_texts(expr):
    """The steps of a solution, innermost first, as (text, a, b, result)."""
    tree = parse(expr)
    out = []

    def text(q):
        return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"

    def operand(q):
        # A negative whole number both ways: bare when odd, bracketed when even.
        return f"({text(q)})" if q.denominator != 1 or (q < 0 and q.numerator % 2 == 0) else text(q)

    def walk(t):
        if isinstance(t, int):
            return Fraction(t)
        a, b = walk(t[1]), walk(t[2])
        if a is None or b is None or (t[0] == "/" and b == 0):
            return None
        r = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[t[0]]
        out.append((f"{operand(a)} {t[0]} {operand(b)} = {text(r)}", a, b, r))
        return r

    walk(tree)
    return out


def steps_variants(hand, expr, rng):
    """A steps answer of a solution in several layouts, and its faults."""
    st = step_texts(expr)
    if not st:
        return []
    pool = [Fraction(c) for c in hand]
    lefts = []
    for _, a, b, r in st:
        pool.remove(a)
        pool.remove(b)
        pool.append(r)
        lefts.append(" ".join(str(x) for x in sorted(pool)))
    plain = [t for t, *_ in st]
    out = [
        "\n".join(plain),
        ", ".join(plain),
        "; ".join(f"{t} (left: {l})" for t, l in zip(plain, lefts)),
        "\n".join(f"Step {i + 1}: {t}" for i, t in enumerate(plain)),
    ]
    k = rng.randrange(len(plain))
    t, a, b, r = st[k]
    out.append("\n".join(plain[:k] + [t.rsplit("=", 1)[0] + f"= {r + 1}"] + plain[k + 1:]))  # a wrong result
    out.append("\n".join(plain[:k] + [t.replace(str(a.numerator), str(a.numerator + 20), 1)] + plain[k + 1:]))  # not available
    out.append(", ".join(f"{t} (left: {l} 1)" if i == k else t for i, (t, l) in enumerate(zip(plain, lefts))))  # a wrong left
    if len(plain) > 1:
        out.append("\n".join(plain[:-1]))  # the last step dropped
    out.append("\n".join(plain + [plain[-1]]))  # the last step twice
    out.append("\n".join(plain).replace(" = ", " == ", 1))  # not a step
    return out


# ---- Extraction: a second reading of a reply, from the precedence in the
# README ("Replies: the final answer, and only it"), with regular
# expressions where the tool scans. It reads one candidate a region (the
# one with the most numbers): the corpora hold no hedge, and the tool's
# hedge rule ("the reply gives two answers") is held by its unit tests.

REJECT = ["wrong", "incorrect", "not correct", "isn't correct", "is not right", "isn't right",
          "not quite", "doesn't work", "does not work", "didn't work", "won't work", "doesn't equal",
          "does not equal", "not equal", "doesn't give", "does not give", "not valid", "invalid",
          "not allowed", "mistake", "oops", "scratch that", "try again", "try another", "reconsider",
          "actually,", "no,", "no.", "no!", "no)", "nope", "wait", "fails", "used twice", "twice", "not 24",
          "\u2260", "!="]
GIVE_UP = ["give up", "no solution", "not possible", "impossible", "cannot be made", "can't be made",
           "cannot make", "can't make", "cannot reach", "can't reach", "cannot find", "can't find",
           "couldn't find", "could not find", "unable to", "no way to", "there is no way", "unsolvable",
           "not solvable", "don't know", "do not know"]


def says(text, phrases):
    low = text.lower()
    for p in phrases:
        pat = (r"(?<![^\W_])" if p[0].isalnum() else "") + re.escape(p) + (r"(?![^\W_])" if p[-1].isalnum() else "")
        if re.search(pat, low):
            return True
    return False


def latex_plain(t):
    for a, b in [("\\left", ""), ("\\right", ""), ("\\times", "*"), ("\\cdot", "*"), ("\\ast", "*"),
                 ("\\div", "/"), ("\\dfrac", "\\frac"), ("\\tfrac", "\\frac"), ("\\(", ""), ("\\)", ""),
                 ("\\[", ""), ("\\]", ""), ("\\,", " "), ("\\;", " "), ("\\!", ""), ("\\ ", " "),
                 ("$", ""), ("`", "")]:
        t = t.replace(a, b)
    while True:
        m = re.search(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", t)
        if not m:
            break
        t = t[:m.start()] + f"({m.group(1)})/({m.group(2)})" + t[m.end():]
    return t.replace("{", "(").replace("}", ")")


def parses(e):
    try:
        parse(e)
        return True
    except (NotExpression, IndexError):
        return False


def line_expression(line):
    """(expression, text after it) of a plain line, or None."""
    best = None
    for m in re.finditer(r"[0-9 \t+\-*/()\u00d7\u00f7\u2212]+", line):
        s = m.group(0).strip().strip("*").strip()
        while True:
            before = s
            s = s.rstrip("+-*/(\u00d7\u00f7\u2212 ").lstrip("+*/)\u00d7\u00f7 ")
            if s.count("(") > s.count(")") and s.startswith("("):
                s = s[1:]
            elif s.count(")") > s.count("(") and s.endswith(")"):
                s = s[:-1]
            if s == before:
                break
        if not re.search("[+\\-*/\u00d7\u00f7\u2212]", s) or not parses(s):
            continue
        n = len(re.findall(r"\d+", s))
        if best is None or n >= best[0]:
            best = (n, s)
    if best is None:
        return None
    e = best[1]
    return e, line[line.find(e) + len(e):]


def all_steps(text):
    pieces = split_pieces(text)
    return bool(pieces) and all(parse_step(p) is not None for p in pieces)


def candidates_of(reply):
    """(rank, start, end, text) of every candidate."""
    out = []
    for m in re.finditer(r"<answer>(.*?)</answer>", reply, re.S):
        out.append((3, m.start(), m.end(), m.group(1)))
    for key in ("\\boxed{", "\\fbox{"):
        i = 0
        while (i := reply.find(key, i)) >= 0:
            j, depth = i + len(key), 1
            while j < len(reply) and depth:
                depth += {"{": 1, "}": -1}.get(reply[j], 0)
                j += 1
            if depth:
                break
            out.append((2, i, j, reply[i + len(key):j - 1]))
            i = j
    offsets, at = [], 0
    for raw in reply.split("\n"):
        offsets.append((at, raw.rstrip("\r")))
        at += len(raw) + 1
    run = None
    for k, (start, line) in enumerate(offsets):
        end = start + len(line)
        m = None
        for mk in ["answer is", "answer:", "answer =", "solution is", "solution:"]:
            i = line.lower().rfind(mk)
            if i >= 0 and (m is None or i + len(mk) > m):
                m = i + len(mk)
        if m is not None:
            rest = line[m:].strip().lstrip(":=").strip()
            if not rest:
                nxt = [(s, l) for s, l in offsets[k + 1:] if l.strip()]
                if nxt:
                    out.append((1, start, nxt[0][0] + len(nxt[0][1]), nxt[0][1]))
            else:
                out.append((1, start, end, rest))
        pl = latex_plain(line)
        if all_steps(pl):
            run = (run[0], end) if run else (start, end)
            continue
        if run:
            out.append((0, run[0], run[1], reply[run[0]:run[1]]))
            run = None
        found = line_expression(pl)
        if found:
            at = line.find(found[0])
            at = max(at, 0)
            out.append((0, start + at, end, line[at:]))
    if run:
        out.append((0, run[0], run[1], reply[run[0]:run[1]]))
    return out


def reading(text):
    """(what to grade, text after it) of a candidate."""
    pl = latex_plain(text)
    if all_steps(pl):
        return "\n".join(split_pieces(pl)), ""
    found = line_expression(pl)
    if found:
        return found
    t = pl.strip()
    t = t[:-1].strip() if t.endswith(".") else t
    if "=" in t:
        lhs, rhs = t.split("=", 1)
        if re.fullmatch(r"\d+", rhs.strip().rstrip(".").strip()) and lhs.strip():
            return lhs.strip(), ""
    return t, ""


def extract_oracle(reply):
    """The answer to grade, or None when the reply has none."""
    cands = candidates_of(reply)
    start = 0
    while True:
        left = [c for c in cands if c[1] >= start]
        if not left:
            return None
        c = max(left, key=lambda c: (c[0], c[1]))
        answer, tail = reading(c[3])
        after = tail + " " + reply[c[2]:]
        if says(after, GIVE_UP):
            return None
        if says(after, REJECT):
            start = c[2]
            continue
        return answer


def grade_any(hand, answer, target, rules, use):
    """(correct, value, faulty step) of an answer in either format."""
    if "=" in answer:
        return steps_oracle(hand, answer, target, rules, use)
    correct, value = oracle(hand, answer, target, rules, use)
    return correct, value, None


def run_check(cases, extra=()):
    """check's JSON verdicts for (hand, answer, target, rules, use) cases."""
    lines = "".join(
        json.dumps({"hand": list(h), "answer": a, "target": str(t), "rules": r, "use": u}) + "\n"
        for h, a, t, r, u in cases
    )
    out = subprocess.run([BIN, "check", "--stdin", "--json", *extra], input=lines, capture_output=True, text=True)
    got = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(got) == len(cases), (len(got), len(cases), out.stderr[:500])
    return got


def named_step(reason):
    m = re.match(r"step (\d+)\b", reason or "")
    return int(m.group(1)) if m else None


def steps_cases(expr_cases):
    """Steps answers made from the correct expression answers, in every
    layout and with every fault."""
    rng = random.Random(34)
    sols = [c for c in expr_cases if c[3] == "rational" and c[4] == "all" and oracle(*c)[0]]
    rng.shuffle(sols)
    out = []
    for h, a, t, r, u in sols[:3500]:
        for v in steps_variants(h, a, rng):
            out.append((h, v, t, r, u))
        v = steps_variants(h, a, rng)[0]
        out.append((h, v, t, rng.choice(["integer", "natural", "positive"]), u))
        out.append((h, v, t, r, "any"))
    return out


def reply_cases():
    """The reply corpus and the exploit corpus, as (hand, text, target,
    rules, use); replies also with their correct ones shuffled to other
    hands."""
    here = __file__.rsplit("/", 1)[0]
    out = []
    replies = [json.loads(l) for l in open(f"{here}/data/replies.jsonl")]
    rng = random.Random(24)
    for r in replies:
        out.append((tuple(r["hand"]), r["reply"], 24, "rational", "all"))
        other = rng.choice(replies)
        out.append((tuple(other["hand"]), r["reply"], 24, "rational", "all"))
    for r in (json.loads(l) for l in open(f"{here}/data/grader_exploits.jsonl")):
        out.append((tuple(r["hand"]), r["answer"], r["target"], r["rules"], r["use"]))
    return out


def main():
    cases = globals()["cases"]()
    lines = "".join(
        json.dumps({"hand": list(h), "answer": a, "target": str(t), "rules": r, "use": u}) + "\n"
        for h, a, t, r, u in cases
    )
    out = subprocess.run([BIN, "check", "--stdin", "--json"], input=lines, capture_output=True, text=True)
    got = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(got) == len(cases), (len(got), len(cases), out.stderr[:500])
    kinds = Counter()
    for (h, a, t, r, u), v in zip(cases, got):
        correct, shown = oracle(h, a, t, r, u)
        assert v["correct"] == correct, (h, a, t, r, u, v, correct)
        assert v["value"] == shown, (h, a, t, r, u, v, shown)
        kinds[(r, u, correct)] += 1
    assert len(cases) >= 20000, len(cases)
    print(f"{len(cases)} expression answers graded alike by census24 check and the oracle:",
          dict(sorted(kinds.items())))
    steps = steps_cases(cases)
    kinds = Counter()
    for (h, a, t, r, u), v in zip(steps, run_check(steps)):
        correct, value, step = grade_any(h, a, t, r, u)
        assert v["correct"] == correct, (h, a, t, r, u, v, correct)
        assert v["value"] == value, (h, a, t, r, u, v, value)
        assert named_step(v["reason"]) == step, (h, a, t, r, u, v, step)
        kinds[("steps", r, u, correct)] += 1
    assert len(steps) >= 30000, len(steps)
    print(f"{len(steps)} steps answers graded alike (verdict, value, faulty step):", dict(sorted(kinds.items())))
    replies = reply_cases()
    kinds = Counter()
    for (h, a, t, r, u), v in zip(replies, run_check(replies, ["--extract"])):
        answer = extract_oracle(a)
        if answer is None:
            assert not v["correct"] and v["source"] is None, (h, a, v)
            kinds["no answer"] += 1
            continue
        assert v["answer"] == answer, (a, v, answer)
        correct, value, step = grade_any(h, answer, t, r, u)
        assert v["correct"] == correct, (h, a, t, r, u, v, correct)
        kinds[correct] += 1
    print(f"{len(replies)} replies read alike (the answer taken, its verdict):", dict(kinds))
    total = len(cases) + len(steps) + len(replies)
    print(f"{total} answers in all")
    tasks_solvable()


def tasks_solvable():
    """`census24 tasks` says a task is solvable: the oracle grades its
    simplest solution and its steps as correct, under the task's rules."""
    runs = [
        ["--game", "countdown", "-n", "400", "--seed", "5", "--unsolvable", "0.1"],
        ["--game", "countdown", "-n", "300", "--hand-sizes", "3..8", "--values", "1..100",
         "--deck", "none", "--seed", "6"],
        ["-n", "300", "--stratify", "--seed", "7"],
        ["--game", "krypto", "--rules", "natural", "-n", "300", "--seed", "8"],
        ["--game", "digits", "-n", "200", "--seed", "9"],
    ]
    kinds = Counter()
    for args in runs:
        out = subprocess.run([BIN, "tasks", "-q", *args], capture_output=True, text=True)
        assert out.returncode == 0, (args, out.stderr)
        for line in out.stdout.splitlines():
            t = json.loads(line)
            if not t["solvable"]:
                assert t["simplest"] is None and t["steps"] is None, t
                kinds["unsolvable"] += 1
                continue
            target = Fraction(t["target"])
            for answer in (t["simplest"], t["steps"]):
                correct = grade_any(t["cards"], answer, target, t["rules"], t["use"])[0]
                assert correct, (t, answer)
            kinds[t["use"]] += 1
    print(f"{sum(kinds.values())} tasks of census24 tasks re-graded by the oracle "
          "(simplest and steps correct):", dict(kinds))


if __name__ == "__main__":
    main()
