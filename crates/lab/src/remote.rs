//! The names the lab's host calls had when only other hosts answered them
//! (`barrage agent` serves [`Agent`] as `remote::Agent`). Everything here
//! lives in [`crate::host`]; this module only re-exports it.

pub use crate::host::{
    Agent, Call, Executed, Hosts, Layout, Prepared, Started, StopAnswer, BARRAGE, CALL_LIMIT,
};
