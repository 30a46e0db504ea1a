//! The output folder: every game as a record (checkers as PDN with the standard
//! tags, the other games in the same tag-pair-plus-moves text), the results as CSV
//! and JSON, and a markdown report with standings, crosstable, ratings and plots.
//! None of these files holds a time, so a resumed run writes the same bytes as an
//! uninterrupted one.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::bracket_svg::bracket_svg;
use super::bracket_text::bracket_markdown;
use super::config::{Format, TournamentConfig};
use super::elimination::{advancing, group_games, BracketRun};
use super::schedule::snake_groups;
use super::standings::{crosstable, standings};
use crate::files::write_atomically;
use crate::play::game::{GameRecord, Outcome};
use crate::ratings::{maximum_likelihood, Anchor, RatedGame, Rating, RatingError};
use crate::report::{interval_plot, markdown_table, ratings_table};

/// One line of `results.csv` / one object of `results.json`.
#[derive(Serialize)]
struct ResultRow<'a> {
    game: usize,
    round: usize,
    first: &'a str,
    second: &'a str,
    result: &'a str,
    reason: &'a str,
    plies: usize,
    first_nodes: u64,
    second_nodes: u64,
    fen: Option<&'a str>,
    moves: String,
}

fn row(r: &GameRecord) -> ResultRow<'_> {
    ResultRow {
        game: r.spec.index + 1,
        round: r.spec.round,
        first: &r.first,
        second: &r.second,
        result: r.outcome.as_str(),
        reason: &r.reason,
        plies: r.plies(),
        first_nodes: r.nodes[0],
        second_nodes: r.nodes[1],
        fen: r.spec.opening.fen.as_deref(),
        moves: r.moves.join(" "),
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// `results.csv`.
#[must_use]
pub fn results_csv(records: &[GameRecord]) -> String {
    let mut out = String::from(
        "game,round,first,second,result,reason,plies,first_nodes,second_nodes,fen,moves\n",
    );
    for r in records {
        let x = row(r);
        let fields = [
            x.game.to_string(),
            x.round.to_string(),
            csv_field(x.first),
            csv_field(x.second),
            x.result.to_owned(),
            csv_field(x.reason),
            x.plies.to_string(),
            x.first_nodes.to_string(),
            x.second_nodes.to_string(),
            x.fen.unwrap_or("").to_owned(),
            x.moves,
        ];
        let _ = writeln!(out, "{}", fields.join(","));
    }
    out
}

/// `results.json`.
///
/// # Errors
/// Never in practice (serialising plain data).
pub fn results_json(records: &[GameRecord]) -> serde_json::Result<String> {
    let rows: Vec<_> = records.iter().map(row).collect();
    serde_json::to_string_pretty(&rows)
}

/// One game as tag pairs and numbered moves. Checkers uses the PDN tags (`White`
/// and `Black` by the side each player had, `GameType "21"`) and results from
/// White's view; other games name the players `First`/`Second` with their side in
/// a `Sides` tag and a `Game` tag with the options.
#[must_use]
pub fn game_record_text(config: &TournamentConfig, r: &GameRecord) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        let _ = writeln!(
            out,
            "[{k} \"{}\"]",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        );
    };
    tag(&mut out, "Event", "microply tournament");
    tag(&mut out, "Round", &r.spec.round.to_string());
    let game_name = format!("{} {}", config.game, config.options);
    let result = if config.game == "checkers" {
        // Black moves first in checkers; PDN results are from White's view.
        tag(&mut out, "White", &r.second);
        tag(&mut out, "Black", &r.first);
        match r.outcome {
            Outcome::FirstWins => "0-1",
            Outcome::SecondWins => "1-0",
            Outcome::Draw => "1/2-1/2",
        }
    } else {
        tag(&mut out, "Game", game_name.trim());
        tag(&mut out, "First", &r.first);
        tag(&mut out, "Second", &r.second);
        tag(&mut out, "Sides", &r.sides.join("-"));
        r.outcome.as_str()
    };
    tag(&mut out, "Result", result);
    if config.game == "checkers" {
        tag(&mut out, "GameType", "21");
    }
    if let Some(fen) = &r.spec.opening.fen {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", fen);
    }
    tag(&mut out, "Termination", &r.reason);
    tag(&mut out, "PlyCount", &r.plies().to_string());
    out.push('\n');
    let mut line = String::new();
    for (i, m) in r.moves.iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(line, "{}. ", i / 2 + 1);
        }
        let _ = write!(line, "{m} ");
        if line.len() > 70 {
            let _ = writeln!(out, "{}", line.trim_end());
            line.clear();
        }
    }
    let _ = writeln!(out, "{line}{result}");
    out
}

/// Maximum-likelihood ratings (mean 0) from every game.
///
/// # Errors
/// Why there are none: players who won or lost everything, or never met the others,
/// have no finite rating ([`RatingError`]).
pub fn ratings(n: usize, records: &[GameRecord]) -> Result<Vec<Rating>, RatingError> {
    let games: Vec<RatedGame> = records
        .iter()
        .map(|r| RatedGame {
            first: r.spec.first,
            second: r.spec.second,
            score_first: r.outcome.first_points(),
        })
        .collect();
    maximum_likelihood(n, &games, Anchor::Mean)
}

