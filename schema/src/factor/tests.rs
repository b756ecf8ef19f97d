//! Tests of factoring: rounding, reports, skeletons, battle checks, and properties.

use super::skeleton::placeholder_distance;
use super::*;
use crate::model::battle::*;
use crate::model::scenario::{SCENARIO_FORMAT, Scenario};
use crate::model::victory::Goal;
use crate::model::zone::Zone;
use crate::pipeline::read::Source;
use proptest::prelude::*;

fn side(name: &str, men: &[(MenKind, u32)], guns: &[(GunKind, u32)]) -> HistoricalSide {
    HistoricalSide {
        name: name.into(),
        id: None,
        color: None,
        morale: Morale::Normal,
        men: men.iter().copied().collect(),
        guns: guns.iter().copied().collect(),
    }
}

fn battle(a: HistoricalSide, b: HistoricalSide) -> Battle {
    Battle {
        schema: None,
        format: None,
        name: "Test".into(),
        date: "1 January 1870".into(),
        portion: None,
        duration_minutes: Some(50),
        source: String::new(),
        notes: String::new(),
        sides: vec![a, b],
        scale: Scale::default(),
        thresholds: Thresholds::default(),
    }
}

fn codes(f: &Factoring) -> Vec<&'static str> {
    f.warnings.iter().map(FactorWarning::code).collect()
}

#[test]
fn worked_example_of_11_18() {
    // "1,200 infantry equipped with muzzleloading rifles and 12 muzzle-loading cannon, you
    // merely need 12 Mz units and 2 MzA units."
    let b = battle(
        side("Union", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
        side("Confederates", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
    );
    let f = factor(&b).unwrap();
    let expected: BTreeMap<UnitKind, u32> = [(UnitKind::MZ, 12), (UnitKind::MA, 2)]
        .into_iter()
        .collect();
    assert_eq!(f.sides[0].order_of_battle, expected);
    assert_eq!(f.sides[0].notation(), "12 MZ; 2 MA");
    assert_eq!(f.sides[0].exact_units, 14.0);
    assert_eq!(f.sides[0].men, 1200);
    assert_eq!(f.sides[0].guns, 12);
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    assert_eq!(f.game_length.turns, 10);
}

#[test]
fn rounding_is_half_up_and_never_to_zero() {
    let one = Ratio::new(1, 1);
    assert_eq!(round_units(150, 100, one).count, 2);
    assert_eq!(round_units(149, 100, one).count, 1);
    assert_eq!(round_units(250, 100, one).count, 3);
    let half = round_units(50, 100, one);
    assert_eq!((half.nearest, half.count), (1, 1));
    assert!(!half.raised_to_one());
    let small = round_units(49, 100, one);
    assert_eq!((small.nearest, small.count), (0, 1));
    assert!(small.raised_to_one());
    assert_eq!(round_units(0, 100, one).count, 0);
    // Worth-style reduction to a third: 1,200 men are 4 units; 3 guns are a quarter.
    assert_eq!(round_units(1200, 100, Ratio::new(1, 3)).count, 4);
    let r = round_units(3, 6, Ratio::new(1, 2));
    assert_eq!((r.exact, r.nearest, r.count), (0.25, 0, 1));
    // Ties are decided exactly, not by floating point: 450 × 1/3 ÷ 100 = 1.5.
    assert_eq!(round_units(450, 100, Ratio::new(1, 3)).count, 2);
    assert_eq!(round_units(u32::MAX, 1, Ratio::new(2, 1)).count, u32::MAX);
}

#[test]
fn an_arm_rounding_to_zero_is_kept_with_a_warning() {
    let b = battle(
        side("British", &[(MenKind::MZ, 1000), (MenKind::CY, 40)], &[]),
        side("Russians", &[(MenKind::MZ, 1000)], &[]),
    );
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].notation(), "10 MZ; 1 CY");
    assert_eq!(
        codes(&f),
        vec!["proportion-shift", "rounded-up-to-one", "proportion-shift"]
    );
    let w = &f.warnings[1];
    assert_eq!(
        *w,
        FactorWarning::RoundedUpToOne {
            side: "British".into(),
            kind: UnitKind::CY,
            strength: 40,
            exact: 0.4
        }
    );
    assert_eq!(
        w.to_string(),
        "British: 40 men CY make 0.40 units, which rounds to none; kept as 1 CY so the arm does not vanish (remove it if it should)"
    );
    // 0.4 of 10.4 exact units is 3.8%; 1 of 11 is 9.1%: moved more than 5 points.
    assert_eq!(
        f.warnings[2].to_string(),
        "British: CY is 9.1% of the side's units after rounding but 3.8% before"
    );
}

