//! The data file of a run and its sidecar `FILE.done`, which makes a run resumable: after
//! each game's lines are appended to the data file, one line `INDEX LENGTH` (the game's
//! index, the data file's length after it) is appended to the sidecar. Reopening reads
//! the sidecar, cuts the data file back to the last recorded length (dropping a game cut
//! short by a kill, a binary record cut short included) and skips the games it lists.
//! Its first line names the run's settings, so a different run cannot append to it by
//! mistake.

use std::collections::HashSet;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What the sidecar's name adds to the data file's.
pub const DONE_SUFFIX: &str = ".done";

/// Why a data file cannot be opened or written; the paths are the data file's or its
/// sidecar's.
#[derive(Debug)]
pub enum DataFileError {
    /// The sidecar is not this run's, or a line of it is not a record.
    BadSidecar { sidecar: PathBuf, reason: String },
    /// The data file is not empty and has no sidecar: not a run to resume.
    NoSidecar { path: PathBuf, sidecar: PathBuf },
    /// The data file is shorter than the sidecar records.
    Shorter {
        path: PathBuf,
        sidecar: PathBuf,
        actual: u64,
        recorded: u64,
    },
    /// A file cannot be read, opened, written or cut back to its whole games.
    Io {
        action: FileAction,
        path: PathBuf,
        error: io::Error,
    },
    /// Appending a game to the data file (`sidecar` false) or its record failed.
    Append { sidecar: bool, error: io::Error },
}

/// What was being done to a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Read,
    Open,
    /// Reading the open data file's length.
    Measure,
    Cut,
    Write,
}

impl fmt::Display for DataFileError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            DataFileError::BadSidecar { sidecar, reason } => {
                write!(f, "{}: {reason}", sidecar.display())
            }
            DataFileError::NoSidecar { path, sidecar } => write!(
                f,
                "{} exists but {} does not: not a run to resume; remove it or choose \
                 another --out",
                path.display(),
                sidecar.display()
            ),
            DataFileError::Shorter {
                path,
                sidecar,
                actual,
                recorded,
            } => write!(
                f,
                "{} is shorter than {} records ({actual} < {recorded} bytes)",
                path.display(),
                sidecar.display()
            ),
            DataFileError::Io {
                action,
                path,
                error,
            } => {
                let path = path.display();
                match action {
                    FileAction::Read => write!(f, "cannot read {path}: {error}"),
                    FileAction::Open => write!(f, "cannot open {path}: {error}"),
                    FileAction::Measure => write!(f, "{error}"),
                    FileAction::Cut => {
                        write!(f, "cannot cut {path} back to its whole games: {error}")
                    }
                    FileAction::Write => write!(f, "cannot write {path}: {error}"),
                }
            }
            DataFileError::Append { sidecar, error } => {
                let file = if *sidecar { DONE_SUFFIX } else { "data" };
                write!(f, "cannot write the {file} file: {error}")
            }
        }
    }
}

impl std::error::Error for DataFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataFileError::Io { error, .. } | DataFileError::Append { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A data file open for appending whole games.
#[derive(Debug)]
pub struct DataFile {
    data: File,
    done: File,
    length: u64,
    /// Indices of the games already in the file.
    pub finished: HashSet<u64>,
}

impl DataFile {
    /// Opens (or creates) `path` and its sidecar for the run described by `run` (one line
    /// of text naming the settings that decide the games).
    pub fn open(path: &Path, run: &str) -> Result<DataFile, DataFileError> {
        let done_path = sidecar(path);
        let header = format!("# feerie datagen {run}");
        let io = |action, path: &Path| {
            let path = path.to_path_buf();
            move |error| DataFileError::Io {
                action,
                path,
                error,
            }
        };
        let (finished, length, records) = match std::fs::read_to_string(&done_path) {
            Ok(text) => {
                read_sidecar(&text, &header).map_err(|reason| DataFileError::BadSidecar {
                    sidecar: done_path.clone(),
                    reason,
                })?
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
                    return Err(DataFileError::NoSidecar {
                        path: path.to_path_buf(),
                        sidecar: done_path,
                    });
                }
                (HashSet::new(), 0, String::new())
            }
            Err(e) => return Err(io(FileAction::Read, &done_path)(e)),
        };
        let data = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io(FileAction::Open, path))?;
        let actual = data
            .metadata()
            .map_err(io(FileAction::Measure, path))?
            .len();
        if actual < length {
            return Err(DataFileError::Shorter {
                path: path.to_path_buf(),
                sidecar: done_path,
                actual,
                recorded: length,
            });
        }
        data.set_len(length).map_err(io(FileAction::Cut, path))?;
        // Rewritten whole, so a line cut short by a kill is gone before appending.
        std::fs::write(&done_path, format!("{header}\n{records}"))
            .map_err(io(FileAction::Write, &done_path))?;
        let done = OpenOptions::new()
            .append(true)
            .open(&done_path)
            .map_err(io(FileAction::Open, &done_path))?;
        Ok(DataFile {
            data,
            done,
            length,
            finished,
        })
    }

    /// True when the file holds nothing yet (so a binary file still needs its header).
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// Appends game `index`'s data (text lines or binary records), then records the
    /// game as done.
    pub fn append(&mut self, index: u64, data: impl AsRef<[u8]>) -> Result<(), DataFileError> {
        let failed = |sidecar| move |error| DataFileError::Append { sidecar, error };
        let data = data.as_ref();
        self.data.write_all(data).map_err(failed(false))?;
        self.length += data.len() as u64;
        writeln!(self.done, "{index} {}", self.length).map_err(failed(true))?;
        self.finished.insert(index);
        Ok(())
    }
}

