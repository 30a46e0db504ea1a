//! The ratings of many players as a markdown table, strongest first.

use super::markdown_table;
use crate::ratings::Rating;

/// `rank | player | Elo | 95% interval` rows, strongest first (ties keep the input order),
/// Elo to one decimal. Players without a label are numbered from 1.
///
/// ```
/// use microply_host::ratings::Rating;
/// use microply_host::report::ratings_table;
/// let r = |elo: f64| Rating { elo, low: elo - 20.0, high: elo + 20.0 };
/// let t = ratings_table(&["a".into(), "b".into()], &[r(-12.5), r(12.5)]);
/// assert_eq!(t.lines().nth(2), Some("|    1 | b      | +12.5 | -7.5 .. +32.5 |"));
/// ```
#[must_use]
pub fn ratings_table(labels: &[String], ratings: &[Rating]) -> String {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let rows: Vec<Vec<String>> = order
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            let r = ratings[i];
            vec![
                (rank + 1).to_string(),
                labels
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("#{}", i + 1)),
                format!("{:+.1}", r.elo),
                format!("{:+.1} .. {:+.1}", r.low, r.high),
            ]
        })
        .collect();
    markdown_table(&["rank", "player", "Elo", "95% interval"], &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_strongest_first_with_numbered_unlabelled_players() {
        let r = |elo: f64| Rating {
            elo,
            low: elo - 1.0,
            high: elo + 1.0,
        };
        let t = ratings_table(&["low".into()], &[r(-5.0), r(30.0), r(2.0)]);
        let players: Vec<&str> = t
            .lines()
            .skip(2)
            .map(|l| l.split('|').nth(2).unwrap().trim())
            .collect();
        assert_eq!(players, vec!["#2", "#3", "low"]);
        assert!(t.contains("| +30.0 |"), "{t}");
    }
}