#[test]
fn proportion_and_ratio_shifts_are_warned() {
    let b = battle(
        side("A", &[(MenKind::MZ, 149)], &[]),
        side("B", &[(MenKind::MZ, 250)], &[]),
    );
    let f = factor(&b).unwrap();
    // 1.49 : 2.5 = 0.60 before, 1 : 3 = 0.33 after.
    assert_eq!(f.sides[0].units, 1);
    assert_eq!(f.sides[1].units, 3);
    assert_eq!(codes(&f), vec!["ratio-shift"]);
    let FactorWarning::RatioShift { before, after } = f.warnings[0] else {
        panic!("expected a ratio shift");
    };
    assert!((before - 0.596).abs() < 1e-9);
    assert!((after - 1.0 / 3.0).abs() < 1e-9);

    // Within the thresholds: no warnings.
    let b = battle(
        side("A", &[(MenKind::MZ, 1510)], &[(GunKind::BA, 10)]),
        side("B", &[(MenKind::EB, 2000)], &[(GunKind::BA, 12)]),
    );
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].notation(), "15 MZ; 2 BA");
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);

    // A loose threshold silences the ratio warning.
    let mut b = battle(
        side("A", &[(MenKind::MZ, 149)], &[]),
        side("B", &[(MenKind::MZ, 250)], &[]),
    );
    b.thresholds.ratio_percent = 50;
    assert!(factor(&b).unwrap().warnings.is_empty());
}

#[test]
fn counts_over_the_limits_are_warned() {
    let b = battle(
        side(
            "Big",
            &[(MenKind::MZ, 120_000), (MenKind::EB, 120_000)],
            &[],
        ),
        side("Small", &[(MenKind::MZ, 100)], &[]),
    );
    let f = factor(&b).unwrap();
    assert_eq!(
        codes(&f),
        vec!["over-count", "over-count", "over-side-units"]
    );
    assert_eq!(
        f.warnings[2].to_string(),
        "Big: 2400 units is more than the 2000 a side may hold; use a larger reduction"
    );
    // A tenth fits.
    let mut b = b;
    b.scale.reduction = Ratio::new(1, 10);
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].notation(), "120 MZ; 120 EB");
    assert!(!codes(&f).iter().any(|c| c.starts_with("over")));
}

#[test]
fn game_length_follows_the_duration() {
    assert_eq!(turns_for_minutes(1), (1, 1));
    assert_eq!(turns_for_minutes(35), (7, 7));
    assert_eq!(turns_for_minutes(36), (8, 8));
    assert_eq!(turns_for_minutes(100), (20, 20));
    assert_eq!(turns_for_minutes(120), (20, 24));

    let mut b = battle(
        side("A", &[(MenKind::MZ, 1000)], &[]),
        side("B", &[(MenKind::MZ, 1000)], &[]),
    );
    b.duration_minutes = Some(120);
    let f = factor(&b).unwrap();
    assert_eq!(f.game_length.turns, 20);
    assert_eq!(
        f.warnings,
        vec![FactorWarning::LongerThanTrack {
            minutes: 120,
            turns: 24
        }]
    );
    b.duration_minutes = None;
    let f = factor(&b).unwrap();
    assert_eq!(f.game_length.turns, DEFAULT_GAME_LENGTH);
    assert_eq!(f.warnings, vec![FactorWarning::NoDuration]);
    b.duration_minutes = Some(0);
    assert!(matches!(factor(&b), Err(FactorError::Invalid(_))));
}

#[test]
fn scale_outside_the_game_scale_is_warned() {
    let mut b = battle(
        side("A", &[(MenKind::MZ, 1000)], &[(GunKind::MA, 8)]),
        side("B", &[(MenKind::MZ, 1000)], &[(GunKind::MG, 2)]),
    );
    b.scale.men_per_unit = 200;
    b.scale.guns_per_unit = 4;
    b.scale.machine_guns_per_unit = Some(2);
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].notation(), "5 MZ; 2 MA");
    assert_eq!(f.sides[1].notation(), "5 MZ; 1 MG");
    assert_eq!(codes(&f), vec!["off-scale"]);
    assert_eq!(
        f.warnings[0].to_string(),
        "200 men per unit is outside the 100 to 150 of the game scale"
    );
}

