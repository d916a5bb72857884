//! (ghz: gRPC tests land here.)
