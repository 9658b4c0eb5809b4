"""Einstein-family move generation on top of python-chess, good enough to steer the random
search towards positions with solutions (Popeye decides what is kept)."""
import chess

UP = {chess.PAWN: chess.KNIGHT, chess.KNIGHT: chess.BISHOP, chess.BISHOP: chess.ROOK,
      chess.ROOK: chess.QUEEN}
DOWN = {chess.QUEEN: chess.ROOK, chess.ROOK: chess.BISHOP, chess.BISHOP: chess.KNIGHT,
        chess.KNIGHT: chess.PAWN}
# condition -> (change on capture, change on non-capture)
CHAINS = {
    None: ({}, {}),
    'EinsteinChess': (UP, DOWN),
    'ReversalEinsteinChess': (DOWN, UP),
    'AntiEinsteinChess': ({}, DOWN),
}


def push(board, move, cond):
    """Plays `move`, then mutates the moved piece (and the castling rook) as `cond` says."""
    on_capture, on_quiet = CHAINS[cond]
    capture = board.is_capture(move)
    castle = board.is_castling(move)
    rook = None
    if castle:
        rank = chess.square_rank(move.from_square)
        kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        rook = chess.square(5 if kingside else 3, rank)
    board.push(move)
    if cond is None:
        return
    chain = on_capture if capture else on_quiet
    for sq in ([move.to_square] + ([rook] if rook is not None else [])):
        piece = board.piece_at(sq)
        if piece and piece.piece_type in chain:
            board._set_piece_at(sq, chain[piece.piece_type], piece.color)  # keeps the move stack


def legal(board):
    return list(board.legal_moves)


def mated(board):
    return board.is_check() and not any(True for _ in board.legal_moves)


def stalemated(board):
    return not board.is_check() and not any(True for _ in board.legal_moves)
