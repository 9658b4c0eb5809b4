//! Reading a file named by a user (`EvalFile`, the data of `tune` and `tune-net`, a
//! problem file of `feerie solve`) without trusting the name: what is not a regular file
//! is refused before a byte of it is read. It needs nothing of the evaluation: it is
//! here because eval is below every crate that reads such files.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// The first `max_bytes` bytes of the regular file at `path`, and its length: enough
/// to check a header and a size without reading a file of any length. Refused unread:
/// a device (`/dev/zero` never ends), a FIFO or socket (opening or reading it waits for
/// a writer, so the caller would hang) and a directory. The type is checked again once
/// the file is open, in case the path changed meanwhile.
pub fn read_prefix(path: &Path, max_bytes: u64) -> io::Result<(Vec<u8>, u64)> {
    check(&std::fs::metadata(path)?)?;
    let file = File::open(path)?;
    let meta = file.metadata()?;
    check(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len().min(max_bytes) as usize);
    file.take(max_bytes).read_to_end(&mut bytes)?;
    Ok((bytes, meta.len()))
}

/// An error unless `meta` is a regular file.
fn check(meta: &Metadata) -> io::Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}, not a regular file", kind_of(meta)),
    ))
}

/// What a path that is no regular file is, in words.
fn kind_of(meta: &Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    "not a file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read_and_only_their_prefix() {
        let dir = std::env::temp_dir().join(format!("feerie-read-prefix-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small");
        std::fs::write(&small, b"abc").unwrap();
        assert_eq!(read_prefix(&small, 3).unwrap(), (b"abc".to_vec(), 3));
        assert_eq!(read_prefix(&small, 2).unwrap(), (b"ab".to_vec(), 3));
        let err = read_prefix(&dir, 100).unwrap_err().to_string();
        assert_eq!(err, "a directory, not a regular file");
        #[cfg(unix)]
        {
            let err = read_prefix(Path::new("/dev/zero"), 100)
                .unwrap_err()
                .to_string();
            assert_eq!(err, "a device, not a regular file");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
