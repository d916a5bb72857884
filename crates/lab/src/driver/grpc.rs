//! barrage's flags for a gRPC scenario: `--proto FILE -I DIR --call C
//! --data JSON --grpc-unit call|message [--stream-messages N] [-m K]
//! --grpc URL` (the URL last: `http://` for grpc, `https://` with
//! `--insecure` for grpcs). Only barrage calls gRPC methods; the other
//! drivers refuse the scenario in `driver.rs`.

use barrage_model::load::GrpcUnit;

use super::{url_host, Level};
use crate::suite::{GrpcScenario, Scenario, Wire};

/// What barrage cannot do with a gRPC scenario: sessions (a connection
/// per session), and several calls in flight per connection in an open
/// loop of calls (it starts each call on its schedule).
pub(super) fn supports(grpc: &GrpcScenario, protocol: Wire, level: &Level) -> Result<(), String> {
    match level {
        Level::Sessions { .. } | Level::Search { calls: Some(_), .. } => Err(format!(
            "barrage loads {protocol} in a closed or an open loop, not in sessions"
        )),
        Level::Connections(_) => Ok(()),
        _ if grpc.in_flight > 1 && grpc.unit == GrpcUnit::Call => Err(
            "barrage starts gRPC calls on the open loop's schedule: in_flight applies to a level of connections (or to unit = \"message\")"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// The call's flags: the .proto (its directory the import path), the
/// method, the request data, the unit, the stream's length and the calls
/// (unit call, closed loop) or streams (unit message) per connection.
pub(super) fn flags(grpc: &GrpcScenario, level: &Level) -> Vec<String> {
    let mut flags = vec!["--proto".to_string(), grpc.proto.clone()];
    if let Some(dir) = std::path::Path::new(&grpc.proto).parent() {
        flags.extend(["-I".into(), dir.to_string_lossy().into_owned()]);
    }
    flags.extend([
        "--call".into(),
        grpc.call.clone(),
        "--data".into(),
        grpc.data.clone(),
        "--grpc-unit".into(),
        unit_name(grpc.unit).into(),
    ]);
    if let Some(n) = grpc.stream_messages {
        flags.extend(["--stream-messages".into(), n.to_string()]);
    }
    let closed = matches!(level, Level::Connections(_)) && grpc.rate.is_none();
    if closed || grpc.unit == GrpcUnit::Message {
        flags.extend(["-m".into(), grpc.in_flight.max(1).to_string()]);
    }
    flags
}

/// The load model's flags of a scenario with a fixed `rate`: `-R RATE -c
/// C` at a level of C connections; none for the others (the level's).
pub(super) fn rate_flags(grpc: &GrpcScenario, level: &Level) -> Option<Vec<String>> {
    match (grpc.rate, level) {
        (Some(rate), Level::Connections(c)) => Some(vec![
            "-R".into(),
            super::number(rate),
            "-c".into(),
            c.to_string(),
        ]),
        _ => None,
    }
}

/// `call` or `message`, as `--grpc-unit` takes it.
pub(crate) fn unit_name(unit: GrpcUnit) -> &'static str {
    match unit {
        GrpcUnit::Call => "call",
        GrpcUnit::Message => "message",
    }
}

/// `http://host:port` (grpc, h2c) or `https://host:port` (grpcs): the
/// method's path is the call's, not the URL's.
pub(super) fn url(scenario: &Scenario, host: &str, port: u16) -> String {
    let scheme = if scenario.protocol.is_tls() {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{}:{port}", url_host(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(protocol: Wire, unit: GrpcUnit, in_flight: usize) -> Scenario {
        let mut grpc = GrpcScenario::echo("/repo/proto/bench.proto");
        grpc.unit = unit;
        grpc.in_flight = in_flight;
        Scenario {
            grpc: Some(grpc),
            ..Scenario::get(protocol, "/barrage.bench.v1.Bench/Echo")
        }
    }

    #[test]
    fn flags_and_urls() {
        let s = scenario(Wire::GRPC, GrpcUnit::Call, 10);
        let g = s.grpc.as_ref().unwrap();
        assert_eq!(
            flags(g, &Level::Connections(16)).join(" "),
            "--proto /repo/proto/bench.proto -I /repo/proto --call barrage.bench.v1.Bench/Echo --data {\"payload\":\"aGVsbG8=\"} --grpc-unit call -m 10"
        );
        let rate = Level::Rate {
            rate: 100.0,
            connections: 4,
        };
        assert!(!flags(g, &rate).contains(&"-m".to_string()));
        assert_eq!(url(&s, "127.0.0.1", 8080), "http://127.0.0.1:8080");
        assert_eq!(rate_flags(g, &Level::Connections(16)), None);
        let mut paced = g.clone();
        paced.rate = Some(2000.0);
        assert_eq!(
            rate_flags(&paced, &Level::Connections(16))
                .unwrap()
                .join(" "),
            "-R 2000 -c 16"
        );
        assert!(!flags(&paced, &Level::Connections(16)).contains(&"-m".to_string()));
        let tls = scenario(Wire::GRPCS, GrpcUnit::Call, 1);
        assert_eq!(url(&tls, "::1", 8443), "https://[::1]:8443");
        let mut chat = scenario(Wire::GRPC, GrpcUnit::Message, 2);
        chat.grpc.as_mut().unwrap().stream_messages = Some(1000);
        let f = flags(chat.grpc.as_ref().unwrap(), &rate).join(" ");
        assert!(
            f.ends_with("--grpc-unit message --stream-messages 1000 -m 2"),
            "{f}"
        );
    }

    #[test]
    fn sessions_and_open_loops_of_several_calls_are_refused() {
        let sessions = Level::Sessions {
            rate: 10.0,
            calls: 2,
            sessions: 100,
        };
        let s = scenario(Wire::GRPC, GrpcUnit::Call, 1);
        let g = s.grpc.as_ref().unwrap();
        let e = supports(g, s.protocol, &sessions).unwrap_err();
        assert!(e.contains("not in sessions"), "{e}");
        assert!(supports(g, s.protocol, &Level::Connections(1)).is_ok());
        let rate = Level::Rate {
            rate: 100.0,
            connections: 4,
        };
        assert!(supports(g, s.protocol, &rate).is_ok());
        let many = scenario(Wire::GRPC, GrpcUnit::Call, 4);
        let e = supports(many.grpc.as_ref().unwrap(), many.protocol, &rate).unwrap_err();
        assert!(e.contains("in_flight"), "{e}");
        let chat = scenario(Wire::GRPC, GrpcUnit::Message, 4);
        assert!(supports(chat.grpc.as_ref().unwrap(), chat.protocol, &rate).is_ok());
    }
}
