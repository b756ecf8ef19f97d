//! The `printed` words of set-up lines, reinforcement lines and victory conditions made or
//! changed in the editor (issue 37 §10: every line and victory made in the editor had
//! `printed: ""`, and a line's hex changed left its words naming the old hex). A line's words
//! are made from it, in the rules' own form ("2nd Bde, 3rd Bde: 0604 w/1", "1000 at 0801:
//! Horse Guards"), a victory's are the card's (`MsScenario::describe_victory`), while they are
//! empty or still the words the editor made; words the designer typed (the scenario's own
//! printed text) are never replaced.

use saber_schema::model::hex::{Coord, Grid};
use saber_schema::model::musket_and_saber::{MsScenario, ReinforcementLine, SetupLine};

/// Who a line names: its units, or its formation.
fn who(units: &[String], formation: Option<&str>) -> String {
    match formation {
        Some(f) if units.is_empty() => f.to_string(),
        _ => units.join(", "),
    }
}

/// A hex the file writes as the map prints it (`0100`), in the grid's words.
fn printed_label(grid: Grid, at: Coord) -> String {
    grid.label(grid.numbering.to_grid(at))
}

/// A set-up line's words: "2nd Bde, 3rd Bde: 0604 w/1".
pub fn setup_words(l: &SetupLine, grid: Grid) -> String {
    let w1 = if l.w1 { " w/1" } else { "" };
    format!(
        "{}: {}{w1}",
        who(&l.units, l.formation.as_deref()),
        printed_label(grid, l.at)
    )
}

/// A reinforcement line's words: "1000 at 0801: Horse Guards".
pub fn reinforcement_words(l: &ReinforcementLine, grid: Grid) -> String {
    format!(
        "{} at {}: {}",
        l.turn,
        printed_label(grid, l.at),
        who(&l.units, l.formation.as_deref())
    )
}

/// After an edit from `before` to `after`: each line this edit made or changed whose words
/// are empty, or were the editor's words for it before and were not typed over in this edit,
/// says what it is now. Lines the edit left alone are left alone (a save changes only what the
/// user changed).
pub fn refresh(before: &MsScenario, after: &mut MsScenario, grid: Grid) {
    for (i, l) in after.setup.iter_mut().enumerate() {
        let was = before.setup.get(i);
        if was == Some(&*l) {
            continue;
        }
        if l.printed.is_empty()
            || was.is_some_and(|w| w.printed == l.printed && w.printed == setup_words(w, grid))
        {
            l.printed = setup_words(l, grid);
        }
    }
    let victory: Vec<Option<String>> = after
        .victory
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let was = before.victory.get(i);
            let ours = v.printed.is_empty()
                || was.is_some_and(|w| {
                    w.printed == v.printed && w.printed == before.describe_victory(w)
                });
            (was != Some(v) && ours).then(|| after.describe_victory(v))
        })
        .collect();
    for (v, words) in after.victory.iter_mut().zip(victory) {
        if let Some(words) = words {
            v.printed = words;
        }
    }
    for (i, l) in after.reinforcements.iter_mut().enumerate() {
        let was = before.reinforcements.get(i);
        if was == Some(&*l) {
            continue;
        }
        if l.printed.is_empty()
            || was.is_some_and(|w| {
                w.printed == l.printed && w.printed == reinforcement_words(w, grid)
            })
        {
            l.printed = reinforcement_words(l, grid);
        }
    }
}
