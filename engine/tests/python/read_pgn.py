#!/usr/bin/env python3
"""python-chess reads the PGN that `feerie match` writes.

Usage: read_pgn.py VARIANT FILE.pgn

chess: every game is read by python-chess's normal reader (`chess.pgn.read_game`)
with no error, its main line has PlyCount moves, and the result tag matches.

Other variants (moves are one PGN symbol token each, see docs/pgn.md): every game is
read by `chess.pgn.read_game` with a visitor that keeps the moves python-chess cannot
play. Its tokenizer must see exactly one move per token (PlyCount of them, each the
start of the token written), with no error reported.

Exits non-zero with a message on the first failure.
"""

import re
import sys

try:
    import chess
    import chess.pgn
except ImportError as error:
    print(
        f"the Python package 'chess' is required for this test ({error}): "
        "pip install chess, in a virtual environment where pip refuses (PEP 668), "
        "or Debian's python3-chess",
        file=sys.stderr,
    )
    sys.exit(1)


class KeepUnknownMoves(chess.pgn.BaseVisitor):
    """Collects the move tokens and every error, playing null moves on python-chess's
    board. The tags are kept here rather than handed to python-chess, which would look
    up the fairy `Variant` and `FEN` and stop at a variant it does not know."""

    def begin_game(self):
        self.tags = {}
        self.tokens = []
        self.errors = []

    def begin_headers(self):
        return chess.pgn.Headers({})

    def visit_header(self, tagname, tagvalue):
        self.tags[tagname] = tagvalue

    def parse_san(self, board, san):
        self.tokens.append(san)
        return chess.Move.null()

    def handle_error(self, error):
        self.errors.append(error)

    def result(self):
        return self


def written_moves(text):
    """The move tokens of each game as written, by a plain PGN tokenizer."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        movetext = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        tokens = [
            t
            for t in movetext.split()
            if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)
        ]
        games.append(tokens)
    return games


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    variant, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    expected = written_moves(text)
    games = 0
    with open(path, encoding="utf-8") as handle:
        while True:
            if variant == "chess":
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                label = f"game {games + 1} ({variant})"
                if game.errors:
                    fail(f"{label}: python-chess errors: {game.errors}")
                moves = list(game.mainline_moves())
                plies = int(game.headers["PlyCount"])
                if len(moves) != plies:
                    fail(f"{label}: {len(moves)} moves read, PlyCount {plies}")
                board = game.end().board()
                outcome = board.outcome(claim_draw=True)
                result = game.headers["Result"]
                if outcome is not None and game.headers["Termination"] == "checkmate":
                    if outcome.result() != result:
                        fail(f"{label}: board says {outcome.result()}, tag {result}")
            else:
                game = chess.pgn.read_game(handle, Visitor=KeepUnknownMoves)
                if game is None:
                    break
                label = f"game {games + 1} ({variant})"
                if game.errors:
                    fail(f"{label}: python-chess errors: {game.errors}")
                if game.tags.get("Variant") != variant:
                    fail(f"{label}: Variant tag {game.tags.get('Variant')!r}")
                plies = int(game.tags["PlyCount"])
                written = expected[games]
                if len(game.tokens) != plies or len(written) != plies:
                    fail(
                        f"{label}: python-chess saw {len(game.tokens)} moves, "
                        f"{len(written)} written, PlyCount {plies}:\n"
                        f"{game.tokens}\n{written}"
                    )
                for seen, token in zip(game.tokens, written):
                    if not token.startswith(seen):
                        fail(f"{label}: python-chess read {seen!r} in {token!r}")
            games += 1
    if games != len(expected) or games == 0:
        fail(f"{path}: python-chess read {games} games of {len(expected)}")
    print(f"{variant}: {games} games read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
