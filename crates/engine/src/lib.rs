//! barrage's load engine.
//!
//! Owns transports (TCP, TLS, QUIC), protocol sessions (HTTP/1.x, HTTP/2,
//! HTTP/3) and the link that pairs a session with the transport it needs,
//! schedules (closed loop, open loop, httperf-style sessions), the per-core
//! workers and the recorder (fixed-memory HdrHistograms and counters).
//!
//! It never prints, reads no configuration file and knows nothing about the
//! servers under test: a caller builds a [`LoadSpec`], calls [`run`], watches
//! per-second [`Window`]s through an [`Observer`] and gets a [`RunReport`] back.
//!
//! The capacity search lives here too ([`search`]): its judging, its state
//! and its driver, which runs the steps through a step function the caller
//! passes (one run of this engine, or one run split over agents by
//! `barrage-dist`). It is the engine's because a search is a schedule of
//! runs and needs nothing but the engine's types; across hosts only the
//! step differs, so `barrage load --find-max`, with or without `--agents`,
//! and the lab drive the same search.
//!
//! ```no_run
//! use barrage_engine::{LoadSpec, Model, run, NoObserver};
//! let mut spec = LoadSpec::from_url("http://127.0.0.1:8080/hello").unwrap();
//! spec.model = Model::Closed { connections: 100, pipeline: 1 };
//! spec.duration = Some(std::time::Duration::from_secs(10));
//! let report = run(&spec, &mut NoObserver).unwrap();
//! println!("{} responses/s", report.totals.responses_per_s);
//! ```

mod coordinator;
pub mod http1;
mod limits;
mod link;
pub mod mix;
pub mod pacer;
mod quic;
mod recorder;
mod report;
mod request;
pub mod script;
pub mod search;
pub mod session;
mod source;
mod spec;
mod stamp;
mod timer;
mod tls;
mod transport;
mod uring;
mod wire;
mod worker;

/// Thresholds a run must meet (`--check`, in the syntax `--slo` shares)
/// and their judgement against a report.
pub use barrage_model::check;
/// The report types are the shared model's: re-exported so that a library
/// user needs only this crate.
pub use barrage_model::histogram;
pub use barrage_model::load::{
    AgentReport, AgentsReport, ArrivalKind, ConnectionStats, ErrorCount, GrpcReport,
    GrpcSpecSummary, GrpcStatusCount, H2Events, H2Report, Histograms, IoKind, LatencyStats,
    ModelKind, OpenLoopStats, RunReport, Second, SessionStats, SpecSummary, StageReport,
    StopReason, TargetReport, TemplateReport, TlsReport, Totals, WireSummary, WsReport,
    WsSpecSummary, MAX_STAGES, SCHEMA,
};
pub use coordinator::{run, run_scripted, run_until, NoObserver, Observer, Window};
pub use limits::{raise_open_files_limit, OpenFiles};
pub use pacer::{Arrival, Curve, Pacer};
pub use recorder::{Counters, ErrorKind, LATE_SEND};
pub use report::spec_summary;
pub use request::{check_header, is_token, RequestTemplate};
pub use spec::{
    Field, GrpcOptions, GrpcShape, GrpcUnit, H2Options, LoadSpec, Model, Part, Protocol, Reuse,
    Schedule, Scheme, SpecError, Stage, Target, WsMode, WsOptions, DEFAULT_SEND_WINDOW,
    DEFAULT_WS_MESSAGE_BYTES, MAX_SEND_WINDOW, MAX_WS_MESSAGE_BYTES,
};
pub use tls::{client_config as tls_client_config, TlsOptions};
pub use uring::unavailable as io_uring_unavailable;