#[test]
fn notation_follows_the_unit_identification_chart() {
    let units: BTreeMap<UnitKind, u32> = [
        (UnitKind::BAh, 1),
        (UnitKind::MZ, 3),
        (UnitKind::CY, 0),
        (UnitKind::MG, 2),
        (UnitKind::LB, 4),
    ]
    .into_iter()
    .collect();
    assert_eq!(notation(&units), "3 MZ; 4 LB; 2 MG; 1 BAh");
    assert_eq!(notation(&BTreeMap::new()), "-");
}

#[test]
fn report_shows_rounding_ratio_and_warnings() {
    let mut b = battle(
        side("British", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
        side("Russians", &[(MenKind::MZ, 3000), (MenKind::CY, 30)], &[]),
    );
    b.sides[1].color = Some(CounterColor::Red);
    let text = report(&factor(&b).unwrap());
    let expected = "\
Test (1 January 1870)
British (Blue): 12 MZ; 2 MA
Russians (Red): 30 MZ; 1 CY

Scale (1.1, 11.18): 100 men or 6 guns per unit, forces at full strength.
Rounding: each arm to the nearest unit, halves up; an arm with troops keeps at least one unit.
  side      type     strength      exact  units   share ->  share
  British   MZ       1200 men      12.00     12   85.7% ->  85.7%
  British   MA        12 guns       2.00      2   14.3% ->  14.3%
  Russians  MZ       3000 men      30.00     30   99.0% ->  96.8%
  Russians  CY         30 men       0.30      1    1.0% ->   3.2%

Ratio British : Russians (11.18):
  men    1200 : 3030 = 0.40
  guns   12 : 0 = -
  units  14.00 : 30.30 = 0.46 before rounding, 14 : 31 = 0.45 after

Game length: 10 Game-Turns (50 minutes at five minutes a Game-Turn, errata 1.1)

warning[rounded-up-to-one] [11.18]: Russians: 30 men CY make 0.30 units, which rounds to none; kept as 1 CY so the arm does not vanish (remove it if it should)
";
    assert_eq!(text, expected);
}

#[test]
fn side_syntax() {
    let s = parse_side("British (Red): 1200 MZ, 12 MA").unwrap();
    assert_eq!(s.name, "British");
    assert_eq!(s.color, Some(CounterColor::Red));
    assert_eq!(s.men, [(MenKind::MZ, 1200)].into_iter().collect());
    assert_eq!(s.guns, [(GunKind::MA, 12)].into_iter().collect());

    let s = parse_side("Union: 1200 mz men; 12 MzA guns; 2 mah; 1 MG gun").unwrap();
    assert_eq!(s.color, None);
    assert_eq!(
        s.guns,
        [(GunKind::MA, 12), (GunKind::MAh, 2), (GunKind::MG, 1)]
            .into_iter()
            .collect()
    );

    for (bad, why) in [
        ("British 1200 MZ", "expected `NAME: COUNT CODE"),
        ("British: 12 MZ guns", "MZ is counted in men"),
        ("British: 1200 MX", "unknown unit type \"MX\""),
        ("British: 1200 MZ, 10 MZ", "MZ is given twice"),
        ("British (Green): 1200 MZ", "unknown colour \"green\""),
        ("British: many MZ", "is not a whole number"),
        (": 12 MZ", "needs a name"),
        ("British:", "no strengths"),
        ("British: 1200", "is not `COUNT CODE`"),
    ] {
        let err = parse_side(bad).unwrap_err();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

#[test]
fn fraction_syntax() {
    assert_eq!(parse_fraction("1/3"), Ok(Ratio::new(1, 3)));
    assert_eq!(parse_fraction(" 2 / 3 "), Ok(Ratio::new(2, 3)));
    assert_eq!(parse_fraction("1"), Ok(Ratio::new(1, 1)));
    assert!(parse_fraction("0/3").is_err());
    assert!(parse_fraction("1/0").is_err());
    assert!(parse_fraction("0.33").is_err());
}

#[test]
fn slugs_and_ids() {
    assert_eq!(slug("Königgrätz"), "koniggratz");
    assert_eq!(slug("Spicheren (Rote Berg)"), "spicheren-rote-berg");
    assert_eq!(slug("  --  "), "");
    assert_eq!(slug("Burnside's Bridge"), "burnsides-bridge");
    let b = battle(
        side("1st Division", &[(MenKind::MZ, 100)], &[]),
        side("中国", &[(MenKind::MZ, 100)], &[]),
    );
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].id, "side-1st-division");
    assert_eq!(f.sides[1].id, "side-2");
}

#[test]
fn invalid_battles_are_refused() {
    let ok = || {
        battle(
            side("A", &[(MenKind::MZ, 100)], &[]),
            side("B", &[(MenKind::MZ, 100)], &[]),
        )
    };
    let mut b = ok();
    b.sides.push(side("C", &[(MenKind::MZ, 100)], &[]));
    assert!(factor(&b).unwrap_err().to_string().contains("two sides"));
    let mut b = ok();
    b.sides[0].color = Some(CounterColor::Blue);
    b.sides[1].color = Some(CounterColor::Blue);
    assert!(
        factor(&b)
            .unwrap_err()
            .to_string()
            .contains("both sides are blue")
    );
    let mut b = ok();
    b.sides[1].men.insert(MenKind::MZ, 0);
    assert_eq!(
        factor(&b).unwrap_err().to_string(),
        "B has no men and no guns"
    );
    let mut b = ok();
    b.format = Some("saber-battle/2".into());
    assert!(
        factor(&b)
            .unwrap_err()
            .to_string()
            .contains("reads \"saber-battle/1\"")
    );
    b.format = Some(BATTLE_FORMAT.into());
    assert!(factor(&b).is_ok());
    let mut b = ok();
    b.scale.guns_per_unit = 0;
    assert!(factor(&b).is_err());
    let mut b = ok();
    b.scale.reduction = Ratio::new(0, 3);
    assert!(factor(&b).is_err());
    let mut b = ok();
    b.sides[1].name = "a".into();
    assert!(
        factor(&b)
            .unwrap_err()
            .to_string()
            .contains("give one of them an `id`")
    );
    // Only one colour given: the other side gets the other colour.
    let mut b = ok();
    b.sides[1].color = Some(CounterColor::Red);
    let f = factor(&b).unwrap();
    assert_eq!(f.sides[0].color, CounterColor::Blue);
}

#[test]
fn skeleton_has_both_sides_and_marks_what_is_to_be_set() {
    let mut b = battle(
        side("British", &[(MenKind::MZ, 1200)], &[(GunKind::MA, 12)]),
        side("Russians", &[(MenKind::MZ, 6000)], &[(GunKind::MA, 24)]),
    );
    b.name = "Inkerman".into();
    b.portion = Some("The Sandbag Battery".into());
    b.source = "approximate".into();
    b.notes = "A \"quoted\" note\nover two lines, with Inkerman's apostrophe.".into();
    let f = factor(&b).unwrap();
    let s = skeleton(&b, &f);
    assert_eq!(s.id, "inkerman-the-sandbag-battery");
    assert_eq!(s.format, SCENARIO_FORMAT);
    assert_eq!(s.rule, None);
    assert_eq!(s.side_ids(), vec!["british", "russians"]);
    assert_eq!(s.deploys_first, "british");
    assert_eq!(s.moves_first, "russians");
    assert_eq!(s.game_length, 10);
    assert_eq!(s.sides[0].groups[0].notation(), "12 MZ; 2 MA");
    assert_eq!(s.sides[1].groups[0].notation(), "60 MZ; 4 MA");
    // 12 two-point units and 2 guns need 5 hexes: distance 3 is ample. 60 + 4 need 22.
    assert_eq!(
        s.sides[0].groups[0].deploy_zone(),
        Some(&Zone::Within {
            distance: 3,
            of: Box::new(Zone::Feature("V4".into()))
        })
    );
    assert_eq!(
        s.sides[1].groups[0].deploy_zone(),
        Some(&Zone::Within {
            distance: 3,
            of: Box::new(Zone::Feature("H26".into()))
        })
    );
    assert_eq!(s.victory.len(), 1);
    // The side deployed around V4 holds it; the other side is never asked to hold the ground
    // its enemy sets up on.
    assert_eq!(s.victory[0].side, "british");
    assert!(matches!(
        &s.victory[0].goal,
        Goal::Hold { target: Zone::Feature(f), .. } if f == "V4"
    ));
    assert!(s.victory[0].printed.contains(TO_BE_SET));
    assert!(
        s.interpretations
            .iter()
            .any(|i| i.rule == "11.0" && i.reading.contains(TO_BE_SET))
    );
    assert!(
        s.notes
            .ends_with("Factored per 11.18 from historical strengths; figures: approximate.")
    );

    // The RON text parses back to the same scenario.
    let text = crate::output::skeleton::skeleton_ron(&b, &f).unwrap();
    assert!(text.starts_with("// Scenario skeleton factored from Inkerman"));
    assert!(text.contains("Inkerman's apostrophe"), "{text}");
    let back: Scenario = ron::Options::default().from_str(&text).unwrap();
    assert_eq!(back, s);
    // In `saberc fmt`'s layout, as every model-to-text writer's output.
    assert_eq!(
        crate::output::format::format_text(&text, crate::pipeline::read::Syntax::Ron).unwrap(),
        text,
        "the skeleton is fmt-clean"
    );
}

#[test]
fn placeholder_zone_grows_with_the_force() {
    let units = |n| [(UnitKind::MZ, n)].into_iter().collect();
    assert_eq!(placeholder_distance(&units(3)), 3);
    // 37 hexes within 3: 111 two-point units fit, 112 do not.
    assert_eq!(placeholder_distance(&units(111)), 3);
    assert_eq!(placeholder_distance(&units(112)), 4);
}

#[test]
fn check_battle_reports_factoring_as_notes() {
    use crate::diagnostic::Severity;
    let src = Source::from_text(
        "b.ron",
        r#"(
                format: Some("saber-battle/1"),
                name: "Balaklava",
                duration_minutes: Some(120),
                sides: [
                    (name: "British", men: {CY: 670}),
                    (name: "Russians", men: {CY: 2000, MZ: 30}, guns: {MA: 8}),
                ],
            )"#,
    );
    let diags = check_battle(&src);
    let codes: Vec<(Severity, &str, Option<String>)> = diags
        .iter()
        .map(|d| {
            (
                d.severity,
                d.code.as_str(),
                d.path.as_ref().map(|p| crate::diagnostic::pointer(p)),
            )
        })
        .collect();
    assert_eq!(
        codes,
        vec![
            (Severity::Note, "FAC002", Some("/sides/1/men/MZ".into())),
            (Severity::Note, "FAC002", Some("/duration_minutes".into())),
        ]
    );
    assert_eq!(diags[1].rule.as_deref(), Some("15.0"));

    let bad = Source::from_text(
        "b.ron",
        r#"(format: Some("saber-battle/1"), name: "X", sides: [(name: "A", men: {MZ: 1})])"#,
    );
    let diags = check_battle(&bad);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code.as_str(), "SCH001");

    let same = Source::from_text(
        "b.ron",
        r#"(name: "X", sides: [(name: "A", color: Some(Red), men: {MZ: 100}),
                                   (name: "B", color: Some(Red), men: {MZ: 100})])"#,
    );
    let diags = check_battle(&same);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].severity, Severity::Error);
    assert_eq!(diags[0].code.as_str(), "FAC001");
    assert!(diags[0].message.contains("both sides are red"));

    let typo = Source::from_text("b.ron", r#"(format: Some("saber-battle/1"), nmae: "X")"#);
    assert_eq!(check_battle(&typo)[0].severity, Severity::Error);
}

