//! The output folder: every game as a record (checkers as PDN with the standard
//! tags, the other games in the same tag-pair-plus-moves text), the results as CSV
//! and JSON, and a markdown report with standings, crosstable, ratings and plots.
//! None of these files holds a time, so a resumed run writes the same bytes as an
//! uninterrupted one.

use std::fmt::Write as _;
use std::path::Path;

use microply_core::games::GameKind;
use serde::Serialize;

use super::bracket_svg::bracket_svg;
use super::bracket_text::bracket_markdown;
use super::config::{Format, TournamentConfig};
use super::elimination::{advancing, group_games, BracketRun};
use super::schedule::snake_groups;
use super::standings::{crosstable, standings};
use crate::files::write_atomically;
use crate::play::game::{GameRecord, Outcome};
use crate::play::termination::Termination;
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
    termination: &'static str,
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
        termination: r.termination.name(),
        reason: &r.reason,
        plies: r.plies(),
        first_nodes: r.nodes[0],
        second_nodes: r.nodes[1],
        fen: r.spec.opening.fen.as_deref(),
        moves: r.moves.join(" "),
    }
}

/// `results.csv`'s rows of `records` (with the header line when `header`), quoted
/// by the `csv` crate.
fn csv_rows(records: &[GameRecord], header: bool) -> std::io::Result<Vec<u8>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(header)
        .from_writer(Vec::new());
    for r in records {
        w.serialize(row(r)).map_err(std::io::Error::other)?;
    }
    if records.is_empty() && header {
        w.write_record([
            "game",
            "round",
            "first",
            "second",
            "result",
            "termination",
            "reason",
            "plies",
            "first_nodes",
            "second_nodes",
            "fen",
            "moves",
        ])
        .map_err(std::io::Error::other)?;
    }
    w.into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// `results.csv`.
///
/// # Errors
/// Never in practice (writing to memory).
pub fn results_csv(records: &[GameRecord]) -> std::io::Result<String> {
    String::from_utf8(csv_rows(records, true)?).map_err(std::io::Error::other)
}

/// `results.json`.
///
/// # Errors
/// Never in practice (serialising plain data).
pub fn results_json(records: &[GameRecord]) -> serde_json::Result<String> {
    let rows: Vec<_> = records.iter().map(row).collect();
    serde_json::to_string_pretty(&rows)
}

/// The records file's name: `games.pdn` for checkers, `games.txt` otherwise.
#[must_use]
pub fn records_file(config: &TournamentConfig) -> &'static str {
    if config.game == GameKind::Checkers {
        "games.pdn"
    } else {
        "games.txt"
    }
}

