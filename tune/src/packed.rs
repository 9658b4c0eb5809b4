//! The binary data format of `feerie datagen` (docs/data-format.md): a 32-byte header
//! record, then one 32-byte record per position (its FEN, search score and game result),
//! or, for the rare line that does not fit, a long record carrying the line's text.
//!
//! The codec works on the text lines `<FEN> | <score> | <result>` and is exact: a line is
//! packed only when unpacking gives the same text back, otherwise it goes into a long
//! record, so text → binary → text is the identity and nothing is lost or changed.

use std::fmt;

/// Bytes of every record, the header included.
pub const RECORD: usize = 32;
/// The header's first bytes: `0xFF` (no text file starts so) then `feerie\n`.
pub const MAGIC: [u8; 8] = *b"\xFFfeerie\n";
/// The format's version, in the header.
pub const VERSION: u8 = 1;
/// The variants by their number in the header. The numbers are part of the format:
/// a new variant takes the next one, none is ever reused.
pub const VARIANTS: [&str; 6] = [
    "chess",
    "dynamo",
    "augsburg",
    "einstein",
    "reverse-einstein",
    "anti-einstein",
];

/// Byte 0 of a header record.
const HEADER_KIND: u8 = 0xFF;
/// Byte 0 of a long record.
const LONG_KIND: u8 = 0xFE;
/// The text of a long record fills its bytes from this one on, then whole records.
const LONG_TEXT: usize = 3;
/// The longest line a long record holds.
pub const MAX_LONG: usize = u16::MAX as usize;

/// Piece letters by their 3-bit type code; a nibble is `type | colour << 3`.
const TYPES: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];
/// Where a position record's occupied squares (a `u64`) and its nibbles start.
const OCCUPIED: usize = 7;
const NIBBLES: usize = 15;
/// Nibbles of a position record: units of more pieces go to a long record.
const MAX_NIBBLES: usize = 2 * (RECORD - NIBBLES);
/// Augsburg: a nibble adding one component (`+P +N +B +R`) to the unit of the nibble
/// before it, of that unit's colour.
const ADD: [u8; 4] = [6, 7, 14, 15];

/// Why bytes are not a data file of this format, or one of its records is bad.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackError {
    /// The file is shorter than its header.
    ShortHeader(usize),
    /// The header's version is not one this build reads.
    Version(u8),
    /// The header's variant number is unknown.
    UnknownVariant(u8),
    /// The header holds another variant than the one expected.
    WrongVariant { found: String, expected: String },
    /// The header record size, or its reserved bytes, are not this version's.
    BadHeader,
    /// A record's bytes do not make a position (what is wrong).
    Record(String),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::ShortHeader(n) => {
                write!(f, "cut short in its header ({n} of {RECORD} bytes)")
            }
            PackError::Version(v) => write!(
                f,
                "format version {v}, but this feerie reads version {VERSION}"
            ),
            PackError::UnknownVariant(v) => write!(f, "unknown variant number {v}"),
            PackError::WrongVariant { found, expected } => {
                write!(f, "holds {found} data, not {expected}")
            }
            PackError::BadHeader => write!(f, "bad header record (size or reserved bytes)"),
            PackError::Record(reason) => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for PackError {}

/// True when `bytes` start like a binary data file (a cut header included).
pub fn is_packed(bytes: &[u8]) -> bool {
    let n = bytes.len().min(MAGIC.len());
    n > 0 && bytes[..n] == MAGIC[..n]
}

/// The header record of a file of `variant`; `None` for a variant without a number.
pub fn header(variant: &str) -> Option<[u8; RECORD]> {
    let id = VARIANTS.iter().position(|&v| v == variant)?;
    let mut record = [0; RECORD];
    record[..8].copy_from_slice(&MAGIC);
    record[8] = VERSION;
    record[9] = id as u8;
    record[10] = RECORD as u8;
    Some(record)
}

