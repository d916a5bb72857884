//! `barrage k8s image` read back without a container runtime (podman here
//! fails at setrlimit: this machine denies CAP_SYS_RESOURCE): the tarball's
//! OCI documents parsed with the spec's own types, every blob's digest and
//! size, Docker's manifest.json, the same bytes from the same binary, and
//! the layer unpacked and run under chroot (root). Then `barrage k8s
//! render`'s Job read as Kubernetes' own `batch/v1` Job (k8s-openapi) and
//! written back, so that a misspelt field is a failure too.

use crate::common;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use barrage_dist::image::oci_spec::image::{
    Arch, Descriptor, ImageConfiguration, ImageIndex, ImageManifest, MediaType, Os,
};
use barrage_target::{Target, TargetConfig};
use common::*;
use k8s_openapi::api::batch::v1::Job;
use serde_json::{json, Value};
use sha2::{Digest as _, Sha256};

const TAG: &str = "registry.example:5000/lab/barrage:t1";

/// The tarball's files by path (directories left out).
fn entries(tarball: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut archive = tar::Archive::new(tarball);
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let header = entry.header();
        assert_eq!((header.uid().unwrap(), header.gid().unwrap()), (0, 0));
        assert_eq!(header.mtime().unwrap(), 0);
        if header.entry_type().is_dir() {
            continue;
        }
        let path = entry.path().unwrap().to_str().unwrap().to_string();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        files.insert(path, bytes);
    }
    files
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The blob a descriptor names, checked against its digest and size.
fn blob<'a>(files: &'a BTreeMap<String, Vec<u8>>, d: &Descriptor) -> &'a [u8] {
    let hex = d.digest().digest();
    assert_eq!(d.digest().to_string(), format!("sha256:{hex}"));
    let bytes = files
        .get(&format!("blobs/sha256/{hex}"))
        .unwrap_or_else(|| panic!("no blob {hex}"));
    assert_eq!(sha256(bytes), hex, "blob {hex}: digest");
    assert_eq!(bytes.len() as u64, d.size(), "blob {hex}: size");
    bytes
}

/// The image of this barrage named [`TAG`], built once for the tests that
/// read it (in the target's tmp directory, overwritten by the next run):
/// the tarball's path and the command's run.
fn shared_image() -> &'static (PathBuf, Run) {
    static IMAGE: OnceLock<(PathBuf, Run)> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("k8s_image.tar");
        let r = barrage("k8s", &["image", "-o", out.to_str().unwrap(), "--tag", TAG]);
        assert_eq!(r.code, Some(0), "{r:?}");
        (out, r)
    })
}

/// What the image holds, read back: the index's one manifest, its config
/// and its one layer (gzip).
struct Image {
    index: ImageIndex,
    config: ImageConfiguration,
    layer_gz: Vec<u8>,
}

fn read_image(files: &BTreeMap<String, Vec<u8>>, repo_tag: &str) -> Image {
    let layout: Value = serde_json::from_slice(&files["oci-layout"]).unwrap();
    assert_eq!(layout, json!({"imageLayoutVersion": "1.0.0"}));
    let index = ImageIndex::from_reader(&files["index.json"][..]).unwrap();
    assert_eq!(index.manifests().len(), 1);
    let m = &index.manifests()[0];
    assert_eq!(m.media_type(), &MediaType::ImageManifest);
    let manifest = ImageManifest::from_reader(blob(files, m)).unwrap();
    assert_eq!(manifest.config().media_type(), &MediaType::ImageConfig);
    let config = ImageConfiguration::from_reader(blob(files, manifest.config())).unwrap();
    assert_eq!(manifest.layers().len(), 1);
    let layer = &manifest.layers()[0];
    assert_eq!(layer.media_type(), &MediaType::ImageLayerGzip);
    let layer_gz = blob(files, layer).to_vec();
    // Docker's manifest.json (docker-archive) names the same config and layer.
    let docker: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    assert_eq!(
        docker,
        json!([{
            "Config": format!("blobs/sha256/{}", manifest.config().digest().digest()),
            "RepoTags": [repo_tag],
            "Layers": [format!("blobs/sha256/{}", layer.digest().digest())],
        }])
    );
    // Nothing in the tarball but these.
    assert_eq!(files.len(), 3 + 3, "{:?}", files.keys().collect::<Vec<_>>());
    Image {
        index,
        config,
        layer_gz,
    }
}

fn gunzip(gz: &[u8]) -> Vec<u8> {
    let mut tar = Vec::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_end(&mut tar)
        .unwrap();
    tar
}

