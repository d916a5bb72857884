//! Kubernetes manifests (filled in below).
