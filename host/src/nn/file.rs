//! Reading and writing the core's weights file (docs/checkers-network.md) from the
//! host's `f64` network: writing quantises (so the file holds exactly what the core
//! will use), reading goes through the core's own parser.

use std::path::{Path, PathBuf};

use microply_core::games::checkers::network::NetworkError;
use microply_core::games::checkers::NetworkWeights;

use super::net::{Net, OutOfRange};

/// Why a weights file could not be written or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsFileError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a weights file.
    #[error("{path}: {source}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: NetworkError,
    },
    /// A parameter does not fit the fixed-point format.
    #[error(transparent)]
    Range(#[from] OutOfRange),
}

/// The text of a weights file for `weights`, after `comment` lines (each prefixed `# `).
#[must_use]
pub fn weights_text(weights: &NetworkWeights, comment: &str) -> String {
    let mut text: String = comment.lines().map(|l| format!("# {l}\n")).collect();
    // Writing into a String cannot fail.
    let _ = weights.write(&mut text);
    text
}

/// Quantises `net` and writes it to `path`, with `comment` at the top.
///
/// # Errors
/// [`WeightsFileError`] for a parameter out of range or an I/O failure.
pub fn write_weights(
    path: &Path,
    net: &Net,
    comment: &str,
) -> Result<NetworkWeights, WeightsFileError> {
    let weights = net.quantise()?;
    std::fs::write(path, weights_text(&weights, comment)).map_err(|source| {
        WeightsFileError::Io {
            path: path.to_owned(),
            source,
        }
    })?;
    Ok(weights)
}

/// Reads a weights file into the core's weights.
///
/// # Errors
/// [`WeightsFileError`] for an I/O failure or a malformed file.
pub fn read_weights(path: &Path) -> Result<NetworkWeights, WeightsFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| WeightsFileError::Io {
        path: path.to_owned(),
        source,
    })?;
    NetworkWeights::parse(&text).map_err(|source| WeightsFileError::Format {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_weights_read_back_as_the_quantised_network() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("net.txt");
        let net = Net::perturbed_default(8, 1.0);
        let written = write_weights(&path, &net, "trained by a test\nseed 8").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# trained by a test\n# seed 8\nmicroply-network 32-5-3-1\n"));
        let read = read_weights(&path).unwrap();
        assert_eq!(read, written);
        // The round trip f64 → file → f64 moves no parameter by more than half a step.
        let back = Net::from_weights(&read);
        for (a, b) in back.params.iter().zip(&net.params) {
            assert!((a - b).abs() <= 0.5 / 65536.0 + 1e-15, "{a} vs {b}");
        }
    }

    #[test]
    fn a_damaged_file_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cut.txt");
        let text = weights_text(&NetworkWeights::DEFAULT, "");
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        let e = read_weights(&path).unwrap_err().to_string();
        assert!(e.contains("cut.txt") && e.contains("fewer than 187"), "{e}");
    }
}