/// The sidecar of the data file `path`.
pub fn sidecar(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(DONE_SUFFIX);
    PathBuf::from(name)
}

/// The games a sidecar lists, the data length it records and its whole record lines.
/// A last line without its newline was cut short and does not count.
fn read_sidecar(text: &str, header: &str) -> Result<(HashSet<u64>, u64, String), String> {
    let mut lines = text.split_inclusive('\n');
    let first = lines.next().unwrap_or("").trim_end();
    if first != header {
        return Err(format!(
            "written by another run ('{first}'); this one is '{header}'"
        ));
    }
    let (mut finished, mut length, mut records) = (HashSet::new(), 0, String::new());
    for (n, line) in lines.enumerate() {
        if !line.ends_with('\n') {
            break;
        }
        let (index, end) = line
            .trim_end()
            .split_once(' ')
            .and_then(|(i, l)| Some((i.parse::<u64>().ok()?, l.parse::<u64>().ok()?)))
            .ok_or_else(|| format!("line {}: not 'INDEX LENGTH'", n + 2))?;
        finished.insert(index);
        length = length.max(end);
        records.push_str(line);
    }
    Ok((finished, length, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("feerie-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(sidecar(&path));
        path
    }

    #[test]
    fn a_reopened_file_keeps_whole_games_and_knows_them() {
        let path = temp("resume.txt");
        let mut file = DataFile::open(&path, "seed=1").unwrap();
        file.append(4, "a | 1 | 0.5\nb | 2 | 0.5\n").unwrap();
        file.append(0, "c | 3 | 1.0\n").unwrap();
        drop(file);
        // A kill in the middle of a game's lines, and of its record.
        let mut data = OpenOptions::new().append(true).open(&path).unwrap();
        data.write_all(b"d | 4 |").unwrap();
        let mut done = OpenOptions::new()
            .append(true)
            .open(sidecar(&path))
            .unwrap();
        done.write_all(b"7 4").unwrap();
        let mut file = DataFile::open(&path, "seed=1").unwrap();
        assert_eq!(file.finished, HashSet::from([4, 0]));
        file.append(7, "e | 5 | 0.0\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "a | 1 | 0.5\nb | 2 | 0.5\nc | 3 | 1.0\ne | 5 | 0.0\n"
        );
        let reopened = DataFile::open(&path, "seed=1").unwrap();
        assert_eq!(reopened.finished, HashSet::from([4, 0, 7]));
    }

    #[test]
    fn another_run_or_a_file_without_sidecar_is_refused() {
        let path = temp("other.txt");
        DataFile::open(&path, "seed=1").unwrap();
        let err = DataFile::open(&path, "seed=2").unwrap_err().to_string();
        assert!(err.contains("another run"), "{err}");
        let bare = temp("bare.txt");
        std::fs::write(&bare, "x | 1 | 0.5\n").unwrap();
        let err = DataFile::open(&bare, "seed=1").unwrap_err();
        assert!(matches!(err, DataFileError::NoSidecar { .. }), "{err}");
        assert!(err.to_string().contains("does not"), "{err}");
    }
}
