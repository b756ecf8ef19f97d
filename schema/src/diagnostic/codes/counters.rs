//! The registry's rows of one family of codes. Musket & Saber counters: ROS. One registry: these
//! rows are handed to `registry!` in `codes.rs` in their place in the order of codes, with every
//! other family's.

/// Hands this family's rows, after the rows collected so far, to the next family (or the
/// registry).
macro_rules! counters_codes {
    ($cb:ident { $($rows:tt)* } $($rest:ident)*) => {
        $cb! { @collect { $($rows)*
            CounterValues = "ROS001" {
                severity: Error,
                family: Counters,
                rule: Some("2.3, 2.4, 10.0"),
                title: "a counter without the values of its class",
                explanation: "Musket & Saber: a combat unit shows a Combat Factor, a Morale Rating and a \
                    Movement Allowance (2.3); \"Artillery units include a Range\", \"Cavalry units \
                    include a Charge Factor\" (2.4); a leader's movement, combat and morale factors are \
                    added to units (10.0). A face lacks a value of its class, or has one its class does \
                    not print. Type the counter's values from your copy.",
                bad: "id: \"1 Art\", … class: Artillery, … ma: Some(3),   // no range",
                fixed: "id: \"1 Art\", … class: Artillery, … ma: Some(3), range: Some(3),",
            }
            CounterSteps = "ROS002" {
                severity: Error,
                family: Counters,
                rule: Some("2.4, 8.1, 9.1"),
                title: "a counter with the wrong number of steps for its class",
                explanation: "Musket & Saber: \"Brigade and regimental-sized units are two-step units\"; \
                    battalions, leaders, artillery and cavalry \"are single step units\" (2.4); artillery \
                    and cavalry \"always [have] only one step\" (8.1(2), 9.1(1)). A counter whose back \
                    is a reduced side with a colour band is a brigade or regiment; one whose back is its \
                    ineffective side has one step.",
                bad: "id: \"1 Cav\", … class: Cavalry, steps: 2,",
                fixed: "id: \"1 Cav\", … class: Cavalry, steps: 1,",
            }
            IneffectiveMorale = "ROS003" {
                severity: Warning,
                family: Counters,
                rule: Some("11.2"),
                title: "an ineffective side with a higher morale than its front",
                explanation: "Musket & Saber: an ineffective unit's \"Morale is reduced as per the \
                    counter\" (11.2(2)), so the back of a one-step unit prints a Morale Rating no higher \
                    than its front, and a leader's ineffective side (leaders \"may become ineffective\", \
                    11.0) a morale factor no higher than its front's. A higher one is usually a typing \
                    slip; if your counter prints it, say so in an interpretation note that explains \
                    ROS003.",
                bad: "front: (cf: Some(One(2)), mr: Some(5), ma: Some(5)),\nback: (cf: Some(One(0)), mr: Some(6)),",
                fixed: "front: (cf: Some(One(2)), mr: Some(5), ma: Some(5)),\nback: (cf: Some(One(0)), mr: Some(2)),",
            }
            LeaderFormation = "ROS004" {
                severity: Warning,
                family: Counters,
                rule: Some("10.0"),
                title: "a leader of a formation its army does not have",
                explanation: "Musket & Saber: a leader's factors apply to a unit \"if the unit belongs to \
                    the same formation. A formation of `A` indicates all formations in that army\" \
                    (10.0). The leader's formation is neither `A` nor the formation of any combat unit of \
                    its side, so it can help no unit.",
                bad: "id: \"Gen Z\", formation: \"8 Div\", class: Leader,   // no unit of 8 Div",
                fixed: "id: \"Gen Z\", formation: \"9 Div\", class: Leader,",
            }
            EntersTwice = "ROS005" {
                severity: Error,
                family: Counters,
                rule: Some("3.2"),
                title: "a counter set up or arriving more than once",
                explanation: "Musket & Saber: the scenario rules \"specify which units start on the map \
                    and which enter as reinforcements\" (3.2): a counter does one or the other, once. It \
                    is named by two set-up or reinforcement lines (by ID or by formation), or placed \
                    twice.",
                bad: "setup: [ … units: [\"1 Bde\", \"2 Bde\", \"3 Bde\", \"1 Bn\", … reinforcements: [ … units: [\"1 Cav\", \"1 Bn\"],",
                fixed: "setup: [ … units: [\"1 Bde\", \"2 Bde\", \"3 Bde\", \"1 Bn\", … reinforcements: [ … units: [\"1 Cav\"],",
            }
            NeverEnters = "ROS006" {
                severity: Warning,
                family: Counters,
                rule: Some("3.2"),
                title: "a counter that neither sets up nor arrives",
                explanation: "Musket & Saber: the scenario rules \"specify which units start on the map \
                    and which enter as reinforcements\" (3.2). This counter of the roster is named by no \
                    set-up or reinforcement line, so it never enters play. Add it to a line, or remove \
                    it from the roster.",
                bad: "id: \"9 Bde\", … setup: [ … units: [\"Gen Z\"],",
                fixed: "id: \"9 Bde\", … setup: [ … units: [\"9 Bde\", \"Gen Z\"],",
            }
            UnknownUnit = "ROS007" {
                severity: Error,
                family: Counters,
                rule: Some("3.2"),
                title: "a unit or formation the side does not have",
                explanation: "Musket & Saber: set-up and reinforcement lines identify units \"by ID and/or \
                    Formation\" (3.2). The line (or a placement) names an ID or formation no counter of \
                    its side has, or names no unit at all; the hint gives the nearest names.",
                bad: "units: [\"4 Bde\", \"1 Art\", \"5 Bde\"],   // Blue has no 5 Bde",
                fixed: "units: [\"4 Bde\", \"1 Art\"],",
            }
            CounterSheet = "ROS008" {
                severity: Note,
                family: Counters,
                rule: Some("2.1"),
                title: "more counters than a game's sheet holds",
                explanation: "Musket & Saber: each game has \"a die-cut sheet of 40 playing pieces\" \
                    (2.1). The scenario's rosters hold more than 40 counters: legal, but unlike a game of \
                    the series; check that no counter was typed twice.",
                bad: "41 counters in the two rosters",
                fixed: "40 counters in the two rosters",
            }
            ReducedStronger = "ROS009" {
                severity: Error,
                family: Counters,
                rule: Some("2.4"),
                title: "a reduced side stronger than its full side",
                explanation: "Musket & Saber: brigade and regimental-sized units are two-step units, \
                    \"On their reduced-strength side, they have a color band\", and \"flip to their \
                    single step side if they suffer a loss\" (2.4). The counter's reduced side has a \
                    Combat Factor above its full side's (in attack or defense, and below in neither), \
                    so the loss would make it stronger: check the values typed, or the faces swapped.",
                bad: "id: \"1 Bde\", … front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\nback: (cf: Some(One(5)), mr: Some(3)),",
                fixed: "id: \"1 Bde\", … front: (cf: Some(One(4)), mr: Some(4), ma: Some(4)),\nback: (cf: Some(One(2)), mr: Some(3)),",
            }
        } $($rest)* }
    };
}
