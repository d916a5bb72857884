//! How each series of a chart is drawn: a (colour, marker, dash) triple
//! that no other series of the chart has (see the module doc of
//! [`crate::chart`] for the rules), and the marker shapes in SVG.

use std::fmt::Write as _;

use super::svg::n2;
use super::Series;

/// Okabe & Ito's colour-blind-safe palette (yellow last: weakest on white).
pub(super) const PALETTE: [&str; 8] = [
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#000000", "#f0e442",
];
/// The reference lines' colour (`offered`, `objective`).
pub(super) const GREY: &str = "#888888";
/// Okabe–Ito's yellow is too light for text on white: labels in that
/// colour are written in this darker olive.
const YELLOW_TEXT: &str = "#8f8500";

/// The shape drawn at each point of a series (and in its legend entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    /// An ×, stroked.
    Cross,
    /// A +, stroked.
    Plus,
}

/// Seven shapes: seven is prime to the palette's eight colours, so the
/// first 56 series all differ in colour or shape.
const MARKERS: [Marker; 7] = [
    Marker::Circle,
    Marker::Square,
    Marker::TriangleUp,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::Cross,
    Marker::Plus,
];

impl Marker {
    /// The name in the SVG's `data-marker`.
    pub fn name(self) -> &'static str {
        match self {
            Marker::Circle => "circle",
            Marker::Square => "square",
            Marker::TriangleUp => "triangle",
            Marker::Diamond => "diamond",
            Marker::TriangleDown => "triangle-down",
            Marker::Cross => "cross",
            Marker::Plus => "plus",
        }
    }
}

/// A line's dash pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
    DashDot,
}

const DASHES: [Dash; 4] = [Dash::Solid, Dash::Dashed, Dash::Dotted, Dash::DashDot];

impl Dash {
    /// The name in the SVG's `data-dash`.
    pub fn name(self) -> &'static str {
        match self {
            Dash::Solid => "solid",
            Dash::Dashed => "dashed",
            Dash::Dotted => "dotted",
            Dash::DashDot => "dash-dot",
        }
    }

    /// The `stroke-dasharray` attribute (with its leading space), for a
    /// 2 px line.
    pub(super) fn attr(self) -> &'static str {
        match self {
            Dash::Solid => "",
            Dash::Dashed => " stroke-dasharray=\"7 4\"",
            Dash::Dotted => " stroke-dasharray=\"2 3\"",
            Dash::DashDot => " stroke-dasharray=\"8 3 2 3\"",
        }
    }

    fn index(self) -> usize {
        DASHES.iter().position(|d| *d == self).unwrap_or(0)
    }
}

/// How one series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// `#rrggbb`.
    pub colour: &'static str,
    pub marker: Marker,
    pub dash: Dash,
}

impl Style {
    /// The colour of text naming the series (end labels): the series'
    /// colour, darker where it is too light to read on white.
    pub(super) fn text_colour(&self) -> &'static str {
        if self.colour == PALETTE[7] {
            YELLOW_TEXT
        } else {
            self.colour
        }
    }

    /// The data attributes of the series' group (with a leading space).
    pub(super) fn data_attrs(&self) -> String {
        format!(
            " data-colour=\"{}\" data-marker=\"{}\" data-dash=\"{}\"",
            self.colour,
            self.marker.name(),
            self.dash.name()
        )
    }
}

/// What a series is to the others of its chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A grey reference line: `offered`, `objective`.
    Reference,
    /// A dashed series named after an earlier, undashed one plus a suffix
    /// (`X errors` after `X`, `X capacity`): drawn with that one.
    Derived(usize),
    /// A series of its own (a server variant).
    Own,
}

/// Each series' role (see [`Role`]).
pub(super) fn roles(series: &[Series]) -> Vec<Role> {
    series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if s.name == "offered" || s.name == "objective" {
                return Role::Reference;
            }
            let parent = (0..i).find(|&j| {
                let p = &series[j].name;
                s.dashed
                    && !series[j].dashed
                    && s.name.len() > p.len()
                    && s.name.starts_with(p.as_str())
                    && s.name[p.len()..].starts_with(' ')
            });
            parent.map_or(Role::Own, Role::Derived)
        })
        .collect()
}

/// Each series' style, by the rules in the module doc of [`crate::chart`]:
/// the n-th series of its own (from 0) takes colour n mod 8, marker n mod 7
/// and dash pattern n div 8 (solid, dashed, dotted, dash-dot; dashed at
/// least when the series is dashed); a derived series its series' colour
/// and marker with the next dash patterns; a reference line is grey,
/// dashed, with circles.
pub fn styles(series: &[Series]) -> Vec<Style> {
    let roles = roles(series);
    let mut out: Vec<Style> = Vec::with_capacity(series.len());
    let mut children = vec![0usize; series.len()];
    let mut next = 0;
    for (s, role) in series.iter().zip(&roles) {
        let style = match *role {
            Role::Reference => Style {
                colour: GREY,
                marker: Marker::Circle,
                dash: Dash::Dashed,
            },
            Role::Derived(j) => {
                let parent = out[j];
                children[j] += 1;
                Style {
                    dash: DASHES[(parent.dash.index() + children[j]) % DASHES.len()],
                    ..parent
                }
            }
            Role::Own => {
                let n = next;
                next += 1;
                let mut dash = DASHES[(n / PALETTE.len()) % DASHES.len()];
                if s.dashed && dash == Dash::Solid {
                    dash = Dash::Dashed;
                }
                Style {
                    colour: PALETTE[n % PALETTE.len()],
                    marker: MARKERS[n % MARKERS.len()],
                    dash,
                }
            }
        };
        out.push(style);
    }
    out
}

