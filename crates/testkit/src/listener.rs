//! The listening half that [`TestServer`](crate::TestServer) and
//! [`H2TestServer`](crate::h2::H2TestServer) share.
//!
//! A [`Listener`] binds `127.0.0.1:0`, runs the accept loop on its own thread and serves each
//! accepted connection, registered as a [`Conn`], with the server's `serve` function on a thread
//! of its own (or closes it at once, when the [`Spec`] says so). It counts
//! connections, tracks their sockets and carries the stop signal. Dropping it stops everything
//! promptly, even with connections open: a wake-up pipe interrupts the accept loop, every tracked
//! socket is `shutdown(2)`, and [`Conn::sleep_until`] wakes on a condvar.
//!
//! It must not know about HTTP: what a connection reads and writes is the handler's business.

use std::collections::HashMap;
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Once};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Stack size of the accept thread.
const ACCEPT_STACK: usize = 256 * 1024;
/// Safety-net period of the accept loop's poll (the wake-up pipe normally ends it at once).
const ACCEPT_POLL_MS: libc::c_int = 200;
/// How long `Drop` waits for connection threads before leaving stragglers detached.
const DROP_JOIN_DEADLINE: Duration = Duration::from_millis(900);
/// Number of connection handles kept before the finished ones are first joined.
const PRUNE_MIN: usize = 256;

/// How a [`Listener`] names and sizes what it creates.
pub(crate) struct Spec {
    /// Prefix of the thread names: `{name}-accept-{port}` and `{name}-conn`.
    pub(crate) name: &'static str,
    /// Stack size of the per-connection threads.
    pub(crate) conn_stack: usize,
    /// Listen backlog to set after binding, or `None` to keep std's default.
    pub(crate) backlog: Option<libc::c_int>,
    /// Close every connection as soon as it is accepted (it is counted; no thread is spawned).
    pub(crate) close_on_accept: bool,
}

/// A listening socket on `127.0.0.1` with its accept thread; stops everything when dropped.
pub(crate) struct Listener {
    addr: SocketAddr,
    registry: Arc<Registry>,
    /// Write end of the pipe that wakes the accept loop.
    wake: Option<OwnedFd>,
    accept: Option<JoinHandle<Vec<JoinHandle<()>>>>,
}

impl Listener {
    /// Binds `127.0.0.1:0` and starts the accept loop, which runs `serve(conn, shared)` on a new
    /// thread for every connection.
    ///
    /// Also raises the soft open-file limit (see [`raise_fd_limit`]).
    ///
    /// # Panics
    /// If the listener cannot be created or the accept thread cannot be spawned.
    pub(crate) fn start<T>(spec: Spec, shared: Arc<T>, serve: fn(Conn, Arc<T>)) -> Listener
    where
        T: Send + Sync + 'static,
    {
        raise_fd_limit();
        let listener = TcpListener::bind("127.0.0.1:0").expect("testkit: bind 127.0.0.1:0");
        if let Some(backlog) = spec.backlog {
            // Re-listening updates the backlog (std's default is small).
            // SAFETY: plain syscall on a listening socket we own.
            unsafe { libc::listen(listener.as_raw_fd(), backlog) };
        }
        listener
            .set_nonblocking(true)
            .expect("testkit: nonblocking listener");
        let addr = listener.local_addr().expect("testkit: local_addr");
        let (wake_rx, wake_tx) = pipe().expect("testkit: pipe");
        let registry = Arc::new(Registry::new());
        let accept_loop = AcceptLoop {
            listener,
            wake: wake_rx,
            registry: Arc::clone(&registry),
            spec,
            shared,
            serve,
            handles: Vec::new(),
            prune_at: PRUNE_MIN,
        };
        let accept = thread::Builder::new()
            .name(format!("{}-accept-{}", accept_loop.spec.name, addr.port()))
            .stack_size(ACCEPT_STACK)
            .spawn(move || accept_loop.run())
            .expect("testkit: spawn accept thread");
        Listener {
            addr,
            registry,
            wake: Some(wake_tx),
            accept: Some(accept),
        }
    }

