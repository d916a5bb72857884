//! What a server can make the session do for nothing, bounded (the HTTP/2
//! "ping flood", "settings flood", "empty frames flood" and "reset flood"
//! of CVE-2019-9512, -9515, -9518 and -9514 turned on a client).
//!
//! Two counts, each with a limit past which the connection ends with
//! GOAWAY(ENHANCE_YOUR_CALM) and a `flood` error:
//!
//! - **Acknowledgements owed**: PING and SETTINGS ACKs queued since the
//!   transport last wrote everything it held. A server that sends PINGs
//!   and never reads would otherwise grow the connection's unwritten bytes
//!   without bound. [`MAX_OWED_ACKS`] is nghttp2's default
//!   (`nghttp2_option_set_max_outbound_ack`), and so h2load's.
//! - **Frames in a row that move no response on**: PING, SETTINGS,
//!   PRIORITY, GOAWAY and unknown types; empty DATA without END_STREAM;
//!   WINDOW_UPDATE when barrage sent no DATA since the last one;
//!   RST_STREAM for a stream already ended; empty CONTINUATION. A response's
//!   HEADERS or DATA, a reset of a live stream, or a WINDOW_UPDATE that
//!   answers barrage's DATA starts the count again.
//!
//! A header block longer than 256 KiB (HEADERS and its CONTINUATIONs, the
//! CONTINUATION flood) is one too.

use super::frame::{flag, kind, FrameHeader};
use crate::recorder::ErrorKind;
use crate::session::SessionError;

/// Acknowledgements (PING and SETTINGS ACKs) the session queues at most
/// while the transport holds unwritten bytes.
pub const MAX_OWED_ACKS: u32 = 1_000;
/// Frames in a row that move no response on, at most.
pub const MAX_IDLE_FRAMES: u32 = 10_000;

/// What one frame did, for the counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// It moved a response (or barrage's own sending) on.
    Progress,
    /// It moved nothing on.
    Idle,
    /// It moved nothing on, and barrage owes an acknowledgement for it.
    Owed,
}

#[derive(Debug, Default)]
pub(super) struct FloodGuard {
    owed: u32,
    idle: u32,
}

impl FloodGuard {
    /// Counts a frame the session has handled; the flood error past a limit.
    pub fn count(&mut self, h: &FrameHeader, effect: Effect) -> Result<(), SessionError> {
        match effect {
            Effect::Progress => {
                self.idle = 0;
                return Ok(());
            }
            Effect::Owed => self.owed += 1,
            Effect::Idle => {}
        }
        self.idle += 1;
        if self.owed > MAX_OWED_ACKS {
            return Err(flood(format!(
                "more than {MAX_OWED_ACKS} acknowledgements owed to a server that does not \
                 read them (the last for a {})",
                frame_name(h)
            )));
        }
        if self.idle > MAX_IDLE_FRAMES {
            return Err(flood(format!(
                "more than {MAX_IDLE_FRAMES} frames in a row moved no response on (the last a {})",
                frame_name(h)
            )));
        }
        Ok(())
    }

    /// The transport wrote everything it held: nothing is owed any more.
    pub fn written(&mut self) {
        self.owed = 0;
    }
}

pub(super) fn flood(msg: String) -> SessionError {
    SessionError {
        kind: ErrorKind::Flood,
        message: format!("HTTP/2 ENHANCE_YOUR_CALM: {msg}"),
    }
}

/// A frame's type as RFC 9113 names it (with ACK where it is one).
fn frame_name(h: &FrameHeader) -> String {
    let name = match h.kind {
        kind::DATA => "DATA",
        kind::HEADERS => "HEADERS",
        kind::PRIORITY => "PRIORITY",
        kind::RST_STREAM => "RST_STREAM",
        kind::SETTINGS if h.has(flag::ACK) => "SETTINGS ACK",
        kind::SETTINGS => "SETTINGS",
        kind::PUSH_PROMISE => "PUSH_PROMISE",
        kind::PING if h.has(flag::ACK) => "PING ACK",
        kind::PING => "PING",
        kind::GOAWAY => "GOAWAY",
        kind::WINDOW_UPDATE => "WINDOW_UPDATE",
        kind::CONTINUATION => "CONTINUATION",
        other => return format!("frame of unknown type {other:#x}"),
    };
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(kind: u8, flags: u8) -> FrameHeader {
        FrameHeader {
            len: 8,
            kind,
            flags,
            stream: 0,
        }
    }

    #[test]
    fn acknowledgements_owed_are_bounded_until_written() {
        let ping = header(kind::PING, 0);
        let mut g = FloodGuard::default();
        for _ in 0..MAX_OWED_ACKS {
            g.count(&ping, Effect::Owed).unwrap();
        }
        g.written();
        for _ in 0..MAX_OWED_ACKS {
            g.count(&ping, Effect::Owed).unwrap();
            g.count(&header(kind::HEADERS, 0), Effect::Progress)
                .unwrap();
        }
        let e = g.count(&ping, Effect::Owed).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Flood);
        assert!(e.message.contains("acknowledgements owed") && e.message.contains("PING"));
    }

    #[test]
    fn idle_frames_in_a_row_are_bounded_and_progress_restarts_the_count() {
        let empty = header(kind::DATA, 0);
        let mut g = FloodGuard::default();
        for round in 0..3 {
            for _ in 0..MAX_IDLE_FRAMES {
                g.count(&empty, Effect::Idle).unwrap();
            }
            if round < 2 {
                g.count(&empty, Effect::Progress).unwrap();
            }
        }
        let e = g
            .count(&header(kind::WINDOW_UPDATE, 0), Effect::Idle)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Flood);
        assert!(
            e.message.contains("in a row") && e.message.contains("WINDOW_UPDATE"),
            "{}",
            e.message
        );
        assert!(frame_name(&header(0x42, 0)).contains("0x42"));
        assert_eq!(
            frame_name(&header(kind::SETTINGS, flag::ACK)),
            "SETTINGS ACK"
        );
    }
}
