//! Choosing a game, its options and a starting position from the command line.

use anyhow::{anyhow, bail, Context};
use clap::Args;
use microply_core::games::GameKind;
use microply_core::{Game, Notation};

/// A game, its options and an optional FEN.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// tictactoe, checkers, dots or amazons.
    #[arg(value_parser = super::parse_game)]
    pub kind: GameKind,
    /// Start from this position instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Game options such as rows=3 or size=8 (repeatable).
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

/// The start position of `G` with `options` applied.
///
/// # Errors
/// An option that is not `key=value` or that the game rejects.
pub fn start_position<G: Game>(options: &[String]) -> anyhow::Result<G> {
    Ok(G::start(&config_from::<G>(options)?))
}

fn config_from<G: Game>(options: &[String]) -> anyhow::Result<G::Config> {
    let mut config = G::Config::default();
    for option in options {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| anyhow!("option '{option}' is not KEY=VALUE"))?;
        G::configure(&mut config, key, value)
            .map_err(|e| anyhow!("{e}: '{option}' for {}", G::NAME))?;
    }
    Ok(config)
}

impl GameArgs {
    /// The position these arguments name. Options given with a FEN must agree
    /// with it (a board size the FEN does not have is an error, not ignored).
    ///
    /// # Errors
    /// A bad option or FEN, with the reason.
    pub fn position<G: Notation>(&self) -> anyhow::Result<G> {
        let config = config_from::<G>(&self.options)?;
        let Some(fen) = &self.fen else {
            return Ok(G::start(&config));
        };
        let pos = G::parse_fen_under(fen, &config)
            .map_err(|e| anyhow!("{e}"))
            .with_context(|| format!("FEN '{fen}'"))?;
        if !self.options.is_empty() && pos.config() != config {
            bail!(
                "option {} does not apply to FEN '{fen}' (its position is {:?})",
                self.options.join(" "),
                pos.config()
            );
        }
        Ok(pos)
    }
}
