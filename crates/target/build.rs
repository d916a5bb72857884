//! Generates the server side of proto/bench.proto (the `Bench` service of
//! `barrage serve --grpc`): protox compiles the .proto in Rust, so no
//! protoc is needed, and tonic-prost-build writes the messages and the
//! service trait from the descriptor set. `bytes` fields become
//! `bytes::Bytes`, so a payload is echoed (and a streamed payload shared)
//! without a copy.

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // At run time, not `env!`: a build script compiled for another checkout
    // that shares the target directory would read that checkout's file.
    let manifest = std::env::var("CARGO_MANIFEST_DIR")?;
    let dir = Path::new(&manifest).join("../../proto");
    let proto = dir.join("bench.proto");
    println!("cargo:rerun-if-changed={}", proto.display());
    let fds = protox::compile([&proto], [&dir])?;
    tonic_prost_build::configure()
        .build_client(false)
        .build_server(true)
        .bytes(".")
        .compile_fds(fds)?;
    Ok(())
}
