"""Writes tests/data/replies.jsonl: model-style replies to 24-game hands,
each with the verdict a careful human grader gives it.

    python3 tests/data/make_replies.py > tests/data/replies.jsonl

Each line: {"id", "kind", "hand", "reply", "correct", "why"}. `correct` is
whether the reply's final answer (the one it states last and does not go
on to reject) is a correct solution; a reply that gives up, or rejects its
only candidate, has no answer and is wrong. `why` says which way the
template leans (for a reader of a failure). The solutions come from a
brute force written here (Python fractions), not from census24; every wrong
answer written is checked to be wrong by the same brute force. Seeded: the
same file every run. tests/integration/check_cli.rs grades every line with
`census24 check --stdin --extract` and holds the verdicts to these.
"""

import itertools
import json
import random
import sys
from collections import Counter
from fractions import Fraction

OPS = "+-*/"


def apply(op, a, b):
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return a / b if b != 0 else None


def solutions(cards, target=24):
    """Every expression (as text, fully bracketed then tidied) over the
    cards, each once, that makes target: a plain exhaustive search."""
    found = []

    def go(items):
        if len(items) == 1:
            if items[0][0] == target:
                found.append(items[0][1])
            return
        for i, j in itertools.permutations(range(len(items)), 2):
            (a, ea), (b, eb) = items[i], items[j]
            rest = [items[k] for k in range(len(items)) if k not in (i, j)]
            for op in OPS:
                if op in "+*" and i > j:
                    continue
                v = apply(op, a, b)
                if v is None:
                    continue
                go(rest + [(v, f"({ea}{op}{eb})")])

    go([(Fraction(c), str(c)) for c in cards])
    return sorted(set(tidy(s) for s in found), key=lambda s: (len(s), s))


def tidy(e):
    """The outer brackets of a fully bracketed expression dropped."""
    return e[1:-1] if e.startswith("(") and e.endswith(")") else e


def evaluate(e):
    """Exact value of a plain expression, or None (our own small parser)."""
    toks, i = [], 0
    while i < len(e):
        c = e[i]
        if c.isdigit():
            j = i
            while j < len(e) and e[j].isdigit():
                j += 1
            toks.append(int(e[i:j]))
            i = j
        elif c in OPS + "()":
            toks.append(c)
            i += 1
        elif c == " ":
            i += 1
        else:
            return None
    pos = 0

    def factor():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "(":
            v = expr()
            pos += 1
            return v
        return Fraction(t)

    def term():
        nonlocal pos
        v = factor()
        while pos < len(toks) and toks[pos] in ("*", "/"):
            op = toks[pos]
            pos += 1
            w = factor()
            v = None if v is None or w is None else apply(op, v, w)
        return v

    def expr():
        nonlocal pos
        v = term()
        while pos < len(toks) and toks[pos] in ("+", "-"):
            op = toks[pos]
            pos += 1
            w = term()
            v = None if v is None or w is None else v + w if op == "+" else v - w
        return v

    try:
        return expr()
    except (IndexError, TypeError):
        return None


def numbers(e):
    out, cur = [], ""
    for c in e + " ":
        if c.isdigit():
            cur += c
        elif cur:
            out.append(int(cur))
            cur = ""
    return out


def is_solution(e, cards):
    return Counter(numbers(e)) == Counter(cards) and evaluate(e) == 24


def wrong_of(e, cards, rng):
    """A near miss of a solution that is not one: an operator changed or a
    card changed, checked."""
    for _ in range(50):
        ops = [i for i, c in enumerate(e) if c in OPS]
        if rng.random() < 0.6 and ops:
            k = rng.choice(ops)
            w = e[:k] + rng.choice(OPS.replace(e[k], "")) + e[k + 1:]
        else:
            nums = [i for i, c in enumerate(e) if c.isdigit() and (i == 0 or not e[i - 1].isdigit())]
            i = rng.choice(nums)
            j = i
            while j < len(e) and e[j].isdigit():
                j += 1
            w = e[:i] + str(int(e[i:j]) + rng.choice([1, 2, -1])) + e[j:]
        if not is_solution(w, cards) and evaluate(w) is not None and "-0" not in w:
            return w
    return None


def steps_of(e):
    """The steps of an expression, innermost first: ['4 + 8 = 12', ...],
    with the numbers left after each."""
    toks, i = [], 0
    while i < len(e):
        c = e[i]
        if c.isdigit():
            j = i
            while j < len(e) and e[j].isdigit():
                j += 1
            toks.append(int(e[i:j]))
            i = j
        else:
            toks.append(c)
            i += 1
    pos = 0
    steps = []

    def text(q):
        return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"

    def operand(q):
        return f"({text(q)})" if q.denominator != 1 or q < 0 else text(q)

    def emit(op, a, b):
        r = apply(op, a, b)
        steps.append((a, op, b, r))
        return r

    def factor():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "(":
            v = expr()
            pos += 1
            return v
        return Fraction(t)

    def term():
        nonlocal pos
        v = factor()
        while pos < len(toks) and toks[pos] in ("*", "/"):
            op = toks[pos]
            pos += 1
            v = emit(op, v, factor())
        return v

    def expr():
        nonlocal pos
        v = term()
        while pos < len(toks) and toks[pos] in ("+", "-"):
            op = toks[pos]
            pos += 1
            v = emit(op, v, term())
        return v

    expr()
    return [(f"{operand(a)} {op} {operand(b)} = {text(r)}", a, b, r) for a, op, b, r in steps]


