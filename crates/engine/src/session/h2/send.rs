//! Flow control of what barrage sends: the server's SETTINGS (its initial
//! stream window among them), WINDOW_UPDATEs, and DATA on an open stream
//! that waits for them ([`H2Session::send_data`]), as a client or
//! bidirectional gRPC stream sends its messages. Plain HTTP/2 sends its
//! request bodies whole in `submit` and never queues here.

use super::frame::{self, code, flag, kind, setting, FrameHeader, MAX_WINDOW};
use super::{error, expect_len, H2Session, ProtocolError, State};

/// DATA of one stream that waits for window.
#[derive(Debug)]
pub(super) struct Blocked {
    pub id: u32,
    pub bytes: Vec<u8>,
    /// END_STREAM goes with the last of it.
    pub end_stream: bool,
}

/// RST_STREAM's CANCEL (RFC 9113 §7).
const CANCEL: u32 = 0x8;

impl H2Session {
    /// Sends `data` on open stream `id` (END_STREAM with its last byte if
    /// `end_stream`; empty data with `end_stream` half-closes): as much as
    /// the stream's and the connection's send windows allow now, the rest
    /// queued until WINDOW_UPDATEs make room. Data for a stream that ended
    /// is dropped.
    pub fn send_data(&mut self, id: u32, data: &[u8], end_stream: bool, out: &mut Vec<u8>) {
        if let Some(b) = self.blocked.iter_mut().find(|b| b.id == id) {
            b.bytes.extend_from_slice(data);
            b.end_stream |= end_stream;
            return;
        }
        let sent = self.write_data(id, data, end_stream, out);
        if let Some(sent) = sent.filter(|&n| n < data.len()) {
            self.blocked.push_back(Blocked {
                id,
                bytes: data[sent..].to_vec(),
                end_stream,
            });
        }
    }

    /// Whether DATA of stream `id` waits for window.
    pub fn is_blocked(&self, id: u32) -> bool {
        self.blocked.iter().any(|b| b.id == id)
    }

    /// Cancels stream `id`: RST_STREAM(CANCEL), and its request is
    /// forgotten (returned, if it was open).
    pub fn reset(&mut self, id: u32, out: &mut Vec<u8>) -> Option<super::Inflight> {
        let stream = self.streams.remove(id)?;
        self.unblock(id);
        frame::put_header(out, 4, kind::RST_STREAM, 0, id);
        out.extend_from_slice(&CANCEL.to_be_bytes());
        Some(stream.request)
    }

    /// Drops what stream `id` had queued.
    pub(super) fn unblock(&mut self, id: u32) {
        if !self.blocked.is_empty() {
            self.blocked.retain(|b| b.id != id);
        }
    }

    /// Writes the start of `data` that fits the windows; returns how much
    /// (`None`: the stream is gone, nothing to queue).
    fn write_data(
        &mut self,
        id: u32,
        data: &[u8],
        end_stream: bool,
        out: &mut Vec<u8>,
    ) -> Option<usize> {
        let max_frame = self.peer_max_frame;
        let conn_window = self.send_window;
        let stream = self.streams.get_mut(id)?;
        let room = conn_window.min(stream.send_window).max(0) as usize;
        let n = room.min(data.len());
        let whole = n == data.len();
        if n == 0 && !(whole && end_stream) {
            return Some(0);
        }
        stream.send_window -= n as i64;
        self.send_window -= n as i64;
        self.sent_data |= n > 0;
        let end = if whole && end_stream {
            flag::END_STREAM
        } else {
            0
        };
        if n == 0 {
            frame::put_header(out, 0, kind::DATA, end, id);
            return Some(0);
        }
        let mut chunks = data[..n].chunks(max_frame).peekable();
        while let Some(chunk) = chunks.next() {
            let last = if chunks.peek().is_none() { end } else { 0 };
            frame::put_header(out, chunk.len(), kind::DATA, last, id);
            out.extend_from_slice(chunk);
        }
        Some(n)
    }

    /// Writes what waited, oldest first, as far as the windows now allow.
    pub(super) fn flush_blocked(&mut self, out: &mut Vec<u8>) {
        let mut i = 0;
        while i < self.blocked.len() && self.send_window > 0 {
            let mut b = std::mem::replace(
                &mut self.blocked[i],
                Blocked {
                    id: 0,
                    bytes: Vec::new(),
                    end_stream: false,
                },
            );
            match self.write_data(b.id, &b.bytes, b.end_stream, out) {
                Some(n) if n < b.bytes.len() => {
                    b.bytes.drain(..n);
                    self.blocked[i] = b;
                    i += 1;
                }
                _ => {
                    self.blocked.remove(i);
                }
            }
        }
    }

