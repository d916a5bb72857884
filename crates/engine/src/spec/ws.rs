//! A WebSocket run's options ([`WsOptions`]: the message, text or binary,
//! echo or subscribe, pings) and the checks of a spec that asks for
//! WebSocket.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{err, Field, LoadSpec, Model, SpecError, WsMode};

/// What a WebSocket run sends, and how.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WsOptions {
    /// Each message's payload.
    pub message: Vec<u8>,
    /// Binary frames (opcode 2); else text (opcode 1), whose payload must be UTF-8.
    pub binary: bool,
    pub mode: WsMode,
    /// A ping every this long on each connection.
    pub ping_interval: Option<Duration>,
}

/// The default message's size.
pub const DEFAULT_WS_MESSAGE_BYTES: usize = 64;
/// The largest message sent (and received).
pub const MAX_WS_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

impl WsOptions {
    /// A text message of `n` bytes (printable ASCII).
    pub fn text_of(n: usize) -> Vec<u8> {
        (0..n).map(|i| b'a' + (i % 26) as u8).collect()
    }
}

impl Default for WsOptions {
    /// Echo of a 64-byte text message, no pings.
    fn default() -> Self {
        WsOptions {
            message: WsOptions::text_of(DEFAULT_WS_MESSAGE_BYTES),
            binary: false,
            mode: WsMode::Echo,
            ping_interval: None,
        }
    }
}

impl LoadSpec {
    pub(super) fn validate_ws(&self) -> Result<(), SpecError> {
        let ws = &self.ws;
        if self.mix.is_some() || self.requests.len() > 1 {
            return err(
                Field::Requests,
                "a WebSocket run upgrades one URL: a mix or a list of URLs is HTTP's",
            );
        }
        if let Model::Sessions { .. } = self.model {
            return err(
                Field::Sessions,
                "a WebSocket run is a closed or an open loop of messages, not sessions",
            );
        }
        if ws.message.is_empty() || ws.message.len() > MAX_WS_MESSAGE_BYTES {
            return err(
                Field::WsMessage,
                format!(
                    "a WebSocket message must be 1 byte to {} MiB (it is {} bytes)",
                    MAX_WS_MESSAGE_BYTES >> 20,
                    ws.message.len()
                ),
            );
        }
        if !ws.binary && std::str::from_utf8(&ws.message).is_err() {
            return err(
                Field::WsMessage,
                "a WebSocket text message must be UTF-8: send it as binary",
            );
        }
        if ws.ping_interval.is_some_and(|p| p.is_zero()) {
            return err(
                Field::WsMessage,
                "the ping interval must be greater than zero",
            );
        }
        if ws.mode == WsMode::Subscribe && (self.max_requests.is_some() || self.duration.is_none())
        {
            return err(
                Field::Duration,
                "a WebSocket subscription sends nothing: it ends after a duration, not a number of messages",
            );
        }
        if ws.mode == WsMode::Subscribe && !matches!(self.model, Model::Closed { .. }) {
            return err(
                Field::Rate,
                "a WebSocket subscription sends nothing: it has no message rate",
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ws_url_makes_a_websocket_spec_that_travels_as_json() {
        let s = LoadSpec::from_url("wss://127.0.0.1:1/ws").unwrap();
        assert_eq!(s.protocol, super::super::Protocol::Ws);
        assert_eq!(s.target.scheme, super::super::Scheme::Https);
        assert_eq!(s.ws.message.len(), DEFAULT_WS_MESSAGE_BYTES);
        let json = serde_json::to_value(&s).unwrap();
        let back: LoadSpec = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back.ws, s.ws);
        // A spec written before WebSocket reads with the default options.
        let mut old = json;
        old.as_object_mut().unwrap().remove("ws");
        let back: LoadSpec = serde_json::from_value(old).unwrap();
        assert_eq!(back.ws, WsOptions::default());
    }

    #[test]
    fn websocket_specs_are_checked() {
        let mut s = LoadSpec::from_url("ws://127.0.0.1:1/ws").unwrap();
        assert_eq!(s.validate(), Ok(()));
        let field = |s: &LoadSpec| s.validate().unwrap_err().field;
        s.ws.message = vec![0xff];
        assert_eq!(field(&s), Field::WsMessage);
        s.ws.binary = true;
        assert_eq!(s.validate(), Ok(()));
        s.ws.message.clear();
        assert_eq!(field(&s), Field::WsMessage);
        s.ws.message = b"x".to_vec();
        s.ws.mode = WsMode::Subscribe;
        s.max_requests = Some(10);
        assert_eq!(field(&s), Field::Duration);
        s.max_requests = None;
        assert_eq!(s.validate(), Ok(()));
        s.ws.ping_interval = Some(Duration::ZERO);
        assert_eq!(field(&s), Field::WsMessage);
        s.ws.ping_interval = None;
        s.reuse = super::super::Reuse::Close;
        assert_eq!(field(&s), Field::Reuse);
    }
}