def with_left(cards, steps):
    pool = [Fraction(c) for c in cards]
    out = []
    for s, a, b, r in steps:
        pool.remove(a)
        pool.remove(b)
        pool.append(r)
        left = " ".join(str(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}" for x in sorted(pool))
        out.append(f"{s} (left: {left})")
    return out


def latex(e, rng):
    style = rng.choice(["times", "cdot"])
    t = e.replace("*", " \\times " if style == "times" else " \\cdot ").replace("/", " \\div ")
    return t.replace("-", " - ").replace("+", " + ")


def replies(rng):
    """(kind, hand, reply, correct, why) for every template over a sample
    of solvable hands, and replies to unsolvable hands."""
    hands = list(itertools.combinations_with_replacement(range(1, 14), 4))
    rng.shuffle(hands)
    out = []
    solvable = 0
    for hand in hands:
        sols = solutions(hand)
        if not sols:
            continue
        solvable += 1
        if solvable > 140:
            break
        e = sols[0]
        w = wrong_of(e, hand, rng)
        h = " ".join(map(str, hand))
        st = steps_of(e)
        plain_steps = "\n".join(s for s, *_ in st)
        left_steps = "\n".join(with_left(hand, st))
        out += [
            ("tag", hand, f"Let me think about {h}.\nI'll combine them.\n<answer>{e}</answer>", True, "tagged"),
            ("tag with = 24", hand, f"<think>trying</think>\n<answer>{e} = 24</answer>", True, "tagged"),
            ("boxed", hand, f"Combining the numbers: ${e} = 24$.\n\nThe final answer is $\\boxed{{{latex(e, rng)}}}$.", True, "boxed"),
            ("answer line, period", hand, f"Working through it.\nAnswer: {e}.", True, "answer line"),
            ("answer is", hand, f"After some tries, the answer is {e}", True, "answer line"),
            ("latex inline", hand, f"We can write $${latex(e, rng)} = 24$$", True, "last line"),
            ("sentence", hand, f"Using {h}, we get {e}, which is 24.", True, "last line"),
            ("bold", hand, f"**{e}**", True, "last line"),
            ("tot steps + answer", hand, f"{left_steps}\nAnswer: {e} = 24", True, "answer line"),
            ("steps only", hand, f"Let's go step by step.\n{plain_steps}", True, "steps"),
            ("numbered steps", hand,
             "\n".join(f"Step {i + 1}: {s}" for i, (s, *_) in enumerate(st)), True, "steps"),
            ("steps in a tag", hand, f"<answer>{', '.join(s for s, *_ in st)}</answer>", True, "tagged steps"),
        ]
        uni = e.replace("*", " \u00d7 ").replace("/", " \u00f7 ").replace("-", " \u2212 ")
        out += [
            ("verified after the answer", hand,
             f"Answer: {e}\nVerification: the value is 24 and every card is used once. Correct!", True,
             "a check after the answer"),
            ("chatty", hand, f"Sure! Here's one way: {e} = 24 \U0001f389", True, "last line"),
            ("unicode operators", hand, f"{uni} = 24", True, "last line"),
            ("unicode in a tag", hand, f"<answer>{uni}</answer>", True, "tagged"),
        ]
        if w is not None:
            out += [
                ("two options, the second kept", hand,
                 f"Option A: {w} (that is {evaluate(w)}, no). Option B: {e} (that is 24, yes).", True,
                 "the later option on the line"),
                ("answer is not X but Y", hand, f"The answer is not {w}; it is {e}.", True,
                 "the later expression of the answer line"),
                ("self-correction", hand,
                 f"Try {w} = {evaluate(w)}. No, that is not 24.\nInstead: {e} = 24.", True,
                 "a rejected try, then the answer"),
                ("rejected tag, later answer", hand,
                 f"<answer>{w}</answer>\nWait, that's wrong. Let me redo it: {e} = 24", True,
                 "a rejected tag gives way"),
                ("wrong final answer", hand, f"I think it works.\nAnswer: {w}", False, "the answer is wrong"),
                ("right then wrong", hand,
                 f"First idea: {e}\nHmm, maybe better:\n<answer>{w}</answer>", False,
                 "the last tagged answer is wrong"),
                ("wrong in a box", hand, f"So $\\boxed{{{w}}}$", False, "boxed, wrong"),
                ("wrong steps", hand, plain_steps.replace(" = ", " = 1", 1), False,
                 "a step's result is wrong"),
            ]
        out += [
            ("gives up after a right one", hand,
             f"Check: {e} = 24\nNo, that is wrong. I give up.", False, "gives up"),
            ("rejects its only candidate", hand,
             f"<answer>{e}</answer>\nWait, that doesn't work.", False, "rejected"),
            ("gives up, no candidate", hand,
             f"I tried many combinations of {h}, but I could not find a way to make 24.", False,
             "no answer"),
        ]
    # Unsolvable hands: an honest reply has no answer, a made-up one is wrong.
    for hand in [(1, 1, 1, 1), (1, 1, 1, 2), (1, 1, 2, 2), (3, 4, 9, 13), (1, 6, 11, 13), (5, 7, 11, 13)]:
        if solutions(hand):
            continue
        h = " ".join(map(str, hand))
        a, b, c, d = hand
        out += [
            ("unsolvable, says so", hand, f"With {h} there is no solution.", False, "no answer"),
            ("unsolvable, made up", hand, f"<answer>({a}+{b})*({c}+{d})</answer>", False, "the answer is wrong"),
        ]
    return out


def main():
    rng = random.Random(34)
    rows = replies(rng)
    for i, (kind, hand, reply, correct, why) in enumerate(rows):
        print(json.dumps({"id": i, "kind": kind, "hand": list(hand), "reply": reply,
                          "correct": correct, "why": why}))
    print(f"{len(rows)} replies", file=sys.stderr)


if __name__ == "__main__":
    main()
