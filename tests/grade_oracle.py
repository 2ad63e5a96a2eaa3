"""An independent exact grader, written from the rules of `census24 check`
(docs in src/game/grade.rs and the README), checked against the tool on a
generated set of answers.

    python tests/grade_oracle.py [CENSUS24]      (CENSUS24: the binary)

The set (over 20 000 answers): every published-style solution of every
four-card hand under each rule set (from `census24 solve --stdin --all`),
the mutations a model makes of them (a card changed, a card used twice, a
card dropped, an operator changed, unicode operators, an unbalanced bracket,
a unary minus, a decimal, implicit multiplication), Countdown answers under
`--use any`, and three- and four-number hands of 1..99 with targets up to
100. The oracle shares no code with census24: Python's fractions, its own
tokenizer and parser. Verdicts (correct or not) and values must agree on
every answer. .ci/run runs it.
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
    print(f"{len(cases)} answers graded alike by census24 check and the oracle:", dict(sorted(kinds.items())))


if __name__ == "__main__":
    main()
