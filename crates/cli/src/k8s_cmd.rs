//! `barrage k8s render`: the manifests that run `barrage load` as N agents
//! of a Kubernetes Indexed Job, and the script that collects and merges
//! their reports (barrage-dist's k8s); `barrage k8s image`: the container
//! image those pods run (barrage-dist's image; docs/distributed.md).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use barrage_dist::image::{DebugInfo, ImageName, ImageSpec};
use barrage_dist::k8s::{collect_script, job, to_yaml, JobSpec};
use clap::Parser;

use crate::exit::{usage_error, EXIT_FAILED};

#[derive(Debug, clap::Args)]
pub struct K8sArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Write job.yaml (an Indexed Job of N agents) and collect.sh (wait, save each part, merge).
    #[command(
        after_help = "Example:\n  barrage k8s render --agents 3 --image registry.example/barrage:0.1.0 --start-in 2m -o k8s \\\n      -- -R 30000 --arrival poisson -c 300 -d 60s http://nginx.bench.svc/hello\n  kubectl apply -f k8s/job.yaml && sh k8s/collect.sh results"
    )]
    Render(RenderArgs),
    /// Write the container image the Job runs: one tarball for docker load, podman load or skopeo copy.
    #[command(
        after_help = "No base image, no container runtime, no network: one layer holds this barrage (debug info\nstripped), the shared libraries it loads, /tmp, /etc/passwd, /etc/group, /etc/nsswitch.conf\nand the CA bundle. The tarball is an OCI image layout and a docker-archive at once.\n\nExample:\n  barrage k8s image --tag registry.example/barrage:0.1.0\n  skopeo copy oci-archive:barrage-image.tar docker://registry.example/barrage:0.1.0\n  barrage k8s render --image registry.example/barrage:0.1.0 --agents 3 -o k8s -- -c 300 -d 60s http://nginx.bench.svc/"
    )]
    Image(ImageArgs),
}

#[derive(Debug, clap::Args)]
struct ImageArgs {
    /// The tarball to write.
    #[arg(
        short = 'o',
        long,
        default_value = "barrage-image.tar",
        value_name = "FILE"
    )]
    out: PathBuf,
    /// The image's name [default: barrage:VERSION].
    #[arg(long, value_name = "NAME:TAG")]
    tag: Option<String>,
    /// The barrage binary to pack [default: this one].
    #[arg(long, value_name = "PATH")]
    binary: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct RenderArgs {
    /// Agents (pods): completions = parallelism = N; the plan is split N ways.
    #[arg(long, value_name = "N")]
    agents: u32,
    /// The container image, with `barrage` on its PATH: build it with `barrage k8s image`, load it
    /// (docker load -i / podman load -i), tag and push it to a registry the cluster pulls from.
    #[arg(long)]
    image: String,
    /// The Job's name.
    #[arg(long, default_value = "barrage-load")]
    name: String,
    /// The Kubernetes namespace [default: kubectl's current one].
    #[arg(long)]
    namespace: Option<String>,
    /// The instant every pod starts its load (Unix seconds or RFC 3339).
    #[arg(long, value_name = "TIME", conflicts_with = "start_in")]
    start_at: Option<String>,
    /// Start this long after rendering (time to apply and pull the image) [default: 2m].
    #[arg(long, value_name = "DURATION")]
    start_in: Option<String>,
    /// CPUs each pod requests and is limited to (whole numbers pin cores under the static CPU manager).
    #[arg(long)]
    cpus: Option<String>,
    /// Allow two agents on one node (by default each gets its own).
    #[arg(long)]
    share_nodes: bool,
    /// Directory to write job.yaml and collect.sh into.
    #[arg(short = 'o', long, default_value = ".")]
    out: PathBuf,
    /// `barrage load`'s options and URL, after `--`.
    #[arg(last = true, required = true, value_name = "LOAD_ARGS")]
    load: Vec<String>,
}

/// Just `barrage load`'s flags, to check LOAD_ARGS at render time.
#[derive(Debug, Parser)]
#[command(name = "barrage load", no_binary_name = true)]
struct LoadOnly {
    #[command(flatten)]
    load: crate::load::LoadArgs,
}