    pub(super) fn on_window_update(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), ProtocolError> {
        expect_len(&h, payload, 4, "WINDOW_UPDATE")?;
        let increment = frame::u32_at(payload, 0) & MAX_WINDOW;
        if increment == 0 {
            return Err(error(
                code::PROTOCOL_ERROR,
                format!("WINDOW_UPDATE of 0 on stream {}", h.stream),
            ));
        }
        if h.stream == 0 {
            self.send_window += i64::from(increment);
            if self.send_window > i64::from(MAX_WINDOW) {
                return Err(error(
                    code::FLOW_CONTROL_ERROR,
                    "the connection send window grew past 2^31-1".into(),
                ));
            }
        } else if let Some(stream) = self.streams.get_mut(h.stream) {
            stream.send_window += i64::from(increment);
            if stream.send_window > i64::from(MAX_WINDOW) {
                return Err(error(
                    code::FLOW_CONTROL_ERROR,
                    format!("stream {}'s send window grew past 2^31-1", h.stream),
                ));
            }
        }
        if !self.blocked.is_empty() {
            self.flush_blocked(out);
        }
        Ok(())
    }

    pub(super) fn on_settings(
        &mut self,
        h: FrameHeader,
        payload: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<(), ProtocolError> {
        if h.stream != 0 {
            return Err(error(code::PROTOCOL_ERROR, "SETTINGS on a stream".into()));
        }
        if h.has(flag::ACK) {
            return expect_len(&h, payload, 0, "SETTINGS ack");
        }
        if !payload.len().is_multiple_of(6) {
            return Err(error(
                code::FRAME_SIZE_ERROR,
                format!("SETTINGS of {} bytes, not a multiple of 6", payload.len()),
            ));
        }
        for entry in payload.chunks_exact(6) {
            let id = u16::from_be_bytes([entry[0], entry[1]]);
            self.apply_setting(id, frame::u32_at(entry, 2))?;
        }
        self.events.settings_received += 1;
        frame::put_settings_ack(out);
        self.flush_blocked(out);
        if self.state == State::AwaitSettings {
            self.state = State::Open;
        }
        Ok(())
    }

    fn apply_setting(&mut self, id: u16, value: u32) -> Result<(), ProtocolError> {
        match id {
            setting::HEADER_TABLE_SIZE => self.encoder.set_limit(value as usize),
            setting::MAX_CONCURRENT_STREAMS => {
                self.peer_max_streams = value;
                self.events.peer_max_streams = value;
            }
            setting::INITIAL_WINDOW_SIZE => {
                if value > MAX_WINDOW {
                    return Err(error(
                        code::FLOW_CONTROL_ERROR,
                        format!("SETTINGS_INITIAL_WINDOW_SIZE {value} is above 2^31-1"),
                    ));
                }
                if self.max_body > i64::from(value) {
                    return Err(error(
                        code::FLOW_CONTROL_ERROR,
                        format!(
                            "the server's stream window ({value} bytes) is smaller than the \
                             {}-byte request body, which barrage sends whole",
                            self.max_body
                        ),
                    ));
                }
                // Open streams' send windows move by the change (RFC 9113 §6.9.2).
                let delta = i64::from(value) - self.peer_initial_window;
                self.peer_initial_window = i64::from(value);
                if delta != 0 {
                    for (_, stream) in self.streams.iter_mut() {
                        stream.send_window += delta;
                    }
                }
            }
            setting::MAX_FRAME_SIZE => {
                if !(frame::DEFAULT_MAX_FRAME..=0xff_ffff).contains(&value) {
                    return Err(error(
                        code::PROTOCOL_ERROR,
                        format!("SETTINGS_MAX_FRAME_SIZE {value} is outside 16,384 to 16,777,215"),
                    ));
                }
                self.peer_max_frame = value as usize;
            }
            setting::ENABLE_PUSH if value > 1 => {
                return Err(error(
                    code::PROTOCOL_ERROR,
                    format!("SETTINGS_ENABLE_PUSH {value} is not 0 or 1"),
                ))
            }
            _ => {} // unknown settings are ignored (RFC 9113 §6.5.2)
        }
        Ok(())
    }
}
