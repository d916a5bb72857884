//! The streams in flight on one connection: a ring indexed by stream id.
//! Client ids grow by two and responses mostly end in order, so slot `i` is
//! stream `base + 2i` and the ring is as long as the span of ids in flight.
//! The ring is generic: a session wrapping HTTP/2 (gRPC) keeps its own
//! per-stream state in one beside the session's.

use std::collections::VecDeque;

use crate::session::Inflight;

#[derive(Debug)]
pub(crate) struct Stream {
    pub request: Inflight,
    /// 0 until the final (non-1xx) response head.
    pub status: u16,
    /// What the server may still send on this stream.
    pub recv_window: i64,
    /// Bytes received since the last WINDOW_UPDATE for this stream.
    pub unacked: u32,
    /// What barrage may still send on this stream (its DATA).
    pub send_window: i64,
}

/// The HTTP/2 session's own streams.
pub(super) type Streams = Ring<Stream>;

#[derive(Debug)]
pub(crate) struct Ring<T> {
    /// `slots[i]` is stream `base + 2i`; `None` once it ended.
    slots: VecDeque<Option<T>>,
    base: u32,
    open: usize,
}

impl<T> Default for Ring<T> {
    fn default() -> Self {
        Ring {
            slots: VecDeque::new(),
            base: 0,
            open: 0,
        }
    }
}

impl<T> Ring<T> {
    /// Streams open (sent, not ended).
    pub fn len(&self) -> usize {
        self.open
    }

    /// Adds stream `id`, the next client id after every one added before.
    pub fn push(&mut self, id: u32, stream: T) {
        if self.slots.is_empty() {
            self.base = id;
        }
        debug_assert_eq!(id, self.base + 2 * self.slots.len() as u32);
        self.slots.push_back(Some(stream));
        self.open += 1;
    }

    pub fn oldest(&self) -> Option<&T> {
        self.slots.iter().flatten().next()
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        let i = self.slot(id)?;
        self.slots[i].as_mut()
    }

    /// Ends stream `id`. Only the front of the ring is trimmed: slot `i`
    /// must stay stream `base + 2i` for the streams added after it.
    pub fn remove(&mut self, id: u32) -> Option<T> {
        let i = self.slot(id)?;
        let stream = self.slots[i].take()?;
        self.open -= 1;
        while let Some(None) = self.slots.front() {
            self.slots.pop_front();
            self.base += 2;
        }
        Some(stream)
    }

    /// Ends every stream above `last` (a GOAWAY's last stream id), newest first.
    pub fn remove_above(&mut self, last: u32, mut each: impl FnMut(u32, T)) {
        while !self.slots.is_empty() {
            let id = self.base + 2 * (self.slots.len() as u32 - 1);
            if id <= last {
                break;
            }
            if let Some(stream) = self.slots.pop_back().flatten() {
                self.open -= 1;
                each(id, stream);
            }
        }
    }

    /// Every open stream, oldest first, with its id.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        let base = self.base;
        self.slots
            .iter()
            .enumerate()
            .filter_map(move |(i, s)| s.as_ref().map(|s| (base + 2 * i as u32, s)))
    }

    /// Every open stream, oldest first, with its id.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u32, &mut T)> {
        let base = self.base;
        self.slots
            .iter_mut()
            .enumerate()
            .filter_map(move |(i, s)| s.as_mut().map(|s| (base + 2 * i as u32, s)))
    }

    fn slot(&self, id: u32) -> Option<usize> {
        if id < self.base || id.is_multiple_of(2) {
            return None;
        }
        let i = ((id - self.base) / 2) as usize;
        (i < self.slots.len()).then_some(i)
    }
}
