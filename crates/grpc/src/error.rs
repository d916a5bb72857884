//! Every set-up error of this crate, as one line; the other modules
//! import this and it imports none of them.

/// One line: what is wrong, where, what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// The error of `what`, flattened to one line.
pub(crate) fn fail<T>(what: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(one_line(&what.into())))
}

/// `text` with its line breaks (and the runs of spaces after them) folded
/// to single spaces.
pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
