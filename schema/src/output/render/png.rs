//! Rasterising the drawings to PNG with resvg, with the embedded fonts only: a map, a page, and
//! the hex tiles of a Tiled tileset.

use std::cell::RefCell;

use super::*;

/// The font database: the embedded fonts only, so output does not depend on the machine.
pub(crate) fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
            db.load_font_data(epaint_default_fonts::HACK_REGULAR.to_vec());
            db.set_sans_serif_family(SANS);
            db.set_monospace_family(MONO);
            Arc::new(db)
        })
        .clone()
}

/// Rasterise an SVG to PNG bytes, `width_px` wide (height keeps the aspect ratio). The size
/// is capped at [`MAX_PNG_SIDE`] on either side and [`MAX_PNG_PIXELS`] in all.
pub fn svg_to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, RenderError> {
    rasterise(svg, width_px, Some(tiny_skia::Color::WHITE))
}

thread_local! {
    /// Each thread's pixel buffer, kept from one drawing to the next: a card is 1240 × 1754
    /// pixels (8.7 MB), and a buffer mapped afresh for each drawing is paid again in page
    /// faults and the kernel's zeroing (`saberc report` draws a card per scenario).
    static PIXELS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The largest pixel buffer a thread keeps (a 2400-pixel-wide card); a bigger drawing's is
/// given back, so that a long-lived program does not hold it.
const KEEP_PIXELS_AT_MOST: usize = 32 << 20;

/// Rasterise an SVG on a background colour, or transparent.
fn rasterise(
    svg: &str,
    width_px: u32,
    background: Option<tiny_skia::Color>,
) -> Result<Vec<u8>, RenderError> {
    let opt = usvg::Options {
        font_family: SANS.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    if w <= 0.0 || h <= 0.0 {
        return Err(RenderError::Empty);
    }
    let (pw, ph, scale) = png_size(w, h, width_px);
    let size = tiny_skia::IntSize::from_wh(pw, ph).ok_or(RenderError::Empty)?;
    let mut pixels = PIXELS.with(|p| std::mem::take(&mut *p.borrow_mut()));
    pixels.resize(pw as usize * ph as usize * 4, 0);
    let mut pixmap = tiny_skia::Pixmap::from_vec(pixels, size).ok_or(RenderError::Empty)?;
    // Every pixel is set, whatever the buffer held from the last drawing.
    pixmap.fill(background.unwrap_or(tiny_skia::Color::TRANSPARENT));
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    // What `Pixmap::encode_png` does (with its own encoder's settings), on the buffer itself
    // rather than on a copy of it.
    let pixels = pixmap.take_demultiplied();
    let png = encode_rgba(&pixels, pw, ph).map_err(|e| RenderError::Encode(e.to_string()));
    if pixels.capacity() <= KEEP_PIXELS_AT_MOST {
        PIXELS.with(|p| *p.borrow_mut() = pixels);
    }
    png
}

/// Straight RGBA pixels as a PNG: every PNG saberc draws (a map, a card, a tileset) is
/// encoded here. Fast compression (the `png` crate's, on fdeflate, a DEFLATE written for PNG
/// images) rather than zlib's default level: a card's PNG encodes about ten times faster and
/// is about 45 % larger (590 KB rather than 410 at 1240 px wide), which is what lets
/// `saberc report` offer every card's PNG (figures in BENCHMARKS.md). The pixels are the same.
fn encode_rgba(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>, ::png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, width, height);
    encoder.set_color(::png::ColorType::Rgba);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()?;
    Ok(out)
}

/// The pixel size and scale of a PNG of an SVG `w × h` units asked `width_px` wide, within the
/// caps.
pub(super) fn png_size(w: f64, h: f64, width_px: u32) -> (u32, u32, f32) {
    let mut scale = f64::from(width_px.clamp(1, MAX_PNG_SIDE)) / w;
    scale = scale.min(f64::from(MAX_PNG_SIDE) / h);
    let pixels = (w * scale) * (h * scale);
    if pixels > MAX_PNG_PIXELS as f64 {
        scale *= (MAX_PNG_PIXELS as f64 / pixels).sqrt();
    }
    // Round down so that the caps hold.
    let pw = ((w * scale).floor() as u32).max(1);
    let ph = ((h * scale).floor() as u32).max(1);
    (pw, ph, scale as f32)
}

/// The map as a PNG in a given style, `width_px` wide: [`map_svg_styled`] then [`svg_to_png`].
pub fn map_png_styled(
    map: &Map,
    rules: &Ruleset,
    overlays: &[Overlay],
    title: &str,
    style: MapStyle,
    width_px: u32,
) -> Result<Vec<u8>, RenderError> {
    svg_to_png(
        &map_svg_styled(map, rules, overlays, title, style),
        width_px,
    )
}

/// Where every hex centre lands in [`map_png_styled`]'s image of the map (same overlays, same width),
/// in pixels, row by row as [`Grid::coords`] lists the hexes: for comparing our drawing with
/// another program's.
pub fn png_hex_centers(
    map: &Map,
    rules: &Ruleset,
    overlays: &[Overlay],
    width_px: u32,
) -> Vec<(f64, f64)> {
    let lay = Layout::new(map.grid, (MARGIN, TITLE_BAND));
    let legend_x = lay.origin.0 + lay.size.0 + MARGIN;
    let width = legend_x + LEGEND_WIDTH + MARGIN;
    let height = lay.origin.1
        + lay
            .size
            .1
            .max(legend_height(&legend_rows(map, rules, overlays)))
        + MARGIN;
    // The SVG's size is written rounded, and the PNG scale follows from it.
    let (_, _, scale) = png_size(width.round(), height.round(), width_px);
    let scale = f64::from(scale);
    map.grid
        .coords()
        .map(|c| {
            let (x, y) = lay.center(c);
            (x * scale, y * scale)
        })
        .collect()
}

/// What one tile of a tileset shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileArt {
    /// A hex of this terrain, drawn as the map draws it (fill, slope shading, buildings, trees,
    /// a bridge's deck, a ford's stepping stones).
    Cell(Cell),
    /// A hex filled with one colour (zone and victory markers).
    Fill([u8; 3]),
    /// A hex of a Musket & Saber legend character: its six wedges (centre to side) in the
    /// colours of its kinds, as the map drawing shares them.
    Wedges([[u8; 3]; 6]),
}

