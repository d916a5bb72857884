//! `barrage k8s image`: a container image of barrage, built without a base
//! image, a container runtime or a network.
//!
//! The result is ONE tarball that is both an OCI image layout (`oci-layout`,
//! `index.json`, `blobs/sha256/…`) and a docker-archive (a docker
//! `manifest.json` beside them, as `docker save` of Docker 25+ writes it),
//! so `docker load -i`, `podman load -i` and `skopeo copy oci-archive:FILE
//! docker://…` all take it. One layer ([`rootfs`]): the binary with its
//! debug info stripped, the shared libraries it loads, the few files a
//! process expects. The manifest, configuration and index are the OCI
//! spec's own types (oci-spec), written as JSON with sorted keys; together
//! with the layer's fixed times and owners, the same binary gives the same
//! digest.

pub mod rootfs;

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use oci_spec::image::{
    Arch, ConfigBuilder, Descriptor, DescriptorBuilder, Digest, HistoryBuilder,
    ImageConfigurationBuilder, ImageIndexBuilder, ImageManifestBuilder, MediaType,
    OciLayoutBuilder, Os, PlatformBuilder, RootFsBuilder, ANNOTATION_REF_NAME, ANNOTATION_TITLE,
    ANNOTATION_VERSION,
};
use serde::Serialize;
use serde_json::Value;

pub use oci_spec;
use rootfs::{fixed_header, sha256_hex, Rootfs, BINARY_PATH, CA_BUNDLE};

/// The annotation containerd (and so Docker's containerd image store)
/// names an imported image by.
pub const ANNOTATION_CONTAINERD_NAME: &str = "io.containerd.image.name";

/// Every time in the image (config, history, tar entries): the Unix epoch,
/// so that nothing but the content changes a digest.
const EPOCH: &str = "1970-01-01T00:00:00Z";

const PATH_ENV: &str = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// An image name: `[REGISTRY/]REPOSITORY:TAG`, as Docker reads one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageName {
    /// As given, without the tag (`barrage`, `registry.example:5000/lab/barrage`).
    repository: String,
    tag: String,
}

impl ImageName {
    /// `NAME[:TAG]` (TAG `latest` when absent); no digest (`@sha256:…`).
    pub fn parse(s: &str) -> Result<ImageName, String> {
        let bad = |why: &str| format!("{s:?}: {why}");
        if s.contains('@') {
            return Err(bad("a tag names the image, not a digest"));
        }
        let slash = s.rfind('/').map_or(0, |i| i + 1);
        let (repository, tag) = match s[slash..].rfind(':') {
            Some(i) => (&s[..slash + i], &s[slash + i + 1..]),
            None => (s, "latest"),
        };
        let tag_ok = !tag.is_empty()
            && tag.len() <= 128
            && !tag.starts_with(['.', '-'])
            && tag
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
        if !tag_ok {
            return Err(bad(
                "a tag is up to 128 letters, digits, '.', '_' and '-', not starting with '.' or '-'",
            ));
        }
        let mut parts: Vec<&str> = repository.split('/').collect();
        if parts.len() > 1 && is_domain(parts[0]) {
            parts.remove(0);
        }
        let path_ok = parts.iter().all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
                && p.starts_with(|c: char| c.is_ascii_alphanumeric())
                && p.ends_with(|c: char| c.is_ascii_alphanumeric())
        });
        if !path_ok {
            return Err(bad(
                "a repository is lowercase letters, digits and '.', '_', '-' between '/' (after an optional registry)",
            ));
        }
        Ok(ImageName {
            repository: repository.to_string(),
            tag: tag.to_string(),
        })
    }

    pub fn tag(&self) -> &str {
        &self.tag
    }

    /// As Docker shows it (`barrage:0.1.0`, `registry.example/barrage:0.1.0`).
    pub fn familiar(&self) -> String {
        let full = self.full();
        let short = full
            .strip_prefix("docker.io/library/")
            .or_else(|| full.strip_prefix("docker.io/"))
            .unwrap_or(&full);
        short.to_string()
    }

    /// Fully qualified, as Docker normalizes it (`docker.io/library/barrage:0.1.0`).
    pub fn full(&self) -> String {
        let first = self.repository.split('/').next().unwrap_or("");
        let repo = if self.repository.contains('/') && is_domain(first) {
            self.repository.clone()
        } else if self.repository.contains('/') {
            format!("docker.io/{}", self.repository)
        } else {
            format!("docker.io/library/{}", self.repository)
        };
        format!("{repo}:{}", self.tag)
    }
}

/// Docker's rule: the first component names a registry when it has a '.'
/// or a ':' or is `localhost`.
fn is_domain(part: &str) -> bool {
    part.contains(['.', ':']) || part == "localhost"
}

