//! The provided-buffer ring: the memory a multishot receive writes into,
//! and the ring of entries through which the kernel picks a buffer for each
//! completion and the worker hands it back once its bytes are fed to a session.
//!
//! Must not: know connections (a buffer is an id and a length here).

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::io;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU16, Ordering};

use io_uring::types::BufRingEntry;
use io_uring::IoUring;

/// The buffer group every receive selects from.
pub(crate) const GROUP: u16 = 1;

/// `count` buffers of `size` bytes, registered with a ring as [`GROUP`].
pub(crate) struct BufRing {
    /// `count` entries, page aligned (the kernel reads them).
    entries: NonNull<BufRingEntry>,
    layout: Layout,
    /// The buffers themselves, `size` bytes each, back to back.
    data: Box<[u8]>,
    size: usize,
    mask: u16,
    /// Entries added so far (wrapping); published by [`BufRing::publish`].
    tail: u16,
}

// SAFETY: the entries are an allocation this value owns alone, as a Box
// would; the kernel only reads them while the ring that registered them is
// alive, and that ring is used by the thread that owns this value.
unsafe impl Send for BufRing {}

impl BufRing {
    /// Allocates `count` (a power of two, at most 32768) buffers of `size`
    /// bytes and registers them with `ring`, every buffer given to the kernel.
    pub fn register(ring: &IoUring, count: u16, size: usize) -> io::Result<BufRing> {
        assert!(count.is_power_of_two());
        let bytes = usize::from(count) * std::mem::size_of::<BufRingEntry>();
        let layout = Layout::from_size_align(bytes, 4096).map_err(io::Error::other)?;
        // SAFETY: the layout's size is not zero (count ≥ 1).
        let raw = unsafe { alloc_zeroed(layout) }.cast::<BufRingEntry>();
        let entries = NonNull::new(raw).ok_or_else(|| io::Error::other("out of memory"))?;
        let mut bufs = BufRing {
            entries,
            layout,
            data: vec![0u8; usize::from(count) * size].into_boxed_slice(),
            size,
            mask: count - 1,
            tail: 0,
        };
        // SAFETY: the entries live as long as `bufs`, which is dropped only
        // after the ring is (the owner's field order) or after unregistering.
        unsafe {
            ring.submitter()
                .register_buf_ring_with_flags(raw as u64, count, GROUP, 0)?;
        }
        for bid in 0..count {
            bufs.recycle(bid);
        }
        bufs.publish();
        Ok(bufs)
    }

    /// The first `len` bytes the kernel wrote into buffer `bid`.
    pub fn bytes(&self, bid: u16, len: usize) -> &[u8] {
        let at = usize::from(bid) * self.size;
        &self.data[at..at + len.min(self.size)]
    }

    /// Gives buffer `bid` back to the kernel (seen once [`publish`](Self::publish)ed).
    pub fn recycle(&mut self, bid: u16) {
        let addr = self.data.as_ptr() as u64 + (usize::from(bid) * self.size) as u64;
        // SAFETY: the index is masked into the `mask + 1` entries allocated.
        let entry = unsafe {
            &mut *self
                .entries
                .as_ptr()
                .add(usize::from(self.tail & self.mask))
        };
        entry.set_addr(addr);
        entry.set_len(self.size as u32);
        entry.set_bid(bid);
        self.tail = self.tail.wrapping_add(1);
    }

    /// Makes the buffers recycled so far visible to the kernel.
    pub fn publish(&self) {
        // SAFETY: the tail lives in the first entry's reserved field, which
        // the kernel reads with an acquire load; the entries are ours.
        unsafe {
            let tail = BufRingEntry::tail(self.entries.as_ptr()) as *const AtomicU16;
            (*tail).store(self.tail, Ordering::Release);
        }
    }
}

impl Drop for BufRing {
    fn drop(&mut self) {
        // SAFETY: allocated in `register` with this layout.
        unsafe { dealloc(self.entries.as_ptr().cast(), self.layout) }
    }
}
