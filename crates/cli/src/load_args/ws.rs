//! `barrage load`'s WebSocket flags (`--ws`, `--ws-message`, `--ws-size`,
//! `--ws-binary`, `--ws-subscribe`, `--ws-ping`): the URL they turn into a
//! `ws://` one, the spec's [`WsOptions`], and the HTTP flags that do not
//! apply to a WebSocket run, each refused in one line.

use super::*;

/// The URL to load: `--ws` turns `http://` into `ws://` and `https://`
/// into `wss://`; WebSocket flags without a WebSocket URL are refused.
pub(super) fn url(a: &LoadArgs) -> Result<String, String> {
    let url = a.url.trim();
    let lower = url.to_ascii_lowercase();
    let ws_url = lower.starts_with("ws://") || lower.starts_with("wss://");
    if a.ws && !ws_url {
        for (from, to) in [("http://", "ws://"), ("https://", "wss://")] {
            if lower.starts_with(from) {
                return Ok(format!("{to}{}", &url[from.len()..]));
            }
        }
        return Err(format!(
            "--ws: {url:?} is not an http://, https://, ws:// or wss:// URL"
        ));
    }
    let ws_flags = a.ws_message.is_some()
        || a.ws_size.is_some()
        || a.ws_binary
        || a.ws_subscribe
        || a.ws_ping.is_some();
    if ws_flags && !ws_url && !a.ws {
        return Err(
            "--ws-message, --ws-size, --ws-binary, --ws-subscribe and --ws-ping apply to WebSocket: use a ws:// or wss:// URL, or --ws"
                .into(),
        );
    }
    Ok(url.to_string())
}

/// A WebSocket spec's messages and model, from the flags; the HTTP-only
/// flags refused. Does nothing for an HTTP run.
pub(super) fn apply(a: &LoadArgs, spec: &mut LoadSpec) -> Result<(), String> {
    if spec.protocol != Protocol::Ws {
        return Ok(());
    }
    refuse_http_flags(a)?;
    spec.ws = WsOptions {
        message: message(a)?,
        binary: a.ws_binary,
        mode: if a.ws_subscribe {
            WsMode::Subscribe
        } else {
            WsMode::Echo
        },
        ping_interval: a.ws_ping,
    };
    if a.ws_ping.is_some_and(|p| p.is_zero()) {
        return Err("--ws-ping: the interval must be greater than zero".into());
    }
    // -m is the messages in flight per connection (the closed loop's depth).
    spec.h2.streams = 1;
    if a.streams > 1 {
        match &mut spec.model {
            Model::Closed { pipeline, .. } => *pipeline = a.streams,
            _ => {
                return Err(
                    "-m applies to the closed loop: -R sends one message at a time per connection"
                        .into(),
                )
            }
        }
    }
    if a.ws_subscribe {
        check_subscribe(a)?;
    }
    Ok(())
}

fn refuse_http_flags(a: &LoadArgs) -> Result<(), String> {
    let refused = [
        (a.h2 || a.h2c, "--h2 and --h2c do not apply to WebSocket: it runs over HTTP/1.1's upgrade (WebSocket over HTTP/2, RFC 8441, is not supported)"),
        (a.h3, "--h3 does not apply to WebSocket: it runs over HTTP/1.1's upgrade (TCP or TLS), not QUIC"),
        (a.script.is_some(), "--script does not apply to WebSocket: a script makes HTTP requests"),
        (a.mix.is_some(), "--mix does not apply to WebSocket: give the message with --ws-message or --ws-size"),
        (a.urls.is_some(), "--urls does not apply to WebSocket: a run upgrades one URL"),
        (a.body.is_some(), "--body does not apply to WebSocket: give the message with --ws-message"),
        (a.method != "GET", "--method does not apply to WebSocket: the upgrade is a GET"),
        (a.no_keepalive || a.http10, "--no-keepalive and --http1.0 do not apply to WebSocket: its connections stay open"),
        (a.pipeline > 1, "--pipeline does not apply to WebSocket: -m sets the messages in flight per connection"),
        (a.conn_rate.is_some(), "--conn-rate does not apply to WebSocket: use -c (closed loop) or -R (messages/s)"),
    ];
    match refused.into_iter().find(|(bad, _)| *bad) {
        Some((_, why)) => Err(why.into()),
        None => Ok(()),
    }
}

/// The message: `--ws-message TEXT|@FILE`, `--ws-size N`, or 64 bytes of text.
fn message(a: &LoadArgs) -> Result<Vec<u8>, String> {
    let max = barrage_engine::MAX_WS_MESSAGE_BYTES;
    let message = match (&a.ws_message, a.ws_size) {
        (Some(_), Some(_)) => {
            return Err("--ws-message and --ws-size both give the message: use one".into())
        }
        (Some(m), None) => match m.strip_prefix('@') {
            Some(path) => std::fs::read(path)
                .map_err(|e| format!("--ws-message @{path}: cannot read the file: {e}"))?,
            None => m.as_bytes().to_vec(),
        },
        (None, Some(n)) if n == 0 || n > max => {
            return Err(format!(
                "--ws-size {n}: a message must be 1 byte to {} MiB",
                max >> 20
            ))
        }
        (None, Some(n)) => WsOptions::text_of(n),
        (None, None) => WsOptions::default().message,
    };
    if message.is_empty() || message.len() > max {
        return Err(format!(
            "--ws-message: a message must be 1 byte to {} MiB (it is {} bytes)",
            max >> 20,
            message.len()
        ));
    }
    if !a.ws_binary && std::str::from_utf8(&message).is_err() {
        return Err(
            "--ws-message: the message is not UTF-8, which a text message must be: add --ws-binary"
                .into(),
        );
    }
    Ok(message)
}

fn check_subscribe(a: &LoadArgs) -> Result<(), String> {
    let refused = [
        (
            a.rate.is_some(),
            "--ws-subscribe sends nothing: -R (a message rate) does not apply",
        ),
        (
            a.requests.is_some(),
            "--ws-subscribe sends nothing: -n does not apply; give -d",
        ),
        (
            a.streams > 1,
            "--ws-subscribe sends nothing: -m does not apply",
        ),
        (
            a.ws_message.is_some() || a.ws_size.is_some(),
            "--ws-subscribe sends nothing: --ws-message and --ws-size do not apply",
        ),
        (
            a.find_max,
            "--ws-subscribe sends nothing: --find-max searches a message rate",
        ),
    ];
    match refused.into_iter().find(|(bad, _)| *bad) {
        Some((_, why)) => Err(why.into()),
        None => Ok(()),
    }
}
