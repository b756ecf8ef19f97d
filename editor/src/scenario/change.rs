//! What one edit of a scenario did, in words for the History panel and the Undo menu:
//! "Union (a): MZ 30 → 31", "Zone of Confederates (a): within 2 of V4", "Game length 10 → 12".

use saber_schema::model::scenario::{Entry, Group, Placement, Scenario, Side};

/// Most changes named in one label; more are summed up as "and N more".
const MAX_PARTS: usize = 2;

/// The edit from `before` to `after`, in words; `None` when nothing a user sees changed.
pub fn describe(before: &Scenario, after: &Scenario) -> Option<String> {
    let mut parts = Vec::new();
    header(before, after, &mut parts);
    if before.sides.len() != after.sides.len() {
        parts.push(format!(
            "Sides: {} → {}",
            before.sides.len(),
            after.sides.len()
        ));
    } else {
        for (a, b) in before.sides.iter().zip(&after.sides) {
            side(a, b, &mut parts);
        }
    }
    list(
        "Victory condition",
        &before.victory,
        &after.victory,
        |v| {
            let name = |id: &str| side_name(after, id);
            v.describe(None, &name)
        },
        &mut parts,
    );
    list(
        "Special rule",
        &before.special_rules,
        &after.special_rules,
        |r| {
            let name = |id: &str| side_name(after, id);
            r.effect.describe(&name)
        },
        &mut parts,
    );
    if before.notes != after.notes {
        parts.push("Historical note".into());
    }
    list(
        "Interpretation note",
        &before.interpretations,
        &after.interpretations,
        |i| format!("{}: {}", i.rule, short(&i.text)),
        &mut parts,
    );
    setup(before, after, &mut parts);
    if before.counter_values != after.counter_values {
        parts.push("Printed counter values".into());
    }
    label(parts)
}

/// The label of an edit that made `parts`, the first few named ("… and 2 more"); `None`
/// for none.
pub fn label(mut parts: Vec<String>) -> Option<String> {
    if parts.is_empty() {
        return None;
    }
    let more = parts.len().saturating_sub(MAX_PARTS);
    parts.truncate(MAX_PARTS);
    let mut label = parts.join("; ");
    if more > 0 {
        label.push_str(&format!(" and {more} more"));
    }
    Some(label)
}

