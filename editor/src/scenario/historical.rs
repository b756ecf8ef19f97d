//! The seventeen historical scenarios (11.1–11.17), built into the editor so that any of them
//! opens from the Scenario menu on any machine.

use saber_schema::model::scenario::Scenario;
use saber_schema::pipeline::read::Source;

/// One built-in scenario: its file name and text.
pub struct Historical {
    /// File name in `scenarios/` (`07-gettysburg-little-round-top.ron`).
    pub file: &'static str,
    /// The file's text.
    pub text: &'static str,
}

macro_rules! historical {
    ($($file:literal),* $(,)?) => {
        /// The seventeen scenarios, in rule order.
        pub const HISTORICAL: &[Historical] = &[
            $(Historical { file: $file, text: include_str!(concat!("../../../scenarios/", $file)) }),*
        ];
    };
}

historical!(
    "01-fatehpur.ron",
    "02-varese.ron",
    "03-palestro.ron",
    "04-magenta.ron",
    "05-first-bull-run.ron",
    "06-shiloh.ron",
    "07-gettysburg-little-round-top.ron",
    "08-gettysburg-picketts-charge.ron",
    "09-langensalza.ron",
    "10-worth.ron",
    "11-mars-la-tour.ron",
    "12-plevna-grivitza.ron",
    "13-plevna-green-hills.ron",
    "14-tarapaca.ron",
    "15-el-caney.ron",
    "16-modder-river.ron",
    "17-south-africa.ron",
);

impl Historical {
    /// The scenario, parsed and checked against the JSON Schema like any file.
    pub fn scenario(&self) -> Result<Scenario, String> {
        let src = Source::from_text(self.file, self.text);
        saber_schema::pipeline::load_scenario(&src).map_err(|d| {
            saber_schema::pipeline::finish(&src, d)
                .iter()
                .map(crate::files::one_line)
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    /// The menu entry: "11.7 Gettysburg (Little Round Top), 1-3 July 1863 · 20 turns".
    pub fn title(&self) -> String {
        match self.scenario() {
            Ok(s) => {
                let mut t = String::new();
                if let Some(r) = &s.rule {
                    t.push_str(r);
                    t.push(' ');
                }
                t.push_str(&s.name);
                if let Some(p) = &s.portion {
                    t.push_str(&format!(" ({p})"));
                }
                format!("{t}, {} · {} turns", s.date, s.game_length)
            }
            Err(_) => self.file.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_seventeen_parse_and_name_their_rule() {
        assert_eq!(HISTORICAL.len(), 17);
        for (i, h) in HISTORICAL.iter().enumerate() {
            let s = h.scenario().unwrap_or_else(|e| panic!("{}: {e}", h.file));
            assert_eq!(s.rule.as_deref(), Some(format!("11.{}", i + 1).as_str()));
            assert!(h.title().contains("turns"), "{}", h.title());
        }
    }
}
