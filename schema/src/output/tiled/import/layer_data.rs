//! A tile layer's data decoded (CSV, base64, zlib or gzip) into exactly the cells the map has:
//! decompression stops at the size the map needs.

use super::*;

/// The global tile ids of a tile layer, exactly `cells` of them. Decoding stops at the size
/// the map needs: a hostile layer cannot make it allocate or inflate more.
pub fn decode(layer: &Layer, cells: usize) -> Result<Vec<u64>, String> {
    let count_mismatch =
        |n: usize| format!("the layer has {n} tiles but the map has {cells} hexes");
    match &layer.data {
        None => Err("the layer has no data".into()),
        Some(Data::Gids(g)) => {
            if g.len() != cells {
                return Err(count_mismatch(g.len()));
            }
            Ok(g.clone())
        }
        Some(Data::Text(text)) => match layer.encoding.as_deref() {
            Some("csv") | None => {
                let mut out = Vec::with_capacity(cells);
                for (i, item) in text.split(',').enumerate() {
                    if i >= cells {
                        return Err(format!("the layer has more than {cells} tiles"));
                    }
                    let item = item.trim();
                    let gid = item
                        .parse::<u64>()
                        .ok()
                        .filter(|g| *g <= u64::from(u32::MAX))
                        .ok_or_else(|| format!("`{}` is not a tile id", cut(item)))?;
                    out.push(gid);
                }
                if out.len() != cells {
                    return Err(count_mismatch(out.len()));
                }
                Ok(out)
            }
            Some("base64") => {
                use base64::Engine;
                let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(compact.as_bytes())
                    .map_err(|e| format!("the base64 data does not decode: {e}"))?;
                let want = cells * 4;
                let raw = match layer.compression.as_deref() {
                    None | Some("") => bytes,
                    Some("zlib") => inflate(flate2::read::ZlibDecoder::new(&bytes[..]), want)?,
                    Some("gzip") => inflate(flate2::read::GzDecoder::new(&bytes[..]), want)?,
                    Some(other) => {
                        return Err(format!(
                            "`{}` compression is not supported (zlib and gzip are)",
                            cut(other)
                        ));
                    }
                };
                // Inflating stops one byte past the map's size: more is "more", never a count.
                if raw.len() > want {
                    return Err(format!(
                        "the layer's data holds more than the map's {cells} tiles ({want} bytes)"
                    ));
                }
                if raw.len() % 4 != 0 {
                    return Err(format!(
                        "the layer's data is {} bytes, not a whole number of 4-byte tile ids",
                        raw.len()
                    ));
                }
                if raw.len() != want {
                    return Err(count_mismatch(raw.len() / 4));
                }
                Ok(raw
                    .chunks_exact(4)
                    .map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
                    .collect())
            }
            Some(other) => Err(format!("`{}` encoding is not supported", cut(other))),
        },
    }
}

/// Inflate at most `want` bytes, and one more to notice a layer larger than the map.
pub(super) fn inflate(reader: impl Read, want: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(want);
    reader
        .take(want as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("the compressed data does not inflate: {e}"))?;
    Ok(out)
}
