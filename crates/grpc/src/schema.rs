//! [`Schema`]: the descriptor pool a run's methods are found in, compiled
//! from `.proto` files by protox (no protoc) or decoded from a binary
//! `FileDescriptorSet`. Owns the one-line form of protox's errors
//! (`file:line:col: message`).

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use prost_reflect::DescriptorPool;

use crate::method::Method;
use crate::{fail, one_line, SetupError};

/// The services and messages a run may call, as a prost-reflect pool.
#[derive(Debug, Clone)]
pub struct Schema {
    pool: DescriptorPool,
}

impl Schema {
    /// Compiles `protos` (with their imports, looked up in `includes`; with
    /// no `includes`, in each proto's own directory). A proto outside every
    /// include is looked up in its own directory too, as ghz does.
    pub fn compile(protos: &[PathBuf], includes: &[PathBuf]) -> Result<Schema, SetupError> {
        if protos.is_empty() {
            return fail("no .proto file given (--proto FILE.proto, or --protoset FILE)");
        }
        for proto in protos {
            if !proto.is_file() {
                return fail(format!("proto file {}: not found", proto.display()));
            }
        }
        let includes = include_paths(protos, includes);
        let mut compiler = match protox::Compiler::new(&includes) {
            Ok(compiler) => compiler,
            Err(error) => return fail(describe(&error)),
        };
        compiler.include_imports(true);
        if let Err(error) = compiler.open_files(protos) {
            return fail(describe(&error));
        }
        Ok(Schema {
            pool: compiler.descriptor_pool(),
        })
    }

    /// Reads a binary `FileDescriptorSet` (`protoc -o FILE`'s output, with
    /// `--include_imports` when the file imports others).
    pub fn from_protoset(path: &Path) -> Result<Schema, SetupError> {
        match std::fs::read(path) {
            Ok(bytes) => Schema::from_descriptor_set(&bytes)
                .map_err(|e| SetupError(format!("protoset {}: {}", path.display(), e.0))),
            Err(error) => fail(format!("protoset {}: {error}", path.display())),
        }
    }

    /// Decodes an encoded `FileDescriptorSet` (what `GrpcOptions` carries).
    pub fn from_descriptor_set(bytes: &[u8]) -> Result<Schema, SetupError> {
        match DescriptorPool::decode(bytes) {
            Ok(pool) => Ok(Schema { pool }),
            Err(error) => fail(format!("not a valid FileDescriptorSet: {error}")),
        }
    }

    /// The schema as an encoded `FileDescriptorSet` (imports included).
    pub fn descriptor_set(&self) -> Vec<u8> {
        self.pool.encode_to_vec()
    }

    /// The method `call` names: `package.Service/Method` or
    /// `package.Service.Method` (a leading `/` allowed). An unknown one is
    /// refused with the services or methods that exist.
    pub fn method(&self, call: &str) -> Result<Method, SetupError> {
        let call = call.trim().trim_start_matches('/');
        let split = call.rfind('/').or_else(|| call.rfind('.'));
        let Some(at) = split.filter(|&at| at > 0 && at + 1 < call.len()) else {
            return fail(format!(
                "--call {call:?}: expected package.Service/Method; services: {}",
                self.service_names()
            ));
        };
        let (service_name, method_name) = (&call[..at], &call[at + 1..]);
        let Some(service) = self.pool.get_service_by_name(service_name) else {
            return fail(format!(
                "unknown service {service_name} in --call {call}; services: {}",
                self.service_names()
            ));
        };
        let found = service.methods().find(|m| m.name() == method_name);
        match found {
            Some(method) => Ok(Method::new(method)),
            None => {
                let names: Vec<String> = service.methods().map(|m| m.name().to_owned()).collect();
                fail(format!(
                    "service {service_name} has no method {method_name}; its methods: {}",
                    names.join(", ")
                ))
            }
        }
    }

    /// The full names of the schema's services, comma-separated.
    fn service_names(&self) -> String {
        let names: Vec<String> = self
            .pool
            .services()
            .map(|s| s.full_name().to_owned())
            .collect();
        if names.is_empty() {
            "none (the schema defines no service)".into()
        } else {
            names.join(", ")
        }
    }
}

/// The include paths: the given ones, then the directory of each proto
/// that no given one holds (all of them when none is given).
fn include_paths(protos: &[PathBuf], includes: &[PathBuf]) -> Vec<PathBuf> {
    let mut paths = includes.to_vec();
    for proto in protos {
        if includes.iter().any(|include| proto.starts_with(include)) {
            continue;
        }
        let dir = match proto.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !paths.contains(&dir) {
            paths.push(dir);
        }
    }
    paths
}

/// protox's error as one line: `file:line:col: message` when it points
/// into a source, else `file: message` or the message alone.
fn describe(error: &protox::Error) -> String {
    let message = one_line(&error.to_string());
    if let Some((name, line, col)) = location(error) {
        return format!("{name}:{line}:{col}: {message}");
    }
    match error.file() {
        Some(file) if !message.contains(file) => format!("{file}: {message}"),
        _ => message,
    }
}

/// Where the diagnostic's first label points: file name, 1-based line and
/// column.
fn location(error: &dyn Diagnostic) -> Option<(String, usize, usize)> {
    let label = error.labels()?.next()?;
    let source = error.source_code()?;
    let contents = source.read_span(label.inner(), 0, 0).ok()?;
    let name = contents.name().unwrap_or("<proto>").to_owned();
    Some((name, contents.line() + 1, contents.column() + 1))
}
