//! The samples file: CSV with a header line naming the format, its version, where the
//! samples came from and how many there are (see docs/samples.md).
//!
//! ```text
//! microply-samples version=1 source=round-robin count=2
//! x1,x2,…,x32,target
//! 1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1
//! …
//! ```
//!
//! The count makes a file cut short at a line boundary an error too, not fewer samples.

use std::path::{Path, PathBuf};

use microply_core::games::checkers::network::INPUTS;

use crate::nn::Sample;

/// The first word of the file.
pub const MAGIC: &str = "microply-samples";
/// The version this code writes and reads.
pub const VERSION: u32 = 1;

/// Samples and where they came from.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplesFile {
    /// Where the samples came from (a tournament format, `bootstrap`...): one word.
    pub source: String,
    /// The samples.
    pub samples: Vec<Sample>,
}

/// Why a samples file could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SamplesError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The first line is not a version-1 samples header.
    #[error("{path}: not a samples file (the first line must be \"{MAGIC} version={VERSION} source=WORD count=N\")")]
    BadHeader {
        /// The file.
        path: PathBuf,
    },
    /// A line that is not 32 inputs in −2..=2 and a target in [0, 1].
    #[error("{path}, line {line}: {what}")]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        what: String,
    },
    /// Fewer samples than the header says.
    #[error("{path}: truncated: the header says {expected} samples, the file has {found}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// The header's count.
        expected: usize,
        /// Samples present.
        found: usize,
    },
    /// The source is not one word.
    #[error("the samples' source must be one word without spaces or '=', not {0:?}")]
    BadSource(String),
}

impl SamplesFile {
    /// The file's text.
    ///
    /// # Errors
    /// [`SamplesError::BadSource`] when the source is not one word.
    pub fn to_text(&self) -> Result<String, SamplesError> {
        if self.source.is_empty()
            || self
                .source
                .contains(|c: char| c.is_whitespace() || c == '=')
        {
            return Err(SamplesError::BadSource(self.source.clone()));
        }
        let mut text = format!(
            "{MAGIC} version={VERSION} source={} count={}\n",
            self.source,
            self.samples.len()
        );
        let columns: Vec<String> = (1..=INPUTS).map(|i| format!("x{i}")).collect();
        text.push_str(&columns.join(","));
        text.push_str(",target\n");
        for s in &self.samples {
            for x in s.inputs {
                text.push_str(&format!("{x},"));
            }
            text.push_str(&format!("{}\n", s.target));
        }
        Ok(text)
    }

    /// Reads the text of a file at `path` (named in errors).
    ///
    /// # Errors
    /// [`SamplesError`] naming the first problem and its line.
    pub fn parse(path: &Path, text: &str) -> Result<SamplesFile, SamplesError> {
        let mut lines = text.lines();
        let (source, expected) =
            parse_header(lines.next().unwrap_or("")).ok_or_else(|| SamplesError::BadHeader {
                path: path.to_owned(),
            })?;
        let _columns = lines.next();
        let mut samples = Vec::with_capacity(expected.min(1 << 24));
        for (i, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let sample = parse_row(line).map_err(|what| SamplesError::BadLine {
                path: path.to_owned(),
                line: i + 3,
                what,
            })?;
            samples.push(sample);
        }
        match samples.len() {
            found if found < expected => Err(SamplesError::Truncated {
                path: path.to_owned(),
                expected,
                found,
            }),
            found if found > expected => Err(SamplesError::BadLine {
                path: path.to_owned(),
                line: expected + 3,
                what: format!("more samples ({found}) than the header's count {expected}"),
            }),
            _ => Ok(SamplesFile { source, samples }),
        }
    }

    /// Reads a samples file.
    ///
    /// # Errors
    /// [`SamplesError`].
    pub fn read(path: &Path) -> Result<SamplesFile, SamplesError> {
        let text = std::fs::read_to_string(path).map_err(|source| SamplesError::Io {
            path: path.to_owned(),
            source,
        })?;
        SamplesFile::parse(path, &text)
    }