fn arb_side() -> impl Strategy<Value = HistoricalSide> {
    (
        proptest::collection::btree_map(
            prop_oneof![
                Just(MenKind::MZ),
                Just(MenKind::EB),
                Just(MenKind::LB),
                Just(MenKind::CY),
                Just(MenKind::MR)
            ],
            1u32..20_000,
            0..4,
        ),
        proptest::collection::btree_map(
            prop_oneof![
                Just(GunKind::MG),
                Just(GunKind::MA),
                Just(GunKind::MAh),
                Just(GunKind::BA),
                Just(GunKind::BAh)
            ],
            1u32..80,
            0..3,
        ),
    )
        .prop_filter("a side has troops", |(m, g)| !m.is_empty() || !g.is_empty())
        .prop_map(|(men, guns)| HistoricalSide {
            name: "S".into(),
            id: None,
            color: None,
            morale: Morale::Normal,
            men,
            guns,
        })
}

fn arb_battle() -> impl Strategy<Value = Battle> {
    (
        arb_side(),
        arb_side(),
        100u32..=150,
        4u32..=6,
        1u32..=4,
        1u32..=6,
    )
        .prop_map(|(mut a, mut b, men, guns, num, den)| {
            a.name = "A".into();
            b.name = "B".into();
            let mut battle = battle(a, b);
            battle.scale.men_per_unit = men;
            battle.scale.guns_per_unit = guns;
            battle.scale.reduction = Ratio::new(num, den.max(num));
            battle
        })
}

