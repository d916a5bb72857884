//! The image's one layer: barrage at /usr/local/bin/barrage, the shared
//! libraries it loads (as `ldd` resolves them on this machine), and the
//! few files a process expects (/tmp, /etc/passwd, /etc/group,
//! /etc/nsswitch.conf, the CA bundle). Written as a tar with fixed
//! owners, modes and times, in sorted order, gzip-compressed, so the same
//! binary on the same machine gives the same digests.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use flate2::write::GzEncoder;
use flate2::Compression;
use sha2::{Digest as _, Sha256};

/// Where barrage sits in the image (the Job's `command: [barrage]` finds
/// it on PATH).
pub const BINARY_PATH: &str = "/usr/local/bin/barrage";

/// The CA bundle Debian and Ubuntu keep, which rustls-native-certs (through
/// openssl-probe) reads first on Linux.
pub const CA_BUNDLE: &str = "/etc/ssl/certs/ca-certificates.crt";

const PASSWD: &str = "root:x:0:0:root:/root:/sbin/nologin\n\
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n";
const GROUP: &str = "root:x:0:\nnobody:x:65534:\n";
// glibc 2.34+ has `files` and `dns` built in: nothing is dlopen'ed.
const NSSWITCH: &str = "hosts: files dns\n";

/// Where a file's bytes come from.
#[derive(Debug, Clone)]
enum Source {
    Dir,
    Text(&'static str),
    File(PathBuf),
}

/// One entry of the layer: its mode and where its bytes come from.
#[derive(Debug, Clone)]
struct Entry {
    mode: u32,
    source: Source,
}

/// What goes into the layer, by path inside the image (no leading '/';
/// directories end in '/'). A BTreeMap: the tar's order is sorted.
#[derive(Debug, Default)]
pub struct Rootfs {
    entries: BTreeMap<String, Entry>,
    /// The libraries (with the ELF interpreter), as named in the image.
    pub libraries: Vec<String>,
    /// Whether the host's CA bundle is in.
    pub ca_bundle: bool,
}

impl Rootfs {
    /// The file system for `binary` (already stripped if it is to be):
    /// its libraries from `ldd`, the fixed files, the CA bundle when
    /// this machine has it.
    pub fn for_binary(binary: &Path) -> Result<Rootfs, String> {
        let mut fs = Rootfs::default();
        fs.add_file(BINARY_PATH, 0o755, Source::File(binary.to_path_buf()));
        for lib in shared_libraries(binary)? {
            let real = std::fs::canonicalize(&lib).map_err(|e| format!("{lib}: {e}"))?;
            fs.add_file(&lib, 0o755, Source::File(real));
            fs.libraries.push(lib);
        }
        fs.add_dir("/tmp", 0o1777);
        fs.add_file("/etc/passwd", 0o644, Source::Text(PASSWD));
        fs.add_file("/etc/group", 0o644, Source::Text(GROUP));
        fs.add_file("/etc/nsswitch.conf", 0o644, Source::Text(NSSWITCH));
        if Path::new(CA_BUNDLE).is_file() {
            fs.add_file(CA_BUNDLE, 0o644, Source::File(CA_BUNDLE.into()));
            fs.ca_bundle = true;
        }
        Ok(fs)
    }

    fn add_dir(&mut self, path: &str, mode: u32) {
        let key = format!("{}/", path.trim_matches('/'));
        self.entries.insert(
            key,
            Entry {
                mode,
                source: Source::Dir,
            },
        );
    }

    /// A file and, unless already there, its parent directories (0755).
    fn add_file(&mut self, path: &str, mode: u32, source: Source) {
        let rel = path.trim_start_matches('/');
        let mut parent = String::new();
        for part in rel
            .split('/')
            .rev()
            .skip(1)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            parent.push_str(part);
            parent.push('/');
            self.entries.entry(parent.clone()).or_insert(Entry {
                mode: 0o755,
                source: Source::Dir,
            });
        }
        self.entries.insert(rel.to_string(), Entry { mode, source });
    }

    /// The layer: the tar, gzip-compressed, with the digests of both.
    pub fn layer(&self) -> Result<Layer, String> {
        let gz = GzEncoder::new(Sha256Writer::new(Vec::new()), Compression::default());
        let mut tar = tar::Builder::new(Sha256Writer::new(gz));
        for (path, entry) in &self.entries {
            append(&mut tar, path, entry)?;
        }
        let tar_out = tar.into_inner().map_err(|e| format!("layer: {e}"))?;
        let (diff_id, gz) = tar_out.finish();
        let gz_out = gz.finish().map_err(|e| format!("layer: {e}"))?;
        let (digest, bytes) = gz_out.finish();
        Ok(Layer {
            bytes,
            digest_hex: digest,
            diff_id_hex: diff_id,
        })
    }
}

/// The compressed layer and its two digests (hex, without "sha256:").
pub struct Layer {
    pub bytes: Vec<u8>,
    /// The digest of the compressed bytes (the blob's name).
    pub digest_hex: String,
    /// The digest of the uncompressed tar (the config's `diff_ids`).
    pub diff_id_hex: String,
}

/// A tar header with everything fixed but the path, mode, type and size.
pub fn fixed_header(mode: u32, size: u64, kind: tar::EntryType) -> tar::Header {
    let mut h = tar::Header::new_ustar();
    h.set_mode(mode);
    h.set_uid(0);
    h.set_gid(0);
    h.set_mtime(0);
    h.set_size(size);
    h.set_entry_type(kind);
    h
}

