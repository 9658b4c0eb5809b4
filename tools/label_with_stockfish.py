#!/usr/bin/env python3
"""Relabels chess `feerie datagen` data with Stockfish's scores, for `feerie tune`.

Usage: label_with_stockfish.py IN OUT NODES [SHARD COUNT] [STOCKFISH]

Each line `<FEN> | <score> | <result>` of IN is written to OUT (appended) with the
score replaced by Stockfish's after `go nodes NODES`, in centipawns from White's point
of view (a mate found counts as +-3000); the result is kept. With SHARD and COUNT only
the lines SHARD, SHARD+COUNT, ... are labelled, so COUNT processes can share the work
(their outputs concatenate). STOCKFISH is the engine's path (default: `stockfish`).
A line that is not a datagen line is skipped. Stockfish's scores are on a scale close
to Feerie's (the K that fits each to the results differs by 2% on 382,166 positions:
docs/tuning.md), so the labels are used as they are, with `feerie tune --lambda 1
--k K` and the K fitted to the results.
"""

import subprocess
import sys

MATE_SCORE = 3000


def start(path):
    engine = subprocess.Popen(
        [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    send(engine, "uci")
    send(engine, "setoption name Threads value 1")
    send(engine, "setoption name Hash value 16")
    send(engine, "isready")
    for line in engine.stdout:
        if line.startswith("readyok"):
            return engine
    sys.exit(f"{path} stopped before readyok")


def send(engine, command):
    engine.stdin.write(command + "\n")
    engine.stdin.flush()


def score_of(engine, fen, nodes):
    """The last score Stockfish reports for `fen`, from the side to move's view."""
    send(engine, "position fen " + fen)
    send(engine, f"go nodes {nodes}")
    score = None
    for line in engine.stdout:
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            score = value if kind == "cp" else (MATE_SCORE if value > 0 else -MATE_SCORE)
        elif words[:1] == ["bestmove"]:
            return score
    sys.exit("Stockfish stopped during a search")


def main():
    if len(sys.argv) not in (4, 6, 7):
        sys.exit(__doc__)
    source, target, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
    shard, count = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 4 else (0, 1)
    engine = start(sys.argv[6] if len(sys.argv) > 6 else "stockfish")
    with open(source) as lines, open(target, "a") as out:
        for n, line in enumerate(lines):
            if n % count != shard:
                continue
            fields = [f.strip() for f in line.split("|")]
            if len(fields) != 3 or len(fields[0].split()) < 2:
                continue
            fen, _, result = fields
            score = score_of(engine, fen, nodes)
            if score is None:
                continue
            if fen.split()[1] == "b":
                score = -score
            out.write(f"{fen} | {score} | {result}\n")
    send(engine, "quit")


if __name__ == "__main__":
    main()