/// One game as tag pairs and moves: checkers through core's PDN writer (the
/// standard tags, `GameType "21"`, `SetUp`/`FEN`, results from White's view), the
/// other games in the same tag-pair style, naming the players `First`/`Second` with
/// their sides in a `Sides` tag and a `Game` tag with the options.
#[must_use]
pub fn game_record_text(config: &TournamentConfig, r: &GameRecord) -> String {
    if config.game == GameKind::Checkers {
        if let Some(text) = checkers_pdn(r) {
            return text;
        }
    }
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
    tag(&mut out, "Game", game_name.trim());
    tag(&mut out, "First", &r.first);
    tag(&mut out, "Second", &r.second);
    tag(&mut out, "Sides", &r.sides.join("-"));
    let result = r.outcome.as_str();
    tag(&mut out, "Result", result);
    if let Some(fen) = &r.spec.opening.fen {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", fen);
    }
    tag(&mut out, "Termination", r.termination.tag());
    tag(&mut out, "Reason", &r.reason);
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

/// A checkers game through core's PDN writer; `None` if its moves do not replay
/// (never for a refereed game).
fn checkers_pdn(r: &GameRecord) -> Option<String> {
    use microply_core::games::checkers::pdn::{write_game, PdnResult, Tags};
    use microply_core::games::checkers::Checkers;
    use microply_core::{Game, Notation};
    let start = match &r.spec.opening.fen {
        Some(fen) => Checkers::parse_fen(fen).ok()?,
        None => Checkers::START,
    };
    let mut pos = start;
    let mut moves = Vec::with_capacity(r.moves.len());
    for text in &r.moves {
        let m = pos.parse_move(text).ok()?;
        moves.push(m);
        pos = pos.after(m);
    }
    // Black moves first in checkers; PDN results are from White's view.
    let result = match r.outcome {
        Outcome::FirstWins => PdnResult::BlackWins,
        Outcome::SecondWins => PdnResult::WhiteWins,
        Outcome::Draw => PdnResult::Draw,
    };
    let round = r.spec.round.to_string();
    let tags = Tags {
        event: "microply tournament",
        site: "microply",
        date: "????.??.??",
        round: &round,
        white: &r.second,
        black: &r.first,
        result,
        termination: r.termination.tag(),
    };
    let mut text = String::new();
    write_game(&mut text, &tags, &start, &moves).ok()?;
    Some(text)
}

/// The records and results files written as games finish, in game order: each
/// call appends the games of the gap-free prefix not yet written, so a user can
/// follow a run with `tail -f` and the files never depend on the finish order.
pub struct RecordStream {
    dir: std::path::PathBuf,
    config: TournamentConfig,
    written: usize,
}

impl RecordStream {
    /// Starts the files in `dir` afresh with the games of `prefix` (a resumed
    /// run's finished games).
    ///
    /// # Errors
    /// I/O errors.
    pub fn start(
        dir: &Path,
        config: &TournamentConfig,
        prefix: &[GameRecord],
    ) -> std::io::Result<RecordStream> {
        write_atomically(&dir.join("results.csv"), &csv_rows(prefix, true)?)?;
        let records: String = prefix
            .iter()
            .map(|r| game_record_text(config, r) + "\n")
            .collect();
        write_atomically(&dir.join(records_file(config)), records.as_bytes())?;
        Ok(RecordStream {
            dir: dir.to_owned(),
            config: config.clone(),
            written: prefix.len(),
        })
    }

    /// Appends the games of `prefix` past those already written.
    ///
    /// # Errors
    /// I/O errors.
    pub fn extend(&mut self, prefix: &[GameRecord]) -> std::io::Result<()> {
        let Some(new) = prefix.get(self.written..).filter(|n| !n.is_empty()) else {
            return Ok(());
        };
        append(&self.dir.join("results.csv"), &csv_rows(new, false)?)?;
        let records: String = new
            .iter()
            .map(|r| game_record_text(&self.config, r) + "\n")
            .collect();
        append(
            &self.dir.join(records_file(&self.config)),
            records.as_bytes(),
        )?;
        self.written = prefix.len();
        Ok(())
    }
}

fn append(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut file = std::fs::OpenOptions::new().append(true).open(path)?;
    file.write_all(bytes)
}

/// How the games ended: a line per kind that occurred (`rules 12, resignation 30`),
/// with the mean plies per game, for reports.
#[must_use]
pub fn endings(records: &[GameRecord]) -> String {
    let counts: Vec<String> = Termination::ALL
        .iter()
        .filter_map(|&t| {
            let n = records.iter().filter(|r| r.termination == t).count();
            (n > 0).then(|| format!("{t} {n}"))
        })
        .collect();
    let plies: usize = records.iter().map(GameRecord::plies).sum();
    let mean = plies as f64 / records.len().max(1) as f64;
    format!(
        "Endings: {} (mean {mean:.1} plies a game).\n",
        if counts.is_empty() {
            "no games".to_owned()
        } else {
            counts.join(", ")
        }
    )
}

/// Maximum-likelihood ratings (mean 0) from every game.
///
/// # Errors
/// Why there are none: players who won or lost everything, or never met the others,
/// have no finite rating ([`RatingError`]).
pub fn ratings(n: usize, records: &[GameRecord]) -> Result<Vec<Rating>, RatingError> {
    ratings_anchored(n, records, Anchor::Mean)
}

/// [`ratings`] with the zero where `anchor` puts it (a player's rating, or the mean).
///
/// # Errors
/// As [`ratings`].
pub fn ratings_anchored(
    n: usize,
    records: &[GameRecord],
    anchor: Anchor,
) -> Result<Vec<Rating>, RatingError> {
    let games: Vec<RatedGame> = records
        .iter()
        .map(|r| RatedGame {
            first: r.spec.first,
            second: r.spec.second,
            score_first: r.outcome.first_points().as_f64(),
        })
        .collect();
    maximum_likelihood(n, &games, anchor)
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
        "# {}\n\n{} games, seed {}.\n\n## Standings (all games)\n\n",
        report_title(config),
        records.len(),
        config.seed
    );
    out += &standings_table(config, records, &names, &(0..n).collect::<Vec<_>>());
    out += "\n\n";
    out += &endings(records);
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
        Err(e) => out += &no_ratings(&e, &names),
    }
    out
}

