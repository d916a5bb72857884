//! (load: gRPC tests land here.)
