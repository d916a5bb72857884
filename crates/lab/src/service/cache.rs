//! The cache of loaded data directories: `CACHE/postgres-<hash>/` (the
//! hash of the SQL file and of `postgres --version`) holds `data/`, a
//! pristine copy of a data directory made after a fresh load and a clean
//! shutdown, and `checksums`, the rows' checksums taken at that load. A
//! start copies `data/` into its run; a copy that fails its check has the
//! cache removed and rebuilt (mod.rs).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

use super::cluster::{hand_over, RunAs};
use super::data::Checksums;

const CHECKSUMS: &str = "checksums";

/// One cache entry (which may not exist yet).
#[derive(Debug, Clone)]
pub struct Cache {
    pub dir: PathBuf,
}

impl Cache {
    /// The entry for this SQL and this PostgreSQL under `root`.
    pub fn new(root: &Path, sql: &[u8], version: &str) -> Cache {
        let mut hash = Sha256::new();
        hash.update(sql);
        hash.update([0]);
        hash.update(version.as_bytes());
        let hex: String = hash
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        Cache {
            dir: root.join(format!("postgres-{hex}")),
        }
    }

    pub fn name(&self) -> String {
        self.dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The checksums of a complete entry; none when there is none.
    pub fn stored(&self) -> Option<Checksums> {
        if !self.dir.join("data/PG_VERSION").is_file() {
            return None;
        }
        Checksums::parse(&fs::read_to_string(self.dir.join(CHECKSUMS)).ok()?)
    }

    /// Copies the cached data directory to `data` (which must not exist),
    /// given to the user PostgreSQL runs as.
    pub fn copy_into(&self, data: &Path, run_as: Option<RunAs>) -> Result<(), String> {
        copy_tree(&self.dir.join("data"), data, run_as)
            .map_err(|e| format!("copying the cache {}: {e}", self.dir.display()))?;
        hand_over(data, run_as, 0o700)
    }

    /// Makes the entry from `data` (a cleanly shut down data directory)
    /// and its checksums, replacing what was there. Built beside it and
    /// renamed into place, so a reader never sees half an entry.
    pub fn save(&self, data: &Path, sums: &Checksums) -> Result<(), String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let parent = self.dir.parent().unwrap_or(Path::new("."));
        let building = parent.join(format!(
            ".{}.building-{}-{}",
            self.name(),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let made = (|| {
            fs::create_dir_all(&building).map_err(|e| e.to_string())?;
            copy_tree(data, &building.join("data"), None).map_err(|e| e.to_string())?;
            fs::write(building.join(CHECKSUMS), sums.to_text()).map_err(|e| e.to_string())?;
            let _ = fs::remove_dir_all(&self.dir);
            fs::rename(&building, &self.dir).map_err(|e| e.to_string())
        })();
        if made.is_err() {
            let _ = fs::remove_dir_all(&building);
        }
        made.map_err(|e| format!("cannot write the cache {}: {e}", self.dir.display()))
    }

    /// Removes the entry (it failed its check).
    pub fn remove(&self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Copies a directory tree (files, directories, symbolic links, modes),
/// giving every entry to `run_as` when there is one.
fn copy_tree(from: &Path, to: &Path, run_as: Option<RunAs>) -> std::io::Result<()> {
    fs::create_dir(to)?;
    fs::set_permissions(to, fs::metadata(from)?.permissions())?;
    chown(to, run_as)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target, run_as)?;
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(fs::read_link(entry.path())?, &target)?;
            if let Some(user) = run_as {
                std::os::unix::fs::lchown(&target, Some(user.uid), Some(user.gid))?;
            }
        } else {
            fs::copy(entry.path(), &target)?;
            chown(&target, run_as)?;
        }
    }
    Ok(())
}

fn chown(path: &Path, run_as: Option<RunAs>) -> std::io::Result<()> {
    match run_as {
        Some(user) => std::os::unix::fs::chown(path, Some(user.uid), Some(user.gid)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_the_sql_and_the_version() {
        let root = Path::new("/c");
        let a = Cache::new(root, b"CREATE TABLE world", "postgres (PostgreSQL) 15.18");
        let b = Cache::new(root, b"CREATE TABLE world", "postgres (PostgreSQL) 15.19");
        let c = Cache::new(root, b"CREATE TABLE worlds", "postgres (PostgreSQL) 15.18");
        assert!(a.name().starts_with("postgres-") && a.name().len() == 9 + 16);
        assert_ne!(a.dir, b.dir);
        assert_ne!(a.dir, c.dir);
        assert_eq!(
            a.dir,
            Cache::new(root, b"CREATE TABLE world", "postgres (PostgreSQL) 15.18").dir
        );
    }

    #[test]
    fn a_tree_is_copied_with_its_modes_and_links() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = std::env::temp_dir().join(format!("barrage-cache-copy-{}", std::process::id()));
        let _ = fs::remove_dir_all(&tmp);
        let from = tmp.join("from");
        fs::create_dir_all(from.join("sub")).unwrap();
        fs::write(from.join("sub/file"), "x").unwrap();
        fs::set_permissions(from.join("sub/file"), fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::symlink("sub/file", from.join("link")).unwrap();
        copy_tree(&from, &tmp.join("to"), None).unwrap();
        assert_eq!(fs::read_to_string(tmp.join("to/link")).unwrap(), "x");
        let mode = fs::metadata(tmp.join("to/sub/file"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let _ = fs::remove_dir_all(&tmp);
    }
}
