#!/usr/bin/env python3
"""Regenerates popeye_random.txt: Popeye's answers to the random positions of
popeye_random.cases (chess and the Einstein family), as UCI strings.

Usage: popeye_random.py /path/to/popeye/py

Each case is `variant | stipulation | FEN`, the FEN's side to move being the first mover.
Popeye always starts direct and self play with White and help play with Black, so a
position whose first mover is the other colour is given to Popeye mirrored (ranks turned
round, colours exchanged) and its answers are mirrored back. Writes popeye_random.inp
(Popeye's input), popeye_random.out (its output) and popeye_random.txt, one line per case:
`variant | stipulation | FEN | answers`, the answers sorted and joined by `, ` (keys of
direct and self play; help play solutions with their moves joined by spaces).
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONDITIONS = {
    "chess": None,
    "einstein": "EinsteinChess",
    "reverse-einstein": "ReversalEinsteinChess",
    "anti-einstein": "AntiEinsteinChess",
}
POPEYE_LETTER = {"k": "k", "q": "q", "r": "r", "b": "b", "n": "s", "p": "p"}


def board(fen):
    """{(file 0-7, rank 1-8): letter} of a FEN's placement."""
    squares = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                squares[(file, 8 - row)] = c
                file += 1
    return squares


def mirror_square(square):
    return square[0] + str(9 - int(square[1]))


def popeye_problem(variant, stipulation, fen):
    """Popeye's input for one case, and whether it was mirrored."""
    first = fen.split()[1]
    popeye_first = "b" if stipulation.startswith("h") else "w"
    mirrored = first != popeye_first
    pieces = {"white": [], "black": []}
    for (file, rank), c in sorted(board(fen).items()):
        if mirrored:
            rank, c = 9 - rank, c.swapcase()
        color = "white" if c.isupper() else "black"
        pieces[color].append(POPEYE_LETTER[c.lower()] + "abcdefgh"[file] + str(rank))
    lines = [
        "remark " + fen,
        "stipulation " + stipulation,
        "pieces white " + " ".join(pieces["white"]) + " black " + " ".join(pieces["black"]),
    ]
    if CONDITIONS[variant]:
        lines.append("condition " + CONDITIONS[variant])
    return "\n".join(lines), mirrored


MOVE = re.compile(r"^(?:\d+\.)?(?:[KQRBSP])?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBSP]))?(?:ep\.)?$")
CASTLING = re.compile(r"^(?:\d+\.)?(0-0(?:-0)?)(?:=[QRBSP])?$")


def uci(token, variant, white, mirrored):
    """The UCI string of one Popeye move (`white`: played by White in Popeye's diagram)."""
    m = CASTLING.match(token)
    if m:
        rank = "1" if white else "8"
        text = "e" + rank + ("g" if m.group(1) == "0-0" else "c") + rank
    else:
        m = MOVE.match(token)
        if not m:
            raise ValueError("unreadable move " + token)
        text = m.group(1) + m.group(2)
        # `=X` is a promotion in chess, the mutation in the Einstein family.
        if m.group(3) and variant == "chess":
            text += {"Q": "q", "R": "r", "B": "b", "S": "n"}[m.group(3)]
    if mirrored:
        text = mirror_square(text[0:2]) + mirror_square(text[2:4]) + text[4:]
    return text


def answers(variant, stipulation, mirrored, output):
    """Keys or solution lines of one problem's output."""
    found = []
    help_play = stipulation.startswith("h")
    for line in output.splitlines():
        if help_play:
            if not re.match(r"^\s+1\.", line):
                continue
            tokens = [t for t in line.split() if t not in ("+", "#", "=", "ep.")]
            moves = []
            for ply, token in enumerate(tokens):
                white = ply % 2 == 1  # Black starts Popeye's helpmates
                moves.append(uci(token, variant, white, mirrored))
            found.append(" ".join(moves))
        elif re.match(r"^   1\.\S", line) and "!" in line.split():
            found.append(uci(line.split()[0], variant, True, mirrored))
    return sorted(found)


def main():
    popeye = sys.argv[1]
    cases = []
    with open(os.path.join(HERE, "popeye_random.cases")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                cases.append([part.strip() for part in line.split("|")])
    problems = [popeye_problem(*case) for case in cases]
    text = "beginproblem\n" + "\nnextproblem\n".join(p[0] for p in problems) + "\nendproblem\n"
    inp = os.path.join(HERE, "popeye_random.inp")
    with open(inp, "w") as f:
        f.write(text)
    output = subprocess.run([popeye, inp], capture_output=True, text=True, check=True).stdout
    with open(os.path.join(HERE, "popeye_random.out"), "w") as f:
        f.write(output)
    parts = output.split("solution finished.")[: len(cases)]
    if len(parts) != len(cases):
        raise SystemExit("Popeye solved %d problems of %d" % (len(parts), len(cases)))
    with open(os.path.join(HERE, "popeye_random.txt"), "w") as f:
        f.write("# Popeye 4.104's answers to popeye_random.cases (written by popeye_random.py).\n")
        f.write("# variant | stipulation | FEN (first mover to move) | answers, UCI, sorted\n")
        for (variant, stipulation, fen), (_, mirrored), part in zip(cases, problems, parts):
            # The diagram's remark names the FEN: check that parts and cases line up.
            if fen not in part:
                raise SystemExit("output out of step at " + fen)
            found = answers(variant, stipulation, mirrored, part)
            f.write(" | ".join([variant, stipulation, fen, ", ".join(found)]) + "\n")


if __name__ == "__main__":
    main()