#[test]
fn the_image_is_an_oci_layout_and_a_docker_archive_of_this_barrage() {
    let (out, r) = shared_image();
    let files = entries(&std::fs::read(out).unwrap());
    let image = read_image(&files, TAG);

    let m = &image.index.manifests()[0];
    let names = m.annotations().as_ref().unwrap();
    assert_eq!(names["org.opencontainers.image.ref.name"], TAG);
    assert_eq!(names["io.containerd.image.name"], TAG);
    let platform = m.platform().as_ref().unwrap();
    let host = match std::env::consts::ARCH {
        "x86_64" => Arch::Amd64,
        "aarch64" => Arch::ARM64,
        other => panic!("no image architecture for {other}"),
    };
    assert_eq!(
        (platform.architecture(), platform.os()),
        (&host, &Os::Linux)
    );
    // The command said the digest it wrote, and how to load, push and use it.
    assert!(r.stdout.contains(&m.digest().to_string()), "{r:?}");
    assert!(r.stdout.contains("docker load -i"), "{r:?}");
    assert!(r.stdout.contains("skopeo copy oci-archive:"), "{r:?}");
    assert!(r.stdout.contains("barrage k8s render --image"), "{r:?}");

    let c = &image.config;
    assert_eq!((c.architecture(), c.os()), (&host, &Os::Linux));
    let run = c.config().as_ref().unwrap();
    assert_eq!(
        run.entrypoint().as_deref(),
        Some(&["/usr/local/bin/barrage".to_string()][..])
    );
    assert_eq!(run.cmd().as_deref(), Some(&["--help".to_string()][..]));
    assert!(run
        .env()
        .as_ref()
        .unwrap()
        .iter()
        .any(|e| e.starts_with("PATH=") && e.contains("/usr/local/bin")));
    let labels = run.labels().as_ref().unwrap();
    assert_eq!(
        labels["org.opencontainers.image.version"],
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(labels["org.opencontainers.image.title"], "barrage");
    assert_eq!(c.history().as_ref().map(Vec::len), Some(1));
    // diff_ids: the digest of the uncompressed layer.
    let layer_tar = gunzip(&image.layer_gz);
    assert_eq!(
        c.rootfs().diff_ids(),
        &[format!("sha256:{}", sha256(&layer_tar))]
    );
    let layer = entries(&layer_tar);
    for path in [
        "usr/local/bin/barrage",
        "etc/passwd",
        "etc/group",
        "etc/nsswitch.conf",
    ] {
        assert!(layer.contains_key(path), "{path} not in the layer");
    }
    assert_eq!(layer["etc/nsswitch.conf"], b"hosts: files dns\n");
    let passwd = String::from_utf8_lossy(&layer["etc/passwd"]).into_owned();
    assert!(passwd.starts_with("root:x:0:0:") && passwd.contains("\nnobody:x:65534:65534:"));
}

/// Built again under the default name: the same manifest, config and layer
/// (the name is only in index.json and manifest.json), named
/// `barrage:VERSION`, which containerd reads as Docker Hub's.
#[test]
fn the_same_binary_gives_the_same_image_under_any_name() {
    let (first, _) = shared_image();
    let first = entries(&std::fs::read(first).unwrap());
    let dir = TempDir::new("k8s-image-again");
    let out = dir.path("b.tar");
    let r = barrage("k8s", &["image", "-o", out.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{r:?}");
    let version = env!("CARGO_PKG_VERSION");
    let files = entries(&std::fs::read(&out).unwrap());
    read_image(&files, &format!("barrage:{version}"));
    for (path, bytes) in &first {
        if path.starts_with("blobs/") {
            assert!(files.get(path) == Some(bytes), "{path} differs");
        }
    }
    let index = ImageIndex::from_reader(&files["index.json"][..]).unwrap();
    let names = index.manifests()[0].annotations().clone().unwrap();
    assert_eq!(
        names["io.containerd.image.name"],
        format!("docker.io/library/barrage:{version}")
    );
    assert_eq!(
        names["org.opencontainers.image.ref.name"],
        format!("barrage:{version}")
    );
}

#[test]
fn bad_image_input_is_one_line() {
    let dir = TempDir::new("k8s-image-bad");
    let out = dir.file("x.tar");
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    for (args, code, says) in [
        (vec!["--tag", "Barrage:1"], 2, "--tag \"Barrage:1\""),
        (vec!["--tag", "barrage@sha256:00"], 2, "not a digest"),
        (vec!["--binary", "/nonexistent/barrage"], 2, "no such file"),
        (vec!["--binary", manifest], 1, "not a little-endian ELF"),
    ] {
        let mut all = vec!["image", "-o", out.as_str()];
        all.extend(args.iter().copied());
        let r = barrage("k8s", &all);
        assert_eq!(r.code, Some(code), "{args:?}: {r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {r:?}");
        assert!(r.stderr.contains(says), "{args:?}: {r:?}");
        assert!(!Path::new(&out).exists(), "{args:?} left {out}");
    }
}

/// The layer unpacked and barrage run inside it with the layer's own
/// libraries: the version, then a load against a server of this machine
/// (chroot keeps the network).
#[test]
#[ignore = "needs root (chroot)"]
fn the_layer_runs_barrage_under_chroot() {
    let (out, _) = shared_image();
    let image = read_image(&entries(&std::fs::read(out).unwrap()), TAG);
    let dir = TempDir::new("k8s-image-chroot");
    let root = dir.path("root");
    std::fs::create_dir(&root).unwrap();
    let mut layer = tar::Archive::new(flate2::read::GzDecoder::new(&image.layer_gz[..]));
    layer.set_preserve_permissions(true);
    layer.unpack(&root).unwrap();
    let tmp = std::fs::metadata(root.join("tmp")).unwrap();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&tmp.permissions()) & 0o7777,
        0o1777
    );

    let inside = run(
        "chroot",
        &[
            root.to_str().unwrap(),
            "/usr/local/bin/barrage",
            "--version",
        ],
    );
    assert_eq!(inside.code, Some(0), "{inside:?}");
    let host = run(BIN, &["--version"]);
    assert_eq!(inside.stdout, host.stdout);

    let _serial = serial();
    let target = Target::start(TargetConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        threads: 1,
        tls: None,
        h3: false,
    })
    .unwrap();
    let url = format!("http://{}/hello", target.local_addr());
    let root = root.to_str().unwrap();
    let load = run(
        "chroot",
        &[
            root,
            "/usr/local/bin/barrage",
            "load",
            "-c",
            "1",
            "-d",
            "1s",
            "--json",
            "-",
            "-q",
            &url,
        ],
    );
    assert_eq!(load.code, Some(0), "{load:?}");
    let report: Value = serde_json::from_str(&load.stdout).unwrap();
    let responses = report["totals"]["responses"].as_u64().unwrap();
    assert!(responses > 0 && responses == target.responses(), "{load:?}");
}

