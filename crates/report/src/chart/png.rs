//! PNG: the chart's SVG rasterised by `resvg` at twice its size, with the
//! system's fonts. Draws nothing of its own.

use std::sync::{Arc, OnceLock};

/// The system's fonts, loaded once, with `sans-serif` and `serif` mapped to
/// installed families.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            let families: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
                .collect();
            let preferred = [
                "DejaVu Sans",
                "Liberation Sans",
                "Noto Sans",
                "Arial",
                "Helvetica",
                "FreeSans",
            ];
            let chosen = preferred
                .iter()
                .find(|p| families.iter().any(|f| f == *p))
                .map(|p| p.to_string())
                .or_else(|| {
                    let mut sorted = families.clone();
                    sorted.sort();
                    sorted.into_iter().next()
                });
            if let Some(family) = chosen {
                db.set_sans_serif_family(family.clone());
                db.set_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// The SVG rendered to PNG.
pub fn render_png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot read the SVG: {e}"))?;
    let scale = 2.0;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or("the SVG has no size")?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("cannot allocate the image")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}
