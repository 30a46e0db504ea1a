//! The host's one weights-file reader: a list of numbers from any file the tools write.
//!
//! Every form `train`, `tune` and `nn` write is accepted, so that a trainer's champion
//! and a tournament player's weights file both work:
//! - TOML or JSON with a top-level `weights` array (`train`'s `gen-NNNN.toml`/`.json`);
//! - protocol lines: the `weights` command (`weights at=0 v1 ... vn`, one or more
//!   lines), after `game ...` and `evaluator ...` lines, which are skipped (`train`'s
//!   `gen-NNNN.txt`);
//! - whitespace-separated decimals, `#` starting a comment (`tune`'s one weight a
//!   line), after an optional `microply-network ...` header (a network file).
//!
//! [`read_weight_values`] gives the numbers; [`read_dots_weights`] checks them as the
//! Dots chain evaluator's ten fixed-point weights.

use std::path::Path;

use microply_core::score::Value;
use thiserror::Error;

/// The chain evaluator's weight count.
pub const DOTS_WEIGHTS: usize = 10;

/// A weights file that cannot be used.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WeightsFileError {
    /// The file cannot be read.
    #[error("weights file '{path}': {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A token that is not a number.
    #[error("line {line}: '{token}' is not a number")]
    NotANumber {
        /// The line (from 1).
        line: usize,
        /// The token.
        token: String,
    },
    /// A structured file without a usable `weights` array.
    #[error("no 'weights' array of numbers: {0}")]
    NoArray(String),
    /// Not ten weights.
    #[error("{found} weights, the Dots chain evaluator has {DOTS_WEIGHTS}")]
    Count {
        /// How many were given.
        found: usize,
    },
    /// A weight outside the fixed-point range.
    #[error("weight {index} = {value} does not fit a fixed-point value (±32768)")]
    Overflow {
        /// Which weight (from 0).
        index: usize,
        /// Its value.
        value: f64,
    },
}

/// Reads the numbers of `path` (any of the module's forms), in file order.
///
/// # Errors
/// [`WeightsFileError`] naming what is wrong (and where, for the plain forms).
pub fn read_weight_values(path: &Path) -> Result<Vec<f64>, WeightsFileError> {
    parse_weight_values(&read(path)?)
}

/// The numbers in `text` (any of the module's forms), in order.
///
/// # Errors
/// [`WeightsFileError`] as [`read_weight_values`].
pub fn parse_weight_values(text: &str) -> Result<Vec<f64>, WeightsFileError> {
    if looks_structured(text) {
        structured(text)
    } else {
        plain(text)
    }
}

fn read(path: &Path) -> Result<String, WeightsFileError> {
    std::fs::read_to_string(path).map_err(|source| WeightsFileError::Read {
        path: path.display().to_string(),
        source,
    })
}

/// Reads the ten weights of `path` (any of the module's forms).
///
/// # Errors
/// [`WeightsFileError`] naming what is wrong (and where, for the plain forms).
pub fn read_dots_weights(path: &Path) -> Result<[Value; DOTS_WEIGHTS], WeightsFileError> {
    parse_dots_weights(&read(path)?)
}

/// The ten weights in `text` (any of the module's forms).
///
/// # Errors
/// [`WeightsFileError`] as [`read_dots_weights`].
pub fn parse_dots_weights(text: &str) -> Result<[Value; DOTS_WEIGHTS], WeightsFileError> {
    to_fixed(&parse_weight_values(text)?)
}