fn side_name(s: &Scenario, id: &str) -> String {
    s.sides
        .iter()
        .find(|x| x.id == id)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// At most a few words of a long text (a printed condition, a note), one line.
pub fn short(text: &str) -> String {
    const WORDS: usize = 6;
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() <= WORDS {
        words.join(" ")
    } else {
        format!("{} …", words[..WORDS].join(" "))
    }
}

fn change<T: PartialEq + std::fmt::Display>(what: &str, a: T, b: T, parts: &mut Vec<String>) {
    if a != b {
        parts.push(format!("{what} {a} → {b}"));
    }
}

fn text(what: &str, a: &str, b: &str, parts: &mut Vec<String>) {
    if a != b {
        parts.push(format!("{what}: “{}” → “{}”", short(a), short(b)));
    }
}

fn header(a: &Scenario, b: &Scenario, parts: &mut Vec<String>) {
    text("Id", &a.id, &b.id, parts);
    text(
        "Rule",
        a.rule.as_deref().unwrap_or(""),
        b.rule.as_deref().unwrap_or(""),
        parts,
    );
    text("Name", &a.name, &b.name, parts);
    text("Date", &a.date, &b.date, parts);
    text(
        "Portion",
        a.portion.as_deref().unwrap_or(""),
        b.portion.as_deref().unwrap_or(""),
        parts,
    );
    text("Map", &a.map, &b.map, parts);
    if a.deploys_first != b.deploys_first {
        parts.push(format!("Deploys first: {}", side_name(b, &b.deploys_first)));
    }
    if a.moves_first != b.moves_first {
        parts.push(format!("Moves first: {}", side_name(b, &b.moves_first)));
    }
    change("Game length", a.game_length, b.game_length, parts);
}

fn side(a: &Side, b: &Side, parts: &mut Vec<String>) {
    text("Side name", &a.name, &b.name, parts);
    text(&format!("{} id", b.name), &a.id, &b.id, parts);
    if a.color != b.color {
        parts.push(format!("{}: counter colour", b.name));
    }
    if a.morale != b.morale {
        parts.push(format!("{}: morale", b.name));
    }
    if a.groups.len() != b.groups.len() {
        let ids = |s: &Side| s.groups.iter().map(|g| g.id.clone()).collect::<Vec<_>>();
        let (was, now) = (ids(a), ids(b));
        if now.len() > was.len() {
            let added: Vec<String> = now.iter().filter(|g| !was.contains(g)).cloned().collect();
            parts.push(format!("{}: group ({}) added", b.name, added.join(", ")));
        } else {
            let gone: Vec<String> = was.iter().filter(|g| !now.contains(g)).cloned().collect();
            parts.push(format!("{}: group ({}) removed", b.name, gone.join(", ")));
        }
        return;
    }
    for (ga, gb) in a.groups.iter().zip(&b.groups) {
        group(&b.name, ga, gb, parts);
    }
}

fn group(side: &str, a: &Group, b: &Group, parts: &mut Vec<String>) {
    let who = format!("{side} ({})", b.id);
    if a.id != b.id {
        parts.push(format!("{side}: group ({}) → ({})", a.id, b.id));
    }
    let mut kinds: Vec<_> = a.units.keys().chain(b.units.keys()).copied().collect();
    kinds.sort();
    kinds.dedup();
    for k in kinds {
        let (x, y) = (
            a.units.get(&k).copied().unwrap_or(0),
            b.units.get(&k).copied().unwrap_or(0),
        );
        if x != y {
            parts.push(format!("{who}: {} {x} → {y}", k.code()));
        }
    }
    let mut markers: Vec<_> = a.markers.keys().chain(b.markers.keys()).copied().collect();
    markers.sort();
    markers.dedup();
    for m in markers {
        let (x, y) = (
            a.markers.get(&m).copied().unwrap_or(0),
            b.markers.get(&m).copied().unwrap_or(0),
        );
        if x != y {
            parts.push(format!("{who}: {} markers {x} → {y}", m.code()));
        }
    }
    if a.entry != b.entry {
        parts.push(match &b.entry {
            Entry::Deploy { zone, facing } => match &a.entry {
                Entry::Deploy { zone: z0, .. } if z0 == zone => {
                    format!(
                        "{who}: facing {}",
                        facing.map(|f| f.name()).unwrap_or("none")
                    )
                }
                _ => format!("Zone of {who}: {}", zone.describe()),
            },
            Entry::Arrive { turn, at } => {
                format!("{who} arrives on Game-Turn {turn} at {}", at.describe())
            }
        });
    }
}

/// A set-up step names the counter and its hex, as the other steps name their group:
/// "Set-up: MZ of Union (a) placed at N12", "… N12 → N13", "… taken off N12".
fn setup(a: &Scenario, b: &Scenario, parts: &mut Vec<String>) {
    let (gone, new) = (minus(&a.setup, &b.setup), minus(&b.setup, &a.setup));
    let who = |p: &Placement| {
        format!(
            "{} of {} ({})",
            p.counter.describe(),
            side_name(b, &p.side),
            p.group
        )
    };
    let same = |p: &Placement, q: &Placement| {
        p.side == q.side && p.group == q.group && p.counter == q.counter
    };
    parts.push(match (gone.as_slice(), new.as_slice()) {
        ([], []) if a.setup == b.setup => return,
        ([], []) => "Set-up: counters reordered".into(),
        ([], [p]) => format!("Set-up: {} placed at {}", who(p), p.at),
        ([p], []) => format!("Set-up: {} taken off {}", who(p), p.at),
        ([p], [q]) if same(p, q) => format!("Set-up: {} {} → {}", who(q), p.at, q.at),
        _ if a.setup.len() != b.setup.len() => format!(
            "Set-up: {} → {} counters placed",
            a.setup.len(),
            b.setup.len()
        ),
        _ => "Set-up: counters moved".into(),
    });
}

/// The placements of `x` that `y` does not hold (each of `y` matched once).
fn minus<'a>(x: &'a [Placement], y: &[Placement]) -> Vec<&'a Placement> {
    let mut left: Vec<&Placement> = y.iter().collect();
    x.iter()
        .filter(|p| match left.iter().position(|q| q == p) {
            Some(i) => {
                left.swap_remove(i);
                false
            }
            None => true,
        })
        .collect()
}

