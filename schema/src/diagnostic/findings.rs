//! A bounded collection of findings: a stage that reports one finding per bad item of a list
//! (an off-map hex, an unknown terrain character) keeps the first
//! [`MAX_DIAGNOSTICS_PER_FILE`] of each code and counts the rest, because a file shows no more
//! than that many. A map of a million bad hexes costs a count, not a million messages in memory.

use std::collections::HashMap;

use super::{Code, Diagnostic, MAX_DIAGNOSTICS_PER_FILE};

/// Findings of one stage, at most [`MAX_DIAGNOSTICS_PER_FILE`] of each code kept one by one.
#[derive(Debug, Default)]
pub struct Findings {
    kept: Vec<Diagnostic>,
    /// Per code: how many were pushed, and the first one past the limit.
    counts: HashMap<Code, (usize, Option<Diagnostic>)>,
}

impl Findings {
    /// No findings yet.
    pub fn new() -> Findings {
        Findings::default()
    }

    /// Add a finding: kept while its code has fewer than the limit, otherwise counted.
    pub fn push(&mut self, d: Diagnostic) {
        self.push_with(d.code, || d);
    }

    /// Add a finding of `code` built by `make` only when it is kept (for one finding per item
    /// of a long list: past the limit, a finding costs an addition).
    pub fn push_with(&mut self, code: Code, make: impl FnOnce() -> Diagnostic) {
        let (n, first_over) = self.counts.entry(code).or_default();
        *n += 1;
        if *n <= MAX_DIAGNOSTICS_PER_FILE {
            self.kept.push(make());
        } else if first_over.is_none() {
            *first_over = Some(make());
        }
    }

    /// Add several findings.
    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        for d in ds {
            self.push(d);
        }
    }

    /// How many findings were pushed, kept or counted.
    pub fn len(&self) -> usize {
        self.counts.values().map(|(n, _)| n).sum()
    }

    /// Whether nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The kept findings in the order pushed, then for each code past the limit its first
    /// finding past it, saying how many more like it there are.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        let mut out = self.kept;
        let mut over: Vec<(usize, Diagnostic)> = self
            .counts
            .into_values()
            .filter_map(|(n, first)| first.map(|d| (n - MAX_DIAGNOSTICS_PER_FILE - 1, d)))
            .collect();
        over.sort_by_key(|(_, d)| d.code);
        for (more, mut d) in over {
            d.more_like_it = more;
            d.message = format!(
                "{}; and {} more {} finding{} like it, not listed",
                d.message,
                super::grouped(more),
                d.code,
                if more == 1 { "" } else { "s" }
            );
            out.push(d);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn off_map(i: usize) -> Diagnostic {
        Diagnostic::new(Code::OffMap, format!("hex {i} is off the map"))
    }

    #[test]
    fn findings_past_the_limit_are_counted_in_one() {
        let mut f = Findings::new();
        f.extend((0..MAX_DIAGNOSTICS_PER_FILE + 1000).map(off_map));
        f.push(Diagnostic::new(Code::UnknownFeature, "no V99"));
        assert_eq!(f.len(), MAX_DIAGNOSTICS_PER_FILE + 1001);
        let out = f.into_vec();
        assert_eq!(out.len(), MAX_DIAGNOSTICS_PER_FILE + 2);
        assert_eq!(out[MAX_DIAGNOSTICS_PER_FILE].code, Code::UnknownFeature);
        assert_eq!(
            out.last().unwrap().message,
            format!(
                "hex {MAX_DIAGNOSTICS_PER_FILE} is off the map; and 999 more {} findings like it, \
                 not listed",
                Code::OffMap
            )
        );
    }

    #[test]
    fn findings_up_to_the_limit_are_all_kept() {
        let mut f = Findings::new();
        f.extend((0..MAX_DIAGNOSTICS_PER_FILE).map(off_map));
        let out = f.into_vec();
        assert_eq!(out.len(), MAX_DIAGNOSTICS_PER_FILE);
        assert!(out.iter().all(|d| !d.message.contains("more")));
    }
}
