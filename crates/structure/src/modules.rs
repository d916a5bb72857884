//! A crate's module tree, read from its `mod` declarations, and which of
//! its files import which: each `use` and each path in code is followed
//! through the modules, their bindings and their globs to the file that
//! defines what it names.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::scan::{scan, Scan};

pub struct SourceFile {
    pub path: PathBuf,
    /// Its module path from the crate root (`["session", "h2"]`).
    pub module: Vec<String>,
    /// Declared under `#[cfg(test)]`, or inside such a module.
    pub test: bool,
    pub scan: Scan,
}

pub struct Crate {
    pub dir: PathBuf,
    pub files: Vec<SourceFile>,
    modules: BTreeMap<Vec<String>, usize>,
}

const MAX_HOPS: usize = 16;

/// Where a path led.
enum Found {
    /// The file that defines the item (or the module) named.
    Item(usize),
    /// The item was not found; this is its module's file.
    Module(usize),
    Nothing,
}

impl Crate {
    /// The crate whose `Cargo.toml` is in `dir`, from `src/lib.rs` or
    /// `src/main.rs`; `None` if it has neither.
    pub fn load(dir: &Path) -> Option<Crate> {
        let root = ["src/lib.rs", "src/main.rs"]
            .iter()
            .map(|r| dir.join(r))
            .find(|p| p.is_file())?;
        let mut krate = Crate {
            dir: dir.to_path_buf(),
            files: Vec::new(),
            modules: BTreeMap::new(),
        };
        let mut queue = vec![(root, Vec::new(), false)];
        while let Some((path, module, test)) = queue.pop() {
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let s = scan(&text);
            for m in &s.mods {
                let mut child = module.clone();
                child.push(m.name.clone());
                if let Some(file) = child_file(&path, &m.name, m.path.as_deref()) {
                    queue.push((file, child, test || m.test));
                }
            }
            krate.modules.insert(module.clone(), krate.files.len());
            krate.files.push(SourceFile {
                path,
                module,
                test,
                scan: s,
            });
        }
        Some(krate)
    }

    fn file_of(&self, module: &[String]) -> Option<&SourceFile> {
        self.modules.get(module).map(|&i| &self.files[i])
    }

    fn has_child(&self, module: &[String], name: &str) -> bool {
        let mut child = module.to_vec();
        child.push(name.to_string());
        self.modules.contains_key(&child)
    }

    /// Which production files each production file imports (by index into
    /// `files`), itself left out.
    pub fn imports(&self) -> BTreeMap<usize, BTreeSet<usize>> {
        let mut graph = BTreeMap::new();
        for (i, f) in self.files.iter().enumerate() {
            if f.test {
                continue;
            }
            // A `pub use` of the file's own children only lists what they
            // offer (a facade): the parent does not depend on them for it.
            let facade = |u: &&crate::scan::Use| {
                let first = u.segs.first().map(String::as_str);
                let child = match first {
                    Some("self") => u.segs.get(1),
                    _ => u.segs.first(),
                };
                u.public && child.is_some_and(|c| self.has_child(&f.module, c))
            };
            let named = f
                .scan
                .uses
                .iter()
                .filter(|u| !facade(u))
                .map(|u| &u.segs)
                .chain(&f.scan.paths);
            let to: BTreeSet<usize> = named
                .filter_map(|segs| self.resolve(&f.module, segs, 0))
                .filter(|&t| t != i && !self.files[t].test)
                .collect();
            graph.insert(i, to);
        }
        graph
    }

    /// The file that defines what `segs`, named in `module`, names; `None`
    /// for another crate's item, a local name or anything not found.
    fn resolve(&self, module: &[String], segs: &[String], hops: usize) -> Option<usize> {
        if hops > MAX_HOPS || segs.is_empty() {
            return None;
        }
        let first = segs[0].as_str();
        let Some((start, used)) = self.start_of(module, segs) else {
            // A name this module binds with `use` (not itself: the leaf of
            // the very `use` being resolved binds its own name).
            let file = self.file_of(module)?;
            let bound = file
                .scan
                .uses
                .iter()
                .find(|u| u.binds.as_deref() == Some(first) && u.segs != segs)?;
            let mut path = bound.segs.clone();
            path.extend_from_slice(&segs[1..]);
            return self.resolve(module, &path, hops + 1);
        };
        match self.walk(&start, &segs[used..], hops) {
            Found::Item(i) | Found::Module(i) => Some(i),
            Found::Nothing => None,
        }
    }

