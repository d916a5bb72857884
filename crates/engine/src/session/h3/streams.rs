//! The streams of an HTTP/3 connection and what their frames mean: a
//! request stream's response (HEADERS, DATA, trailers), and the server's
//! unidirectional streams (its control stream's SETTINGS and GOAWAY; QPACK's
//! and unknown ones dropped). Pure functions of the bytes: no QUIC calls.

use super::code;
use super::frame::{self, varint, FrameReader};
use super::qpack;
use crate::session::h2::hpack::Status;
use crate::session::Inflight;

/// Unidirectional stream types (RFC 9114 §6.2, RFC 9204 §4.2).
pub(super) const UNI_CONTROL: u64 = 0x00;

/// A request stream in flight.
#[derive(Debug)]
pub(super) struct Stream {
    pub(super) request: Inflight,
    /// The final status, once its HEADERS arrived.
    pub(super) status: Option<u16>,
    pub(super) frames: FrameReader,
    /// Request bytes the stream's flow control has not taken yet.
    pub(super) unsent: Option<Box<[u8]>>,
    /// Sent as 0-RTT data: the whole request, to send again if the server
    /// refuses 0-RTT (dropped once the handshake is done).
    pub(super) replay: Option<Box<[u8]>>,
}

/// A server-initiated unidirectional stream.
#[derive(Debug)]
pub(super) enum Uni {
    /// The type varint has not arrived whole yet.
    Typing(Vec<u8>),
    Control(FrameReader),
    /// QPACK's streams, push streams (never asked for) and unknown types: read and dropped.
    Ignored,
}

/// Feeds a response stream's bytes.
pub(super) fn feed_request(
    stream: &mut Stream,
    data: &[u8],
    scratch: &mut Vec<u8>,
) -> Result<(), (u64, String)> {
    let mut result = Ok(());
    stream.frames.feed(data, &mut |kind, payload| {
        if result.is_err() {
            return;
        }
        result = match kind {
            frame::HEADERS => {
                match qpack::status(payload, scratch) {
                    Ok(Status::Code(c)) if (100..200).contains(&c) => Ok(()),
                    Ok(Status::Code(c)) if stream.status.is_none() => {
                        stream.status = Some(c);
                        Ok(())
                    }
                    // Trailers.
                    Ok(_) if stream.status.is_some() => Ok(()),
                    Ok(_) => Err((
                        code::MESSAGE_ERROR,
                        "a response without a valid :status".to_string(),
                    )),
                    Err(e) => Err((code::QPACK_DECOMPRESSION_FAILED, e.0.to_string())),
                }
            }
            frame::DATA if stream.status.is_none() => Err((
                code::FRAME_UNEXPECTED,
                "DATA before the response's HEADERS".to_string(),
            )),
            frame::DATA => Ok(()),
            frame::CANCEL_PUSH | frame::SETTINGS | frame::GOAWAY | frame::MAX_PUSH_ID => Err((
                code::FRAME_UNEXPECTED,
                format!("a control frame (type {kind:#x}) on a request stream"),
            )),
            frame::PUSH_PROMISE => Err((
                code::ID_ERROR,
                "a PUSH_PROMISE although barrage allows no push".to_string(),
            )),
            // Reserved and unknown types are ignored (§9).
            _ => Ok(()),
        };
    })?;
    result
}

/// Feeds a server unidirectional stream's bytes.
pub(super) fn feed_uni(
    uni: &mut Uni,
    data: &[u8],
    goaway: &mut Option<u64>,
) -> Result<(), (u64, String)> {
    let mut data = data;
    if let Uni::Typing(head) = uni {
        head.extend_from_slice(data);
        let Some((kind, used)) = varint(head) else {
            return Ok(());
        };
        let rest = head[used..].to_vec();
        *uni = if kind == UNI_CONTROL {
            Uni::Control(FrameReader::default())
        } else {
            Uni::Ignored
        };
        if let Uni::Control(reader) = uni {
            return feed_control(reader, &rest, goaway);
        }
        data = &[];
    }
    match uni {
        Uni::Control(reader) => feed_control(reader, data, goaway),
        _ => Ok(()),
    }
}

pub(super) fn feed_control(
    reader: &mut FrameReader,
    data: &[u8],
    goaway: &mut Option<u64>,
) -> Result<(), (u64, String)> {
    let mut result = Ok(());
    let first = reader.frames_seen == 0;
    let mut index = 0;
    let mut idle = reader.idle;
    reader.feed(data, &mut |kind, payload| {
        if result.is_err() {
            return;
        }
        let is_first = first && index == 0;
        index += 1;
        // A GOAWAY that lowers the stream id moves the connection on;
        // reserved and unknown types, and a GOAWAY repeated, do not.
        let moved = is_first
            || (kind == frame::GOAWAY
                && varint(payload).is_some_and(|(id, _)| goaway.is_none_or(|old| id < old)));
        idle = if moved { 0 } else { idle + 1 };
        if idle > frame::MAX_IDLE_CONTROL_FRAMES {
            result = Err((
                code::EXCESSIVE_LOAD,
                format!(
                    "more than {} frames in a row on the control stream moved nothing on (the \
                     last of type {kind:#x})",
                    frame::MAX_IDLE_CONTROL_FRAMES
                ),
            ));
            return;
        }
        result = match kind {
            frame::SETTINGS if is_first => Ok(()),
            _ if is_first => Err((
                code::MISSING_SETTINGS,
                "the control stream did not begin with SETTINGS".to_string(),
            )),
            frame::SETTINGS => Err((
                code::FRAME_UNEXPECTED,
                "a second SETTINGS frame".to_string(),
            )),
            frame::GOAWAY => match varint(payload) {
                Some((id, _)) => {
                    if goaway.is_some_and(|old| id > old) {
                        Err((code::ID_ERROR, "a GOAWAY raised its stream id".to_string()))
                    } else {
                        *goaway = Some(id);
                        Ok(())
                    }
                }
                None => Err((
                    code::FRAME_ERROR,
                    "a GOAWAY without a stream id".to_string(),
                )),
            },
            frame::DATA | frame::HEADERS | frame::PUSH_PROMISE => Err((
                code::FRAME_UNEXPECTED,
                format!("a frame of type {kind:#x} on the control stream"),
            )),
            _ => Ok(()),
        };
    })?;
    reader.idle = idle;
    result
}
