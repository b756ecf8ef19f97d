//! The object layers of an imported Tiled map, as every game's import reads them: objects
//! collected and classified, a road's hexes, a polyline's hexsides and a label, each checked
//! against the grid (a road through neighbouring hexes, a hexside corner to corner).

use super::*;

/// Every object of every object layer (groups included) that is one of the game's kinds:
/// `by_name` of its class, else of its layer's name (trimmed, lower case), with where it is
/// (`object 3 in layer `roads``). Any other is reported left out: it is not `kinds`, `hint`.
pub(super) fn classified<'a, K>(
    cx: &mut Context,
    layers: &'a [Layer],
    by_name: impl Fn(&str) -> Option<K>,
    [kinds, hint]: [&str; 2],
) -> Vec<(K, &'a Object, String)> {
    let mut all = Vec::new();
    collect_objects(layers, &mut all);
    let mut out = Vec::new();
    for (layer, o) in all {
        let here = format!("object {} in layer `{}`", o.id, layer.name);
        let name = if o.kind.trim().is_empty() {
            &layer.name
        } else {
            &o.kind
        };
        match by_name(name.trim().to_ascii_lowercase().as_str()) {
            Some(k) => out.push((k, o, here)),
            None => {
                let d = Diagnostic::new(
                    Code::TiledObjectLeftOut,
                    format!("{here} (`{}`) is not {kinds}; it is left out", o.name),
                )
                .with_hint(hint);
                cx.report(0, &o.origin, d);
            }
        }
    }
    out
}

/// Every object of every object layer, groups included, with its layer.
fn collect_objects<'a>(layers: &'a [Layer], out: &mut Vec<(&'a Layer, &'a Object)>) {
    for l in layers {
        if let Some(objects) = &l.objects {
            out.extend(objects.iter().map(|o| (l, o)));
        }
        if let Some(children) = &l.layers {
            collect_objects(children, out);
        }
    }
}

/// The object's anchor in pixels: a point's position, a shape's centre.
pub(super) fn anchor(o: &Object) -> (f64, f64) {
    if o.point || o.polyline.is_some() || o.polygon.is_some() {
        (o.x, o.y)
    } else {
        (o.x + o.width / 2.0, o.y + o.height / 2.0)
    }
}

/// The absolute points of a polyline or polygon, rotation applied.
pub(super) fn points(o: &Object) -> Vec<(f64, f64)> {
    let rel: &[Point] = o
        .polyline
        .as_deref()
        .or(o.polygon.as_deref())
        .unwrap_or(&[]);
    let (sin, cos) = o.rotation.to_radians().sin_cos();
    let mut out: Vec<(f64, f64)> = rel
        .iter()
        .map(|p| (o.x + p.x * cos - p.y * sin, o.y + p.x * sin + p.y * cos))
        .collect();
    if o.polygon.is_some()
        && let Some(first) = out.first().copied()
    {
        out.push(first);
    }
    out
}

/// A road's name: its object's, when it has one.
pub(super) fn road_name(o: &Object) -> Option<String> {
    let name = o.name.trim();
    (!name.is_empty()).then(|| name.chars().take(100).collect())
}

/// The hexes a road's polyline runs through, each with the point it came from, or why it is no
/// road (reported).
pub(super) fn road_hexes(
    cx: &mut Context,
    t: &TiledGrid,
    o: &Object,
    here: &str,
) -> Option<(Vec<Coord>, Vec<usize>)> {
    let pts = points(o);
    let mut hexes: Vec<Coord> = Vec::new();
    let mut which = Vec::new();
    for (i, p) in pts.iter().enumerate() {
        match t.hex_at(*p, 0.35) {
            Some(c) if t.grid.contains(c) => {
                if hexes.last() != Some(&c) {
                    hexes.push(c);
                    which.push(i);
                }
            }
            _ => {
                let d = Diagnostic::new(
                    Code::TiledObject,
                    format!(
                        "{here}: point {i} of the road is not at the centre of a hex of the map"
                    ),
                )
                .with_hint(
                    "draw roads as polylines from hex centre to hex centre (snap to the grid)",
                );
                cx.report(0, &o.origin, d);
                return None;
            }
        }
    }
    if hexes.len() < 2 {
        let d = Diagnostic::new(
            Code::TiledObject,
            format!("{here}: a road needs a polyline through at least two hexes"),
        )
        .with_hint("draw roads as polylines from hex centre to hex centre");
        cx.report(0, &o.origin, d);
        return None;
    }
    Some((hexes, which))
}

