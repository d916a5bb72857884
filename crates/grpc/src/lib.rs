//! gRPC for barrage's load (placeholder: the schema, methods and message
//! templates land here).
