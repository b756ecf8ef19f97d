//! Where a zone node is written in the document, as the compiler walks down a zone tree: its
//! parent's place and the few segments from there, on the stack. It becomes a path (a
//! `Vec<PathSeg>` of strings) only when a finding is made there, not for every node walked.

use crate::diagnostic::PathSeg;

/// One segment below a node: a clause or field name, or a list index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg {
    /// A clause or field name.
    Key(&'static str),
    /// An index into a list.
    Index(usize),
}

/// A node's place: the path the caller gave, or a place below another.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place<'p> {
    /// The zone's own path in the document.
    Root(&'p [PathSeg]),
    /// Below another place, by these segments.
    Under(&'p Place<'p>, &'p [Seg]),
}

impl<'p> Place<'p> {
    /// The place `segs` below this one.
    pub fn under(&'p self, segs: &'p [Seg]) -> Place<'p> {
        Place::Under(self, segs)
    }

    /// The path of this place, for a finding.
    pub fn to_vec(self) -> Vec<PathSeg> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut Vec<PathSeg>) {
        match self {
            Place::Root(path) => out.extend_from_slice(path),
            Place::Under(parent, segs) => {
                parent.write(out);
                out.extend(segs.iter().map(|s| match s {
                    Seg::Key(k) => PathSeg::key(k),
                    Seg::Index(i) => PathSeg::Index(*i),
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_its_parents_path_then_its_segments() {
        let root = [PathSeg::key("sides"), PathSeg::Index(1)];
        let top = Place::Root(&root);
        let segs = [Seg::Key("Between"), Seg::Key("chain"), Seg::Index(2)];
        let between = top.under(&segs);
        let of = [Seg::Key("Within"), Seg::Key("of")];
        let within = between.under(&of);
        let want: Vec<PathSeg> = vec![
            PathSeg::key("sides"),
            PathSeg::Index(1),
            PathSeg::key("Between"),
            PathSeg::key("chain"),
            PathSeg::Index(2),
            PathSeg::key("Within"),
            PathSeg::key("of"),
        ];
        assert_eq!(within.to_vec(), want);
        assert_eq!(top.to_vec(), root.to_vec());
    }
}