fn append<W: Write>(tar: &mut tar::Builder<W>, path: &str, entry: &Entry) -> Result<(), String> {
    let err = |e: std::io::Error| format!("layer: {path}: {e}");
    match &entry.source {
        Source::Dir => {
            let mut h = fixed_header(entry.mode, 0, tar::EntryType::Directory);
            tar.append_data(&mut h, path, std::io::empty()).map_err(err)
        }
        Source::Text(text) => {
            let mut h = fixed_header(entry.mode, text.len() as u64, tar::EntryType::Regular);
            tar.append_data(&mut h, path, text.as_bytes()).map_err(err)
        }
        Source::File(from) => {
            let file = std::fs::File::open(from).map_err(|e| format!("{}: {e}", from.display()))?;
            let size = file
                .metadata()
                .map_err(|e| format!("{}: {e}", from.display()))?
                .len();
            let mut h = fixed_header(entry.mode, size, tar::EntryType::Regular);
            tar.append_data(&mut h, path, file.take(size)).map_err(err)
        }
    }
}

/// The shared objects `binary` loads, as the dynamic loader names them
/// (the interpreter first as `ldd` lists it, then each DT_NEEDED and their
/// own, resolved on this machine). None for a static binary.
pub fn shared_libraries(binary: &Path) -> Result<Vec<String>, String> {
    let out = Command::new("ldd")
        .arg(binary)
        .output()
        .map_err(|e| format!("ldd (libc-bin), to find the shared libraries barrage needs: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        // "not a dynamic executable" (glibc's ldd prints it on stderr or
        // stdout depending on the version): a static binary needs nothing.
        if text.contains("not a dynamic executable") || stderr.contains("not a dynamic executable")
        {
            return Ok(Vec::new());
        }
        return Err(format!(
            "ldd {}: {}",
            binary.display(),
            stderr.lines().next().unwrap_or("failed")
        ));
    }
    parse_ldd(&text).map_err(|e| format!("ldd {}: {e}", binary.display()))
}

/// `ldd`'s lines: `name => /path (0x…)`, `/path/of/ld.so (0x…)`, or
/// `linux-vdso.so.1 (0x…)` (in the kernel, nothing to copy);
/// `name => not found` is an error.
pub fn parse_ldd(text: &str) -> Result<Vec<String>, String> {
    let mut libs = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.contains("statically linked") {
            continue;
        }
        let path = match line.split_once("=>") {
            Some((name, rest)) => {
                let rest = rest.trim();
                if rest.starts_with("not found") {
                    return Err(format!("{} not found", name.trim()));
                }
                rest.split_whitespace().next().unwrap_or("")
            }
            None => line.split_whitespace().next().unwrap_or(""),
        };
        if path.starts_with('/') && !libs.iter().any(|l| l == path) {
            libs.push(path.to_string());
        }
    }
    Ok(libs)
}

/// A writer that hashes what passes through it (SHA-256).
pub struct Sha256Writer<W> {
    inner: W,
    hash: Sha256,
}

impl<W: Write> Sha256Writer<W> {
    pub fn new(inner: W) -> Self {
        Sha256Writer {
            inner,
            hash: Sha256::new(),
        }
    }

    /// The hex digest of everything written, and the inner writer.
    pub fn finish(self) -> (String, W) {
        (hex(&self.hash.finalize()), self.inner)
    }
}

impl<W: Write> Write for Sha256Writer<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// SHA-256 of bytes, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldd_lines_give_the_paths_the_loader_uses() {
        let text = "\tlinux-vdso.so.1 (0x00007ffc3b5f2000)\n\
            \tlibgcc_s.so.1 => /lib/x86_64-linux-gnu/libgcc_s.so.1 (0x00007f0c1a000000)\n\
            \tlibm.so.6 => /lib/x86_64-linux-gnu/libm.so.6 (0x00007f0c19f00000)\n\
            \tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0c19d00000)\n\
            \t/lib64/ld-linux-x86-64.so.2 (0x00007f0c1a100000)\n";
        assert_eq!(
            parse_ldd(text).unwrap(),
            [
                "/lib/x86_64-linux-gnu/libgcc_s.so.1",
                "/lib/x86_64-linux-gnu/libm.so.6",
                "/lib/x86_64-linux-gnu/libc.so.6",
                "/lib64/ld-linux-x86-64.so.2",
            ]
        );
        let e = parse_ldd("\tlibssl.so.3 => not found\n").unwrap_err();
        assert_eq!(e, "libssl.so.3 not found");
        assert!(parse_ldd("\tstatically linked\n").unwrap().is_empty());
    }

    #[test]
    fn parents_come_before_their_files_and_are_directories() {
        let mut fs = Rootfs::default();
        fs.add_file("/usr/local/bin/barrage", 0o755, Source::Text("x"));
        fs.add_dir("/tmp", 0o1777);
        let keys: Vec<_> = fs.entries.keys().cloned().collect();
        assert_eq!(
            keys,
            [
                "tmp/",
                "usr/",
                "usr/local/",
                "usr/local/bin/",
                "usr/local/bin/barrage"
            ]
        );
        assert_eq!(fs.entries["tmp/"].mode, 0o1777);
    }

    #[test]
    fn the_same_files_give_the_same_layer() {
        let mut fs = Rootfs::default();
        fs.add_file("/etc/passwd", 0o644, Source::Text(PASSWD));
        fs.add_dir("/tmp", 0o1777);
        let (a, b) = (fs.layer().unwrap(), fs.layer().unwrap());
        assert_eq!(a.digest_hex, b.digest_hex);
        assert_eq!(a.digest_hex, sha256_hex(&a.bytes));
        assert_ne!(a.digest_hex, a.diff_id_hex);
    }
}
