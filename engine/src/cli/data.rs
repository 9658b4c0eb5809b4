//! `feerie data convert`: a datagen file from text to the binary format or back
//! (docs/data-format.md), every position checked to be one of the variant.

use feerie_match::args::VariantName;
use feerie_movegen::Position;
use feerie_tune::data::{DataError, DataText, LineError, parse_line, read_data};
use feerie_tune::packed;
use feerie_variants::{Variant, VariantSpec, VariantVisitor};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// `feerie data`'s flags: a subcommand.
#[derive(Debug, clap::Args)]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Debug, clap::Subcommand)]
enum DataCommand {
    /// Converts a datagen file from text to binary or from binary to text
    Convert(ConvertArgs),
}

/// `feerie data convert`'s flags.
#[derive(Debug, clap::Args)]
struct ConvertArgs {
    /// The file to read, text or binary (told by its first bytes)
    input: PathBuf,
    /// The file to write, in the other format (replaced if it exists)
    output: PathBuf,
    /// The variant of the data: needed for text, checked against a binary file's
    #[arg(long, value_name = "V", value_parser = VariantName)]
    variant: Option<Variant>,
}

/// Runs `feerie data` with `args`; returns the exit code, or the usage error.
pub fn run(args: DataArgs) -> Result<i32, String> {
    let DataCommand::Convert(args) = args.command;
    match convert(&args) {
        Ok(()) => Ok(0),
        Err(Failure::Usage(e)) => Err(e),
        Err(Failure::Failed(e)) => {
            crate::note!("feerie: {e}");
            Ok(1)
        }
    }
}

/// Why a conversion failed: a usage error (exit code 2), or bad data or a file that
/// cannot be read or written (1).
enum Failure {
    Usage(String),
    Failed(String),
}

fn convert(args: &ConvertArgs) -> Result<(), Failure> {
    let data = read_data(&args.input, args.variant.map(Variant::name))
        .map_err(|e| Failure::Failed(e.to_string()))?;
    if let Some(note) = data.note() {
        crate::note!("data convert: {note}");
    }
    let variant = match (data.variant(), args.variant) {
        (Some(name), _) => Variant::from_name(name)
            .ok_or_else(|| Failure::Failed(format!("{name}: a variant this feerie lacks")))?,
        (None, Some(variant)) => variant,
        (None, None) => {
            let need = "--variant is needed to convert text (binary files name theirs)";
            return Err(Failure::Usage(need.into()));
        }
    };
    let lines = variant
        .dispatch(Check(&data))
        .map_err(|e| Failure::Failed(e.to_string()))?;
    let (bytes, to) = match data.variant() {
        Some(_) => (data.text.into_bytes(), "text"),
        None => (to_binary(variant, &data.text)?, "binary"),
    };
    write_whole(&args.output, &bytes).map_err(Failure::Failed)?;
    crate::note!(
        "data convert: {lines} positions of {} written to {} ({to}, {} bytes)",
        variant.name(),
        args.output.display(),
        bytes.len()
    );
    Ok(())
}

/// A file whose lines are to be checked as the variant's.
struct Check<'a>(&'a DataText);

/// Checks every data line of a file: `FEN | score | result` with a FEN of the variant;
/// returns how many there are.
impl VariantVisitor for Check<'_> {
    type Output = Result<usize, DataError>;
    fn visit<V: VariantSpec>(self) -> Result<usize, DataError> {
        let data = self.0;
        let lines: Vec<(usize, &str)> = data.text.lines().enumerate().collect();
        let checked: Result<Vec<()>, DataError> = lines
            .par_iter()
            .filter_map(|&(index, line)| {
                let checked = parse_line(line)?.and_then(|l| {
                    V::Rules::from_fen(l.fen).map(drop).map_err(|error| {
                        let fen = l.fen.to_string();
                        LineError::Fen { fen, error }
                    })
                });
                Some(checked.map_err(|e| data.locate(DataError::at(&data.name, index, e))))
            })
            .collect();
        Ok(checked?.len())
    }
}

/// The binary file of checked text data: comment and blank lines are left out (said).
fn to_binary(variant: Variant, text: &str) -> Result<Vec<u8>, Failure> {
    let header = packed::header(variant.name()).ok_or_else(|| {
        Failure::Failed(format!(
            "{} has no number in the binary format",
            variant.name()
        ))
    })?;
    let mut bytes = header.to_vec();
    let mut skipped = 0;
    for line in text.lines() {
        if parse_line(line).is_none() {
            skipped += 1;
            continue;
        }
        packed::pack_line(line, &mut bytes).map_err(Failure::Failed)?;
    }
    if skipped > 0 {
        crate::note!("data convert: {skipped} blank or comment lines left out");
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` through a temporary file renamed over it, so a killed
/// conversion leaves no half-written file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    let part = PathBuf::from(name);
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    std::fs::write(&part, bytes).map_err(cannot)?;
    std::fs::rename(&part, path).map_err(|e| {
        let _ = std::fs::remove_file(&part);
        cannot(e)
    })
}