/// `barrage k8s render` with these flags: job.yaml as JSON, and render's
/// standard error.
fn rendered(flags: &[&str]) -> (Value, String) {
    let dir = TempDir::new("k8s-job");
    let mut args = vec![
        "render",
        "--agents",
        "3",
        "--image",
        TAG,
        "--start-at",
        "1800000000",
        "-o",
        dir.0.to_str().unwrap(),
    ];
    args.extend_from_slice(flags);
    args.extend_from_slice(&[
        "--",
        "-c",
        "30",
        "-d",
        "10s",
        "http://nginx.bench.svc/hello",
    ]);
    let r = barrage("k8s", &args);
    assert_eq!(r.code, Some(0), "{flags:?}: {r:?}");
    let yaml = std::fs::read_to_string(dir.path("job.yaml")).unwrap();
    (barrage_testkit::yaml::one_document(&yaml), r.stderr)
}

#[test]
fn the_rendered_job_is_a_kubernetes_batch_v1_job_field_for_field() {
    for flags in [
        &[][..],
        &["--namespace", "bench"][..],
        &["--cpus", "2"][..],
        &["--share-nodes"][..],
        &["--namespace", "bench", "--cpus", "2", "--share-nodes"][..],
    ] {
        let (value, stderr) = rendered(flags);
        let job: Job = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{flags:?}: not a batch/v1 Job: {e}\n{value:#}"));
        // k8s-openapi drops the fields it does not know: written back, the
        // Job must be the whole of what was rendered.
        let back = serde_json::to_value(&job).unwrap();
        assert_eq!(back, value, "{flags:?}: a field k8s-openapi does not know");

        let has = |flag: &str| flags.contains(&flag);
        assert_eq!(
            job.metadata.namespace.as_deref(),
            has("--namespace").then_some("bench")
        );
        let spec = job.spec.as_ref().unwrap();
        assert_eq!(spec.completion_mode.as_deref(), Some("Indexed"));
        assert_eq!((spec.completions, spec.parallelism), (Some(3), Some(3)));
        let pod = spec.template.spec.as_ref().unwrap();
        assert_eq!(pod.affinity.is_some(), !has("--share-nodes"), "{flags:?}");
        let c = &pod.containers[0];
        assert_eq!(c.image.as_deref(), Some(TAG));
        assert_eq!(c.command.as_deref(), Some(&["barrage".to_string()][..]));
        let cpu = c
            .resources
            .as_ref()
            .and_then(|r| r.limits.as_ref())
            .map(|l| l["cpu"].0.clone());
        assert_eq!(cpu.as_deref(), has("--cpus").then_some("2"), "{flags:?}");
        // The closing line says how to build and push the image.
        assert!(stderr.contains("barrage k8s image"), "{stderr}");
    }
}

#[test]
fn render_help_says_how_to_build_the_image() {
    let r = barrage("k8s", &["render", "--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    assert!(r.stdout.contains("barrage k8s image"), "{}", r.stdout);
    let r = barrage("k8s", &["image", "--help"]);
    assert_eq!(r.code, Some(0), "{r:?}");
    for says in [
        "--tag <NAME:TAG>",
        "--binary <PATH>",
        "docker-archive",
        "skopeo copy",
    ] {
        assert!(r.stdout.contains(says), "{says}: {}", r.stdout);
    }
}
