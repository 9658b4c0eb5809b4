#!/usr/bin/env python3
"""A UCI chess engine that misbehaves on purpose, to test `feerie match` as a referee.

Usage: misbehaving_engine.py MODE [PLY]
  MODE illegal: answers an illegal move at its PLY-th move (default 3)
  MODE crash:   exits without answering at its PLY-th move
  MODE silent:  stops answering at its PLY-th move (never sends bestmove)
  MODE good:    always plays the first legal move (in python-chess's order)
Legal moves come from python-chess, so this engine plays orthodox chess only.
"""
import sys
import time

import chess

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
bad_ply = int(sys.argv[2]) if len(sys.argv) > 2 else 3
board = chess.Board()
my_moves = 0


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def set_position(tokens):
    global board
    if tokens[0] == "startpos":
        board = chess.Board()
        rest = tokens[1:]
    else:
        fen_end = tokens.index("moves") if "moves" in tokens else len(tokens)
        board = chess.Board(" ".join(tokens[1:fen_end]))
        rest = tokens[fen_end:]
    if rest and rest[0] == "moves":
        for mv in rest[1:]:
            board.push_uci(mv)


for raw in sys.stdin:
    tokens = raw.split()
    if not tokens:
        continue
    cmd = tokens[0]
    if cmd == "uci":
        say(f"id name misbehaving-{mode}")
        say("uciok")
    elif cmd == "isready":
        say("readyok")
    elif cmd == "position":
        set_position(tokens[1:])
    elif cmd == "go":
        my_moves += 1
        if my_moves >= bad_ply and mode == "crash":
            sys.exit(3)
        if my_moves >= bad_ply and mode == "silent":
            while True:
                time.sleep(60)
        move = next(iter(board.legal_moves)).uci()
        if my_moves >= bad_ply and mode == "illegal":
            move = "a1a8" if "a1a8" not in {m.uci() for m in board.legal_moves} else "h1h8"
        say("info depth 1 score cp 0 pv " + move)
        say("bestmove " + move)
    elif cmd == "quit":
        break