    /// Writes the file atomically (a kill leaves the old file or the new one).
    ///
    /// # Errors
    /// [`SamplesError`].
    pub fn write(&self, path: &Path) -> Result<(), SamplesError> {
        let text = self.to_text()?;
        crate::files::write_atomically(path, text.as_bytes()).map_err(|source| SamplesError::Io {
            path: path.to_owned(),
            source,
        })
    }
}

fn parse_header(line: &str) -> Option<(String, usize)> {
    let mut words = line.split_whitespace();
    if words.next() != Some(MAGIC) || words.next() != Some(&format!("version={VERSION}")) {
        return None;
    }
    let source = words.next()?.strip_prefix("source=")?.to_owned();
    let count = words.next()?.strip_prefix("count=")?.parse().ok()?;
    words.next().is_none().then_some((source, count))
}

fn parse_row(line: &str) -> Result<Sample, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    if fields.len() != INPUTS + 1 {
        return Err(format!(
            "{} fields, expected {} (32 inputs and the target)",
            fields.len(),
            INPUTS + 1
        ));
    }
    let mut inputs = [0i8; INPUTS];
    for (i, (slot, field)) in inputs.iter_mut().zip(&fields).enumerate() {
        *slot = field
            .parse::<i8>()
            .ok()
            .filter(|x| (-2..=2).contains(x))
            .ok_or_else(|| format!("input x{} is {field:?}, not one of -2, -1, 0, 1, 2", i + 1))?;
    }
    let target = fields[INPUTS]
        .parse::<f64>()
        .ok()
        .filter(|t| (0.0..=1.0).contains(t))
        .ok_or_else(|| format!("the target {:?} is not a number in [0, 1]", fields[INPUTS]))?;
    Ok(Sample { inputs, target })
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::checkers::Checkers;

    fn example() -> SamplesFile {
        SamplesFile {
            source: "round-robin".into(),
            samples: vec![
                Sample::of(&Checkers::START, 1.0),
                Sample {
                    inputs: std::array::from_fn(|i| (i % 5) as i8 - 2),
                    target: 0.123_456_789_012_345_67,
                },
            ],
        }
    }

    #[test]
    fn round_trip_is_exact() {
        let file = example();
        let text = file.to_text().unwrap();
        assert!(text.starts_with("microply-samples version=1 source=round-robin count=2\nx1,x2,"));
        assert!(text.contains(
            "\n1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1\n"
        ));
        assert_eq!(SamplesFile::parse(Path::new("s.csv"), &text).unwrap(), file);
    }

    #[test]
    fn a_truncated_file_is_a_clear_error() {
        let text = example().to_text().unwrap();
        let cut_in_a_line = &text[..text.len() - 30];
        let e = SamplesFile::parse(Path::new("s.csv"), cut_in_a_line)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("s.csv, line 4: ") && e.contains("expected 33"),
            "{e}"
        );
        let one_line_less: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        let e = SamplesFile::parse(Path::new("s.csv"), &one_line_less)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "s.csv: truncated: the header says 2 samples, the file has 1"
        );
    }

    #[test]
    fn bad_headers_and_values_are_named() {
        let p = Path::new("s.csv");
        let text = example().to_text().unwrap();
        let v2 = text.replacen("version=1", "version=2", 1);
        assert!(matches!(
            SamplesFile::parse(p, &v2),
            Err(SamplesError::BadHeader { .. })
        ));
        let bad_input = text.replacen("\n1,1,", "\n3,1,", 1);
        let e = SamplesFile::parse(p, &bad_input).unwrap_err().to_string();
        assert!(e.contains("line 3") && e.contains("x1 is \"3\""), "{e}");
        let bad_source = SamplesFile {
            source: "two words".into(),
            samples: vec![],
        };
        assert!(bad_source.to_text().is_err());
    }
}