/// What to build.
#[derive(Debug, Clone)]
pub struct ImageSpec {
    /// The barrage binary to pack (an ELF executable for this machine).
    pub binary: PathBuf,
    pub name: ImageName,
    /// barrage's version (the label org.opencontainers.image.version).
    pub version: String,
    /// The tarball to write.
    pub out: PathBuf,
}

/// What happened to the binary's debug info.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DebugInfo {
    /// `objcopy --strip-debug`: the line tables went, the symbols stay
    /// (a panic's backtrace still names its functions).
    Stripped { from_bytes: u64 },
    /// Packed as it is, and why.
    Kept { reason: String },
}

/// What was built.
#[derive(Debug, Clone)]
pub struct Built {
    pub out: PathBuf,
    /// The manifest's digest (`sha256:…`): the image's identity in a registry.
    pub manifest_digest: String,
    /// The config's digest (`sha256:…`): the image ID Docker and podman show.
    pub config_digest: String,
    /// The tarball's size in bytes.
    pub size_bytes: u64,
    /// The compressed layer's size in bytes.
    pub layer_bytes: u64,
    /// The binary's size in the image.
    pub binary_bytes: u64,
    pub debug_info: DebugInfo,
    /// The shared libraries packed (as named in the image).
    pub libraries: Vec<String>,
    /// Whether this machine's CA bundle went in.
    pub ca_bundle: bool,
    /// `amd64` or `arm64`.
    pub architecture: String,
}

/// Builds the image tarball `spec.out`.
pub fn build(spec: &ImageSpec) -> Result<Built, String> {
    let arch = elf_arch(&spec.binary)?;
    let staged = PathBuf::from(format!("{}.strip.tmp", spec.out.display()));
    let (binary, debug_info) = strip_debug(&spec.binary, &staged);
    let packed = pack(spec, &arch, &binary, debug_info);
    let _ = std::fs::remove_file(&staged);
    packed
}

fn pack(
    spec: &ImageSpec,
    arch: &Arch,
    binary: &Path,
    debug_info: DebugInfo,
) -> Result<Built, String> {
    let binary_bytes = std::fs::metadata(binary)
        .map_err(|e| format!("{}: {e}", binary.display()))?
        .len();
    let fs = Rootfs::for_binary(binary)?;
    let layer = fs.layer()?;
    let config = canonical_json(&image_config(
        spec,
        arch,
        &layer.diff_id_hex,
        &fs,
        &debug_info,
    )?)?;
    let config_hex = sha256_hex(&config);
    let manifest = ImageManifestBuilder::default()
        .schema_version(oci_spec::image::SCHEMA_VERSION)
        .media_type(MediaType::ImageManifest)
        .config(descriptor(
            MediaType::ImageConfig,
            &config_hex,
            config.len(),
        )?)
        .layers(vec![descriptor(
            MediaType::ImageLayerGzip,
            &layer.digest_hex,
            layer.bytes.len(),
        )?])
        .build()
        .map_err(oci)?;
    let manifest = canonical_json(&manifest)?;
    let manifest_hex = sha256_hex(&manifest);
    let index = canonical_json(&image_index(spec, arch, &manifest_hex, manifest.len())?)?;
    let docker = canonical_json(&[DockerManifest {
        config: format!("blobs/sha256/{config_hex}"),
        repo_tags: vec![spec.name.familiar()],
        layers: vec![format!("blobs/sha256/{}", layer.digest_hex)],
    }])?;
    let layout = OciLayoutBuilder::default()
        .image_layout_version("1.0.0")
        .build()
        .map_err(oci)?;
    let mut files: Vec<(String, &[u8])> = vec![
        (
            format!("blobs/sha256/{}", layer.digest_hex),
            &layer.bytes[..],
        ),
        (format!("blobs/sha256/{config_hex}"), &config[..]),
        (format!("blobs/sha256/{manifest_hex}"), &manifest[..]),
    ];
    files.sort();
    let layout = canonical_json(&layout)?;
    files.extend([
        ("index.json".to_string(), &index[..]),
        ("manifest.json".to_string(), &docker[..]),
        ("oci-layout".to_string(), &layout[..]),
    ]);
    let size_bytes = write_archive(&spec.out, &files)?;
    Ok(Built {
        out: spec.out.clone(),
        manifest_digest: format!("sha256:{manifest_hex}"),
        config_digest: format!("sha256:{config_hex}"),
        size_bytes,
        layer_bytes: layer.bytes.len() as u64,
        binary_bytes,
        debug_info,
        libraries: fs.libraries.clone(),
        ca_bundle: fs.ca_bundle,
        architecture: arch.to_string(),
    })
}