/// JSON starts with `{`; TOML names `weights` with `=`.
fn looks_structured(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{')
        || text.lines().any(|l| {
            l.split_once('=')
                .is_some_and(|(k, _)| k.trim() == "weights")
        })
}

#[derive(serde::Deserialize)]
struct WithWeights {
    weights: Vec<f64>,
}

fn structured(text: &str) -> Result<Vec<f64>, WeightsFileError> {
    let parsed = if text.trim_start().starts_with('{') {
        serde_json::from_str::<WithWeights>(text).map_err(|e| e.to_string())
    } else {
        toml::from_str::<WithWeights>(text).map_err(|e| e.to_string())
    };
    parsed
        .map(|w| w.weights)
        .map_err(|e| WeightsFileError::NoArray(e.trim().to_owned()))
}

fn plain(text: &str) -> Result<Vec<f64>, WeightsFileError> {
    let mut values = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        if is_setup_line(content) {
            continue;
        }
        let tokens = content
            .split_whitespace()
            .filter(|t| *t != "weights" && !t.starts_with("at="));
        for token in tokens {
            let value = token.parse().map_err(|_| WeightsFileError::NotANumber {
                line: i + 1,
                token: token.to_owned(),
            })?;
            values.push(value);
        }
    }
    Ok(values)
}

/// A protocol line around the weights (`game dots rows=3`, `evaluator chain`) or a
/// network file's header: no weights on it.
fn is_setup_line(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    ["game", "evaluator", "microply-network"].contains(&first)
}

fn to_fixed(values: &[f64]) -> Result<[Value; DOTS_WEIGHTS], WeightsFileError> {
    if values.len() != DOTS_WEIGHTS {
        return Err(WeightsFileError::Count {
            found: values.len(),
        });
    }
    let mut out = [Value::ZERO; DOTS_WEIGHTS];
    for (index, (slot, &value)) in out.iter_mut().zip(values).enumerate() {
        *slot =
            Value::checked_from_num(value).ok_or(WeightsFileError::Overflow { index, value })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use microply_core::games::dots::Weights;

    fn hand() -> [Value; 10] {
        Weights::EXPERIENCED.to_array()
    }

    #[test]
    fn every_form_reads_the_hand_set_weights() {
        let plain = "# hand-set\n0 -4 0 -1\n0 0 0 -0.5 0 -0.5\n";
        let protocol = "weights at=0 0 -4 0 -1 0 0 0 -0.5 0 -0.5\n";
        let toml = "generation = 3\nweights = [0, -4, 0, -1, 0, 0, 0, -0.5, 0, -0.5]\n";
        let json = r#"{"weights": [0, -4, 0, -1, 0, 0, 0, -0.5, 0, -0.5], "fitness": 2}"#;
        for text in [plain, protocol, toml, json] {
            assert_eq!(parse_dots_weights(text).unwrap(), hand(), "{text}");
        }
    }

    #[test]
    fn the_champion_files_train_writes_are_read() {
        let txt =
            "game dots rows=3 cols=3\nevaluator chain\nweights at=0 0 -4 0 -1 0 0 0 -0.5 0 -0.5\n";
        assert_eq!(parse_dots_weights(txt).unwrap(), hand());
        let network = "# a comment\nmicroply-network 32-5-3-1\n1 2\n-3\n";
        assert_eq!(parse_weight_values(network).unwrap(), [1.0, 2.0, -3.0]);
        let tuned = "# tuned\n12  # material\n-0.5  # kings\n";
        assert_eq!(parse_weight_values(tuned).unwrap(), [12.0, -0.5]);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let e = parse_dots_weights("1 2 3\n4 x 6").unwrap_err();
        assert_eq!(e.to_string(), "line 2: 'x' is not a number");
        let e = parse_dots_weights("1 2 3").unwrap_err();
        assert_eq!(e.to_string(), "3 weights, the Dots chain evaluator has 10");
        let e = parse_dots_weights("weights = \"none\"").unwrap_err();
        assert!(matches!(e, WeightsFileError::NoArray(_)), "{e}");
        let e = parse_dots_weights("1 1 1 1 1 1 1 1 1 40000").unwrap_err();
        assert_eq!(
            e.to_string(),
            "weight 9 = 40000 does not fit a fixed-point value (±32768)"
        );
        let e = read_dots_weights(Path::new("/no/such/file")).unwrap_err();
        assert!(e.to_string().starts_with("weights file '/no/such/file'"));
    }
}
