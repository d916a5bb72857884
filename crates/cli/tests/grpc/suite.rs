//! (suite: gRPC tests land here.)
