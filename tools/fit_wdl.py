#!/usr/bin/env python3
"""Fits a variant's win/draw/loss model (eval/src/wdl.rs) to self-play data.

Usage: fit_wdl.py DATA_FILE [SAMPLE] [STEPS] [--model A0,A1,B0,B1] [--second]

DATA_FILE holds `feerie datagen` lines, `<FEN> | <score> | <result>` (score and result
from White's point of view). The model: White wins with chance sigma((s - a) / b) and
loses with sigma((-s - a) / b), draws otherwise, where s is the score and
a = a0 + a1 * m, b = b0 + b1 * m move with m, the men other than kings on the board over
30 (Augsburg unit components counted). The four parameters are fitted by gradient
descent (Adam) on the log-likelihood of the games' results, on an evenly spread sample
of SAMPLE lines (default 20000), for STEPS steps (default 800). The fit is not convex:
compare a new fit's log-loss with the old model's on the same data before replacing it.
Prints the parameters as Rust, and the mean log-loss of the fit against the best
constant model (the result frequencies alone).
--model scores a given model (such as the one in variants/src/wdl_models.rs) on the
sample instead of fitting one; --second takes the sample halfway between the default
one's lines, to check a fit on positions it was not fitted to.
Pure Python, so it runs wherever `feerie` is built.
"""

import math
import sys


def material(fen):
    placement = fen.split()[0]
    men = sum(1 for c in placement if c.isalpha() and c not in "kK")
    return min(men / 30.0, 1.0)


def read(path, sample, second=False):
    with open(path) as f:
        rows = [line.split("|") for line in f if line.count("|") == 2]
    step = max(1, len(rows) // sample)
    data = []
    for fen, score, result in rows[step // 2 if second else 0::step]:
        data.append((int(score), float(result), material(fen)))
    return data


def sigmoid(z):
    if z < -60:
        return 0.0
    if z > 60:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def loss_and_gradient(params, data):
    a0, a1, b0, b1 = params
    total, grad = 0.0, [0.0] * 4
    for s, r, m in data:
        a, b = a0 + a1 * m, max(b0 + b1 * m, 1.0)
        zw, zl = (s - a) / b, (-s - a) / b
        pw, pl = sigmoid(zw), sigmoid(zl)
        # derivatives of pw and pl with respect to a and b
        dw_a, dw_b = -pw * (1 - pw) / b, -pw * (1 - pw) * zw / b
        dl_a, dl_b = -pl * (1 - pl) / b, -pl * (1 - pl) * zl / b
        if r > 0.75:
            p, dp_a, dp_b = pw, dw_a, dw_b
        elif r < 0.25:
            p, dp_a, dp_b = pl, dl_a, dl_b
        else:
            p, dp_a, dp_b = 1 - pw - pl, -dw_a - dl_a, -dw_b - dl_b
        p = max(p, 1e-9)
        total -= math.log(p)
        g_a, g_b = -dp_a / p, -dp_b / p
        grad[0] += g_a
        grad[1] += g_a * m
        grad[2] += g_b
        grad[3] += g_b * m
    n = len(data)
    return total / n, [g / n for g in grad]


def fit(data, steps=800, rate=12.0):
    """Adam, its step (in centipawns) shrinking linearly to a tenth of one: large steps
    reach the far values of drawish variants, small ones settle the fit."""
    params = [150.0, 0.0, 100.0, 0.0]
    first, second = [0.0] * 4, [0.0] * 4
    for t in range(1, steps + 1):
        _, grad = loss_and_gradient(params, data)
        size = rate * (1 - t / steps) + 0.1
        for i in range(4):
            first[i] = 0.9 * first[i] + 0.1 * grad[i]
            second[i] = 0.999 * second[i] + 0.001 * grad[i] ** 2
            step = first[i] / (1 - 0.9 ** t) / (math.sqrt(second[i] / (1 - 0.999 ** t)) + 1e-8)
            params[i] -= size * step
    return params


def main():
    args = sys.argv[1:]
    model, second = None, "--second" in args
    if "--model" in args:
        at = args.index("--model")
        try:
            model = [float(x) for x in args[at + 1].split(",")]
            if len(model) != 4:
                raise ValueError
        except (IndexError, ValueError):
            sys.exit("fit_wdl.py: --model needs four numbers, A0,A1,B0,B1")
        del args[at:at + 2]
    args = [a for a in args if a != "--second"]
    data = read(args[0], int(args[1]) if len(args) > 1 else 20000, second)
    results = [r for _, r, _ in data]
    freq = [sum(1 for r in results if r > 0.75), sum(1 for r in results if 0.25 <= r <= 0.75),
            sum(1 for r in results if r < 0.25)]
    constant = -sum(c * math.log(max(c / len(results), 1e-9)) for c in freq) / len(results)
    params = model or fit(data, int(args[2]) if len(args) > 2 else 800)
    loss, _ = loss_and_gradient(params, data)
    a0, a1, b0, b1 = params
    print(f"// {len(data)} positions; results W/D/L {freq[0]}/{freq[1]}/{freq[2]}; "
          f"log-loss {loss:.4f} (results alone: {constant:.4f})")
    print(f"WdlModel {{ a: [{a0:.1f}, {a1:.1f}], b: [{b0:.1f}, {b1:.1f}] }}")


if __name__ == "__main__":
    main()