/// Largest error rounding can put into a side's unit total: half a unit per arm, plus up to
/// another half for each arm raised from below one half to one.
fn rounding_slack(s: &FactoredSide) -> f64 {
    s.arms
        .iter()
        .map(|a| if a.rounded.raised_to_one() { 1.0 } else { 0.5 })
        .sum()
}

fn scaled(b: &Battle, k: u32) -> Battle {
    let mut b = b.clone();
    for s in &mut b.sides {
        s.men.values_mut().for_each(|n| *n *= k);
        s.guns.values_mut().for_each(|n| *n *= k);
    }
    b
}

proptest! {
    #[test]
    fn scaling_both_sides_keeps_their_ratio_within_rounding(b in arb_battle(), k in 1u32..=8) {
        let base = factor(&b).unwrap();
        let big = factor(&scaled(&b, k)).unwrap();
        // The exact ratio does not change with a common factor ...
        let (r0, r1) = (base.ratio.units_before.unwrap(), big.ratio.units_before.unwrap());
        prop_assert!((r0 - r1).abs() <= 1e-9 * r0.max(1.0));
        // ... and the rounded ratio stays within the rounding of each side.
        let (a, z) = (&big.sides[0], &big.sides[1]);
        for s in [a, z] {
            prop_assert!((f64::from(s.units) - s.exact_units).abs() <= rounding_slack(s) + 1e-9);
        }
        let after = big.ratio.units_after.unwrap();
        let low = (a.exact_units - rounding_slack(a)) / (z.exact_units + rounding_slack(z));
        prop_assert!(after >= low - 1e-9, "{after} < {low}");
        if z.exact_units > rounding_slack(z) {
            let high = (a.exact_units + rounding_slack(a)) / (z.exact_units - rounding_slack(z));
            prop_assert!(after <= high + 1e-9, "{after} > {high}");
        }
        // Scaling up by k and reducing by 1/k gives the same order of battle exactly.
        let mut undone = scaled(&b, k);
        let r = b.scale.reduction;
        undone.scale.reduction = Ratio::new(r.num, r.den * k);
        let undone = factor(&undone).unwrap();
        for (x, y) in base.sides.iter().zip(&undone.sides) {
            prop_assert_eq!(&x.order_of_battle, &y.order_of_battle);
        }
    }

    #[test]
    fn no_arm_with_troops_disappears_without_a_warning(b in arb_battle()) {
        let f = factor(&b).unwrap();
        for (hs, s) in b.sides.iter().zip(&f.sides) {
            let given = hs.men.keys().map(|k| k.unit_kind())
                .chain(hs.guns.keys().map(|k| k.unit_kind()));
            for kind in given {
                prop_assert!(s.order_of_battle.get(&kind).copied().unwrap_or(0) >= 1);
            }
            for a in &s.arms {
                let warned = f.warnings.iter().any(|w| matches!(w,
                    FactorWarning::RoundedUpToOne { side, kind, .. }
                        if *side == s.name && *kind == a.kind));
                prop_assert_eq!(warned, a.rounded.nearest == 0);
            }
        }
    }

    #[test]
    fn counts_are_monotone_in_strength(
        s1 in 0u32..100_000, extra in 0u32..100_000, per in 1u32..200,
        num in 1u32..5, den in 1u32..10,
    ) {
        let r = Ratio::new(num, den);
        prop_assert!(round_units(s1, per, r).count <= round_units(s1 + extra, per, r).count);
    }

    #[test]
    fn growing_one_arm_moves_only_that_arm(b in arb_battle(), extra in 1u32..5_000) {
        let mut grown = b.clone();
        let kind = {
            let s = &mut grown.sides[0];
            if let Some((k, n)) = s.men.iter_mut().next() {
                *n += extra;
                k.unit_kind()
            } else {
                let (k, n) = s.guns.iter_mut().next().unwrap();
                *n += extra;
                k.unit_kind()
            }
        };
        let (f0, f1) = (factor(&b).unwrap(), factor(&grown).unwrap());
        for (x, y) in f0.sides.iter().zip(&f1.sides) {
            for k in UnitKind::ALL {
                let (n0, n1) = (x.order_of_battle.get(&k), y.order_of_battle.get(&k));
                if k == kind && x.id == f0.sides[0].id {
                    prop_assert!(n0 <= n1);
                } else {
                    prop_assert_eq!(n0, n1);
                }
            }
        }
    }
}
