//! Values copied between Lua states (`thread:get`, `thread:set`): nil,
//! booleans, numbers, strings and tables of those, as wrk allows. A value
//! of one state cannot live in another, so it goes through [`Portable`].

use mlua::{Lua, Table, Value};

/// Deeper tables are taken for cycles (wrk would overflow its C stack).
const MAX_DEPTH: usize = 64;

/// A Lua value outside any state.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Portable {
    Nil,
    Boolean(bool),
    Number(f64),
    String(Vec<u8>),
    Table(Vec<(Portable, Portable)>),
}

impl Portable {
    /// Takes `value` out of its state; other types are an error naming the
    /// type, as wrk's "cannot transfer 'function' to thread".
    pub(crate) fn from_lua(value: &Value) -> Result<Portable, String> {
        Self::take(value, 0)
    }

    fn take(value: &Value, depth: usize) -> Result<Portable, String> {
        Ok(match value {
            Value::Nil => Portable::Nil,
            Value::Boolean(b) => Portable::Boolean(*b),
            Value::Integer(i) => Portable::Number(*i as f64),
            Value::Number(n) => Portable::Number(*n),
            Value::String(s) => Portable::String(s.as_bytes().to_vec()),
            Value::Table(t) => Portable::Table(Self::take_table(t, depth)?),
            other => {
                return Err(format!(
                    "cannot transfer a {} between threads (only nil, booleans, numbers, strings and tables of those)",
                    other.type_name()
                ))
            }
        })
    }

    fn take_table(table: &Table, depth: usize) -> Result<Vec<(Portable, Portable)>, String> {
        if depth >= MAX_DEPTH {
            return Err(format!(
                "cannot transfer a table nested more than {MAX_DEPTH} deep (a cycle?)"
            ));
        }
        let mut entries = Vec::new();
        // Raw iteration: no metamethod of the source state runs.
        for pair in table.pairs::<Value, Value>() {
            let (k, v) = pair.map_err(|e| crate::error::one_line(&e))?;
            entries.push((Self::take(&k, depth + 1)?, Self::take(&v, depth + 1)?));
        }
        Ok(entries)
    }

    /// The value made anew in `lua`.
    pub(crate) fn to_lua(&self, lua: &Lua) -> mlua::Result<Value> {
        Ok(match self {
            Portable::Nil => Value::Nil,
            Portable::Boolean(b) => Value::Boolean(*b),
            Portable::Number(n) => Value::Number(*n),
            Portable::String(s) => Value::String(lua.create_string(s)?),
            Portable::Table(entries) => {
                let table = lua.create_table_with_capacity(0, entries.len())?;
                for (k, v) in entries {
                    table.raw_set(k.to_lua(lua)?, v.to_lua(lua)?)?;
                }
                Value::Table(table)
            }
        })
    }
}
