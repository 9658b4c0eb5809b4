#!/usr/bin/env python3
"""A UCI engine that misbehaves on purpose, to test `feerie match` as a referee.

Usage: misbehaving_engine.py ENGINE MODE [PLY]

It runs the real engine ENGINE (e.g. the feerie binary) as a child, forwards every
command to it and relays its answers, so it plays every variant the engine plays.
At its PLY-th `go` of each game (default 3; `ucinewgame` starts a game) it misbehaves:
  MODE illegal: answers `bestmove a1a1` (illegal in every variant) instead of the move
  MODE crash:   exits without answering
  MODE silent:  stops answering (never sends bestmove)
  MODE good:    never misbehaves
Standard library only.
"""
import subprocess
import sys
import threading
import time

ILLEGAL_MOVE = "a1a1"


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    engine, mode = sys.argv[1], sys.argv[2]
    bad_ply = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    child = subprocess.Popen(
        [engine],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    # What the relay does with the child's answers: "relay", "replace" (the next
    # bestmove becomes illegal), or "mute" (nothing more is relayed).
    state = {"answers": "relay"}
    lock = threading.Lock()

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def relay() -> None:
        for line in child.stdout:
            line = line.rstrip("\n")
            with lock:
                answers = state["answers"]
                if answers == "mute":
                    continue
                if answers == "replace" and line.startswith("bestmove"):
                    line = "bestmove " + ILLEGAL_MOVE
                    state["answers"] = "relay"
            say(line)

    threading.Thread(target=relay, daemon=True).start()

    def forward(line: str) -> None:
        child.stdin.write(line + "\n")
        child.stdin.flush()

    goes = 0
    for raw in sys.stdin:
        line = raw.strip()
        if line == "ucinewgame":
            goes = 0
        if line.split()[:1] == ["go"]:
            goes += 1
            if goes == bad_ply and mode == "crash":
                child.kill()
                return 3
            if goes >= bad_ply and mode == "silent":
                with lock:
                    state["answers"] = "mute"
                while True:
                    time.sleep(60)
            if goes == bad_ply and mode == "illegal":
                with lock:
                    state["answers"] = "replace"
        forward(line)
        if line == "quit":
            break
    child.wait(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
