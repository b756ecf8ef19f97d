//! `saberc factor`: factor a historical battle (a battle file, or sides on the command line) into
//! an order of battle, a scenario skeleton, or JSON (11.18).

use std::path::PathBuf;

use saber_schema::factor::{FactorError, factor, parse_fraction, parse_side, read_battle, report};
use saber_schema::model::battle::{Battle, HistoricalSide, Scale, Thresholds};
use saber_schema::output::skeleton::skeleton_ron;
use saber_schema::ruleset::Ratio;

/// What `saberc factor` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FactorFormat {
    /// The orders of battle in the rules' notation with the rounding report and warnings.
    #[default]
    Notation,
    /// A scenario skeleton in RON.
    Ron,
    /// The full factoring as JSON, for programs.
    Json,
}

/// Arguments of `saberc factor`: a battle file, or the battle on the command line.
///
/// A side on the command line is `NAME [(Red|Blue)]: COUNT CODE[, COUNT CODE]...`, for example
/// `--side "British (Red): 1200 MZ, 12 MA"`. CODE is a unit type of 2.31 (MZ EB LB CY MR MG MA
/// MAh BA BAh, any case; `MzA` as 11.18 spells it is MA); COUNT is men for MZ EB LB CY MR and
/// guns for MG MA MAh BA BAh, and may be followed by the word `men` or `guns` as a check.
/// Items are separated by `,` or `;`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FactorArgs {
    /// Battle file (RON or JSON) with the sides' strengths; flags given too override its values.
    #[arg(value_name = "BATTLE")]
    pub battle: Option<PathBuf>,
    /// Battle name (needed without a battle file).
    #[arg(long)]
    pub name: Option<String>,
    /// Date as printed, e.g. "5 November 1854".
    #[arg(long)]
    pub date: Option<String>,
    /// Portion of the battle recreated.
    #[arg(long)]
    pub portion: Option<String>,
    /// How long the fighting lasted, in minutes (a Game-Turn is five minutes, errata 1.1).
    #[arg(long, value_name = "MINUTES")]
    pub duration: Option<u32>,
    /// A side: "NAME [(Red|Blue)]: COUNT CODE, ..."; give it twice, the side that deploys first
    /// first. Not with a battle file.
    #[arg(long = "side", value_name = "SIDE", value_parser = parse_side, conflicts_with = "battle")]
    pub sides: Vec<HistoricalSide>,
    /// Men per infantry or mounted unit (default 100; the rules say 100-150).
    #[arg(long, value_name = "MEN")]
    pub men_per_unit: Option<u32>,
    /// Guns per artillery unit (default 6; the rules say 4-6).
    #[arg(long, value_name = "GUNS")]
    pub guns_per_unit: Option<u32>,
    /// Machine guns per machine-gun unit (default: as guns per unit).
    #[arg(long = "mg-per-unit", value_name = "GUNS")]
    pub machine_guns_per_unit: Option<u32>,
    /// Overall reduction as a fraction kept: "1/3" keeps a third.
    #[arg(long, value_name = "FRACTION", value_parser = parse_fraction)]
    pub reduce: Option<Ratio>,
    /// Output: the order of battle in the rules' notation, a scenario skeleton in RON, or JSON.
    #[arg(long, value_enum, default_value_t)]
    pub format: FactorFormat,
}

/// The battle the arguments describe: the file (if any) with the flags laid over it.
pub fn battle_from_args(args: &FactorArgs) -> Result<Battle, FactorError> {
    let mut battle = match &args.battle {
        Some(path) => {
            if !args.sides.is_empty() {
                return Err(FactorError::Usage(
                    "give the sides either in the battle file or with --side, not both".into(),
                ));
            }
            read_battle(path)?
        }
        None => {
            let name = args.name.clone().ok_or_else(|| {
                FactorError::Usage("give a battle file, or --name and two --side".into())
            })?;
            if args.sides.len() != 2 {
                return Err(FactorError::Usage(format!(
                    "give --side twice, once per side; got {}",
                    args.sides.len()
                )));
            }
            Battle {
                schema: None,
                format: None,
                name,
                date: String::new(),
                portion: None,
                duration_minutes: None,
                source: String::new(),
                notes: String::new(),
                sides: args.sides.clone(),
                scale: Scale::default(),
                thresholds: Thresholds::default(),
            }
        }
    };
    // The flags given, over the file's values.
    over(&mut battle.name, args.name.clone());
    over(&mut battle.date, args.date.clone());
    over(&mut battle.portion, args.portion.clone().map(Some));
    over(&mut battle.duration_minutes, args.duration.map(Some));
    let scale = &mut battle.scale;
    over(&mut scale.men_per_unit, args.men_per_unit);
    over(&mut scale.guns_per_unit, args.guns_per_unit);
    over(
        &mut scale.machine_guns_per_unit,
        args.machine_guns_per_unit.map(Some),
    );
    over(&mut scale.reduction, args.reduce);
    Ok(battle)
}

/// `value`, when given, in place of `field`'s.
fn over<T>(field: &mut T, value: Option<T>) {
    if let Some(v) = value {
        *field = v;
    }
}

