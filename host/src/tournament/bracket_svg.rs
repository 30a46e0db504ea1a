//! The bracket drawn as an SVG picture for the report: one band each for the
//! winners' bracket, the losers' bracket and the finals, a column per round, a box
//! per match with both players and their game points (the winner in bold). Plain
//! SVG text: boxes and labels need no plotting library.

use std::fmt::Write as _;

use super::bracket::{Decision, Match, Part};
use super::elimination::BracketRun;

const BOX_WIDTH: usize = 170;
const BOX_HEIGHT: usize = 36;
const COLUMN: usize = BOX_WIDTH + 30;
const ROW: usize = BOX_HEIGHT + 12;
const HEADER: usize = 28;

/// The matches to draw: byes against byes and an unneeded reset are left out.
fn drawn(m: &Match) -> bool {
    match m.verdict {
        Some(v) => match v.decision {
            Decision::NotNeeded => false,
            Decision::Bye => v.winner.is_some(),
            _ => true,
        },
        None => true,
    }
}

/// The SVG picture of `run`; `names` are the configuration's players.
#[must_use]
pub fn bracket_svg(run: &BracketRun, names: &[String]) -> String {
    let bands = [
        ("Winners' bracket", &[Part::Winners][..]),
        ("Losers' bracket", &[Part::Losers][..]),
        ("Finals", &[Part::GrandFinal, Part::Reset][..]),
    ];
    let mut body = String::new();
    let mut top = 10;
    let mut width = 0;
    for (title, parts) in bands {
        let matches: Vec<&Match> = run
            .bracket
            .matches()
            .iter()
            .filter(|m| parts.contains(&m.part) && drawn(m))
            .collect();
        if matches.is_empty() {
            continue;
        }
        let _ = writeln!(
            body,
            r#"<text x="10" y="{}" font-weight="bold">{title}</text>"#,
            top + 16
        );
        let columns = column_of(&matches);
        let mut rows_in = vec![0usize; columns.iter().max().map_or(0, |c| c + 1)];
        for (m, &col) in matches.iter().zip(&columns) {
            let (x, y) = (10 + col * COLUMN, top + HEADER + rows_in[col] * ROW);
            rows_in[col] += 1;
            body += &match_box(m, run, names, x, y);
            width = width.max(x + BOX_WIDTH + 10);
        }
        top += HEADER + rows_in.iter().max().copied().unwrap_or(0) * ROW + 10;
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{top}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// Each match's column: its round, the finals side by side.
fn column_of(matches: &[&Match]) -> Vec<usize> {
    matches
        .iter()
        .map(|m| match m.part {
            Part::Reset => 1,
            Part::GrandFinal => 0,
            _ => m.round - 1,
        })
        .collect()
}

fn match_box(m: &Match, run: &BracketRun, names: &[String], x: usize, y: usize) -> String {
    let last = run.played.iter().rev().find(|p| p.id == m.id);
    let winner = m.verdict.and_then(|v| v.winner).map(|s| run.seeds[s]);
    let lines: Vec<(String, Option<usize>)> = match last {
        Some(p) => vec![
            (
                format!("{}  {}", names[p.first], p.points[0]),
                Some(p.first),
            ),
            (
                format!("{}  {}", names[p.second], p.points[1]),
                Some(p.second),
            ),
        ],
        None => match winner {
            Some(w) => vec![(names[w].clone(), Some(w)), ("bye".into(), None)],
            None => vec![("not played".into(), None), (String::new(), None)],
        },
    };
    let note = match m.verdict.map(|v| v.decision) {
        Some(Decision::Coin) => " (coin)",
        Some(Decision::Played { replays }) if replays > 0 => " (replay)",
        _ => "",
    };
    let mut out = format!(
        r##"<rect x="{x}" y="{y}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" fill="#f4f6fb" stroke="#567"/>"##
    );
    out.push('\n');
    for (i, (text, player)) in lines.iter().enumerate() {
        let bold = if player.is_some() && *player == winner {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let suffix = if i == 0 { note } else { "" };
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}"{bold}>{}{suffix}</text>"#,
            x + 6,
            y + 15 + i * 15,
            escape(text)
        );
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::points::HalfPoints;
    use crate::tournament::bracket::{Bracket, MatchResult};
    use crate::tournament::elimination::PlayedMatch;

    #[test]
    fn every_match_but_double_byes_is_a_box_with_its_players() {
        // Five players, the better seed always wins: 8 matches played, 3 byes in
        // W1 and 2 in the losers' bracket with a real player, one bye against bye
        // and the unneeded reset left out: 13 boxes.
        let mut bracket = Bracket::new(5, 1).unwrap();
        let mut played = Vec::new();
        bracket.play_out(|p| {
            let first_wins = p.first < p.second;
            played.push(PlayedMatch {
                id: p.id,
                attempt: p.attempt,
                first: p.first,
                second: p.second,
                games: vec![],
                points: if first_wins {
                    [HalfPoints::whole(2), HalfPoints::ZERO]
                } else {
                    [HalfPoints::ZERO, HalfPoints::whole(2)]
                },
            });
            if first_wins {
                MatchResult::FirstWins
            } else {
                MatchResult::SecondWins
            }
        });
        let run = BracketRun {
            seeds: (0..5).collect(),
            bracket,
            played,
        };
        let names: Vec<String> = ["a<1>", "b", "c", "d", "e"].map(String::from).to_vec();
        let svg = bracket_svg(&run, &names);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let boxes = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(boxes, 1 + 13, "a background and 13 boxes");
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert!(texts.contains(&"a<1>  2"), "{texts:?}");
        assert!(texts.contains(&"Losers' bracket"));
    }
}
