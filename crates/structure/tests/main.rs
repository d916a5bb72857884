//! The structure checks, on this workspace and on small workspaces built to
//! break each rule.

mod fixtures;
mod workspace;