/// `A vs B: checkers match` for two players, `checkers (rows=5) round-robin
/// tournament` for more.
fn report_title(config: &TournamentConfig) -> String {
    let options = config.options.trim();
    let game = if options.is_empty() {
        config.game.to_string()
    } else {
        format!("{} ({options})", config.game)
    };
    match config.players.as_slice() {
        [a, b] => format!("{} vs {}: {game} match", a.name, b.name),
        _ => format!("{game} {} tournament", config.format),
    }
}

/// Why there are no ratings (and no `ratings.svg`), with the players' names.
fn no_ratings(error: &RatingError, names: &[String]) -> String {
    match error {
        RatingError::Unbounded { players } => {
            let who: Vec<&str> = players
                .iter()
                .map(|&p| names.get(p).map_or("?", String::as_str))
                .collect();
            format!(
                "None, and no plot: the ratings of {} cannot be fitted, because against the \
                 others they won every point, lost every point, or never played, so the \
                 best fit puts them infinitely far away. Ratings need at least one game \
                 that is not a win (or not a loss) between every side; more games usually \
                 give it.\n",
                who.join(", ")
            )
        }
        e => format!("None, and no plot: {e}.\n"),
    }
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
    RecordStream::start(dir, config, records)?;
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

    fn config(players: &[&str], options: &str) -> TournamentConfig {
        let specs: Vec<String> = players
            .iter()
            .map(|p| format!("name={p},depth=1"))
            .collect();
        let mut text = format!("game = \"checkers\"\noptions = \"{options}\"\n");
        for s in &specs {
            let p = crate::play::player::PlayerConfig::parse_spec(s).unwrap();
            text += &format!("[[player]]\nname = \"{}\"\ndepth = 1\n", p.name);
        }
        toml::from_str(&text).unwrap()
    }

    #[test]
    fn the_title_names_a_match_by_its_players() {
        assert_eq!(
            report_title(&config(&["A", "B"], "")),
            "A vs B: checkers match"
        );
        assert_eq!(
            report_title(&config(&["A", "B", "C"], "rows=5")),
            "checkers (rows=5) round-robin tournament"
        );
    }

    #[test]
    fn unfitted_ratings_name_the_players_and_say_why() {
        let c = config(&["A", "B"], "");
        let records: Vec<GameRecord> = (0..2)
            .map(|_| GameRecord::bare(0, 1, Outcome::FirstWins))
            .collect();
        let text = report(&c, &records, None);
        // The mean anchor pins one of the two; the other's rating runs off.
        assert!(text.contains("the ratings of B cannot be fitted"), "{text}");
        assert!(text.contains("None, and no plot"), "{text}");
        assert!(
            !text.contains("players [") && !text.contains("ratings.svg"),
            "{text}"
        );
    }

    #[test]
    fn a_plot_warning_names_the_file_and_the_reason() {
        let line = plot_warning("ratings.svg", "no finite ratings");
        assert_eq!(
            line,
            "\n**Warning:** ratings.svg was not written: no finite ratings.\n"
        );
    }

    #[test]
    fn endings_count_each_kind_and_the_mean_length() {
        let mut a = GameRecord::bare(0, 1, Outcome::Draw);
        a.moves = vec!["b2".into(); 4];
        let mut b = a.clone();
        b.termination = Termination::TimeForfeit;
        b.moves.push("a1".into());
        let c = GameRecord {
            termination: Termination::TimeForfeit,
            ..a.clone()
        };
        assert_eq!(
            endings(&[a, b, c]),
            "Endings: rules 1, time-forfeit 2 (mean 4.3 plies a game).\n"
        );
        assert_eq!(endings(&[]), "Endings: no games (mean 0.0 plies a game).\n");
    }
}
