//! Where a result file goes, without clobbering what is not ours.
//!
//! A result is written so that a reader never sees half of it, *when the target allows it*:
//!
//! - a **missing path or a regular file** gets a temporary file beside it (in the same
//!   directory, so the rename is atomic), renamed over it once complete; an existing file's
//!   permissions are kept;
//! - a **symlink** is written through: the file it resolves to is replaced the same way and the
//!   link stays (a link through `/proc`, such as `/dev/stdout`, and a dangling link are opened
//!   and written like a device instead: their target is not a file we may rename over);
//! - a **device, FIFO or socket** (`/dev/null`, `/dev/stdout`, a named pipe) is opened and
//!   written straight into: renaming over it would replace the device itself;
//! - a regular file in a **directory we cannot create files in** is written in place (as the
//!   shell's `>` would);
//! - a **directory** is refused.
//!
//! Temporary files are registered while they exist, so that an interrupted run
//! ([`remove_temporary_files`], called from the binary's SIGINT/SIGTERM handler) leaves none
//! behind; the target is untouched until the rename.

use std::collections::BTreeSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use tempfile::NamedTempFile;

/// The temporary files that exist now (see the module doc).
static TEMPORARY: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn temporary() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    // The set stays consistent whatever panicked while holding it: one insert or remove.
    TEMPORARY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file of this process and returns the lock on their (now empty)
/// list, so that none is created after it: the caller exits while holding it.
pub fn remove_temporary_files() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    let mut files = temporary();
    for path in std::mem::take(&mut *files) {
        let _ = if path.is_dir() { fs::remove_dir_all(path) } else { fs::remove_file(path) };
    }
    files
}

/// Makes a temporary file or folder with `make` (which gives it and its path) while holding
/// the list, and registers it, so that an interrupted run removes it like [`Sink`]'s own
/// (`declutter tiles` builds its folder and archive so); [`forget_temporary`] once it is moved
/// into place.
///
/// # Errors
/// `make`'s.
pub fn registered<T>(make: impl FnOnce() -> io::Result<(T, PathBuf)>) -> io::Result<T> {
    let mut files = temporary();
    let (made, path) = make()?;
    files.insert(path);
    Ok(made)
}

/// Takes `path` off the list of temporary files (it was moved into place or removed).
pub fn forget_temporary(path: &Path) {
    temporary().remove(path);
}

/// How a target is written.
#[derive(Debug)]
enum Route {
    /// Through a temporary file renamed over `path`, with these permissions (an existing
    /// file's) or the default for new files.
    Replace { path: PathBuf, permissions: Option<fs::Permissions> },
    /// Opened and written in place.
    Direct,
}

/// Whether `path` reaches its target through a `/proc` link (`/dev/stdout` →
/// `/proc/self/fd/1` → …): such a target is whatever the descriptor is, not a file to rename.
fn through_proc(path: &Path) -> bool {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        let Ok(next) = fs::read_link(&current) else { return false };
        let next = match current.parent() {
            Some(parent) if next.is_relative() => parent.join(next),
            _ => next,
        };
        if next.starts_with("/proc") {
            return true;
        }
        current = next;
    }
    false
}

fn route(path: &Path) -> io::Result<Route> {
    let meta = match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Route::Replace { path: path.to_path_buf(), permissions: None });
        }
        other => other?,
    };
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    if kind.is_file() {
        return Ok(Route::Replace { path: path.to_path_buf(), permissions: Some(meta.permissions()) });
    }
    if kind.is_symlink() && !through_proc(path) {
        match fs::metadata(path) {
            Ok(target) if target.is_dir() => return Err(io::Error::other("is a link to a directory")),
            Ok(target) if target.is_file() => {
                let real = fs::canonicalize(path)?;
                return Ok(Route::Replace { path: real, permissions: Some(target.permissions()) });
            }
            _ => {}
        }
    }
    Ok(Route::Direct)
}

/// An open result file: write into it, then [`Sink::commit`]. Dropped without committing, it
/// leaves the target as it was (for targets written in place: as far as it got).
#[derive(Debug)]
pub struct Sink {
    /// `None` once committed.
    inner: Option<Inner>,
}

#[derive(Debug)]
enum Inner {
    Temporary { file: NamedTempFile, target: PathBuf },
    Direct(File),
}

impl Sink {
    /// Opens the target `path` as the module doc describes.
    ///
    /// # Errors
    /// The target is a directory, or cannot be opened or created.
    pub fn create(path: &Path) -> io::Result<Sink> {
        let direct = || OpenOptions::new().write(true).create(true).truncate(true).open(path);
        match route(path)? {
            Route::Direct => direct().map(|f| Sink { inner: Some(Inner::Direct(f)) }),
            Route::Replace { path: target, permissions } => {
                let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
                let file = match temporary_in(dir, permissions.as_ref()) {
                    Ok(file) => file,
                    // A file we may write in a directory we may not add to: in place.
                    Err(e) if e.kind() == io::ErrorKind::PermissionDenied && permissions.is_some() => {
                        return direct().map(|f| Sink { inner: Some(Inner::Direct(f)) });
                    }
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {
                        let message = format!("the folder {} does not exist", dir.display());
                        return Err(io::Error::new(e.kind(), message));
                    }
                    Err(e) => {
                        // tempfile's message ends in the random name it tried, which helps no one.
                        let (kind, text) = (e.kind(), e.to_string());
                        let why = text.rfind(" at path ").map_or(text.as_str(), |at| &text[..at]);
                        return Err(io::Error::new(kind, format!("cannot create a file in {}: {why}", dir.display())));
                    }
                };
                Ok(Sink { inner: Some(Inner::Temporary { file, target }) })
            }
        }
    }

