//! Finds magic multipliers for rook and bishop attacks and writes the lookup tables into
//! `OUT_DIR/magics.rs`. The attack sets come from `src/geometry.rs`, the same code the
//! library's tests compare the lookups against.

use std::fmt::Write as _;

#[allow(dead_code)]
#[path = "src/geometry.rs"]
mod geometry;

use geometry::{BISHOP_DIRS, ROOK_DIRS, relevant_occupancy, slider_attacks};

/// Xorshift generator with a fixed seed, so the tables are the same on every build.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Magic candidates work best with few bits set.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Every subset of `mask` (carry-rippler enumeration).
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn find_magics(dirs: &[(i8, i8); 4], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Entry> {
    let mut entries = Vec::with_capacity(64);
    for sq in 0..64u8 {
        let mask = relevant_occupancy(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let occs = subsets(mask);
        let attacks: Vec<u64> = occs.iter().map(|&o| slider_attacks(sq, o, dirs)).collect();
        let size = 1usize << bits;
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for (o, a) in occs.iter().zip(&attacks) {
                let idx = (o.wrapping_mul(magic) >> shift) as usize;
                if used[idx] != attempt {
                    used[idx] = attempt;
                    slots[idx] = *a;
                } else if slots[idx] != *a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.extend_from_slice(&slots);
        entries.push(Entry {
            mask,
            magic,
            shift,
            offset,
        });
    }
    entries
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/geometry.rs");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut rng, &mut table);
    let bishop = find_magics(&BISHOP_DIRS, &mut rng, &mut table);

    let mut out = String::new();
    for (name, entries) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        writeln!(out, "pub(crate) const {name}: [Magic; 64] = [").unwrap();
        for e in entries.iter() {
            writeln!(
                out,
                "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                e.mask, e.magic, e.shift, e.offset
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    writeln!(
        out,
        "pub(crate) static SLIDER_TABLE: [u64; {}] = [",
        table.len()
    )
    .unwrap();
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("magics.rs");
    std::fs::write(path, out).unwrap();
}
