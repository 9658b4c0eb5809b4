#!/usr/bin/env python3
"""Fits one player's Elo to its results against opponents of known Elo.

Usage: fit_elo.py ELO:W-L-D [ELO:W-L-D ...]

Each argument is an opponent's Elo (a Stockfish `UCI_Elo` level, say) and the player's
wins, losses and draws against it, for example `2400:6-26-8 2200:15-20-5`. The model is
the logistic Elo curve, expected score 1 / (1 + 10^((opponent - player) / 400)), a draw
counting half a win and half a loss. Prints the maximum-likelihood Elo and the interval
where the log-likelihood is within 1.92 of its maximum (95 %), as docs/levels.md and
the ladders of docs/results.md give them. Pure Python, so it runs wherever `feerie` is built.
"""

import math
import sys


def log_likelihood(elo, results):
    total = 0.0
    for opponent, wins, losses, draws in results:
        p = 1.0 / (1.0 + 10.0 ** ((opponent - elo) / 400.0))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += (wins + draws / 2) * math.log(p) + (losses + draws / 2) * math.log(1 - p)
    return total


def parse(argument):
    try:
        opponent, record = argument.split(":")
        wins, losses, draws = (int(x) for x in record.split("-"))
        if min(wins, losses, draws) < 0 or wins + losses + draws == 0:
            raise ValueError
        return float(opponent), wins, losses, draws
    except ValueError:
        sys.exit(f"fit_elo.py: {argument!r} is not ELO:W-L-D (for example 2400:6-26-8)")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    results = [parse(a) for a in sys.argv[1:]]
    grid = [x / 2 for x in range(0, 8001)]  # 0 to 4000 Elo by halves
    values = [log_likelihood(e, results) for e in grid]
    best = max(range(len(grid)), key=lambda i: values[i])
    inside = [grid[i] for i, v in enumerate(values) if v >= values[best] - 1.92]
    games = sum(w + l + d for _, w, l, d in results)
    print(f"{games} games: Elo {grid[best]:.0f} ({inside[0]:.0f}-{inside[-1]:.0f} at 95 %)")


if __name__ == "__main__":
    main()
