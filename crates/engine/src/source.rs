//! Where connections leave from: the local (source) addresses a run binds
//! its TCP connections and QUIC sockets to, in turn.
//!
//! One source address has one ephemeral port range
//! (`net.ipv4.ip_local_port_range`, 28,232 ports by default) towards one
//! server address. Linux also looks for a free port for a `connect()` among
//! the even ports first: past half the range, every connect walks the used
//! ones, and the client's loop slows down long before the ports run out
//! (`EADDRNOTAVAIL`). So, to an IPv4 loopback target, a run that needs more
//! than half the range on one address spreads its connections over
//! 127.0.0.2, 127.0.0.3, … (every 127.0.0.0/8 address is this machine's),
//! and a connect that still finds no port adds the next one. `--source`
//! names the addresses instead (any address of this machine).
//!
//! A bound connection sets `IP_BIND_ADDRESS_NO_PORT`, so its port is chosen
//! at `connect()` for the whole 4-tuple, as an unbound one's is: the
//! addresses share one port range instead of splitting it.
//!
//! Must not: choose addresses outside 127.0.0.0/8 by itself.

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::os::fd::AsRawFd;

use mio::net::TcpStream;
use socket2::{Domain, Protocol, SockAddr, Socket, Type};

use crate::spec::{Field, LoadSpec, SpecError};

/// The first loopback source address the run adds by itself (127.0.0.1 is
/// what an unbound connection uses).
const FIRST_AUTO: u8 = 2;
/// The last one it may add: 127.0.0.64 (63 addresses of ~28k ports).
const LAST_AUTO: u8 = 64;

/// The source addresses of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Sources {
    /// Used in turn; empty: the system chooses.
    pub addrs: Vec<IpAddr>,
    /// The target is IPv4 loopback and no address was given: a connect
    /// that finds no free port adds the next loopback address.
    pub add_on_exhaustion: bool,
}

/// The sources `spec` runs with: the ones it names (checked to be this
/// machine's and of the target's family), or on IPv4 loopback as many
/// 127.0.0.x as its connections need (half a port range each).
pub(crate) fn plan(spec: &LoadSpec) -> Result<Sources, SpecError> {
    let target = spec.target.addr;
    if !spec.sources.is_empty() {
        for &source in &spec.sources {
            check(source, target)?;
        }
        return Ok(Sources {
            addrs: spec.sources.clone(),
            add_on_exhaustion: false,
        });
    }
    if !is_v4_loopback(target.ip()) {
        return Ok(Sources::default());
    }
    let per_source = ephemeral_ports().map_or(u64::MAX, |ports| (ports / 2).max(1));
    Ok(Sources {
        addrs: auto(spec.peak_connections() as u64, per_source),
        add_on_exhaustion: true,
    })
}

/// Loopback sources for `connections` at `per_source` each: none when one
/// address is enough, else 127.0.0.2 onwards (at least two).
fn auto(connections: u64, per_source: u64) -> Vec<IpAddr> {
    if connections <= per_source {
        return Vec::new();
    }
    let n = connections
        .div_ceil(per_source)
        .clamp(2, u64::from(LAST_AUTO - 1));
    (0..n as u8).map(|i| loopback(FIRST_AUTO + i)).collect()
}

fn loopback(last: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))
}

fn is_v4_loopback(ip: IpAddr) -> bool {
    matches!(ip, IpAddr::V4(v4) if v4.is_loopback())
}

/// The loopback address after the last of `addrs` (127.0.0.2 first), if
/// the run may add one more.
pub(crate) fn next_loopback(addrs: &[IpAddr]) -> Option<IpAddr> {
    let last = addrs
        .iter()
        .filter_map(|a| match a {
            IpAddr::V4(v4) if v4.is_loopback() => Some(v4.octets()[3]),
            _ => None,
        })
        .max()
        .unwrap_or(FIRST_AUTO - 1);
    (last < LAST_AUTO).then(|| loopback(last + 1))
}

/// A given source must be of the target's family and bindable here.
fn check(source: IpAddr, target: SocketAddr) -> Result<(), SpecError> {
    if source.is_ipv4() != target.is_ipv4() {
        return Err(SpecError::new(
            Field::Sources,
            format!("source address {source} and target {target} are not of the same IP family"),
        ));
    }
    std::net::UdpSocket::bind((source, 0)).map_err(|e| {
        SpecError::new(
            Field::Sources,
            format!("cannot use source address {source}: {e} (is it an address of this machine?)"),
        )
    })?;
    Ok(())
}

/// The size of the ephemeral port range, from
/// /proc/sys/net/ipv4/ip_local_port_range.
pub(crate) fn ephemeral_ports() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range").ok()?;
    parse_port_range(&text)
}

/// `32768\t60999` -> 28232 ports.
fn parse_port_range(text: &str) -> Option<u64> {
    let mut parts = text.split_whitespace().map(|p| p.parse::<u64>().ok());
    let (low, high) = (parts.next()??, parts.next()??);
    (low <= high).then(|| high - low + 1)
}

/// Starts a non-blocking TCP connect to `addr` from `source` (port chosen
/// at connect time).
pub(crate) fn connect_from(source: IpAddr, addr: SocketAddr) -> io::Result<TcpStream> {
    let socket = Socket::new(
        Domain::for_address(addr),
        Type::STREAM.nonblocking().cloexec(),
        Some(Protocol::TCP),
    )?;
    if source.is_ipv4() {
        let on: libc::c_int = 1;
        // SAFETY: setsockopt reads one c_int we own, on a socket we own.
        let rc = unsafe {
            libc::setsockopt(
                socket.as_raw_fd(),
                libc::IPPROTO_IP,
                libc::IP_BIND_ADDRESS_NO_PORT,
                (&on as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            )
        };
        if rc != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    socket.bind(&SockAddr::from(SocketAddr::new(source, 0)))?;
    match socket.connect(&SockAddr::from(addr)) {
        Ok(()) => {}
        Err(e) if e.raw_os_error() == Some(libc::EINPROGRESS) => {}
        Err(e) => return Err(e),
    }
    Ok(TcpStream::from_std(socket.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_ranges() {
        assert_eq!(parse_port_range("32768\t60999\n"), Some(28232));
        assert_eq!(parse_port_range("1024 65535"), Some(64512));
        assert_eq!(parse_port_range("9 3"), None);
        assert_eq!(parse_port_range("x"), None);
    }

    #[test]
    fn loopback_sources_only_past_half_a_range() {
        assert!(auto(4096, 14116).is_empty());
        assert!(auto(14116, 14116).is_empty());
        let two = auto(16384, 14116);
        assert_eq!(two, vec![loopback(2), loopback(3)]);
        assert_eq!(auto(50_000, 14116).len(), 4);
        assert_eq!(auto(u64::MAX, 1).len(), 63);
    }

    #[test]
    fn the_next_loopback_follows_the_last() {
        assert_eq!(next_loopback(&[]), Some(loopback(2)));
        assert_eq!(
            next_loopback(&[loopback(2), loopback(3)]),
            Some(loopback(4))
        );
        assert_eq!(next_loopback(&[loopback(64)]), None);
    }

    #[test]
    fn connects_from_a_second_loopback_address() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let _stream = connect_from(loopback(3), addr).unwrap();
        let (_, peer) = listener.accept().unwrap();
        assert_eq!(peer.ip(), loopback(3));
    }
}