    /// The listening address (`127.0.0.1:PORT`).
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT/path` (a missing leading `/` is added).
    pub(crate) fn url(&self, path: &str) -> String {
        let sep = if path.starts_with('/') { "" } else { "/" };
        format!("http://{}{sep}{path}", self.addr)
    }

    /// Connections accepted so far (counted at accept, before any byte is read).
    pub(crate) fn connections(&self) -> u64 {
        self.registry.connections.load(Ordering::SeqCst)
    }

    /// Largest number of connections that were open at the same time.
    pub(crate) fn max_open_connections(&self) -> u64 {
        self.registry.max_open.load(Ordering::SeqCst)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.registry.stop();
        self.registry.shutdown_all();
        // Wake the accept loop; dropping the write end also makes the pipe readable (EOF).
        if let Some(wake) = self.wake.take() {
            // SAFETY: writing one byte from a valid buffer to a pipe we own.
            unsafe { libc::write(wake.as_raw_fd(), [1u8].as_ptr().cast(), 1) };
        }
        let handles = self
            .accept
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        // Connections accepted while we were stopping are registered by now.
        self.registry.shutdown_all();
        let deadline = Instant::now() + DROP_JOIN_DEADLINE;
        while handles.iter().any(|h| !h.is_finished()) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(1));
        }
        for h in handles.into_iter().filter(|h| h.is_finished()) {
            let _ = h.join();
        }
    }
}

/// An accepted connection; dropping it unregisters it, then closes the socket.
/// How long a flood's blocked write waits before it looks at the stop flag.
const FLOOD_WRITE_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(50);

pub(crate) struct Conn {
    registry: Arc<Registry>,
    id: u64,
    pub(crate) stream: TcpStream,
}

impl Conn {
    /// Whether the server is stopping (its [`Listener`] is being dropped).
    pub(crate) fn stopping(&self) -> bool {
        self.registry.stopping.load(Ordering::SeqCst)
    }

    /// Writes `prefix` once, then `batch` over and over, never reading:
    /// a hostile peer's flood. Frames stay whole across partial writes
    /// (each write goes on where the last one stopped). Ends when the
    /// client closes or resets, or the server stops. Returns the batches
    /// written whole.
    pub(crate) fn flood(&self, io: &mut impl std::io::Write, prefix: &[u8], batch: &[u8]) -> u64 {
        let _ = self.stream.set_write_timeout(Some(FLOOD_WRITE_TIMEOUT));
        let mut batches = 0;
        let mut data = prefix;
        let mut pos = 0;
        while !self.stopping() {
            if pos == data.len() {
                if !std::ptr::eq(data, prefix) {
                    batches += 1;
                }
                (data, pos) = (batch, 0);
            }
            match io.write(&data[pos..]) {
                Ok(0) => return batches,
                Ok(n) => pos += n,
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock
                            | std::io::ErrorKind::TimedOut
                            | std::io::ErrorKind::Interrupted
                    ) => {}
                Err(_) => return batches,
            }
        }
        batches
    }

    /// Sleeps until `until` or until the server stops.
    pub(crate) fn sleep_until(&self, until: Instant) {
        let mut stopped = lock(&self.registry.stop_lock);
        loop {
            let now = Instant::now();
            if *stopped || now >= until {
                return;
            }
            stopped = match self.registry.stop_cv.wait_timeout(stopped, until - now) {
                Ok((g, _)) => g,
                Err(p) => p.into_inner().0,
            };
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        lock(&self.registry.fds).remove(&self.id);
        self.registry.open.fetch_sub(1, Ordering::SeqCst);
        // `stream` is closed after this, when the fields drop.
    }
}

/// State shared by the listener handle, the accept loop and the connections: counters, the open
/// sockets and the stop signal.
struct Registry {
    connections: AtomicU64,
    open: AtomicU64,
    max_open: AtomicU64,
    stopping: AtomicBool,
    /// `true` once stopping; paired with `stop_cv` so sleeps can be interrupted.
    stop_lock: Mutex<bool>,
    stop_cv: Condvar,
    /// Raw fds of the open connections, so `Drop` can `shutdown(2)` them. A connection removes
    /// its entry before closing its socket, so an fd here is never a reused number.
    fds: Mutex<HashMap<u64, RawFd>>,
    next_id: AtomicU64,
}

impl Registry {
    fn new() -> Registry {
        Registry {
            connections: AtomicU64::new(0),
            open: AtomicU64::new(0),
            max_open: AtomicU64::new(0),
            stopping: AtomicBool::new(false),
            stop_lock: Mutex::new(false),
            stop_cv: Condvar::new(),
            fds: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
        }
    }

    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        *lock(&self.stop_lock) = true;
        self.stop_cv.notify_all();
    }

    fn shutdown_all(&self) {
        for &fd in lock(&self.fds).values() {
            // SAFETY: the fd is open while it is in the map (removed under this lock before close).
            unsafe { libc::shutdown(fd, libc::SHUT_RDWR) };
        }
    }

    /// Counts and registers a new accepted connection and returns its handle.
    fn track(self: &Arc<Self>, stream: TcpStream) -> Conn {
        self.connections.fetch_add(1, Ordering::SeqCst);
        let open = self.open.fetch_add(1, Ordering::SeqCst) + 1;
        self.max_open.fetch_max(open, Ordering::SeqCst);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        lock(&self.fds).insert(id, stream.as_raw_fd());
        Conn {
            registry: Arc::clone(self),
            id,
            stream,
        }
    }
}

/// The accept thread: accepts until the server stops, returns the connection threads' handles.
struct AcceptLoop<T> {
    listener: TcpListener,
    /// Read end of the wake-up pipe.
    wake: OwnedFd,
    registry: Arc<Registry>,
    spec: Spec,
    /// The server's state, handed to `serve` with each connection.
    shared: Arc<T>,
    serve: fn(Conn, Arc<T>),
    handles: Vec<JoinHandle<()>>,
    /// Handle count at which the finished ones are joined next.
    prune_at: usize,
}

impl<T: Send + Sync + 'static> AcceptLoop<T> {
    fn run(mut self) -> Vec<JoinHandle<()>> {
        loop {
            if self.registry.stopping() {
                return self.handles;
            }
            self.wait();
            // Accept everything that is queued.
            loop {
                if self.registry.stopping() {
                    return self.handles;
                }
                let Some(stream) = self.accept() else { break };
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_nodelay(true);
                let conn = self.registry.track(stream);
                if !self.spec.close_on_accept {
                    self.spawn(conn);
                }
            }
        }
    }

    /// Waits until a connection is queued, the wake-up pipe is readable, or the poll period ends.
    fn wait(&self) {
        let mut pfds = [self.listener.as_raw_fd(), self.wake.as_raw_fd()].map(|fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        });
        // SAFETY: `pfds` is a valid array of two pollfd structs.
        unsafe { libc::poll(pfds.as_mut_ptr(), 2, ACCEPT_POLL_MS) };
    }

    /// The next queued connection, or `None` when the queue is empty or accepting fails.
    fn accept(&self) -> Option<TcpStream> {
        loop {
            match self.listener.accept() {
                Ok((s, _)) => return Some(s),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return None,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    // E.g. EMFILE: back off instead of spinning.
                    thread::sleep(Duration::from_millis(10));
                    return None;
                }
            }
        }
    }

    /// Serves `conn` on a new connection thread.
    fn spawn(&mut self, conn: Conn) {
        let (serve, shared) = (self.serve, Arc::clone(&self.shared));
        let spawned = thread::Builder::new()
            .name(format!("{}-conn", self.spec.name))
            .stack_size(self.spec.conn_stack)
            .spawn(move || serve(conn, shared));
        // On spawn failure the closure, and with it the connection, is dropped (closed).
        if let Ok(h) = spawned {
            self.handles.push(h);
        }
        if self.handles.len() >= self.prune_at {
            self.prune();
        }
    }

    /// Joins the finished connection threads, so that the handles do not grow without bound.
    fn prune(&mut self) {
        let (done, live): (Vec<_>, Vec<_>) = std::mem::take(&mut self.handles)
            .into_iter()
            .partition(|h| h.is_finished());
        for h in done {
            let _ = h.join();
        }
        self.handles = live;
        self.prune_at = (self.handles.len() * 2).max(PRUNE_MIN);
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: pipe(2) succeeded, so both fds are open and owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Raises the soft `RLIMIT_NOFILE` to the hard limit (once per process; errors are ignored).
/// [`TestServer::start`](crate::TestServer::start) calls it; call it yourself if you open many sockets before that.
pub fn raise_fd_limit() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit with a valid, initialised struct.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
                let want = if lim.rlim_max == libc::RLIM_INFINITY {
                    1 << 20
                } else {
                    lim.rlim_max
                };
                if lim.rlim_cur < want {
                    lim.rlim_cur = want;
                    libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
                }
            }
        }
    });
}
