//! One Lua state as wrk makes it: standard libraries, the wrk table filled
//! from the target, then the script's top level.

use std::sync::Arc;

use barrage_engine::Target;
use mlua::{Function, Lua, Table, Value};

use crate::error::one_line;
use crate::net;
use crate::watch::Watch;
use crate::{Limits, ScriptSource};

/// barrage's own equivalent of wrk's `wrk.lua`.
const PRELUDE: &str = include_str!("prelude.lua");

/// A Lua state with the wrk table and the script loaded.
pub(crate) struct State {
    pub lua: Lua,
    pub watch: Arc<Watch>,
    /// The `wrk` table.
    pub wrk: Table,
    /// Helpers of the prelude for the host only (`settings_request`).
    pub host: Table,
}

/// The URL's parts as wrk's script sees them.
struct UrlParts {
    scheme: String,
    /// Without the brackets of an IPv6 literal.
    host: String,
    /// As written in the URL; None when it has none.
    port: Option<String>,
    /// Path and query.
    path: String,
}

impl State {
    /// A fresh state: libraries, the JIT off, the limits' hook, the wrk
    /// table, then the script's top level (limited to `limits.load`).
    pub(crate) fn new(
        source: &ScriptSource,
        target: &Target,
        headers: &[(String, String)],
        limits: &Limits,
    ) -> Result<State, String> {
        let (lua, watch, wrk, host) =
            Self::bare(target, headers, limits.print_to_stderr).map_err(|e| one_line(&e))?;
        let state = State {
            lua,
            watch,
            wrk,
            host,
        };
        state.run_top_level(source, limits)?;
        Ok(state)
    }

    fn bare(
        target: &Target,
        headers: &[(String, String)],
        print_to_stderr: bool,
    ) -> mlua::Result<(Lua, Arc<Watch>, Table, Table)> {
        // The safe libraries: everything wrk's scripts use but `ffi` and
        // `debug` (`debug.sethook` would remove the limits' hook).
        let lua = Lua::new();
        jit_off(&lua)?;
        let watch = Watch::install(&lua)?;
        let (wrk, host): (Table, Table) = lua
            .load(PRELUDE)
            .set_name("=barrage's wrk table")
            .call(())?;
        fill_wrk(&lua, &wrk, &url_parts(target), headers)?;
        lua.globals().set("wrk", &wrk)?;
        if print_to_stderr {
            lua.load(PRINT_TO_STDERR)
                .set_name("=barrage's print to stderr")
                .exec()?;
        }
        // `local wrk = require "wrk"` works as in wrk.
        let loaded: Table = lua.globals().get::<Table>("package")?.get("loaded")?;
        loaded.set("wrk", &wrk)?;
        Ok((lua, watch, wrk, host))
    }

    fn run_top_level(&self, source: &ScriptSource, limits: &Limits) -> Result<(), String> {
        let text = without_shebang(&source.text);
        let chunk = self
            .lua
            .load(text.as_ref())
            .set_name(format!("@{}", source.path.display()));
        self.watch
            .step(&self.lua, "the script's top level", limits.load, || {
                chunk.exec()
            })
            .map_err(|e| one_line(&e))
    }

    /// Runs `f` as the set-up step `name`, limited to `limit`; the error
    /// in one line.
    pub(crate) fn step<R>(
        &self,
        name: &str,
        limit: std::time::Duration,
        f: impl FnOnce() -> mlua::Result<R>,
    ) -> Result<R, String> {
        self.watch
            .step(&self.lua, name, limit, f)
            .map_err(|e| one_line(&e))
    }

    /// The global `name` when it is a function (wrk ignores other values).
    pub(crate) fn global_function(&self, name: &str) -> Option<Function> {
        match self.lua.globals().raw_get::<Value>(name) {
            Ok(Value::Function(f)) => Some(f),
            _ => None,
        }
    }
}

/// The JIT compiler off for good: compiled traces ignore the count hook
/// that bounds every call. `jit.on` becomes a no-op so a script cannot
/// undo it.
fn jit_off(lua: &Lua) -> mlua::Result<()> {
    let jit: Table = lua.globals().get("jit")?;
    jit.get::<Function>("off")?.call::<()>(())?;
    jit.set("on", lua.create_function(|_, ()| Ok(()))?)?;
    Ok(())
}

fn fill_wrk(
    lua: &Lua,
    wrk: &Table,
    url: &UrlParts,
    headers: &[(String, String)],
) -> mlua::Result<()> {
    wrk.set("scheme", url.scheme.as_str())?;
    wrk.set("host", url.host.as_str())?;
    wrk.set("port", url.port.as_deref())?;
    wrk.set("path", url.path.as_str())?;
    wrk.set("lookup", lua.create_function(net::lookup)?)?;
    wrk.set("connect", lua.create_function(net::connect)?)?;
    // As wrk: a table by name, a later header of the same name wins.
    let table: Table = wrk.get("headers")?;
    for (name, value) in headers {
        table.set(name.as_str(), value.as_str())?;
    }
    Ok(())
}

fn url_parts(target: &Target) -> UrlParts {
    let path = match url::Url::parse(&target.url) {
        Ok(u) => match u.query() {
            Some(q) => format!("{}?{q}", u.path()),
            None => u.path().to_string(),
        },
        Err(_) => "/".to_string(),
    };
    UrlParts {
        scheme: target.scheme.name().to_string(),
        host: target
            .host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string(),
        port: written_port(&target.url),
        path,
    }
}

/// The port as written in the URL (`http://h:80/` gives "80", which the
/// `url` crate would drop as the scheme's default); None without one.
fn written_port(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
    let after_host = match host_port.strip_prefix('[') {
        Some(v6) => v6.split_once(']').map_or("", |(_, after)| after),
        None => host_port.find(':').map_or("", |i| &host_port[i..]),
    };
    after_host
        .strip_prefix(':')
        .filter(|p| !p.is_empty())
        .map(str::to_string)
}

/// The text Lua is given: a first line starting with `#` blanked, as
/// `lua`'s file loader skips it; line numbers stay the same.
fn without_shebang(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with('#') {
        let rest = text.find('\n').map_or("", |i| &text[i..]);
        std::borrow::Cow::Owned(rest.to_string())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// `print` and `io.write` on standard error, as Lua's own would write them
/// on standard output (values' `tostring`, tabs between, a newline).
const PRINT_TO_STDERR: &str = r##"
io.output(io.stderr)
local stderr, tostring, select, concat = io.stderr, tostring, select, table.concat
print = function(...)
  local parts = {}
  for i = 1, select("#", ...) do
    parts[i] = tostring((select(i, ...)))
  end
  stderr:write(concat(parts, "\t"), "\n")
end
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_as_written() {
        assert_eq!(written_port("http://h:80/x"), Some("80".into()));
        assert_eq!(written_port("http://h/x"), None);
        assert_eq!(written_port("http://h"), None);
        assert_eq!(written_port("http://[::1]:9/"), Some("9".into()));
        assert_eq!(written_port("http://[::1]/"), None);
        assert_eq!(written_port("https://u:p@h:8443?q"), Some("8443".into()));
    }

    #[test]
    fn shebang_keeps_line_numbers() {
        assert_eq!(without_shebang("#!/x\nfoo"), "\nfoo");
        assert_eq!(without_shebang("foo"), "foo");
    }
}