/// The variant a header record names.
fn read_header(record: &[u8]) -> Result<&'static str, PackError> {
    if record[8] != VERSION {
        return Err(PackError::Version(record[8]));
    }
    let variant = *VARIANTS
        .get(record[9] as usize)
        .ok_or(PackError::UnknownVariant(record[9]))?;
    if record[..8] != MAGIC || record[10] != RECORD as u8 || record[11..].iter().any(|&b| b != 0) {
        return Err(PackError::BadHeader);
    }
    Ok(variant)
}

/// Appends the records of one text line (no newline) to `out`: one position record,
/// or a long record when the line cannot be packed exactly. Fails only for a line
/// longer than [`MAX_LONG`] bytes or holding a newline.
pub fn pack_line(line: &str, out: &mut Vec<u8>) -> Result<(), String> {
    if let Some(record) =
        pack_position(line).filter(|r| unpack_position(r).ok().as_deref() == Some(line))
    {
        out.extend_from_slice(&record);
        return Ok(());
    }
    if line.len() > MAX_LONG || line.contains('\n') {
        return Err(format!(
            "a line of {} bytes cannot be stored (at most {MAX_LONG}, one line)",
            line.len()
        ));
    }
    let start = out.len();
    out.push(LONG_KIND);
    out.extend_from_slice(&(line.len() as u16).to_le_bytes());
    out.extend_from_slice(line.as_bytes());
    let padded = start + long_records(line.len()) * RECORD;
    out.resize(padded, 0);
    Ok(())
}

/// Records a long record of a `len`-byte line takes, its first included.
fn long_records(len: usize) -> usize {
    (LONG_TEXT + len).div_ceil(RECORD)
}

/// The record of `line` when its fields fit one; it still has to unpack to `line`.
fn pack_position(line: &str) -> Option<[u8; RECORD]> {
    let mut fields = line.split(" | ");
    let (fen, score, result) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    let result: u8 = match result {
        "0.0" => 0,
        "0.5" => 1,
        "1.0" => 2,
        _ => return None,
    };
    let score: i16 = score.parse().ok()?;
    let mut parts = fen.split(' ');
    let (placement, side, castling, en_passant, halfmove, fullmove) = (
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
        parts.next()?,
    );
    let mut r = [0u8; RECORD];
    r[0] = result
        | match side {
            "w" => 0,
            "b" => 4,
            _ => return None,
        }
        | castling_bits(castling)? << 3;
    r[1] = halfmove.parse().ok()?;
    r[2..4].copy_from_slice(&fullmove.parse::<u16>().ok()?.to_le_bytes());
    r[4..6].copy_from_slice(&score.to_le_bytes());
    r[6] = en_passant_byte(en_passant)?;
    let (occupied, nibbles) = pack_placement(placement)?;
    r[OCCUPIED..NIBBLES].copy_from_slice(&occupied.to_le_bytes());
    for (i, nibble) in nibbles.iter().enumerate() {
        r[NIBBLES + i / 2] |= nibble << (4 * (i % 2));
    }
    Some(r)
}

fn castling_bits(field: &str) -> Option<u8> {
    if field == "-" {
        return Some(0);
    }
    field.chars().try_fold(0, |bits, c| {
        let bit = 1 << "KQkq".find(c)?;
        Some(bits | bit)
    })
}