/// A row of hex tiles `tile_w × tile_h` pixels each, transparent outside the hexes, as one
/// PNG: a tileset image for Tiled. Each hexagon fills its tile, as Tiled's hexagonal renderer
/// expects.
pub fn hex_tiles_png(
    orientation: Orientation,
    tiles: &[TileArt],
    tile_w: u32,
    tile_h: u32,
) -> Result<Vec<u8>, RenderError> {
    let mut map = Map::blank("tile", "tile", 1, 1);
    map.grid.orientation = orientation;
    let lay = Layout::new(map.grid, (0.0, 0.0));
    let (tw, th) = (f64::from(tile_w), f64::from(tile_h));
    let total = tw * tiles.len().max(1) as f64;
    let mut out = String::new();
    svg_start(&mut out, (total, th), "", None);
    for (i, art) in tiles.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<svg x="{:.0}" y="0" width="{tw:.0}" height="{th:.0}" viewBox="0 0 {:.3} {:.3}" preserveAspectRatio="none">"#,
            tw * i as f64,
            lay.size.0,
            lay.size.1
        );
        let mut d = String::new();
        lay.hex_path(&mut d, Coord(1, 1));
        match art {
            TileArt::Cell(cell) => {
                map.cells[0] = *cell;
                draw_terrain(&mut out, &map, &lay);
                // A bridge's deck (across the tile: a tile knows no road) and a ford's stones.
                draw_crossings(&mut out, &map, &lay);
            }
            TileArt::Fill(color) => {
                let _ = writeln!(out, r#"<path d="{d}" fill="{}"/>"#, rgb(*color));
            }
            TileArt::Wedges(fills) => {
                // The whole hex first, so that no seam shows between wedges of one colour.
                let _ = writeln!(out, r#"<path d="{d}" fill="{}"/>"#, rgb(fills[0]));
                let hex = Coord(1, 1);
                for (i, w) in wedges(lay.center(hex), lay.corners(hex))
                    .iter()
                    .enumerate()
                    .skip(1)
                {
                    let mut d = String::new();
                    polygon(&mut d, w, 3);
                    let _ = writeln!(out, r#"<path d="{d}" fill="{}"/>"#, rgb(fills[i]));
                }
            }
        }
        // The grid's line round a terrain's hex.
        if !matches!(art, TileArt::Fill(_)) {
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="none" stroke="{GRID_LINE}" stroke-opacity="0.45" stroke-width="{:.2}"/>"#,
                lay.step * 0.025
            );
        }
        out.push_str("</svg>\n");
    }
    out.push_str("</svg>\n");
    rasterise(&out, total as u32, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PNG as `tiny_skia` encodes it (zlib's default level, the encoder saberc used
    /// before), on a fresh pixmap: what `rasterise` gave before it kept its buffer and
    /// encoded faster.
    fn reference(svg: &str, width_px: u32, background: Option<tiny_skia::Color>) -> Vec<u8> {
        let opt = usvg::Options {
            font_family: SANS.to_string(),
            fontdb: fonts(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(svg, &opt).unwrap();
        let size = tree.size();
        let (pw, ph, scale) = png_size(f64::from(size.width()), f64::from(size.height()), width_px);
        let mut pixmap = tiny_skia::Pixmap::new(pw, ph).unwrap();
        if let Some(color) = background {
            pixmap.fill(color);
        }
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        pixmap.encode_png().unwrap()
    }

    /// Two PNGs' pixels are the same (and their size), whatever their encodings.
    #[track_caller]
    fn same_pixels(png: &[u8], reference: &[u8]) {
        let (a, b) = (
            tiny_skia::Pixmap::decode_png(png).unwrap(),
            tiny_skia::Pixmap::decode_png(reference).unwrap(),
        );
        assert_eq!((a.width(), a.height()), (b.width(), b.height()));
        assert!(a.data() == b.data(), "the pixels differ");
    }

    #[test]
    fn a_kept_buffer_and_the_fast_encoding_give_the_pixels_of_a_fresh_one() {
        let big = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#804020" opacity="0.8"/><text x="10" y="50" font-size="20">Fatehpur</text></svg>"##;
        let small = r##"<svg xmlns="http://www.w3.org/2000/svg" width="50" height="40"><circle cx="20" cy="20" r="10" fill="#2040a0" opacity="0.5"/></svg>"##;
        // The big drawing first, so that the small ones reuse a larger buffer it left dirty,
        // on white and on transparent.
        let white = Some(tiny_skia::Color::WHITE);
        for (svg, width, background) in [
            (big, 600, white),
            (small, 200, white),
            (small, 200, None),
            (big, 900, None),
        ] {
            let png = rasterise(svg, width, background).unwrap();
            same_pixels(&png, &reference(svg, width, background));
            // The one encoder's bytes: not zlib's.
            assert_ne!(png, reference(svg, width, background));
        }
    }

    #[test]
    fn a_cards_pixels_are_those_of_the_encoder_before() {
        let src = crate::pipeline::read::Source::from_text(
            "scenarios/07-gettysburg-little-round-top.ron",
            include_str!("../../../../scenarios/07-gettysburg-little-round-top.ron"),
        );
        let (c, _) =
            crate::pipeline::compile_scenario(&src, &crate::pipeline::maps::MapRegistry::new());
        let svg = crate::output::card::card_svg(&c.expect("11.7 compiles"));
        let white = Some(tiny_skia::Color::WHITE);
        same_pixels(
            &svg_to_png(&svg, 1240).unwrap(),
            &reference(&svg, 1240, white),
        );
    }
}
