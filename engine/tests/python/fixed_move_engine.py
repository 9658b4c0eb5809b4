#!/usr/bin/env python3
"""A UCI engine that always answers `go` with the move given on its command line, to
test tools that judge an engine's moves (tools/blunder_rate.py).

Usage: fixed_move_engine.py MOVE
Standard library only.
"""
import sys


def main() -> int:
    move = sys.argv[1]
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name fixed-move\nuciok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "go":
            print(f"bestmove {move}", flush=True)
        elif words[0] == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