/// The en passant field in a byte: 0 for none, else `1 + square` (a1 = 0), plus 64 when
/// a second square follows it (an Einstein pawn's three-square step: [`next_square`]).
fn en_passant_byte(field: &str) -> Option<u8> {
    if field == "-" {
        return Some(0);
    }
    let bytes = field.as_bytes();
    let square = |i: usize| -> Option<u8> {
        let (file, rank) = (*bytes.get(i)?, *bytes.get(i + 1)?);
        let ok = (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
        ok.then(|| 1 + (rank - b'1') * 8 + (file - b'a'))
    };
    match bytes.len() {
        2 => square(0),
        4 => Some(square(0)? + 64),
        _ => None,
    }
}

/// The second passed square after `first` (0 to 63): the next one away from the side
/// that stepped, up from the lower half of the board, down from the upper.
fn next_square(first: u8) -> u8 {
    if first < 32 { first + 8 } else { first - 8 }
}

/// The occupied squares and the nibbles of their units, a1 to h8; `None` when the
/// placement is not eight ranks or takes more than [`MAX_NIBBLES`] nibbles.
fn pack_placement(placement: &str) -> Option<(u64, Vec<u8>)> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let (mut occupied, mut nibbles) = (0u64, Vec::new());
    for (row, rank) in ranks.iter().rev().enumerate() {
        let mut file = 0;
        let mut chars = rank.chars();
        while let Some(c) = chars.next() {
            if let Some(empty) = c.to_digit(10) {
                file += empty as usize;
                continue;
            }
            let unit: String = match c {
                '(' => chars.by_ref().take_while(|&c| c != ')').collect(),
                _ => c.to_string(),
            };
            if file >= 8 {
                return None;
            }
            occupied |= 1 << (row * 8 + file);
            nibbles.extend(unit_nibbles(&unit)?);
            file += 1;
        }
        if file != 8 {
            return None;
        }
    }
    (nibbles.len() <= MAX_NIBBLES).then_some((occupied, nibbles))
}

/// A unit's nibbles: its first piece with its colour (a bishop and a rook together as
/// `Q`), then one [`ADD`] nibble per further component.
fn unit_nibbles(letters: &str) -> Option<Vec<u8>> {
    let white = letters.chars().next()?.is_ascii_uppercase();
    let mut counts = [0usize; 6];
    for c in letters.chars() {
        if c.is_ascii_uppercase() != white {
            return None;
        }
        counts[TYPES.iter().position(|&t| t == c.to_ascii_uppercase())?] += 1;
    }
    let colour = if white { 0 } else { 8 };
    if counts[5] > 0 {
        return (letters.len() == 1).then(|| vec![5 | colour]);
    }
    // Components P N B R: a queen is a bishop and a rook.
    let mut parts = [
        counts[0],
        counts[1],
        counts[2] + counts[4],
        counts[3] + counts[4],
    ];
    let first = if parts[2] > 0 && parts[3] > 0 {
        parts[2] -= 1;
        parts[3] -= 1;
        4
    } else {
        let kind = parts.iter().rposition(|&n| n > 0)?;
        parts[kind] -= 1;
        kind as u8
    };
    let mut nibbles = vec![first | colour];
    for (add, &n) in ADD.iter().zip(&parts) {
        nibbles.extend(std::iter::repeat_n(*add, n));
    }
    Some(nibbles)
}

/// The text line of a position record.
fn unpack_position(r: &[u8]) -> Result<String, String> {
    let result = match r[0] & 3 {
        0 => "0.0",
        1 => "0.5",
        2 => "1.0",
        _ => return Err("result bits 3 (0, 1 or 2)".into()),
    };
    let side = if r[0] & 4 == 0 { "w" } else { "b" };
    let castling = match r[0] >> 3 & 15 {
        0 => "-".to_string(),
        bits => "KQkq"
            .chars()
            .enumerate()
            .filter(|&(i, _)| bits & 1 << i != 0)
            .map(|(_, c)| c)
            .collect(),
    };
    let en_passant = match r[6] {
        0 => "-".to_string(),
        byte @ 1..=64 => square_name(byte - 1),
        byte @ 65..=128 => square_name(byte - 65) + &square_name(next_square(byte - 65)),
        byte => return Err(format!("en passant byte {byte} (0 to 128)")),
    };
    let fullmove = u16::from_le_bytes([r[2], r[3]]);
    let score = i16::from_le_bytes([r[4], r[5]]);
    let placement = unpack_placement(r)?;
    Ok(format!(
        "{placement} {side} {castling} {en_passant} {} {fullmove} | {score} | {result}",
        r[1]
    ))
}

/// The name of square `index` (0 to 63).
fn square_name(index: u8) -> String {
    format!(
        "{}{}",
        (b'a' + index % 8) as char,
        (b'1' + index / 8) as char
    )
}

