//! Positions between the library and the protocol: the library locates findings by byte
//! offset, the Language Server Protocol by line and column, the column counted in the code
//! units the client and server agreed on at `initialize` (UTF-16 unless the client offers
//! UTF-8). Every conversion of the server goes through [`LineIndex`]: a client's position is
//! never used as a byte offset.

use lsp_types::{Position, PositionEncodingKind, Range};
pub use saber_schema::diagnostic::floor_char_boundary;

/// The unit a protocol column counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// UTF-16 code units: the protocol's default (`é` is one, `𝄞` two).
    #[default]
    Utf16,
    /// Bytes of UTF-8 (`é` is two, `𝄞` four).
    Utf8,
}

impl Encoding {
    /// The encoding to use with a client offering `offered` (its preference order): UTF-8 when
    /// offered (no counting at all), otherwise UTF-16, which every client must accept.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        if offered.is_some_and(|o| o.contains(&PositionEncodingKind::UTF8)) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name of the encoding.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf8 => PositionEncodingKind::UTF8,
        }
    }

    /// The units of `c`.
    fn units(self, c: char) -> u32 {
        match self {
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf8 => c.len_utf8() as u32,
        }
    }
}

/// Where each line of a text starts, for turning offsets into positions and back.
pub struct LineIndex<'a> {
    text: &'a str,
    encoding: Encoding,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Index the lines of `text` (`\n` ends a line; a `\r` before it is part of the line),
    /// counting columns in `encoding`.
    pub fn new(text: &'a str, encoding: Encoding) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex {
            text,
            encoding,
            starts,
        }
    }

    /// The protocol position of a byte offset (clamped to the text, moved back to a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let offset = floor_char_boundary(self.text, offset);
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: u32 = self.text[start..offset]
            .chars()
            .map(|c| self.encoding.units(c))
            .sum();
        Position::new(line as u32, character)
    }

    /// The protocol range of `length` bytes from `offset`.
    pub fn range(&self, offset: usize, length: usize) -> Range {
        Range::new(
            self.position(offset),
            self.position(offset.saturating_add(length)),
        )
    }

    /// The byte offset of a protocol position, always a character boundary of the text: past
    /// the end of a line is its end (before its `\r\n`), past the last line is the end of the
    /// text, inside a character (half a surrogate pair, a byte within a UTF-8 sequence) is the
    /// start of the next character.
    pub fn offset(&self, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = &self.text[start..end];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0u32;
        for (i, c) in line.char_indices() {
            if units >= pos.character {
                return start + i;
            }
            units += self.encoding.units(c);
        }
        start + line.len()
    }
}

/// The word (letters, digits, `_`) around byte `offset`.
pub fn word_at(text: &str, offset: usize) -> &str {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let (start, end) = span_around(text, offset, is_word);
    &text[start..end]
}

/// The byte range of the characters passing `part` around byte `offset` (moved back to a
/// character boundary): the one place that turns an offset into a span of text.
pub fn span_around(text: &str, offset: usize, part: impl Fn(char) -> bool) -> (usize, usize) {
    let offset = floor_char_boundary(text, offset);
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|&(_, c)| !part(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = text[offset..]
        .find(|c: char| !part(c))
        .map_or(text.len(), |i| offset + i);
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_code_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let text = "ab\né𝄞x\r\nz";
        let idx = LineIndex::new(text, Encoding::Utf16);
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(x), Position::new(1, 3));
        assert_eq!(idx.offset(Position::new(1, 3)), x);
        assert_eq!(idx.position(text.find('z').unwrap()), Position::new(2, 0));
        // Inside a surrogate pair or past a line's end: the next character or the line's end
        // (before its `\r\n`).
        assert_eq!(idx.offset(Position::new(1, 2)), text.find('𝄞').unwrap() + 4);
        assert_eq!(idx.offset(Position::new(0, 99)), 2);
        assert_eq!(idx.offset(Position::new(1, 99)), x + 1);
        assert_eq!(idx.offset(Position::new(9, 0)), text.len());
        assert_eq!(idx.position(999), Position::new(2, 1));
        // A byte inside a character is moved back to its start.
        assert_eq!(
            idx.position(text.find('é').unwrap() + 1),
            Position::new(1, 0)
        );
    }

    #[test]
    fn positions_count_utf8_bytes_when_agreed() {
        let text = "\u{feff}ab\nKöniggrätz 𝄞x";
        let idx = LineIndex::new(text, Encoding::Utf8);
        let x = text.find('x').unwrap();
        let line = text.find('K').unwrap();
        assert_eq!(idx.position(x), Position::new(1, (x - line) as u32));
        assert_eq!(idx.offset(Position::new(1, (x - line) as u32)), x);
        // The mark is three bytes of the first line.
        assert_eq!(idx.position(3), Position::new(0, 3));
        // A column inside `ö` or `𝄞`: the next character.
        let o = text.find('ö').unwrap();
        assert_eq!(idx.offset(Position::new(1, (o - line + 1) as u32)), o + 2);
        let clef = text.find('𝄞').unwrap();
        assert_eq!(idx.offset(Position::new(1, (clef - line + 2) as u32)), x);
    }

    #[test]
    fn utf8_is_chosen_only_when_offered() {
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&both)), Encoding::Utf8);
        assert_eq!(
            Encoding::negotiate(Some(&[PositionEncodingKind::UTF32])),
            Encoding::Utf16
        );
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
    }

    #[test]
    fn the_word_under_the_cursor() {
        let t = "of: Feature(\"V4\"))";
        assert_eq!(word_at(t, 14), "V4");
        assert_eq!(word_at(t, 0), "of");
        assert_eq!(word_at(t, t.len()), "");
        // After non-ASCII text, at every byte (a client's column is never a byte offset, but
        // the word is found from any).
        let t = "\u{feff}name: \"Königgrätz 𝄞\", of: V4";
        for at in 0..=t.len() {
            word_at(t, at);
        }
        assert_eq!(word_at(t, t.find("tz").unwrap()), "tz");
        assert_eq!(word_at(t, t.find("ät").unwrap() + 1), "niggr");
    }
}
