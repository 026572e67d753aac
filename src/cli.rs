//! The judge's command line.

use crate::report::{ReportLine, phase_report};
use crate::scenario::Scenario;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "dipspy",
    version,
    about = "A play-by-email Diplomacy judge with espionage variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Adjudicate one phase read from a scenario file (TOML) and print the result.
    Adjudicate {
        /// The scenario file.
        file: PathBuf,
        /// Print the result as JSON instead of a readable report.
        #[arg(long)]
        json: bool,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Adjudicate { file, json } => adjudicate(&file, json),
    }
}

fn adjudicate(file: &PathBuf, json: bool) -> ExitCode {
    let name = file.display();
    let text = match std::fs::read(file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => {
                eprintln!("{name}: line 1: the file is not UTF-8 text");
                return ExitCode::from(2);
            }
        },
        Err(e) => {
            eprintln!("{name}: line 1: cannot read the file: {e}");
            return ExitCode::from(2);
        }
    };
    let scenario = match Scenario::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(2);
        }
    };
    let run = scenario.run();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&run.to_json()).expect("JSON values always serialise")
        );
    } else {
        let lines: Vec<ReportLine> = run
            .scenario
            .orders
            .iter()
            .zip(&run.results)
            .map(|(o, r)| ReportLine {
                power: o.power,
                text: &o.text,
                result: r,
            })
            .collect();
        print!(
            "{}",
            phase_report(
                run.scenario.map,
                &run.scenario.position,
                &lines,
                &run.adjudication
            )
        );
    }
    ExitCode::SUCCESS
}
