//! (testkit: gRPC tests land here.)
