//! The symbol a row of a map's legend is drawn with, for both games' keys (the Rifle & Saber
//! key in `legend`, a map's own chart's in `own_chart`).

/// One legend swatch.
pub(crate) enum Swatch {
    Hex(&'static str),
    HexOver(&'static str, &'static str, f64),
    Line(&'static str, f64),
    Road,
    Bridge,
    Ford,
    Dashed(&'static str),
    Overlay(String),
    /// A hex of several kinds of terrain (2.2 in Musket & Saber), its wedges shared in turn.
    Wedges(Vec<&'static str>),
}
