#!/usr/bin/env python3
"""How often a UCI engine (at some level) drops material: the share of its moves that
lose 100, 200 or 400 centipawns or more by a judge engine's reckoning.

Usage: blunder_rate.py DATA COUNT JUDGE DEPTH MOVETIME ENGINE [NAME=VALUE]...

COUNT positions are taken from DATA (`feerie datagen` lines `FEN | score | result`,
evenly spread over the file; only positions the judge scores within 300 cp of level, so
that a loss still matters). ENGINE plays each with `go movetime MOVETIME` after the
options NAME=VALUE (for example `Skill Level=0`); JUDGE scores the position and the
position after that move with `go depth DEPTH`, and the move's loss is the difference.
Prints one line per threshold: the share of moves losing that much, with a 95 % interval.
A level that should "hang a piece now and then" shows it here (docs/levels.md).
"""

import math
import shlex
import subprocess
import sys

THRESHOLDS = (100, 200, 400)
MATE = 10000
CAP = 1000


class Engine:
    def __init__(self, command, options):
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"error: the engine stopped before '{word}'")
            lines.append(line.split())
            if lines[-1] and lines[-1][0] == word:
                return lines

    def go(self, fen, moves, limit):
        """The last score (side to move's view, mate as +-MATE) and the best move."""
        self.send(f"position fen {fen}" + (f" moves {' '.join(moves)}" if moves else ""))
        self.send(f"go {limit}")
        lines = self.wait_for("bestmove")
        score = None
        for words in lines:
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (MATE if value > 0 else -MATE)
        return score, lines[-1][1]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def interval(hits, n):
    """Wilson's 95 % interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(argv):
    if len(argv) < 7:
        sys.exit(__doc__)
    data, count, judge_cmd, depth, movetime, engine_cmd = argv[1:7]
    try:
        count, depth, movetime = int(count), int(depth), int(movetime)
    except ValueError:
        sys.exit("error: COUNT, DEPTH and MOVETIME are numbers")
    options = []
    for pair in argv[7:]:
        if "=" not in pair:
            sys.exit(f"error: '{pair}' is not NAME=VALUE")
        options.append(tuple(pair.split("=", 1)))
    try:
        with open(data) as f:
            fens = [line.split("|")[0].strip() for line in f if line.count("|") == 2]
    except OSError as e:
        sys.exit(f"error: {data}: {e.strerror}")
    if not fens:
        sys.exit(f"error: {data} has no datagen lines")
    step = max(1, len(fens) // (count * 3))
    judge = Engine(judge_cmd, [])
    engine = Engine(engine_cmd, options)
    losses = []
    for fen in fens[::step]:
        if len(losses) == count:
            break
        before, _ = judge.go(fen, [], f"depth {depth}")
        if before is None or abs(before) > 300:
            continue
        _, move = engine.go(fen, [], f"movetime {movetime}")
        after, _ = judge.go(fen, [move], f"depth {depth}")
        if after is None:  # the move ended the game: mate or stalemate
            continue
        losses.append(max(0, before + after))
    engine.close()
    judge.close()
    n = len(losses)
    # A mate counts as 1000 cp in the mean, so that a few do not swamp it.
    mean = sum(min(loss, CAP) for loss in losses) / max(1, n)
    print(f"{n} moves judged at depth {depth}; mean loss {mean:.0f} cp")
    for t in THRESHOLDS:
        hits = sum(1 for loss in losses if loss >= t)
        low, high = interval(hits, n)
        print(f"loss >= {t} cp: {hits}/{n} = {100 * hits / max(1, n):.1f} % "
              f"({100 * low:.1f}-{100 * high:.1f})")


if __name__ == "__main__":
    main(sys.argv)