pub fn main(args: K8sArgs) -> ExitCode {
    let (verb, done) = match args.action {
        Action::Render(r) => ("render", render(&r)),
        Action::Image(i) => ("image", image(&i)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => usage_error(e),
        Err(Failure::Write(e)) => {
            eprintln!("barrage: error: k8s {verb}: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// `barrage k8s image`: builds the tarball, then says what it holds and
/// how to load, push and use it.
fn image(a: &ImageArgs) -> Result<(), Failure> {
    let usage = |m: String| Failure::Usage(format!("k8s image: {m}"));
    let version = env!("CARGO_PKG_VERSION");
    let name = match &a.tag {
        Some(t) => ImageName::parse(t).map_err(|e| usage(format!("--tag {e}")))?,
        None => ImageName::parse(&format!("barrage:{version}")).map_err(usage)?,
    };
    let binary = match &a.binary {
        Some(b) if !b.is_file() => {
            return Err(usage(format!("--binary {}: no such file", b.display())))
        }
        Some(b) => b.clone(),
        None => std::env::current_exe()
            .map_err(|e| Failure::Write(format!("this barrage's path: {e}")))?,
    };
    let spec = ImageSpec {
        binary,
        name: name.clone(),
        version: version.to_string(),
        out: a.out.clone(),
    };
    let started = Instant::now();
    let built = barrage_dist::image::build(&spec).map_err(Failure::Write)?;
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    let debug = match &built.debug_info {
        DebugInfo::Stripped { from_bytes } => {
            format!("debug info stripped from {:.1} MiB", mib(*from_bytes))
        }
        DebugInfo::Kept { reason } => format!("debug info kept: {reason}"),
    };
    let out = built.out.display();
    let shown = name.familiar();
    let tag = name.tag();
    let mut text = format!(
        "barrage: wrote {out} in {:.1} s: {shown} ({version} linux/{}), {:.1} MiB\n",
        started.elapsed().as_secs_f64(),
        built.architecture,
        mib(built.size_bytes)
    );
    let _ = writeln!(text, "  digest   {}", built.manifest_digest);
    let _ = writeln!(
        text,
        "  layer    {:.1} MiB gzip: /usr/local/bin/barrage {:.1} MiB ({debug}), {} shared objects with the loader, {}",
        mib(built.layer_bytes),
        mib(built.binary_bytes),
        built.libraries.len(),
        if built.ca_bundle { "the CA bundle" } else { "no CA bundle (none on this machine)" }
    );
    let _ = writeln!(
        text,
        "Load it:  docker load -i {out}   or   podman load -i {out}"
    );
    let _ = writeln!(
        text,
        "Push it:  skopeo copy oci-archive:{out} docker://REGISTRY/barrage:{tag}"
    );
    let _ = writeln!(text, "          (or docker tag {shown} REGISTRY/barrage:{tag}; docker push REGISTRY/barrage:{tag})");
    let _ = writeln!(text, "Use it:   barrage k8s render --image REGISTRY/barrage:{tag} --agents N -o k8s -- LOAD_ARGS");
    // A closed pipe (`| head`) is not an error of the build.
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(())
}

enum Failure {
    Usage(String),
    Write(String),
}

fn render(r: &RenderArgs) -> Result<(), Failure> {
    let usage = |m: String| Failure::Usage(format!("k8s render: {m}"));
    check_job(r).map_err(usage)?;
    check_load_args(&r.load).map_err(usage)?;
    checked_load(r).map_err(usage)?;
    let start = start(r).map_err(usage)?;
    let start_at_unix_s = start
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64().ceil() as u64)
        .unwrap_or(0);
    let job_spec = JobSpec {
        name: r.name.clone(),
        namespace: r.namespace.clone(),
        image: r.image.clone(),
        agents: r.agents,
        start_at_unix_s,
        load_args: r.load.clone(),
        cpus: r.cpus.clone(),
        share_nodes: r.share_nodes,
    };
    let write = |name: &str, text: String| {
        let path = r.out.join(name);
        std::fs::write(&path, text).map_err(|e| Failure::Write(format!("{}: {e}", path.display())))
    };
    std::fs::create_dir_all(&r.out)
        .map_err(|e| Failure::Write(format!("{}: {e}", r.out.display())))?;
    write("job.yaml", to_yaml(&job(&job_spec)))?;
    write("collect.sh", collect_script(&job_spec))?;
    eprintln!(
        "barrage: wrote {0}/job.yaml and {0}/collect.sh: {1} agents start at {2}; kubectl apply -f {0}/job.yaml, then sh {0}/collect.sh",
        r.out.display(),
        r.agents,
        humantime::format_rfc3339(start)
    );
    eprintln!(
        "barrage: the pods pull {}: build it with barrage k8s image, load it (docker load -i / podman load -i), tag and push it there",
        r.image
    );
    Ok(())
}

/// `--agents` and `--name`: at least one agent, and a name Kubernetes takes
/// for a Job (with room for the pods' suffixes).
fn check_job(r: &RenderArgs) -> Result<(), String> {
    if r.agents == 0 {
        return Err("--agents must be at least 1".into());
    }
    if r.name.is_empty()
        || r.name.len() > 52
        || !r
            .name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        || r.name.starts_with('-')
        || r.name.ends_with('-')
    {
        return Err(format!(
            "--name {:?}: a Job name is up to 52 lowercase letters, digits and '-'",
            r.name
        ));
    }
    Ok(())
}

/// LOAD_ARGS must leave to render what it sets itself, and name no file of
/// this machine.
fn check_load_args(load: &[String]) -> Result<(), String> {
    for own in [
        "--part",
        "--start-at",
        "--json",
        "--agents",
        "--hosts",
        "-q",
        "--quiet",
        "--html",
        "--hdr-log",
        "--urls",
        "--cacert",
    ] {
        if load
            .iter()
            .any(|a| a == own || a.starts_with(&format!("{own}=")))
        {
            return Err(format!(
                "{own} in LOAD_ARGS: render sets the part, the start and the JSON output itself, and a pod reads no file of this machine"
            ));
        }
    }
    if load
        .iter()
        .any(|a| a.starts_with("--body=@") || a.starts_with('@'))
    {
        return Err(
            "--body @FILE in LOAD_ARGS: a pod reads no file of this machine; give the body as text"
                .into(),
        );
    }
    Ok(())
}

/// LOAD_ARGS as `barrage load` reads them, and a plan that splits
/// `--agents` ways.
fn checked_load(r: &RenderArgs) -> Result<(), String> {
    let mut parsed = LoadOnly::try_parse_from(&r.load).map_err(|e| {
        let text = e.to_string();
        let first = text
            .lines()
            .next()
            .unwrap_or("")
            .trim_start_matches("error: ");
        format!("LOAD_ARGS: {first}")
    })?;
    // The URL's host is the cluster's (a Service name): checked for its
    // form here, resolved by each pod.
    let mut url = url::Url::parse(&parsed.load.url)
        .map_err(|e| format!("LOAD_ARGS: URL {:?}: {e}", parsed.load.url))?;
    if url.host_str().is_some() {
        let _ = url.set_host(Some("127.0.0.1"));
    }
    parsed.load.url = url.to_string();
    let spec = crate::load::checked_spec(&parsed.load)?;
    if spec.max_parts() < u64::from(r.agents) {
        return Err(format!(
            "--agents {}: the plan has only {} connections, sessions or requests to share",
            r.agents,
            spec.max_parts()
        ));
    }
    Ok(())
}

/// The instant every pod starts: `--start-at`, else `--start-in` (2 minutes
/// by default) from now.
fn start(r: &RenderArgs) -> Result<SystemTime, String> {
    Ok(match (&r.start_at, &r.start_in) {
        (Some(t), _) => crate::load::parse_start_at(t).map_err(|e| format!("--start-at {e}"))?,
        (None, Some(d)) => {
            let d = humantime::parse_duration(d)
                .map_err(|_| format!("--start-in {d:?}: expected a duration such as 2m"))?;
            SystemTime::now() + d
        }
        (None, None) => SystemTime::now() + Duration::from_secs(120),
    })
}