    /// From module `at`, down `rest`, to the file that defines the item.
    fn walk(&self, at: &[String], rest: &[String], hops: usize) -> Found {
        if hops > MAX_HOPS {
            return Found::Nothing;
        }
        let mut cur = at.to_vec();
        let mut rest = rest;
        loop {
            let Some(&here) = self.modules.get(&cur) else {
                return Found::Nothing;
            };
            let Some(s) = rest.first() else {
                return Found::Item(here);
            };
            if self.has_child(&cur, s) {
                cur.push(s.clone());
                rest = &rest[1..];
                continue;
            }
            let file = &self.files[here];
            if file.scan.defines.iter().any(|d| d == s) {
                return Found::Item(here);
            }
            if let Some(u) = file.scan.uses.iter().find(|u| u.binds.as_ref() == Some(s)) {
                let mut path = u.segs.clone();
                path.extend_from_slice(&rest[1..]);
                // (`None`: bound to another crate's item.)
                return self
                    .resolve(&cur, &path, hops + 1)
                    .map_or(Found::Nothing, Found::Item);
            }
            for g in file.scan.uses.iter().filter(|u| u.glob) {
                let mut path = g.segs.clone();
                path.extend_from_slice(rest);
                // A glob of another crate (`use std::io::*`) says nothing here.
                if let Some((start, used)) = self.start_of(&cur, &path) {
                    if let Found::Item(i) = self.walk(&start, &path[used..], hops + 1) {
                        return Found::Item(i);
                    }
                }
            }
            // Not found: the module's own file is the best guess.
            return Found::Module(here);
        }
    }

    /// Where a path starting with `crate`, `self`, `super` or a child of
    /// `module` starts, and how many of its segments that used; `None` for
    /// any other first segment (a binding, another crate).
    fn start_of(&self, module: &[String], path: &[String]) -> Option<(Vec<String>, usize)> {
        let mut m = module.to_vec();
        match path.first()?.as_str() {
            "crate" => Some((Vec::new(), 1)),
            "self" => Some((m, 1)),
            "super" => {
                let n = path.iter().take_while(|s| *s == "super").count();
                for _ in 0..n {
                    m.pop();
                }
                Some((m, n))
            }
            child if self.has_child(module, child) => {
                m.push(child.to_string());
                Some((m, 1))
            }
            _ => None,
        }
    }
}

/// The file of `mod name;` declared in `parent`.
fn child_file(parent: &Path, name: &str, path_attr: Option<&str>) -> Option<PathBuf> {
    let dir = parent.parent()?;
    if let Some(p) = path_attr {
        return Some(dir.join(p));
    }
    let stem = parent.file_stem()?.to_str()?;
    let base = if matches!(stem, "mod" | "lib" | "main") {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    [
        base.join(format!("{name}.rs")),
        base.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// The rings of more than two nodes in `graph`: for each edge `u -> v`, the
/// shortest way back from `v` to `u` that does not take the edge `v -> u`
/// (a parent and its child naming each other are a ring of two, allowed).
/// Each ring once, starting from its smallest node, shortest first.
pub fn rings(graph: &BTreeMap<usize, BTreeSet<usize>>) -> Vec<Vec<usize>> {
    let mut found: BTreeSet<(usize, Vec<usize>)> = BTreeSet::new();
    for (&u, targets) in graph {
        for &v in targets {
            if let Some(back) = shortest_path(graph, v, u, (v, u)) {
                if back.len() < 3 {
                    continue;
                }
                // back runs v .. u; the ring is u, v, .., (back to u).
                let mut ring = vec![u];
                ring.extend_from_slice(&back[..back.len() - 1]);
                let at = ring
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, &n)| n)
                    .map_or(0, |(i, _)| i);
                ring.rotate_left(at);
                found.insert((ring.len(), ring));
            }
        }
    }
    // The same ring is found from each of its edges, and rings that share
    // their node set are one tangle: keep one of each set.
    let mut sets = BTreeSet::new();
    found
        .into_iter()
        .map(|(_, r)| r)
        .filter(|r| sets.insert(r.iter().copied().collect::<BTreeSet<_>>()))
        .collect()
}

/// The shortest path `from` .. `to` (both included) that does not use the
/// edge `skip`.
fn shortest_path(
    graph: &BTreeMap<usize, BTreeSet<usize>>,
    from: usize,
    to: usize,
    skip: (usize, usize),
) -> Option<Vec<usize>> {
    let mut previous: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    let mut seen = BTreeSet::from([from]);
    while let Some(n) = queue.pop_front() {
        if n == to {
            let mut path = vec![to];
            let mut at = to;
            while let Some(&p) = previous.get(&at) {
                path.push(p);
                at = p;
            }
            path.reverse();
            return Some(path);
        }
        for &next in graph.get(&n).into_iter().flatten() {
            if (n, next) != skip && seen.insert(next) {
                previous.insert(next, n);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(usize, usize)]) -> BTreeMap<usize, BTreeSet<usize>> {
        let mut g: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
        for &(a, b) in edges {
            g.entry(a).or_default().insert(b);
            g.entry(b).or_default();
        }
        g
    }

    #[test]
    fn rings_of_three_or_more_are_found_and_pairs_are_not() {
        assert!(rings(&graph(&[(0, 1), (1, 2)])).is_empty());
        assert_eq!(
            rings(&graph(&[(1, 2), (2, 0), (0, 1), (2, 3)])),
            [vec![0, 1, 2]]
        );
        // A parent and three children that name it: pairs only.
        assert!(rings(&graph(&[(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)])).is_empty());
        // A child that names its sibling through their parent is a ring.
        assert_eq!(
            rings(&graph(&[(0, 1), (1, 0), (0, 2), (2, 0), (1, 2)])),
            [vec![0, 1, 2]]
        );
    }
}