/// Items added, removed or changed in a list, by position.
fn list<T: PartialEq>(
    what: &str,
    a: &[T],
    b: &[T],
    describe: impl Fn(&T) -> String,
    parts: &mut Vec<String>,
) {
    if b.len() > a.len() {
        parts.push(format!(
            "{what} {} added: {}",
            b.len(),
            short(&describe(&b[b.len() - 1]))
        ));
    } else if b.len() < a.len() {
        let gone = a.iter().position(|x| !b.contains(x)).unwrap_or(a.len() - 1);
        parts.push(format!("{what} {} removed", gone + 1));
    } else {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            if x != y {
                parts.push(format!("{what} {}: {}", i + 1, short(&describe(y))));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::ruleset::UnitKind;

    fn gettysburg() -> Scenario {
        crate::scenario::historical::HISTORICAL[6]
            .scenario()
            .expect("parses")
    }

    #[test]
    fn a_unit_count_reads_side_group_kind_and_values() {
        let a = gettysburg();
        let mut b = a.clone();
        let n = b.sides[0].groups[0].units.entry(UnitKind::MZ).or_default();
        let was = *n;
        *n += 1;
        assert_eq!(
            describe(&a, &b).as_deref(),
            Some(format!("{} (a): MZ {was} → {}", b.sides[0].name, was + 1).as_str())
        );
    }

    #[test]
    fn a_zone_reads_its_group_and_the_zone() {
        let a = gettysburg();
        let mut b = a.clone();
        b.sides[1].groups[0].entry = Entry::Deploy {
            zone: saber_schema::model::zone::Zone::Within {
                distance: 2,
                of: Box::new(saber_schema::model::zone::Zone::Feature("V4".into())),
            },
            facing: None,
        };
        let label = describe(&a, &b).expect("a change");
        assert!(
            label.starts_with(&format!("Zone of {} (a): ", b.sides[1].name)),
            "{label}"
        );
        assert!(label.contains("V4"), "{label}");
    }

    #[test]
    fn the_game_length_and_nothing_else() {
        let a = gettysburg();
        let mut b = a.clone();
        b.game_length += 2;
        assert_eq!(
            describe(&a, &b),
            Some(format!("Game length {} → {}", a.game_length, b.game_length))
        );
        assert_eq!(describe(&a, &a), None);
    }

    /// A counter placed, moved and taken off: each step names the counter and the hex.
    #[test]
    fn a_set_up_step_names_the_counter_and_its_hexes() {
        use saber_schema::model::counter::Counter;
        use saber_schema::model::hex::Coord;
        let a = gettysburg();
        let side = &a.sides[0];
        let p = Placement {
            side: side.id.clone(),
            group: side.groups[0].id.clone(),
            counter: Counter::Unit(UnitKind::MZ),
            at: Coord(14, 12),
        };
        let who = format!("MZ of {} ({})", side.name, p.group);
        let mut b = a.clone();
        b.setup.push(p.clone());
        assert_eq!(
            describe(&a, &b),
            Some(format!("Set-up: {who} placed at {}", Coord(14, 12)))
        );
        let mut c = b.clone();
        c.setup.last_mut().expect("placed").at = Coord(15, 12);
        assert_eq!(
            describe(&b, &c),
            Some(format!(
                "Set-up: {who} {} → {}",
                Coord(14, 12),
                Coord(15, 12)
            ))
        );
        assert_eq!(
            describe(&c, &a),
            Some(format!("Set-up: {who} taken off {}", Coord(15, 12)))
        );
    }
}
