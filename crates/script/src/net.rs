//! `wrk.lookup`, `wrk.connect` and the address userdata they deal in.

use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use mlua::{Lua, MetaMethod, Table, UserData, UserDataMethods, Value};

use crate::error::located;

/// How long `wrk.connect` waits for a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// One resolved address (wrk's `wrk.addr` userdata): `tostring` gives
/// `ip:port`, an IPv6 address in brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Addr(pub SocketAddr);

impl UserData for Addr {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| Ok(this.0.to_string()));
        methods.add_meta_method(MetaMethod::Eq, |_, this, other: Value| {
            Ok(matches!(&other, Value::UserData(u) if u.borrow::<Addr>().is_ok_and(|o| *o == *this)))
        });
    }
}

impl Addr {
    /// An address from Lua: an address userdata or an `"ip:port"` string.
    pub(crate) fn from_lua(lua: &Lua, value: &Value, what: &str) -> mlua::Result<Addr> {
        match value {
            Value::UserData(u) => match u.borrow::<Addr>() {
                Ok(a) => Ok(*a),
                Err(_) => Err(located(lua, format!("{what}: expected an address from wrk.lookup, got another userdata"))),
            },
            Value::String(s) => {
                let text = s.to_string_lossy();
                text.parse::<SocketAddr>().map(Addr).map_err(|_| {
                    located(lua, format!("{what}: {text:?} is not an address \"ip:port\" (IPv6 as \"[ip]:port\")"))
                })
            }
            other => Err(located(
                lua,
                format!("{what}: expected an address from wrk.lookup or an \"ip:port\" string, got a {}", other.type_name()),
            )),
        }
    }
}

/// `wrk.lookup(host, service)`: every address of host and service (a port
/// number, or `http`/`https`), as getaddrinfo gives them for TCP.
pub(crate) fn lookup(lua: &Lua, (host, service): (Value, Value)) -> mlua::Result<Table> {
    let host = match &host {
        Value::String(s) => s.to_string_lossy(),
        other => {
            return Err(located(
                lua,
                format!(
                    "wrk.lookup: the host must be a string, got a {}",
                    other.type_name()
                ),
            ))
        }
    };
    let port = service_port(&service).ok_or_else(|| {
        located(
            lua,
            format!(
                "wrk.lookup: unknown service {}: give a port number, \"http\" or \"https\"",
                show(&service)
            ),
        )
    })?;
    // An IPv6 literal may come bracketed, as in a URL.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addrs = (bare, port).to_socket_addrs().map_err(|e| {
        located(
            lua,
            format!("unable to resolve {host}:{}: {e}", show(&service)),
        )
    })?;
    let table = lua.create_table()?;
    for addr in addrs {
        table.raw_push(Addr(addr))?;
    }
    Ok(table)
}

/// A service's port: a number, a numeric string, `http` or `https`.
fn service_port(service: &Value) -> Option<u16> {
    match service {
        Value::Integer(i) => u16::try_from(*i).ok(),
        Value::Number(n) if n.fract() == 0.0 && (0.0..=65535.0).contains(n) => Some(*n as u16),
        Value::String(s) => match s.to_string_lossy().as_str() {
            "http" => Some(80),
            "https" => Some(443),
            text => text.parse().ok(),
        },
        _ => None,
    }
}

fn show(value: &Value) -> String {
    match value {
        Value::String(s) => s.to_string_lossy(),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.type_name().to_string(),
    }
}

/// `wrk.connect(addr)`: whether a TCP connection to it opens within a second.
pub(crate) fn connect(lua: &Lua, addr: Value) -> mlua::Result<bool> {
    let Addr(addr) = Addr::from_lua(lua, &addr, "wrk.connect")?;
    Ok(TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT).is_ok())
}