/// The markdown report: standings (per group too for grouped formats), the
/// bracket of the bracket formats, crosstable and ratings.
#[must_use]
pub fn report(
    config: &TournamentConfig,
    records: &[GameRecord],
    bracket: Option<&BracketRun>,
) -> String {
    let n = config.players.len();
    let names: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
    let mut out = format!(
        "# {} {} tournament\n\n{} games, seed {}.\n\n## Standings (all games)\n\n",
        config.game,
        config.options,
        records.len(),
        config.seed
    );
    out += &standings_table(config, records, &names, &(0..n).collect::<Vec<_>>());
    if matches!(config.format, Format::Groups | Format::Mixed) {
        out += &group_tables(config, records, &names);
    }
    if let Some(b) = bracket {
        out += "\n\n";
        out += &bracket_markdown(b, &names);
        out += "\n![bracket](bracket.svg)\n";
    }
    out += "\n\n## Crosstable (game points of the row player)\n\n";
    let cross = crosstable(n, records);
    let mut headers = vec![String::from("player")];
    headers.extend(names.iter().cloned());
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = (0..n)
        .map(|i| {
            let mut row = vec![names[i].clone()];
            row.extend((0..n).map(|j| {
                if i == j {
                    "—".into()
                } else {
                    format!("{}", cross[i][j])
                }
            }));
            row
        })
        .collect();
    out += &markdown_table(&header_refs, &rows);
    out += "\n\n## Maximum-likelihood ratings (mean 0, 95% intervals)\n\n";
    match ratings(n, records) {
        Ok(r) => {
            out += &ratings_table(&names, &r);
            out += "\n\n![ratings](ratings.svg)\n";
        }
        Err(e) => out += &format!("None: {e}.\n"),
    }
    out
}

/// One table per group over the group stage's games (snake seeding; `mixed`
/// runs name who went on to the bracket).
fn group_tables(config: &TournamentConfig, records: &[GameRecord], names: &[String]) -> String {
    let n = config.players.len();
    let stage: Vec<GameRecord> = if config.format == Format::Mixed {
        let count = group_games(config);
        records
            .iter()
            .filter(|r| r.spec.index < count)
            .cloned()
            .collect()
    } else {
        records.to_vec()
    };
    let mut out = String::new();
    for (g, members) in snake_groups(n, config.groups).iter().enumerate() {
        let letter = char::from(b'A' + (g % 26) as u8);
        let _ = write!(out, "\n\n### Group {letter}\n\n");
        out += &standings_table(config, &stage, names, members);
    }
    if config.format == Format::Mixed {
        let on: Vec<&str> = advancing(config, &stage)
            .iter()
            .map(|&p| names[p].as_str())
            .collect();
        let _ = write!(
            out,
            "\n\nTo the bracket ({} of each group, as seeds in this order): {}.",
            config.advance,
            on.join(", ")
        );
    }
    out
}

/// The standings of `members` over `records`, best first.
fn standings_table(
    config: &TournamentConfig,
    records: &[GameRecord],
    names: &[String],
    members: &[usize],
) -> String {
    let n = config.players.len();
    let rows: Vec<Vec<String>> = standings(n, records, &config.scoring)
        .iter()
        .filter(|s| members.contains(&s.player))
        .enumerate()
        .map(|(rank, s)| {
            vec![
                (rank + 1).to_string(),
                names[s.player].clone(),
                s.games.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                format!("{}", s.points),
                format!("{}", s.sonneborn_berger),
            ]
        })
        .collect();
    markdown_table(
        &["rank", "player", "games", "W", "D", "L", "points", "SB"],
        &rows,
    )
}

/// Writes every output file into `dir` (records in `dir/games/`). A plot that
/// cannot be drawn is not an error: a warning goes to stderr and to the end of
/// `report.md`.
///
/// # Errors
/// I/O errors.
pub fn write_all(
    dir: &Path,
    config: &TournamentConfig,
    records: &[GameRecord],
    bracket: Option<&BracketRun>,
) -> std::io::Result<()> {
    let games = dir.join("games");
    std::fs::create_dir_all(&games)?;
    let ext = if config.game == "checkers" {
        "pdn"
    } else {
        "txt"
    };
    for r in records {
        let path = games.join(format!("{:05}.{ext}", r.spec.index + 1));
        write_atomically(&path, game_record_text(config, r).as_bytes())?;
    }
    write_atomically(&dir.join("results.csv"), results_csv(records).as_bytes())?;
    write_atomically(&dir.join("results.json"), results_json(records)?.as_bytes())?;
    let mut report = report(config, records, bracket);
    let names: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
    if let Some(b) = bracket {
        write_atomically(&dir.join("bracket.svg"), bracket_svg(b, &names).as_bytes())?;
    }
    if let Ok(r) = ratings(config.players.len(), records) {
        match interval_plot("Ratings (95% intervals)", &names, &r) {
            Ok(svg) => write_atomically(&dir.join("ratings.svg"), svg.as_bytes())?,
            Err(e) => report += &plot_warning("ratings.svg", &e.to_string()),
        }
    }
    write_atomically(&dir.join("report.md"), report.as_bytes())
}

/// Warns on stderr that a plot was not written and returns the report's line
/// saying so.
#[must_use]
pub fn plot_warning(file: &str, why: &str) -> String {
    eprintln!("warning: {file} not written: {why}");
    format!("\n**Warning:** {file} was not written: {why}.\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plot_warning_names_the_file_and_the_reason() {
        let line = plot_warning("ratings.svg", "no finite ratings");
        assert_eq!(
            line,
            "\n**Warning:** ratings.svg was not written: no finite ratings.\n"
        );
    }
}