/// One marker of `size` (about its radius) centred on (x, y), with the
/// class `marker`. It takes its colour from the enclosing group's `fill`
/// and `stroke`. A point's marker has its `data` (see [`super::points`]):
/// attributes and a `<title>` child.
pub(super) fn marker(
    s: &mut String,
    m: Marker,
    x: f64,
    y: f64,
    size: f64,
    data: Option<&(String, String)>,
) {
    let p = |dx: f64, dy: f64| format!("{} {}", n2(x + dx * size), n2(y + dy * size));
    let filled = |d: String| ("path", format!("d=\"{d}\" stroke=\"none\""));
    let stroked = |d: String| {
        (
            "path",
            format!("d=\"{d}\" fill=\"none\" stroke-width=\"1.6\""),
        )
    };
    let (tag, shape) = match m {
        Marker::Circle => (
            "circle",
            format!(
                "cx=\"{}\" cy=\"{}\" r=\"{}\" stroke=\"none\"",
                n2(x),
                n2(y),
                n2(size)
            ),
        ),
        Marker::Square => filled(format!(
            "M{} L{} L{} L{} Z",
            p(-0.9, -0.9),
            p(0.9, -0.9),
            p(0.9, 0.9),
            p(-0.9, 0.9)
        )),
        Marker::TriangleUp => filled(format!(
            "M{} L{} L{} Z",
            p(0.0, -1.3),
            p(1.15, 0.8),
            p(-1.15, 0.8)
        )),
        Marker::TriangleDown => filled(format!(
            "M{} L{} L{} Z",
            p(0.0, 1.3),
            p(1.15, -0.8),
            p(-1.15, -0.8)
        )),
        Marker::Diamond => filled(format!(
            "M{} L{} L{} L{} Z",
            p(0.0, -1.35),
            p(1.05, 0.0),
            p(0.0, 1.35),
            p(-1.05, 0.0)
        )),
        Marker::Cross => stroked(format!(
            "M{} L{} M{} L{}",
            p(-1.0, -1.0),
            p(1.0, 1.0),
            p(-1.0, 1.0),
            p(1.0, -1.0)
        )),
        Marker::Plus => stroked(format!(
            "M{} L{} M{} L{}",
            p(-1.3, 0.0),
            p(1.3, 0.0),
            p(0.0, -1.3),
            p(0.0, 1.3)
        )),
    };
    let _ = match data {
        None => writeln!(s, "<{tag} class=\"marker\" {shape}/>"),
        Some((attrs, title)) => {
            writeln!(s, "<{tag} class=\"marker\" {shape}{attrs}>{title}</{tag}>")
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, dashed: bool) -> Series {
        Series {
            name: name.into(),
            points: vec![(0.0, 1.0)],
            dashed,
            intervals: Vec::new(),
            flags: Vec::new(),
        }
    }

    #[test]
    fn own_series_are_distinct_far_beyond_24() {
        let all: Vec<Series> = (0..224).map(|i| series(&format!("s{i}"), false)).collect();
        let styles = styles(&all);
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[..i] {
                assert_ne!(a, b, "series {i}");
            }
        }
        // The first eight: the palette, solid; then dashed, then dotted.
        assert!(styles[..8].iter().all(|s| s.dash == Dash::Solid));
        assert!(styles[8..16].iter().all(|s| s.dash == Dash::Dashed));
        assert!(styles[16..24].iter().all(|s| s.dash == Dash::Dotted));
        // Same colour, other marker.
        assert_eq!(styles[0].colour, styles[8].colour);
        assert_ne!(styles[0].marker, styles[8].marker);
    }

    #[test]
    fn references_are_grey_and_derived_series_follow_theirs() {
        let all = vec![
            series("offered", true),
            series("a", false),
            series("b", false),
            series("a errors", true),
            series("b capacity", true),
            series("alone", true),
        ];
        let roles = roles(&all);
        assert_eq!(
            roles,
            [
                Role::Reference,
                Role::Own,
                Role::Own,
                Role::Derived(1),
                Role::Derived(2),
                Role::Own
            ]
        );
        let st = styles(&all);
        assert_eq!((st[0].colour, st[0].dash), (GREY, Dash::Dashed));
        assert_eq!((st[3].colour, st[3].marker), (st[1].colour, st[1].marker));
        assert_eq!(st[3].dash, Dash::Dashed);
        assert_eq!(st[4].colour, st[2].colour);
        // A dashed series of its own is dashed, in the next colour.
        assert_eq!((st[5].colour, st[5].dash), (PALETTE[2], Dash::Dashed));
    }
}