/// The FEN placement of a record's occupancy and nibbles.
fn unpack_placement(r: &[u8]) -> Result<String, String> {
    let occupied = u64::from_le_bytes(r[OCCUPIED..NIBBLES].try_into().expect("eight bytes"));
    let nibbles: Vec<u8> = (0..MAX_NIBBLES)
        .map(|i| r[NIBBLES + i / 2] >> (4 * (i % 2)) & 15)
        .collect();
    let mut next = 0;
    let mut units = [const { String::new() }; 64];
    for square in (0..64).filter(|s| occupied & 1 << s != 0) {
        let first = *nibbles
            .get(next)
            .ok_or("more occupied squares than pieces")?;
        if ADD.contains(&first) {
            return Err(format!("nibble {next} adds to no unit"));
        }
        let mut counts = [0usize; 6];
        counts[(first & 7) as usize] += 1;
        next += 1;
        while let Some(kind) = nibbles
            .get(next)
            .and_then(|n| ADD.iter().position(|a| a == n))
        {
            counts[kind] += 1;
            next += 1;
        }
        units[square] = unit_text(counts, first & 8 == 0)?;
    }
    if nibbles[next..].iter().any(|&n| n != 0) {
        return Err("pieces beyond the occupied squares".into());
    }
    Ok((0..8)
        .rev()
        .map(|rank| rank_text(&units[rank * 8..rank * 8 + 8]))
        .collect::<Vec<_>>()
        .join("/"))
}

/// The FEN of a unit of `counts` (P N B R Q K): canonical, as the engine writes it.
fn unit_text(mut counts: [usize; 6], white: bool) -> Result<String, String> {
    let (q, k) = (counts[4], counts[5]);
    if k > 0 && counts.iter().sum::<usize>() > 1 {
        return Err("a king in a unit".into());
    }
    counts[2] += q;
    counts[3] += q;
    let components: usize = counts[..4].iter().sum();
    let text = if k > 0 {
        "K".to_string()
    } else if components == 2 && counts[2] == 1 && counts[3] == 1 {
        "Q".to_string()
    } else {
        let letters: String = [(3, 'R'), (2, 'B'), (1, 'N'), (0, 'P')]
            .iter()
            .flat_map(|&(i, c)| std::iter::repeat_n(c, counts[i]))
            .collect();
        match components {
            1 => letters,
            _ => format!("({letters})"),
        }
    };
    Ok(if white { text } else { text.to_lowercase() })
}

/// One rank of a placement from its eight squares' units (empty for none).
fn rank_text(units: &[String]) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for unit in units {
        if unit.is_empty() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
            empty = 0;
        }
        text.push_str(unit);
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

/// A binary data file read back as text lines, and where each line came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Unpacked {
    /// The lines, each ending in `\n`.
    pub text: String,
    /// The variant of the file's header.
    pub variant: &'static str,
    /// Where line numbers and record numbers part: `(line, record - line)` from that
    /// line on (both counted from 0).
    shifts: Vec<(usize, u64)>,
    /// Lines read.
    pub lines: usize,
    /// A last record cut short (a write killed midway), dropped: its record number
    /// (from 1) and the bytes it had.
    pub cut: Option<(u64, usize)>,
}

impl Unpacked {
    /// The record (counted from 1, the header being record 1) line `line` (from 0) was in.
    pub fn record_of(&self, line: usize) -> u64 {
        let at = self.shifts.partition_point(|&(from, _)| from <= line);
        let shift = at.checked_sub(1).map_or(0, |i| self.shifts[i].1);
        line as u64 + shift + 1
    }

    fn note_record(&mut self, record: usize) {
        let shift = (record - self.lines) as u64;
        if self.shifts.last().is_none_or(|&(_, s)| s != shift) {
            self.shifts.push((self.lines, shift));
        }
    }
}

