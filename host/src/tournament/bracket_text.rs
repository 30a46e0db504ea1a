//! The bracket drawn as markdown for the report: the final placings, then every
//! round of the winners' bracket, the losers' bracket and the finals, each match
//! with its game points and how it was decided.

use std::fmt::Write as _;

use super::bracket::{Decision, Match, Part};
use super::elimination::{BracketRun, PlayedMatch};
use crate::report::markdown_table;

/// The report's bracket section; `names` are the configuration's players.
#[must_use]
pub fn bracket_markdown(run: &BracketRun, names: &[String]) -> String {
    let name = |seed: usize| names[run.seeds[seed]].clone();
    let mut out = String::from("## Bracket (double elimination)\n\n");
    let seeds: Vec<String> = (0..run.seeds.len())
        .map(|s| format!("{} {}", s + 1, name(s)))
        .collect();
    let _ = writeln!(out, "Seeds: {}.\n", seeds.join(", "));
    if let Some(placings) = run.bracket.placings() {
        let rows: Vec<Vec<String>> = placings
            .iter()
            .map(|p| vec![p.place.to_string(), name(p.player)])
            .collect();
        out += &markdown_table(&["place", "player"], &rows);
        out += "\n";
    }
    let mut heading = String::new();
    for m in run.bracket.matches() {
        let title = round_title(m);
        if title != heading {
            let _ = write!(out, "\n### {title}\n\n");
            heading = title;
        }
        out += &match_lines(m, run, names);
    }
    out
}

fn round_title(m: &Match) -> String {
    match m.part {
        Part::Winners => format!("Winners' round {}", m.round),
        Part::Losers => format!("Losers' round {}", m.round),
        Part::GrandFinal => "Grand final".into(),
        Part::Reset => "Grand final reset".into(),
    }
}

/// One line per attempt of a match, or one for a bye.
fn match_lines(m: &Match, run: &BracketRun, names: &[String]) -> String {
    let Some(verdict) = m.verdict else {
        return "- not played yet\n".into();
    };
    let winner = verdict.winner.map(|s| names[run.seeds[s]].as_str());
    match (verdict.decision, winner) {
        (Decision::Bye, Some(w)) => return format!("- {w}: bye\n"),
        (Decision::Bye, None) => return "- bye against bye\n".into(),
        (Decision::NotNeeded, _) => {
            return "- not needed: the winners' bracket champion won the grand final\n".into()
        }
        _ => {}
    }
    let attempts: Vec<&PlayedMatch> = run.played.iter().filter(|p| p.id == m.id).collect();
    let mut out = String::new();
    for (i, p) in attempts.iter().enumerate() {
        let end = if i + 1 < attempts.len() {
            "drawn, replayed with colours swapped".to_owned()
        } else if verdict.decision == Decision::Coin {
            format!("drawn, **{}** by the seeded coin", winner.unwrap_or("?"))
        } else {
            format!("**{}** wins", winner.unwrap_or("?"))
        };
        let _ = writeln!(
            out,
            "- {} – {}: {}–{} ({end}; games {})",
            names[p.first],
            names[p.second],
            p.points[0],
            p.points[1],
            game_numbers(&p.games)
        );
    }
    out
}

fn game_numbers(games: &[usize]) -> String {
    match (games.first(), games.last()) {
        (Some(a), Some(b)) if a != b => format!("{}–{}", a + 1, b + 1),
        (Some(a), _) => (a + 1).to_string(),
        _ => String::new(),
    }
}
