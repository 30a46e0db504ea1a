//! The referee: the game's rules from the typed core, not through the protocol.
//! It holds the position, checks and plays each move as text in the game's
//! notation, says whose turn it is and how the game ended.

use std::fmt;

use microply_core::games::{AnyPosition, GameKind};
use microply_core::player::{Outcome as CoreOutcome, Player};
use microply_core::{with_game, with_position, Game, Notation};

/// What the referee refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    /// A `key=value` game option the game does not take.
    #[error("game option '{0}': {1}")]
    Option(String, String),
    /// A FEN the game cannot read, or one of another variant.
    #[error("FEN '{0}': {1}")]
    Fen(String, String),
    /// A move that is not legal here (or not a move at all).
    #[error("illegal move '{0}'")]
    IllegalMove(String),
}

/// A game in progress, refereed by the core's rules.
#[derive(Clone, Debug)]
pub struct Referee {
    position: AnyPosition,
}

impl Referee {
    /// The start position of `kind` with the `key=value` options (space separated).
    ///
    /// # Errors
    /// [`RefereeError::Option`] naming the option.
    // Tic-tac-toe's configuration is `()`.
    #[allow(clippy::let_unit_value)]
    pub fn new(kind: GameKind, options: &str) -> Result<Referee, RefereeError> {
        let position = with_game!(kind, G => {
            let config = config_of::<G>(options)?;
            AnyPosition::from(G::start(&config))
        });
        Ok(Referee { position })
    }

    /// Where a game starts: `fen` when given, else the variant's start.
    ///
    /// # Errors
    /// [`RefereeError`] for a bad option or FEN.
    pub fn starting(
        kind: GameKind,
        options: &str,
        fen: Option<&str>,
    ) -> Result<Referee, RefereeError> {
        match fen {
            Some(fen) => Referee::from_fen(kind, options, fen),
            None => Referee::new(kind, options),
        }
    }

    /// `fen` in the variant of `kind` with `options`.
    ///
    /// # Errors
    /// [`RefereeError`] for a bad option or FEN.
    #[allow(clippy::let_unit_value)]
    pub fn from_fen(kind: GameKind, options: &str, fen: &str) -> Result<Referee, RefereeError> {
        let position = with_game!(kind, G => {
            let config = config_of::<G>(options)?;
            let p = G::parse_fen_under(fen, &config)
                .map_err(|e| RefereeError::Fen(fen.to_owned(), e.to_string()))?;
            AnyPosition::from(p)
        });
        Ok(Referee { position })
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// Plays `text` if it is a legal move here.
    ///
    /// # Errors
    /// [`RefereeError::IllegalMove`]; the position is unchanged then.
    pub fn play(&mut self, text: &str) -> Result<(), RefereeError> {
        let illegal = || RefereeError::IllegalMove(text.to_owned());
        with_position!(&mut self.position, G, p => {
            if p.outcome().is_some() {
                return Err(illegal());
            }
            let m = p.parse_move(text).map_err(|_| illegal())?;
            if !p.is_legal(m) {
                return Err(illegal());
            }
            *p = p.after(m);
        });
        Ok(())
    }

    /// Plays every move of `moves` in order.
    ///
    /// # Errors
    /// The first illegal move; the moves before it stay played.
    pub fn play_all<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<(), RefereeError> {
        moves.iter().try_for_each(|m| self.play(m.as_ref()))
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        with_position!(&self.position, G, p => p.side_to_move())
    }

    /// The result once the rules have ended the game.
    #[must_use]
    pub fn outcome(&self) -> Option<CoreOutcome> {
        with_position!(&self.position, G, p => p.outcome())
    }

    /// Every legal move in the game's notation, in generation order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        with_position!(&self.position, G, p => {
            let mut out = Vec::new();
            let _ = p.for_each_move(|m| {
                out.push(p.display_move(m).to_string());
                core::ops::ControlFlow::<()>::Continue(())
            });
            out
        })
    }

    /// The position as FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        with_position!(&self.position, G, p => p.display_fen().to_string())
    }

    /// The position's hash (equal positions, equal hashes).
    #[must_use]
    pub fn hash(&self) -> u64 {
        with_position!(&self.position, G, p => p.hash())
    }

    /// The notation's names of the first and the second player (`x`/`o`,
    /// `black`/`white`...).
    #[must_use]
    pub fn side_names(kind: GameKind) -> [&'static str; 2] {
        with_game!(kind, G => [G::side_name(Player::First), G::side_name(Player::Second)])
    }
}

impl fmt::Display for Referee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

fn config_of<G: Game>(options: &str) -> Result<G::Config, RefereeError> {
    let mut config = G::Config::default();
    for token in options.split_whitespace() {
        let bad = |why: &str| RefereeError::Option(token.to_owned(), why.to_owned());
        let (key, value) = token.split_once('=').ok_or_else(|| bad("not key=value"))?;
        G::configure(&mut config, key, value).map_err(|e| bad(&e.to_string()))?;
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_legal_moves_and_refuses_the_rest() {
        let mut r = Referee::new(GameKind::TicTacToe, "").unwrap();
        assert_eq!(r.legal_moves().len(), 9);
        r.play("b2").unwrap();
        assert_eq!(r.to_move(), Player::Second);
        assert_eq!(
            r.play("b2"),
            Err(RefereeError::IllegalMove("b2".into())),
            "occupied"
        );
        assert_eq!(r.play("z9"), Err(RefereeError::IllegalMove("z9".into())));
        assert_eq!(r.fen(), ".../.x./...:o");
        // x: a1 b2 c3 wins the diagonal.
        r.play_all(&["a2", "a1", "c2", "c3"]).unwrap();
        assert_eq!(r.outcome(), Some(CoreOutcome::Win(Player::First)));
        assert!(r.play("a3").is_err(), "no move after the end");
    }

    #[test]
    fn checkers_from_the_start_and_from_a_fen() {
        let mut r = Referee::new(GameKind::Checkers, "").unwrap();
        assert_eq!(r.legal_moves().len(), 7);
        r.play_all(&["11-15", "23-19"]).unwrap();
        assert_eq!(Referee::side_names(GameKind::Checkers), ["black", "white"]);
        let f = Referee::from_fen(GameKind::Checkers, "", "W:WK7,K18,28:BK19,K31").unwrap();
        assert_eq!(
            f.to_move(),
            Player::Second,
            "White moves second in checkers"
        );
        assert!(Referee::from_fen(GameKind::Checkers, "", "W:nonsense").is_err());
    }

    #[test]
    fn bad_options_are_named() {
        let e = Referee::new(GameKind::Dots, "rows=99").unwrap_err();
        assert!(e.to_string().contains("rows=99"), "{e}");
        let e = Referee::new(GameKind::Dots, "rows").unwrap_err();
        assert!(e.to_string().contains("not key=value"), "{e}");
        assert!(Referee::new(GameKind::Dots, "rows=3 cols=4").is_ok());
    }
}
