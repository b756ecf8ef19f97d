//! Positions between the library and the protocol: the library locates findings by byte
//! offset, the Language Server Protocol by line and UTF-16 code unit.

use lsp_types::{Position, Range};

/// Where each line of a text starts, for turning offsets into positions and back.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Index the lines of `text` (`\n` ends a line; a `\r` before it is part of the line).
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(memchr_iter(text).map(|i| i + 1));
        LineIndex { text, starts }
    }

    /// The protocol position of a byte offset (clamped to the text, moved back to a character
    /// boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = self.text[start..offset].encode_utf16().count();
        Position::new(line as u32, character as u32)
    }

    /// The protocol range of `length` bytes from `offset`.
    pub fn range(&self, offset: usize, length: usize) -> Range {
        Range::new(
            self.position(offset),
            self.position(offset.saturating_add(length)),
        )
    }

    /// The byte offset of a protocol position: past the end of a line is its end, past the
    /// last line is the end of the text.
    pub fn offset(&self, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= pos.character {
                return start + i;
            }
            units += c.len_utf16() as u32;
        }
        end
    }
}

fn memchr_iter(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_code_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let text = "ab\né𝄞x\r\nz";
        let idx = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(idx.position(x), Position::new(1, 3));
        assert_eq!(idx.offset(Position::new(1, 3)), x);
        assert_eq!(idx.position(text.find('z').unwrap()), Position::new(2, 0));
        // Inside a surrogate pair or past a line's end: the next character or the line's end.
        assert_eq!(idx.offset(Position::new(1, 2)), text.find('𝄞').unwrap() + 4);
        assert_eq!(idx.offset(Position::new(0, 99)), 2);
        assert_eq!(idx.offset(Position::new(9, 0)), text.len());
        assert_eq!(idx.position(999), Position::new(2, 1));
    }
}
