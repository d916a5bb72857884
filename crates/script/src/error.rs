//! Errors as the user reads them: one line, as Lua words it
//! (`path/to/x.lua:12: attempt to …`), without mlua's wrapping and without
//! the stack traceback.

use mlua::{Error, Lua};

/// The one-line message of an mlua error.
pub(crate) fn one_line(e: &Error) -> String {
    match e {
        // A Rust function called from Lua failed: its own error is the story.
        Error::CallbackError { cause, .. } => one_line(cause),
        Error::WithContext { cause, .. } => one_line(cause),
        Error::RuntimeError(message) => first_line(message),
        Error::SyntaxError { message, .. } => first_line(message),
        Error::MemoryError(message) => format!("out of memory: {}", first_line(message)),
        other => first_line(&other.to_string()),
    }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim_end().to_string()
}

/// A runtime error raised by one of our Rust functions, prefixed with the
/// script's file and line that called it, as Lua prefixes its own errors.
pub(crate) fn located(lua: &Lua, message: impl Into<String>) -> Error {
    let message = message.into();
    match caller_location(lua) {
        Some(at) => Error::RuntimeError(format!("{at}: {message}")),
        None => Error::RuntimeError(message),
    }
}

/// `file:line` of the innermost Lua function on the stack (level 0 is the
/// Rust function itself when called from Lua).
fn caller_location(lua: &Lua) -> Option<String> {
    (0..4).find_map(|level| {
        lua.inspect_stack(level, |d| {
            let line = d.current_line()?;
            let src = d.source().short_src?.into_owned();
            Some(format!("{src}:{line}"))
        })
        .flatten()
    })
}
