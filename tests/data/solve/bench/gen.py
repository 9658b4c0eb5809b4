#!/usr/bin/env python3
"""Finds benchmark positions: random positions (seeded) given to Popeye, keeping those
with a solution that Popeye solves in a time window.

Usage: gen.py SOLVER CONDITION STIPULATION SEED COUNT MIN_S MAX_S [WHITE BLACK]
CONDITION is `-` for orthodox chess. WHITE and BLACK are the numbers of men besides the
king (default 4 and 4). SOLVER is a command (split at spaces) run with the input file, e.g. `/work/popeye/py`
or `target/release/feerie solve` (Dynamo and Augsburg). Prints each kept problem in Popeye's language with its time.
"""

import random
import subprocess
import sys
import tempfile
import time

LETTERS = "qrbsp"


def position(rng, white, black):
    """A random placement: {square: (colour, letter)}, kings not touching, no pawn on
    the first or last rank."""
    while True:
        squares = rng.sample(range(64), 2 + white + black)
        wk, bk = squares[0], squares[1]
        if abs(wk % 8 - bk % 8) <= 1 and abs(wk // 8 - bk // 8) <= 1:
            continue
        men = {wk: ("white", "k"), bk: ("black", "k")}
        ok = True
        for i, sq in enumerate(squares[2:]):
            letter = rng.choice(LETTERS)
            if letter == "p" and sq // 8 in (0, 7):
                ok = False
                break
            men[sq] = ("white" if i < white else "black", letter)
        if ok:
            return men


def text(men, condition, stipulation, seed):
    parts = []
    for colour in ("white", "black"):
        parts.append(colour + " " + " ".join(
            letter + "abcdefgh"[sq % 8] + str(sq // 8 + 1)
            for sq, (c, letter) in sorted(men.items()) if c == colour))
    lines = ["remark seed " + str(seed), "stipulation " + stipulation,
             "pieces " + " ".join(parts)]
    if condition != "-":
        lines.append("condition " + condition)
    return "\n".join(lines)


def main():
    solver, condition, stipulation = sys.argv[1].split(), sys.argv[2], sys.argv[3]
    seed, count = int(sys.argv[4]), int(sys.argv[5])
    low, high = float(sys.argv[6]), float(sys.argv[7])
    white = int(sys.argv[8]) if len(sys.argv) > 8 else 4
    black = int(sys.argv[9]) if len(sys.argv) > 9 else 4
    for s in range(seed, seed + count):
        rng = random.Random(s)
        problem = text(position(rng, white, black), condition, stipulation, s)
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write("beginproblem\n" + problem + "\nendproblem\n")
        start = time.time()
        try:
            out = subprocess.run(solver + [f.name], capture_output=True, text=True,
                                 timeout=high * 1.5).stdout
        except subprocess.TimeoutExpired:
            continue
        took = time.time() - start
        solved = any(line.strip().startswith("1.") for line in out.splitlines())
        if "error" in out.lower() or "illegal" in out.lower():
            continue
        if solved and low <= took <= high:
            print("%.2f s\n%s\n" % (took, problem), flush=True)


if __name__ == "__main__":
    main()