/// The image configuration: how a runtime starts barrage, and the layer's
/// uncompressed digest.
fn image_config(
    spec: &ImageSpec,
    arch: &Arch,
    diff_id_hex: &str,
    fs: &Rootfs,
    debug_info: &DebugInfo,
) -> Result<oci_spec::image::ImageConfiguration, String> {
    let mut env = vec![PATH_ENV.to_string()];
    if fs.ca_bundle {
        env.push(format!("SSL_CERT_FILE={CA_BUNDLE}"));
    }
    let labels = HashMap::from([
        (ANNOTATION_VERSION.to_string(), spec.version.clone()),
        (ANNOTATION_TITLE.to_string(), "barrage".to_string()),
    ]);
    let config = ConfigBuilder::default()
        .entrypoint(vec![BINARY_PATH.to_string()])
        .cmd(vec!["--help".to_string()])
        .env(env)
        .labels(labels)
        .build()
        .map_err(oci)?;
    let comment = format!(
        "barrage {} ({}), {} shared libraries{} from the build machine",
        spec.version,
        match debug_info {
            DebugInfo::Stripped { .. } => "debug info stripped",
            DebugInfo::Kept { .. } => "with its debug info",
        },
        fs.libraries.len(),
        if fs.ca_bundle {
            " and its CA bundle"
        } else {
            ""
        }
    );
    let history = HistoryBuilder::default()
        .created(EPOCH)
        .created_by("barrage k8s image")
        .comment(comment)
        .build()
        .map_err(oci)?;
    let rootfs = RootFsBuilder::default()
        .typ("layers")
        .diff_ids(vec![format!("sha256:{diff_id_hex}")])
        .build()
        .map_err(oci)?;
    ImageConfigurationBuilder::default()
        .created(EPOCH)
        .architecture(arch.clone())
        .os(Os::Linux)
        .config(config)
        .rootfs(rootfs)
        .history(vec![history])
        .build()
        .map_err(oci)
}

/// The index: one manifest, named the two ways loaders read a name.
fn image_index(
    spec: &ImageSpec,
    arch: &Arch,
    manifest_hex: &str,
    manifest_len: usize,
) -> Result<oci_spec::image::ImageIndex, String> {
    let platform = PlatformBuilder::default()
        .architecture(arch.clone())
        .os(Os::Linux)
        .build()
        .map_err(oci)?;
    // podman names the image it loads by ref.name alone (a bare tag would
    // become `localhost/TAG:latest`), so it holds the name as given;
    // containerd and Docker's containerd store read the full name.
    let annotations = HashMap::from([
        (ANNOTATION_REF_NAME.to_string(), spec.name.familiar()),
        (ANNOTATION_CONTAINERD_NAME.to_string(), spec.name.full()),
    ]);
    let manifest = DescriptorBuilder::default()
        .media_type(MediaType::ImageManifest)
        .digest(sha256_digest(manifest_hex)?)
        .size(manifest_len as u64)
        .platform(platform)
        .annotations(annotations)
        .build()
        .map_err(oci)?;
    ImageIndexBuilder::default()
        .schema_version(oci_spec::image::SCHEMA_VERSION)
        .media_type(MediaType::ImageIndex)
        .manifests(vec![manifest])
        .build()
        .map_err(oci)
}

/// One entry of Docker's `manifest.json` (docker-archive).
#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct DockerManifest {
    config: String,
    repo_tags: Vec<String>,
    layers: Vec<String>,
}

fn descriptor(media_type: MediaType, hex: &str, len: usize) -> Result<Descriptor, String> {
    Ok(Descriptor::new(media_type, len as u64, sha256_digest(hex)?))
}

fn sha256_digest(hex: &str) -> Result<Digest, String> {
    format!("sha256:{hex}").parse::<Digest>().map_err(oci)
}

fn oci(e: impl std::fmt::Display) -> String {
    format!("OCI document: {e}")
}

/// JSON with every object's keys sorted (oci-spec keeps maps in HashMaps,
/// whose order changes from run to run).
fn canonical_json<T: Serialize + ?Sized>(v: &T) -> Result<Vec<u8>, String> {
    fn sorted(v: Value) -> Value {
        match v {
            Value::Object(map) => {
                let mut entries: Vec<(String, Value)> = map.into_iter().collect();
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
            }
            Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
            other => other,
        }
    }
    let value = serde_json::to_value(v).map_err(oci)?;
    serde_json::to_vec(&sorted(value)).map_err(oci)
}

/// The outer tarball, written beside `out` and renamed into place; its size.
fn write_archive(out: &Path, files: &[(String, &[u8])]) -> Result<u64, String> {
    let partial = PathBuf::from(format!("{}.partial", out.display()));
    let err = |e: std::io::Error| format!("{}: {e}", out.display());
    if let Err(e) = write_tar(&partial, files) {
        let _ = std::fs::remove_file(&partial);
        return Err(err(e));
    }
    std::fs::rename(&partial, out).map_err(err)?;
    Ok(std::fs::metadata(out).map_err(err)?.len())
}

