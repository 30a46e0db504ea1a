//! Markdown pipe tables, padded so they also read well as plain text.

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Align {
    /// Flush left (`:---`): names and text.
    Left,
    /// Flush right (`---:`): numbers.
    Right,
    /// Centred (`:---:`).
    Center,
}

/// A pipe table with numeric columns right-aligned and the others left-aligned.
///
/// A column is numeric when every non-empty cell is a number, optionally signed and
/// followed by `%` or a `+/-` margin (`+40.70`, `55.8 %`, `12 +/- 3`).
///
/// ```
/// use microply_host::report::markdown_table;
/// let t = markdown_table(&["player", "elo"], &[vec!["sss".into(), "+12.5".into()]]);
/// assert_eq!(t, "| player |   elo |\n| :----- | ----: |\n| sss    | +12.5 |\n");
/// ```
#[must_use]
pub fn markdown_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let columns = column_count(headers, rows);
    let aligns: Vec<Align> = (0..columns)
        .map(|c| {
            let mut cells = rows
                .iter()
                .filter_map(|r| r.get(c))
                .filter(|s| !s.is_empty());
            let numeric = cells.clone().next().is_some() && cells.all(|s| is_numeric(s));
            if numeric {
                Align::Right
            } else {
                Align::Left
            }
        })
        .collect();
    markdown_table_aligned(headers, &aligns, rows)
}

/// A pipe table with the given alignment per column (missing ones are left-aligned).
///
/// Rows shorter than the widest row or the headers get empty cells; `|` inside a cell
/// is escaped as `\|` and line breaks become spaces.
#[must_use]
pub fn markdown_table_aligned(headers: &[&str], aligns: &[Align], rows: &[Vec<String>]) -> String {
    let columns = column_count(headers, rows);
    if columns == 0 {
        return String::new();
    }
    let cell = |row: &[String], c: usize| row.get(c).map_or_else(String::new, |s| escape(s));
    let header_row: Vec<String> = headers.iter().map(|h| (*h).to_string()).collect();
    let header_cells: Vec<String> = (0..columns).map(|c| cell(&header_row, c)).collect();
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| (0..columns).map(|c| cell(r, c)).collect())
        .collect();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            std::iter::once(&header_cells[c])
                .chain(body.iter().map(|r| &r[c]))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
                .max(3)
        })
        .collect();
    let align = |c: usize| aligns.get(c).copied().unwrap_or(Align::Left);
    let mut out = line(&header_cells, &widths, align);
    out.push_str(&rule(&widths, align));
    for r in &body {
        out.push_str(&line(r, &widths, align));
    }
    out
}

fn column_count(headers: &[&str], rows: &[Vec<String>]) -> usize {
    rows.iter()
        .map(Vec::len)
        .chain([headers.len()])
        .max()
        .unwrap_or(0)
}

fn escape(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn line(cells: &[String], widths: &[usize], align: impl Fn(usize) -> Align) -> String {
    let padded: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(c, s)| pad(s, widths[c], align(c)))
        .collect();
    format!("| {} |\n", padded.join(" | "))
}

fn pad(s: &str, width: usize, align: Align) -> String {
    let gap = width.saturating_sub(s.chars().count());
    match align {
        Align::Left => format!("{s}{}", " ".repeat(gap)),
        Align::Right => format!("{}{s}", " ".repeat(gap)),
        Align::Center => format!("{}{s}{}", " ".repeat(gap / 2), " ".repeat(gap - gap / 2)),
    }
}

fn rule(widths: &[usize], align: impl Fn(usize) -> Align) -> String {
    let dashes: Vec<String> = widths
        .iter()
        .enumerate()
        .map(|(c, &w)| match align(c) {
            Align::Left => format!(":{}", "-".repeat(w - 1)),
            Align::Right => format!("{}:", "-".repeat(w - 1)),
            Align::Center => format!(":{}:", "-".repeat(w - 2)),
        })
        .collect();
    format!("| {} |\n", dashes.join(" | "))
}

fn is_numeric(s: &str) -> bool {
    s.split("+/-")
        .map(|part| part.trim().trim_end_matches('%').trim())
        .all(|n| n.parse::<f64>().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn pads_columns_and_aligns_numbers_right() {
        let t = markdown_table(
            &["rank", "player", "score", "elo"],
            &[
                row(&["1", "alpha-beta d6", "7.5", "+40.70 +/- 30.43"]),
                row(&["2", "mtdf", "55.8 %", "-3"]),
            ],
        );
        let want = "\
| rank | player        |  score |              elo |
| ---: | :------------ | -----: | ---------------: |
|    1 | alpha-beta d6 |    7.5 | +40.70 +/- 30.43 |
|    2 | mtdf          | 55.8 % |               -3 |
";
        assert_eq!(t, want);
    }

    #[test]
    fn every_line_has_the_same_width_and_cell_count() {
        let t = markdown_table(
            &["a", "b"],
            &[
                row(&["x|y", "±12"]),
                row(&["only one"]),
                row(&["1", "2", "extra"]),
            ],
        );
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 5);
        let width = lines[0].chars().count();
        for l in &lines {
            assert_eq!(l.chars().count(), width, "{t}");
            assert_eq!(l.replace("\\|", "").matches('|').count(), 4, "{t}");
        }
        assert!(t.contains("x\\|y"));
    }

    #[test]
    fn explicit_alignment_and_empty_tables() {
        let t = markdown_table_aligned(&["name", "x"], &[Align::Center], &[row(&["ab", "1"])]);
        assert_eq!(t, "| name | x   |\n| :--: | :-- |\n|  ab  | 1   |\n");
        assert_eq!(markdown_table(&[], &[]), "");
    }
}