/// A bad record: its number (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    pub record: u64,
    pub error: PackError,
}

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let byte = (self.record - 1) * RECORD as u64;
        write!(f, "record {} (byte {byte}): {}", self.record, self.error)
    }
}

/// Reads a whole binary data file (it must start with a header) into text lines;
/// `variant`, when given, is the one its headers must name. A last record cut short is
/// dropped and told in [`Unpacked::cut`].
pub fn unpack(bytes: &[u8], variant: Option<&str>) -> Result<Unpacked, BadRecord> {
    let bad = |index: usize, error| BadRecord {
        record: index as u64 + 1,
        error,
    };
    if bytes.len() < RECORD {
        return Err(bad(0, PackError::ShortHeader(bytes.len())));
    }
    let mut data = Unpacked::default();
    let mut index = 0;
    while index * RECORD < bytes.len() {
        let rest = &bytes[index * RECORD..];
        if rest.len() < RECORD {
            data.cut = Some((index as u64 + 1, rest.len()));
            break;
        }
        let record = &rest[..RECORD];
        match record[0] {
            HEADER_KIND => {
                let found = read_header(record).map_err(|e| bad(index, e))?;
                let expected = variant.unwrap_or(if index == 0 { found } else { data.variant });
                if found != expected {
                    let (found, expected) = (found.to_string(), expected.to_string());
                    return Err(bad(index, PackError::WrongVariant { found, expected }));
                }
                data.variant = found;
                index += 1;
            }
            _ if index == 0 => {
                return Err(bad(0, PackError::Record("no header record".into())));
            }
            LONG_KIND => {
                let len = u16::from_le_bytes([record[1], record[2]]) as usize;
                let records = long_records(len);
                let Some(text) = rest
                    .get(LONG_TEXT..LONG_TEXT + len)
                    .filter(|_| rest.len() >= records * RECORD)
                else {
                    data.cut = Some((index as u64 + 1, rest.len()));
                    break;
                };
                let line = std::str::from_utf8(text)
                    .ok()
                    .filter(|t| !t.contains('\n') && !t.is_empty())
                    .ok_or_else(|| {
                        bad(
                            index,
                            PackError::Record(
                                "a long record whose text is not one line of UTF-8".into(),
                            ),
                        )
                    })?;
                data.note_record(index);
                data.text.push_str(line);
                data.text.push('\n');
                data.lines += 1;
                index += records;
            }
            kind if kind & 0x80 != 0 => {
                return Err(bad(
                    index,
                    PackError::Record(format!("unknown record kind {kind:#04x}")),
                ));
            }
            _ => {
                let line = unpack_position(record).map_err(|e| bad(index, PackError::Record(e)))?;
                data.note_record(index);
                data.text.push_str(&line);
                data.text.push('\n');
                data.lines += 1;
                index += 1;
            }
        }
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(lines: &[&str]) -> Vec<u8> {
        let mut bytes = header("augsburg").unwrap().to_vec();
        for line in lines {
            pack_line(line, &mut bytes).unwrap();
        }
        let data = unpack(&bytes, Some("augsburg")).unwrap();
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(data.text, text);
        bytes
    }

    #[test]
    fn common_lines_take_one_record_and_come_back_identical() {
        let lines = [
            "rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P1P3/PP3PPP/RNBQKBNR w KQkq - 0 4 | 31 | 0.5",
            "4k3/8/8/3(BN)4/8/8/(RP)7/4K3 b - - 12 300 | -32768 | 1.0",
            "r3k2r/8/8/8/4P3/8/8/R3K2R b Kq e3 0 1 | 32767 | 0.0",
            "4k3/8/8/8/1P6/8/8/4K3 b - b2b3 0 9 | 0 | 0.5",
            "4k3/8/8/8/8/8/8/(RRBBNNPP)3K3 w - - 255 65535 | 5 | 0.5",
            // 34 nibbles: both queens split, nothing taken.
            "rbbrkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBBRKBNR b KQkq - 0 9 | 0 | 0.5",
            "4k3/8/8/8/8/8/1P6/4K3 b - b2b3 0 9 | 0 | 0.5",
            "4k3/1p6/8/8/8/8/8/4K3 w - b7b6 0 9 | 0 | 0.5",
            "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5",
        ];
        let bytes = round_trip(&lines);
        assert_eq!(bytes.len(), RECORD * (1 + lines.len()));
    }

    #[test]
    fn what_does_not_fit_goes_whole_into_a_long_record() {
        let lines = [
            // A score beyond i16, a fractional one, a clock beyond u8, non-canonical text.
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 40000 | 0.5",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1.5 | 0.5",
            "4k3/8/8/8/8/8/8/4K3 w - - 256 1 | 0 | 0.5",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 1",
            "4k3/8/8/8/8/8/8/(BR)3K3 w - - 0 1 | 0 | 0.5",
            // 35 nibbles: a full board with both queens split, and a unit of two.
            "rbbrkbnr/pppppppp/8/8/8/8/PPPPPPPP/(RN)BBRKBNR w - - 0 1 | 0 | 0.5",
            "not a position at all",
        ];
        let bytes = round_trip(&lines);
        assert!(bytes.len() > RECORD * (1 + lines.len()));
    }

    #[test]
    fn bad_files_say_which_record() {
        let mut bytes = header("chess").unwrap().to_vec();
        pack_line("8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5", &mut bytes).unwrap();
        let record_two = bytes.clone();
        // Garbage, a cut header, another variant, a cut last record, an unknown kind.
        assert!(!is_packed(b"8/8/8"));
        assert!(is_packed(&MAGIC[..3]));
        let err = unpack(&MAGIC[..5], None).unwrap_err();
        assert_eq!(err.error, PackError::ShortHeader(5));
        let err = unpack(&bytes, Some("dynamo")).unwrap_err();
        assert_eq!(err.record, 1);
        assert!(
            err.to_string().contains("holds chess data, not dynamo"),
            "{err}"
        );
        bytes.extend_from_slice(&[1; 20]);
        let data = unpack(&bytes, None).unwrap();
        assert_eq!((data.lines, data.cut), (1, Some((3, 20))));
        let mut bytes = record_two.clone();
        bytes.extend_from_slice(&[0x80; RECORD]);
        let err = unpack(&bytes, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "record 3 (byte 64): unknown record kind 0x80"
        );
        let mut bytes = record_two.clone();
        bytes[RECORD] |= 3;
        assert!(
            unpack(&bytes, None)
                .unwrap_err()
                .to_string()
                .starts_with("record 2 ")
        );
        let mut bytes = record_two;
        bytes.extend_from_slice(&header("augsburg").unwrap());
        let err = unpack(&bytes, None).unwrap_err();
        assert_eq!(err.record, 3);
    }

    #[test]
    fn concatenated_files_read_as_one_and_lines_know_their_records() {
        let long = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 40000 | 0.5";
        let short = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 4 | 0.5";
        let mut bytes = header("chess").unwrap().to_vec();
        pack_line(long, &mut bytes).unwrap();
        pack_line(short, &mut bytes).unwrap();
        bytes.extend_from_slice(&header("chess").unwrap());
        pack_line(short, &mut bytes).unwrap();
        let data = unpack(&bytes, None).unwrap();
        assert_eq!(data.text, format!("{long}\n{short}\n{short}\n"));
        // Header, long (2 records), short, header, short.
        assert_eq!(
            (0..3).map(|l| data.record_of(l)).collect::<Vec<_>>(),
            [2, 4, 6]
        );
    }

    #[test]
    fn every_byte_pattern_is_a_line_or_an_error() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let mut bytes = header("einstein").unwrap().to_vec();
            for _ in 0..RECORD {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes.push(state as u8 & 0x7F);
            }
            if let Ok(data) = unpack(&bytes, None) {
                let mut again = header("einstein").unwrap().to_vec();
                pack_line(data.text.trim_end(), &mut again).unwrap();
                assert_eq!(unpack(&again, None).unwrap().text, data.text);
            }
        }
    }
}
