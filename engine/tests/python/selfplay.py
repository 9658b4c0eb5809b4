#!/usr/bin/env python3
"""Feerie plays itself through python-chess, a real UCI client.

Usage: selfplay.py PATH_TO_FEERIE [PLIES]

Every move the engine answers must be legal in python-chess's own board; the script
exits non-zero on any failure (illegal move, protocol error, timeout).
"""

import sys

import chess
import chess.engine


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = sys.argv[1]
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    board = chess.Board()
    engine = chess.engine.SimpleEngine.popen_uci(path, timeout=30)
    try:
        if engine.id.get("name", "").split()[0:1] != ["Feerie"]:
            print(f"unexpected engine name: {engine.id}", file=sys.stderr)
            return 1
        engine.configure({"Hash": 16, "Threads": 1, "Move Overhead": 10})
        while not board.is_game_over() and board.ply() < plies:
            limit = chess.engine.Limit(time=0.05, depth=6)
            result = engine.play(board, limit)
            move = result.move
            if move is None or move not in board.legal_moves:
                print(f"illegal move {move} in {board.fen()}", file=sys.stderr)
                return 1
            board.push(move)
        # An analysis through the same client: the engine must answer it too.
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        if not isinstance(info, dict):
            print(f"bad analysis: {info!r}", file=sys.stderr)
            return 1
    finally:
        engine.quit()
    print(f"{board.ply()} plies, final position {board.fen()}")
    print(board.outcome() or "game not over")
    return 0


if __name__ == "__main__":
    sys.exit(main())