/// `saberc factor`: factor the battle the arguments describe and render it in the chosen format.
/// Warnings are part of the output (in the report, as comments and interpretation notes in the
/// skeleton, as a list in JSON); they are not failures.
pub fn run(args: &FactorArgs) -> Result<String, FactorError> {
    let battle = battle_from_args(args)?;
    let f = factor(&battle)?;
    match args.format {
        FactorFormat::Notation => Ok(report(&f)),
        FactorFormat::Ron => skeleton_ron(&battle, &f),
        FactorFormat::Json => serde_json::to_string_pretty(&f)
            .map(|s| s + "\n")
            .map_err(|e| FactorError::Write(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use saber_schema::model::scenario::{CounterColor, Scenario};

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        factor: FactorArgs,
    }

    fn cli(args: &[&str]) -> Result<FactorArgs, clap::Error> {
        use clap::Parser;
        Cli::try_parse_from(std::iter::once("factor").chain(args.iter().copied())).map(|c| c.factor)
    }

    #[test]
    fn factor_args_are_a_valid_clap_definition() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn run_from_flags() {
        let args = cli(&[
            "--name",
            "Test",
            "--side",
            "Union (Blue): 1200 MZ, 12 MA",
            "--side",
            "Confederates: 3600 MZ, 24 MA",
            "--reduce",
            "1/3",
            "--duration",
            "40",
        ])
        .unwrap();
        let out = run(&args).unwrap();
        assert!(
            out.starts_with("Test\nUnion (Blue): 4 MZ; 1 MA\nConfederates (Red): 12 MZ; 1 MA\n"),
            "{out}"
        );
        assert!(out.contains("forces reduced to 1/3"));
        assert!(out.contains("Game length: 8 Game-Turns"));
        // 4/3 guns round to 1: the guns ratio moves, and the report says so.
        assert!(out.contains("warning[proportion-shift]"), "{out}");

        let json = run(&FactorArgs {
            format: FactorFormat::Json,
            ..args.clone()
        })
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["sides"][1]["order_of_battle"]["MZ"], 12);

        let ron_text = run(&FactorArgs {
            format: FactorFormat::Ron,
            ..args
        })
        .unwrap();
        let s: Scenario = ron::Options::default().from_str(&ron_text).unwrap();
        assert_eq!(s.game_length, 8);
        assert_eq!(s.sides[0].color, CounterColor::Blue);
    }

    #[test]
    fn run_usage_errors() {
        assert!(cli(&["--side", "A: 100 MZ", "--format", "ron"]).is_ok());
        let e = run(&cli(&["--side", "A: 100 MZ"]).unwrap()).unwrap_err();
        assert!(matches!(e, FactorError::Usage(_)), "{e}");
        let e = run(&cli(&["--name", "X", "--side", "A: 100 MZ"]).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "give --side twice, once per side; got 1");
        assert!(cli(&["--side", "A 100 MZ"]).is_err());
        assert!(cli(&["--reduce", "third"]).is_err());
        assert!(cli(&["b.ron", "--side", "A: 100 MZ"]).is_err());
        let e = run(&cli(&["/nonexistent/battle.ron"]).unwrap()).unwrap_err();
        assert!(matches!(e, FactorError::Io { .. }));
        assert!(!e.is_input_error());
    }

    #[test]
    fn run_from_files() {
        let dir = tempfile::tempdir().unwrap();
        let ron_path = dir.path().join("b.ron");
        std::fs::write(
            &ron_path,
            r#"// comments are allowed
            (
                name: "Majuba Hill",
                date: "27 February 1881",
                duration_minutes: Some(30),
                sides: [
                    (name: "British", color: Some(Red), men: {LB: 400}),
                    (name: "Boers", men: {MR: 450}),
                ],
                scale: (men_per_unit: 100, reduction: (num: 1, den: 1)),
            )"#,
        )
        .unwrap();
        let args = FactorArgs {
            battle: Some(ron_path.clone()),
            men_per_unit: Some(150),
            ..FactorArgs::default()
        };
        let out = run(&args).unwrap();
        assert!(
            out.contains("British (Red): 3 LB\nBoers (Blue): 3 MR\n"),
            "{out}"
        );
        assert!(out.contains("150 men or 6 guns per unit"));

        let json_path = dir.path().join("b.json");
        std::fs::write(
            &json_path,
            r#"{"name": "J", "sides": [{"name": "A", "guns": {"BA": 12}}, {"name": "B", "men": {"EB": 500}}]}"#,
        )
        .unwrap();
        let out = run(&FactorArgs {
            battle: Some(json_path),
            ..FactorArgs::default()
        })
        .unwrap();
        assert!(out.contains("A (Red): 2 BA\nB (Blue): 5 EB\n"), "{out}");

        std::fs::write(&ron_path, "(name: \"X\", sides: [], bogus: 1)").unwrap();
        let e = run(&FactorArgs {
            battle: Some(ron_path),
            ..FactorArgs::default()
        })
        .unwrap_err();
        assert!(matches!(e, FactorError::Parse { .. }), "{e}");
        assert!(e.is_input_error());
        assert!(e.to_string().contains("bogus"), "{e}");
    }
}