    /// Finishes the result: renames the temporary file over the target, or flushes the
    /// target written in place.
    ///
    /// # Errors
    /// The rename or the last write failed.
    pub fn commit(mut self) -> io::Result<()> {
        match self.inner.take() {
            None => Ok(()),
            Some(Inner::Direct(mut file)) => file.flush(),
            Some(Inner::Temporary { file, target }) => {
                let temp = file.path().to_path_buf();
                // On failure the error holds the file, and dropping it removes it.
                let persisted = file.persist(&target).map(drop).map_err(|e| e.error);
                temporary().remove(&temp);
                persisted
            }
        }
    }

    fn file(&mut self) -> io::Result<&mut File> {
        match &mut self.inner {
            Some(Inner::Temporary { file, .. }) => Ok(file.as_file_mut()),
            Some(Inner::Direct(file)) => Ok(file),
            None => Err(io::Error::other("the result was already committed")),
        }
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        // The file goes first (`NamedTempFile` removes it when dropped), then its entry: the
        // signal handler never misses a file that exists.
        if let Some(Inner::Temporary { file, .. }) = self.inner.take() {
            let temp = file.path().to_path_buf();
            drop(file);
            temporary().remove(&temp);
        }
    }
}

/// A registered temporary file in `dir`: created while holding the list, so that the signal
/// handler either sees it or runs before it exists (and exits while holding the list).
fn temporary_in(dir: &Path, permissions: Option<&fs::Permissions>) -> io::Result<NamedTempFile> {
    let mut files = temporary();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".declutter-");
    // Temporary files are private by default; the result is an ordinary file (less the umask),
    // or keeps the permissions of the file it replaces.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let file = builder.tempfile_in(dir)?;
    if let Some(p) = permissions {
        file.as_file().set_permissions(p.clone())?;
    }
    files.insert(file.path().to_path_buf());
    Ok(file)
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file()?.flush()
    }
}

/// Writes `bytes` and a final line break to `path` through a [`Sink`] (text results).
///
/// # Errors
/// Naming the path: it cannot be opened, written or renamed over.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_text_with(path, |w| w.write_all(bytes))
}

/// Writes what `write` writes, and a final line break, to `path` through a [`Sink`]: a text
/// result written as it is made, never held whole.
///
/// # Errors
/// Naming the path: it cannot be opened, written or renamed over; or `write`'s own.
pub fn write_text_with(path: &Path, write: impl FnOnce(&mut (dyn Write + Send)) -> io::Result<()>) -> io::Result<()> {
    write_with(path, |w| {
        write(w)?;
        w.write_all(b"\n")
    })
}

/// Writes exactly `bytes` to `path` through a [`Sink`] (images).
///
/// # Errors
/// Naming the path: it cannot be opened, written or renamed over.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, |w| w.write_all(bytes))
}

/// Buffer of [`write_with`]: small writes are gathered, large ones pass straight through.
const BUFFER_BYTES: usize = 1 << 16;

fn write_with(path: &Path, write: impl FnOnce(&mut (dyn Write + Send)) -> io::Result<()>) -> io::Result<()> {
    let name = |e: io::Error| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()));
    let mut sink = io::BufWriter::with_capacity(BUFFER_BYTES, Sink::create(path).map_err(name)?);
    write(&mut sink).and_then(|()| sink.flush()).map_err(name)?;
    sink.into_inner().map_err(|e| e.into_error()).and_then(Sink::commit).map_err(name)
}

/// Whether two paths name the same existing file (same device and inode): a result must not
/// be written over one of its inputs.
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_and_a_replaced_file_leave_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_file(&path, b"1").unwrap();
        write_file(&path, b"22").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"22\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(temporary().is_empty());
    }

    #[test]
    fn an_abandoned_sink_leaves_the_target_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        fs::write(&path, b"old").unwrap();
        let mut sink = Sink::create(&path).unwrap();
        sink.write_all(b"half").unwrap();
        assert_eq!(temporary().len(), 1);
        drop(sink);
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(temporary().is_empty());
    }

    #[test]
    fn directories_are_refused_and_links_through_proc_are_seen() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Sink::create(dir.path()).unwrap_err().to_string().contains("directory"));
        assert!(!through_proc(&dir.path().join("missing")));
        #[cfg(target_os = "linux")]
        {
            let link = dir.path().join("fd");
            std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
            assert!(through_proc(&link));
        }
    }
}
