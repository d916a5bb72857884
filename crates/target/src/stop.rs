//! How every listener and connection hears that the server is stopping:
//! one watch channel, read here. The servers and handlers import this; it
//! imports none of them.

use tokio::sync::watch;

/// Resolves once shutdown is requested (or the [`Target`](crate::Target) is gone).
pub(crate) async fn stopped(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}