fn write_tar(path: &Path, files: &[(String, &[u8])]) -> std::io::Result<()> {
    let file = std::fs::File::create(path)?;
    let mut tar = tar::Builder::new(std::io::BufWriter::new(file));
    for dir in ["blobs/", "blobs/sha256/"] {
        let mut h = fixed_header(0o755, 0, tar::EntryType::Directory);
        tar.append_data(&mut h, dir, std::io::empty())?;
    }
    for (name, bytes) in files {
        let mut h = fixed_header(0o644, bytes.len() as u64, tar::EntryType::Regular);
        tar.append_data(&mut h, name, *bytes)?;
    }
    let file = tar.into_inner()?.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

/// `objcopy --strip-debug BINARY STAGED`: the binary to pack and what
/// happened to its debug info. Without objcopy (binutils), the binary as
/// it is.
fn strip_debug(binary: &Path, staged: &Path) -> (PathBuf, DebugInfo) {
    let from_bytes = std::fs::metadata(binary).map_or(0, |m| m.len());
    let kept = |reason: String| (binary.to_path_buf(), DebugInfo::Kept { reason });
    match Command::new("objcopy")
        .arg("--strip-debug")
        .arg(binary)
        .arg(staged)
        .output()
    {
        Ok(o) if o.status.success() => (staged.to_path_buf(), DebugInfo::Stripped { from_bytes }),
        Ok(o) => kept(format!(
            "objcopy --strip-debug failed: {}",
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .next()
                .unwrap_or("")
        )),
        Err(e) => kept(format!("objcopy (binutils) not runnable: {e}")),
    }
}

/// The image architecture of an ELF executable, which must be this
/// machine's (its libraries are copied from here).
fn elf_arch(binary: &Path) -> Result<Arch, String> {
    let shown = binary.display();
    let mut head = [0u8; 20];
    std::fs::File::open(binary)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| format!("{shown}: {e}"))?;
    if &head[..4] != b"\x7fELF" || head[5] != 1 {
        return Err(format!("{shown}: not a little-endian ELF executable"));
    }
    let (arch, host) = match u16::from_le_bytes([head[18], head[19]]) {
        62 => (Arch::Amd64, "x86_64"),
        183 => (Arch::ARM64, "aarch64"),
        m => {
            return Err(format!(
                "{shown}: ELF machine {m}: only x86_64 and aarch64 images are built"
            ))
        }
    };
    if host != std::env::consts::ARCH {
        return Err(format!(
            "{shown}: a {host} binary, and this machine is {}: its libraries are copied from here, so build the image on a {host} machine",
            std::env::consts::ARCH
        ));
    }
    Ok(arch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_docker_reads_them() {
        let n = ImageName::parse("barrage:0.1.0").unwrap();
        assert_eq!(n.familiar(), "barrage:0.1.0");
        assert_eq!(n.full(), "docker.io/library/barrage:0.1.0");
        assert_eq!(n.tag(), "0.1.0");
        let n = ImageName::parse("registry.example:5000/lab/barrage:v2").unwrap();
        assert_eq!(n.full(), "registry.example:5000/lab/barrage:v2");
        assert_eq!(n.familiar(), "registry.example:5000/lab/barrage:v2");
        let n = ImageName::parse("me/barrage").unwrap();
        assert_eq!(n.full(), "docker.io/me/barrage:latest");
        assert_eq!(n.familiar(), "me/barrage:latest");
        let n = ImageName::parse("docker.io/library/barrage:1").unwrap();
        assert_eq!(n.familiar(), "barrage:1");
        let n = ImageName::parse("localhost/barrage:1").unwrap();
        assert_eq!(n.full(), "localhost/barrage:1");
        for bad in [
            "Barrage:1",
            "barrage:",
            "barrage@sha256:00",
            "a//b:1",
            "barrage:-x",
            "",
        ] {
            assert!(ImageName::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn canonical_json_sorts_every_map() {
        let v = serde_json::json!({"b": {"z": 1, "a": [{"y": 2, "x": 3}]}, "a": 0});
        assert_eq!(
            String::from_utf8(canonical_json(&v).unwrap()).unwrap(),
            r#"{"a":0,"b":{"a":[{"x":3,"y":2}],"z":1}}"#
        );
    }

    #[test]
    fn a_file_that_is_not_elf_is_one_clear_error() {
        let e = elf_arch(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("Cargo.toml")
                .as_path(),
        )
        .unwrap_err();
        assert!(e.ends_with("not a little-endian ELF executable"), "{e}");
        assert!(elf_arch(Path::new("/nonexistent/barrage")).is_err());
    }
}
