#!/usr/bin/env python3
"""Generates the Popeye reference data that tests/tests/solve_popeye.rs compares Feerie with.

Needs a built Popeye (4.104 was used) and python-chess (`pip install chess`):

    python3 tests/data/solve/generate.py --popeye /work/popeye/py [--seed 14]

For orthodox chess and each Einstein condition it writes `<name>.inp` (the problems, in
Popeye's input language) and `<name>.popeye.out` (Popeye's output, with the board
diagrams left out to keep the files small). Positions are random and legal (kings plus 2-5
pieces, the side not to move not in check); Popeye decides which are kept: for every
stipulation, PER_STIP problems with solutions and NO_SOLUTION without, and none whose
output is longer than MAX_LINES. Selfmates are built backwards (a position where every
defender move mates, then a retracted attacker move) since random ones almost never work.
The same seed gives the same files. `--semantics` only reruns Popeye on the hand-made
`semantics.inp` (the small examples of POPEYE-SEMANTICS.md).
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

import chess

from variants import CHAINS, push

CONDITIONS = [
    ('orthodox', None),
    ('einstein', 'EinsteinChess'),
    ('reversal-einstein', 'ReversalEinsteinChess'),
    ('anti-einstein', 'AntiEinsteinChess'),
]
# stipulation, the option sets used in turn for the problems kept, builder
STIPULATIONS = [
    ('#1', ['', 'try'], 'random'),
    ('#2', ['variation', '', 'try', 'try variation', 'try defence 2', 'setplay variation'],
     'random'),
    ('h#1', [''], 'random'),
    ('h#2', ['', '', 'setplay'], 'random'),
    ('s#1', ['variation', '', 'try'], 'selfmate'),
    ('s#2', ['variation', '', 'try', 'setplay variation'], 'selfmate2'),
    ('ser-#2', [''], 'random'),
    ('ser-#3', [''], 'random'),
    ('=1', ['', 'try'], 'random'),
    ('h=2', [''], 'random'),
]
PER_STIP = 9
# Selfmates are slow to build: fewer of them, built a few at a time.
SELFMATE_PER_STIP = 6
SELFMATE_BATCH = 6
NO_SOLUTION = 2
MAX_LINES = 40
BATCH = 150
TYPES = [chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.BISHOP, chess.KNIGHT,
         chess.KNIGHT, chess.PAWN, chess.PAWN, chess.PAWN]
LETTER = {chess.KING: 'k', chess.QUEEN: 'q', chess.ROOK: 'r', chess.BISHOP: 'b',
          chess.KNIGHT: 's', chess.PAWN: 'p'}


def black_first(stip):
    return stip.startswith('h') and not stip.endswith('.5')


def legal_for(board, white_to_move):
    """Legal with the given side to move (so the other side is not in check)."""
    board.turn = white_to_move
    board.castling_rights = 0
    board.ep_square = None
    return board.is_valid()


def random_position(rng, white_to_move, white_share=0.6):
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 2)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for _ in range(rng.randint(2, 5)):
            sq = rng.randrange(64)
            if board.piece_at(sq):
                continue
            kind = rng.choice(TYPES)
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                kind = chess.KNIGHT
            board.set_piece_at(sq, chess.Piece(kind, rng.random() < white_share))
        if len(board.piece_map()) >= 4 and legal_for(board, white_to_move):
            return board


def pieces_line(board):
    sides = {chess.WHITE: [], chess.BLACK: []}
    for sq, piece in sorted(board.piece_map().items()):
        sides[piece.color].append(LETTER[piece.piece_type] + chess.square_name(sq))
    return 'pieces white %s black %s' % (' '.join(sides[chess.WHITE]),
                                         ' '.join(sides[chess.BLACK]))


# ---- selfmates, built backwards ------------------------------------------------------

def non_mating_replies(board, cond):
    """How far `board` (black to move) is from "every black move mates white"."""
    moves = list(board.legal_moves)
    if not moves:
        return 10
    bad = 0
    for mv in moves:
        push(board, mv, cond)
        if not (board.is_check() and not any(True for _ in board.legal_moves)):
            bad += 1
        board.pop()
    return bad


def mutate(rng, board):
    new = board.copy(stack=False)
    placed = new.piece_map()
    others = [sq for sq, p in placed.items() if p.piece_type != chess.KING]
    roll = rng.random()
    empty = [sq for sq in range(64) if not new.piece_at(sq)]
    if roll < 0.5 or not others:
        sq = rng.choice(list(placed))
        piece = new.remove_piece_at(sq)
        to = rng.choice(empty)
        if piece.piece_type == chess.PAWN and chess.square_rank(to) in (0, 7):
            return None
        new.set_piece_at(to, piece)
    elif roll < 0.65 and len(placed) < 7:
        to = rng.choice(empty)
        kind = rng.choice(TYPES)
        if kind == chess.PAWN and chess.square_rank(to) in (0, 7):
            return None
        new.set_piece_at(to, chess.Piece(kind, rng.random() < 0.5))
    elif roll < 0.8 and len(placed) > 4:
        new.remove_piece_at(rng.choice(others))
    else:
        sq = rng.choice(others)
        kind = rng.choice(TYPES)
        if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
            return None
        colour = new.piece_at(sq).color if rng.random() < 0.7 else rng.random() < 0.5
        new.set_piece_at(sq, chess.Piece(kind, colour))
    return new if legal_for(new, chess.BLACK) else None


def forced_mate_position(rng, cond):
    """A position, black to move, where every black move mates white (hill climbing).
    Mostly with black in check, where black has few moves: the usual selfmate pattern is a
    check that can only be answered by a mating capture."""
    in_check = rng.random() < 0.85
    while True:
        board = random_position(rng, chess.BLACK, white_share=0.5)
        if in_check and not board.is_check():
            continue
        score = non_mating_replies(board, cond)
        for _ in range(400):
            if score == 0:
                return board
            new = mutate(rng, board)
            if new is None or (in_check and not new.is_check()):
                continue
            new_score = non_mating_replies(new, cond)
            if new_score <= score:
                board, score = new, new_score


def retract_white_move(rng, after, cond):
    """A position, white to move, with a white move leading to `after` (or None)."""
    on_capture, on_quiet = CHAINS[cond]
    whites = [sq for sq, p in after.piece_map().items()
              if p.color == chess.WHITE and p.piece_type != chess.KING or
              (p.color == chess.WHITE and rng.random() < 0.3)]
    if not whites:
        return None
    to = rng.choice(whites)
    now = after.piece_at(to).piece_type
    capture = rng.random() < 0.3
    chain = on_capture if capture else on_quiet
    before_types = [k for k in LETTER if chain.get(k, k) == now and k != chess.KING] or [now]
    if now == chess.KING:
        before_types = [chess.KING]
    kind = rng.choice(before_types)
    for frm in rng.sample(range(64), 64):
        if after.piece_at(frm):
            continue
        if kind == chess.PAWN and chess.square_rank(frm) in (0, 7):
            continue
        before = after.copy(stack=False)
        before.remove_piece_at(to)
        before.set_piece_at(frm, chess.Piece(kind, chess.WHITE))
        if capture:
            victim = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN])
            if victim == chess.PAWN and chess.square_rank(to) in (0, 7):
                continue
            before.set_piece_at(to, chess.Piece(victim, chess.BLACK))
        if not legal_for(before, chess.WHITE):
            continue
        move = chess.Move(frm, to)
        if move not in before.legal_moves:
            continue
        check = before.copy()
        push(check, move, cond)
        if check.board_fen() == after.board_fen():
            return before
    return None


def selfmate_position(rng, cond, moves):
    after = forced_mate_position(rng, cond)
    for _ in range(10):
        before = retract_white_move(rng, after, cond)
        if before is not None:
            break
    else:
        return None
    if moves == 2 and rng.random() < 0.6:
        # A random shake of an s#1: Popeye keeps those with an s#2 (often a longer key);
        # an s#1 unshaken is an s#2 too (Popeye lists short keys).
        for _ in range(3):
            new = mutate(rng, before)
            if new is not None and legal_for(new, chess.WHITE):
                before = new
                break
    return before


# ---- Popeye ----------------------------------------------------------------------------

def problem_text(ident, cond, stip, option, board):
    lines = ['remark %s' % ident, 'stipulation %s' % stip]
    if cond:
        lines.append('condition %s' % cond)
    if option:
        lines.append('option %s' % option)
    lines.append(pieces_line(board))
    return '\n'.join(lines)


def run_popeye(popeye, problems):
    """Popeye's output for each problem text, diagrams left out."""
    text = 'beginproblem\n' + '\nnextproblem\n'.join(problems) + '\nendproblem\n'
    with tempfile.NamedTemporaryFile('w', suffix='.inp', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run([popeye, path], capture_output=True, text=True, timeout=3000).stdout
    finally:
        os.unlink(path)
    return split_output(out)


def strip_board(chunk):
    return [line for line in chunk if not re.match(r'^([|+]|[1-8] )', line)]


def split_output(out):
    """One list of lines per problem: each ends with its `solution finished` line."""
    chunks, current = [], []
    for line in out.splitlines()[1:]:  # the first line is Popeye's banner
        current.append(line.rstrip())
        if line.startswith('solution finished') or line.startswith('Partial solution'):
            chunks.append(strip_board(current))
            current = []
    return chunks


def solution_lines(chunk):
    return [l for l in chunk if re.match(r'^\s+1\.', l) or re.match(r'^\s+1\.\.\.', l)]


def has_solution(chunk, stip):
    if stip.startswith(('h', 'ser')):
        return any(re.match(r'^\s+1\.', l) for l in chunk)
    return any(re.match(r'^ {3}1\..* !$', l) for l in chunk)


def generate(popeye, rng, name, cond, log):
    problems, outputs = [], []
    for stip, options, builder in STIPULATIONS:
        kept_with, kept_without, tried = 0, 0, 0
        quota = PER_STIP if builder == 'random' else SELFMATE_PER_STIP
        while kept_with < quota or kept_without < NO_SOLUTION:
            batch = []
            size = BATCH if builder == 'random' else SELFMATE_BATCH
            while len(batch) < size:
                if builder == 'random' or (kept_without < NO_SOLUTION and len(batch) < 2):
                    board = random_position(rng, not black_first(stip))
                else:
                    board = selfmate_position(rng, cond, 2 if builder == 'selfmate2' else 1)
                    if board is None:
                        continue
                option = options[(kept_with + len(batch)) % len(options)]
                batch.append((board, option))
            texts = [problem_text('x', cond, stip, opt, b) for b, opt in batch]
            tried += len(texts)
            for (board, option), chunk in zip(batch, run_popeye(popeye, texts)):
                if len(chunk) > MAX_LINES + 12 or any('Partial' in l for l in chunk):
                    continue
                found = has_solution(chunk, stip)
                if found and kept_with < quota:
                    kept_with += 1
                elif not found and kept_without < NO_SOLUTION:
                    kept_without += 1
                else:
                    continue
                ident = '%s-%d %s random, generate.py' % (name, len(problems) + 1, stip)
                problems.append(problem_text(ident, cond, stip, option, board))
            if tried > 20000:
                log('%s %s: gave up after %d positions' % (name, stip, tried))
                break
        log('%s %s: %d with solutions, %d without (%d positions tried)'
            % (name, stip, kept_with, kept_without, tried))
    outputs = run_popeye(popeye, problems)
    assert len(outputs) == len(problems)
    return problems, outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--popeye', required=True, help='path of the Popeye executable')
    parser.add_argument('--seed', type=int, default=14)
    parser.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument('--only', help='generate only this file (orthodox, einstein, ...)')
    parser.add_argument('--semantics', action='store_true',
                        help="only rerun Popeye on the hand-made semantics.inp")
    args = parser.parse_args()
    if args.semantics:
        with open(os.path.join(args.out, 'semantics.inp')) as f:
            problems = f.read().strip().split('\n')[1:-1]  # without begin/endproblem
        texts = '\n'.join(problems).split('\nnextproblem\n')
        write_output(os.path.join(args.out, 'semantics.popeye.out'),
                     run_popeye(args.popeye, texts))
        return
    for name, cond in CONDITIONS:
        if args.only and args.only != name:
            continue
        rng = random.Random('%d-%s' % (args.seed, name))
        problems, outputs = generate(args.popeye, rng, name, cond,
                                     lambda m: print(m, file=sys.stderr, flush=True))
        with open(os.path.join(args.out, name + '.inp'), 'w') as f:
            f.write('beginproblem\n' + '\nnextproblem\n'.join(problems) + '\nendproblem\n')
        write_output(os.path.join(args.out, name + '.popeye.out'), outputs)


def write_output(path, outputs):
    with open(path, 'w') as f:
        for chunk in outputs:
            f.write('\n'.join(chunk) + '\n')


if __name__ == '__main__':
    main()