/// The hexsides a polyline runs along, a segment each; a polyline of no segment, or a segment
/// along no hexside, is reported (`what`: the object's kind, `ridge`).
pub(super) fn sides_along(
    cx: &mut Context,
    t: &TiledGrid,
    o: &Object,
    here: &str,
    what: &str,
) -> Vec<SideKey> {
    let pts = points(o);
    if pts.len() < 2 {
        let d = Diagnostic::new(
            Code::TiledObject,
            format!("{here}: a {what} needs a polyline along at least one hexside"),
        )
        .with_hint(format!(
            "draw {what}s as polylines from hex corner to hex corner"
        ));
        cx.report(0, &o.origin, d);
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, w) in pts.windows(2).enumerate() {
        match hexside(t, w[0], w[1]) {
            Some(key) => out.push(key),
            None => {
                let d = Diagnostic::new(
                    Code::TiledObject,
                    format!(
                        "{here}: segment {} of the {what} is not a hexside of the map",
                        i + 1
                    ),
                )
                .with_hint(format!(
                    "each segment of a {what} runs along one hexside, corner to corner"
                ));
                cx.report(0, &o.origin, d);
            }
        }
    }
    out
}

/// The hexside a segment runs along: its midpoint halfway between two neighbouring hex
/// centres, its length a hex side's.
pub(super) fn hexside(t: &TiledGrid, p: (f64, f64), q: (f64, f64)) -> Option<SideKey> {
    let g = t.grid;
    let (a, b) = (t.from_px(p), t.from_px(q));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let side = 1.0 / 3f64.sqrt();
    if !(len > side * 0.75 && len < side * 1.25) {
        return None;
    }
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    // The two hexes on either side of the segment's midpoint.
    let (nx, ny) = (-(b.1 - a.1) / len, (b.0 - a.0) / len);
    let one = t.hex_at(t.to_px((mid.0 + nx * 0.3, mid.1 + ny * 0.3)), 0.6)?;
    let two = t.hex_at(t.to_px((mid.0 - nx * 0.3, mid.1 - ny * 0.3)), 0.6)?;
    if !g.adjacent(one, two) || !(g.contains(one) || g.contains(two)) {
        return None;
    }
    let (c1, c2) = (g.center(one), g.center(two));
    let between = ((c1.0 + c2.0) / 2.0, (c1.1 + c2.1) / 2.0);
    let off = ((between.0 - mid.0).powi(2) + (between.1 - mid.1).powi(2)).sqrt();
    (off < 0.15).then(|| SideKey::new(one, two))
}

/// A label object's text and hex, or why it is left out (reported).
pub(super) fn label_of(cx: &mut Context, t: &TiledGrid, o: &Object, here: &str) -> Option<Label> {
    let text = o
        .text
        .as_ref()
        .map_or(o.name.as_str(), |t| t.text.as_str())
        .trim();
    let at = t.hex_at(anchor(o), 0.6).filter(|c| t.grid.contains(*c));
    match (text.is_empty(), at) {
        (false, Some(at)) => Some(Label {
            text: text.chars().take(limits::MAX_NAME).collect(),
            at,
        }),
        _ => {
            let d = Diagnostic::new(
                Code::TiledObjectLeftOut,
                format!("{here}: a label needs a text and a place on a hex of the map; left out"),
            );
            cx.report(0, &o.origin, d);
            None
        }
    }
}
