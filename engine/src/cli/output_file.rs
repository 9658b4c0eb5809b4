//! The output file of a long run, checked before the run: a mistyped directory is said
//! at once, not after an hour of work whose result then has nowhere to go.

use std::fs::OpenOptions;
use std::path::Path;

/// Fails, saying why, unless `path` can be written. Leaves the file system as it was:
/// an existing file is opened without being changed, a new one is made and removed.
/// Devices and FIFOs pass unopened (opening a FIFO waits for its reader).
pub fn check_writable(path: &Path) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(format!(
            "cannot write {}: it is a directory",
            path.display()
        )),
        Ok(m) if m.is_file() => {
            let opened = OpenOptions::new().append(true).open(path);
            opened.map(drop).map_err(cannot)
        }
        Ok(_) => Ok(()),
        Err(_) => {
            let made = OpenOptions::new().write(true).create_new(true).open(path);
            made.map_err(cannot)?;
            std::fs::remove_file(path).map_err(cannot)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_that_can_be_written_pass_and_leave_no_trace() {
        let dir = std::env::temp_dir().join(format!("feerie-output-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let new = dir.join("new.txt");
        assert_eq!(check_writable(&new), Ok(()));
        assert!(!new.exists(), "the check left a file");
        let old = dir.join("old.txt");
        std::fs::write(&old, "kept").unwrap();
        assert_eq!(check_writable(&old), Ok(()));
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "kept");
        let error = check_writable(&dir).unwrap_err();
        assert!(error.ends_with(": it is a directory"), "{error}");
        let error = check_writable(&dir.join("no/such/dir")).unwrap_err();
        assert!(error.starts_with("cannot write "), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
