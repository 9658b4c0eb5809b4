//! Hand-built problems whose solutions are reasoned out from the rules (RULES.md), each
//! with its reasoning beside it: Dynamo mates by a push off the board and by a pull, a
//! Dynamo #2 ending in a push, Augsburg mates by a fission and by a promotion to a
//! compound, an Augsburg helpmate built on a fusion, and mutation mates of the Einstein
//! family (the last three checked with Popeye too). Both the brute force
//! (`feerie_tests::brute`) and `feerie solve` must give exactly the reasoned set.

use feerie_solve::Stipulation;
use feerie_tests::{brute, solver_answers};
use feerie_variants::Variant;
use std::collections::BTreeSet;

/// A problem and its full answer: keys (direct play) or solutions (help play, moves
/// joined by spaces), as UCI strings.
struct Hand {
    name: &'static str,
    variant: Variant,
    fen: &'static str,
    stipulation: &'static str,
    answers: &'static [&'static str],
}

const PROBLEMS: &[Hand] = &[
    // Dynamo, #1 by a push off the board. White Ra8, Ra7, Nc6, Ke1; Black Kh8, Bd8.
    // The bishop on d8 shields h8 from the a8 rook. The knight targets it (d8 = c6 +
    // (1,2)) and pushes it one leap further, off the board (`d8E`); the knight stays on c6. Now a8 targets h8 along the empty 8th rank with nothing
    // beyond: the king is removable (check). Its flights g8 (still on the 8th rank, h8
    // empty behind it), g7 and h7 (the a7 rook along the empty 7th rank) are removable
    // squares too, no piece stands next to it to push or pull, and Black has nothing
    // else: mate. Following the bishop (`c6d8/d8E`) puts the knight on d8, in the line.
    // The a-rooks cannot clear the line (a8 only pushes or pulls the bishop along the
    // rank, or drags it off the board with itself).
    Hand {
        name: "dynamo push off the board",
        variant: Variant::Dynamo,
        fen: "R2b3k/R7/2N5/8/8/8/8/4K3 w - - 0 1",
        stipulation: "#1",
        answers: &["d8E"],
    },
    // Dynamo, #1 by a pull. White Ke3, Ba1, Bb1, Ba2, Pc5; Black Kh8, Nd4. The knight
    // blocks the long diagonal. The white king targets it (d4 = e3 + (-1,+1)) and pulls
    // it: the king steps back one leap to f2, the knight follows onto e3 (`e3f2/d4e3`).
    // Now a1 removes h8 along the open diagonal (check), and every flight is removable:
    // g7 (a1, h8 behind it empty), h7 (b1 along b1-h7), g8 (a2 along a2-g8). The knight
    // on e3 cannot close the long diagonal (b2-g7) and targets no white piece (c2, c4,
    // d1, d5, f1, f5, g2, g4 are empty): mate. Pushing the knight instead (to c5) is impossible:
    // the pawn stands there. Without the pawn the push `d4c5` mates as well.
    Hand {
        name: "dynamo pull",
        variant: Variant::Dynamo,
        fen: "7k/8/8/2P5/3n4/4K3/B7/BB6 w - - 0 1",
        stipulation: "#1",
        answers: &["e3f2/d4e3"],
    },
    // Dynamo, #2 ending in a push off the board. White Ra8, Ra7, Ke1; Black Kh8, Bd8.
    // No mate in one: nothing of White's can reach the bishop to clear the 8th rank and
    // keep the 7th guarded (the brute force confirms it below). 1.Ra7-d7 (`a7d7`) threatens
    // 2.d8E: the rook on d7 pushes the bishop off and stays, a8 then checks along the 8th
    // rank and d7 guards g7 and h7. Black's only legal move is 1...Kg8: the bishop cannot
    // leave the 8th rank (a8 would remove h8), and g7 and h7 are removable by d7 (along
    // e7-h7). After 1...Kg8 the same push mates: g8 is on the open 8th rank with h8 empty
    // behind it, f8 and h8 are too, f7, g7 and h7 are guarded by d7. Following the bishop
    // onto d8 would block the rank again; following it off the board unguards the 7th.
    Hand {
        name: "dynamo #2 push",
        variant: Variant::Dynamo,
        fen: "R2b3k/R7/8/8/8/8/8/4K3 w - - 0 1",
        stipulation: "#2",
        answers: &["a7d7"],
    },
    Hand {
        name: "dynamo #2 push has no mate in one",
        variant: Variant::Dynamo,
        fen: "R2b3k/R7/8/8/8/8/8/4K3 w - - 0 1",
        stipulation: "#1",
        answers: &[],
    },
    // Augsburg, #1 by a fission. White Kf7, Q (= R+B unit) b1; Black Kh8, Nd1. The rook
    // part alone goes to b8 (`b1b8(r)`) and checks along the 8th rank; the bishop part
    // stays on b1 and guards h7 along b1-h7; the king on f7 guards g8, g7 (and g6). Nothing
    // can interpose on c8-g8 or take b8: mate. The whole unit on b8 would leave h7
    // unguarded; the knight on d1 closes the first rank against the rook part going to h1.
    // (A fission cannot mate by discovery in Augsburg: the part left behind keeps the
    // square occupied, so no line opens; this fission mates by the part that moves while
    // the part that stays keeps its guard.)
    Hand {
        name: "augsburg fission",
        variant: Variant::Augsburg,
        fen: "7k/5K2/8/8/8/8/8/1Q1n4 w - - 0 1",
        stipulation: "#1",
        answers: &["b1b8(r)"],
    },
    // Augsburg, #1 by a promotion to a compound. White Kh1, (NP) c7; Black Ka7. The unit
    // steps to c8 and its pawn part becomes a queen (R+B), so the unit becomes (RBN)
    // (`c7c8q`). Its knight part checks a7 from c8; its rook part guards a8 and b8, its
    // bishop part b7 and a6, its knight part b6 too: every flight is covered, mate. Any
    // other promotion leaves a flight (rook: b7; bishop: a8; knight: a8), and the pawn
    // part promoting alone (`c7c8(p)q`) gives a queen on c8 and a knight on c7, neither
    // of which checks a7.
    Hand {
        name: "augsburg promotion to a compound",
        variant: Variant::Augsburg,
        fen: "8/k1(NP)5/8/8/8/8/8/7K w - - 0 1",
        stipulation: "#1",
        answers: &["c7c8q"],
    },
    // Augsburg, h#2 with a fusion. White Kb7, Bb6, Re6; Black Ka5. 1.Ka5-b5 Kb7-c7
    // 2.Kb5-a6 Re6-b6: the rook fuses with the bishop into a queen unit on b6, next to the
    // black king and guarded by c7. It checks a6 and covers a5 and a7 (diagonals), b5 and
    // b7 (file): mate. Neither the rook alone (a5, a7 free) nor the bishop alone (no check)
    // would do; the black king walks to a6 because b6 must be guarded by the white king.
    Hand {
        name: "augsburg h#2 fusion",
        variant: Variant::Augsburg,
        fen: "8/1K6/1B2R3/k7/8/8/8/8 b - - 0 1",
        stipulation: "h#2",
        answers: &["a5b5 b7c7 b5a6 e6b6"],
    },
    // Einstein, #1 by a capture that mutates up. White Kf6, Rg1; Black Kh8, Ng7.
    // 1.Rg1xg7 becomes a queen (capture: R -> Q): it checks h8 diagonally, guards g8 and
    // h7, and is guarded by f6. A rook on g7 would not even give check. Popeye:
    // `1.Rg1*g7=Q # !`, the only key.
    Hand {
        name: "einstein capture mutates up",
        variant: Variant::Einstein,
        fen: "7k/6n1/5K2/8/8/8/8/6R1 w - - 0 1",
        stipulation: "#1",
        answers: &["g1g7"],
    },
    // Reverse Einstein, #1 by a quiet move that mutates up. White Kh1, Rc1; Black Ka8,
    // Pa7. 1.Rc1-c8 becomes a queen (non-capture: R -> Q): check along the 8th rank,
    // b8 and b7 (diagonal) guarded: mate; a rook on c8 would let the king out to b7.
    // Popeye: `1.Rc1-c8=Q # !`, the only key.
    Hand {
        name: "reverse-einstein quiet move mutates up",
        variant: Variant::ReverseEinstein,
        fen: "k7/p7/8/8/8/8/8/2R4K w - - 0 1",
        stipulation: "#1",
        answers: &["c1c8"],
    },
    // Anti-Einstein, #1 by a quiet move that mutates down. White Ka1, Bc4; Black Kh8,
    // Rg8, Pg7, Ph7. 1.Bc4-f7 becomes a knight (non-capture: B -> N): a smothered mate.
    // Popeye: `1.Bc4-f7=S # !`, the only key.
    Hand {
        name: "anti-einstein smothered by mutation",
        variant: Variant::AntiEinstein,
        fen: "6rk/6pp/8/8/2B5/8/8/K7 w - - 0 1",
        stipulation: "#1",
        answers: &["c4f7"],
    },
];

/// The differences between what `solve` gives and the reasoned answers, one line each.
fn differences(
    solver: &str,
    solve: impl Fn(Variant, &str, Stipulation) -> Result<BTreeSet<String>, String>,
) -> Vec<String> {
    let mut failures = Vec::new();
    for problem in PROBLEMS {
        let stipulation: Stipulation = problem.stipulation.parse().expect("a valid stipulation");
        let expected: BTreeSet<String> = problem.answers.iter().map(|a| a.to_string()).collect();
        match solve(problem.variant, problem.fen, stipulation) {
            Ok(got) if got == expected => {}
            got => failures.push(format!(
                "{} ({} {} {}): {solver} gives {got:?}, expected {expected:?}",
                problem.name, problem.variant, problem.fen, problem.stipulation
            )),
        }
    }
    failures
}

#[test]
fn the_brute_force_finds_the_reasoned_solutions() {
    let failures = differences("the brute force", brute::solve);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_solver_finds_the_reasoned_solutions() {
    let failures = differences("feerie solve", solver_answers::answers);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
