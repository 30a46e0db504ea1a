//! Core's named enums in configs and records: games, search algorithms, search
//! modes and table uses are written by their protocol names (`checkers`, `pvs`,
//! `selective`, `keep`), and
//! an unknown name is refused at load time with the list of the known ones.
//!
//! Use with `#[serde(with = "crate::play::names")]` on a field of one of these
//! types, or `#[serde(with = "crate::play::names::option")]` on an `Option` of one.

use std::fmt::Write as _;

use microply_core::games::GameKind;
use microply_core::search::{Algorithm, Mode, TableUse};
use serde::{Deserialize, Deserializer, Serializer};

/// A closed set of values, each with one protocol name.
pub trait Named: Copy + Sized + 'static {
    /// What a value is, for messages (`game`, `algorithm`).
    const WHAT: &'static str;
    /// Every value.
    const ALL: &'static [Self];
    /// The protocol name.
    fn name(self) -> &'static str;

    /// The value called `name`.
    ///
    /// # Errors
    /// [`UnknownName`] listing the known names.
    fn from_name(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name() == name)
            .ok_or_else(|| UnknownName::of::<Self>(name))
    }
}

impl Named for GameKind {
    const WHAT: &'static str = "game";
    const ALL: &'static [GameKind] = &GameKind::ALL;
    fn name(self) -> &'static str {
        GameKind::name(self)
    }
}

impl Named for Algorithm {
    const WHAT: &'static str = "algorithm";
    const ALL: &'static [Algorithm] = &Algorithm::ALL;
    fn name(self) -> &'static str {
        Algorithm::name(self)
    }
}

impl Named for Mode {
    const WHAT: &'static str = "search mode";
    const ALL: &'static [Mode] = &Mode::ALL;
    fn name(self) -> &'static str {
        Mode::name(self)
    }
}

impl Named for TableUse {
    const WHAT: &'static str = "table use";
    const ALL: &'static [TableUse] = &TableUse::ALL;
    fn name(self) -> &'static str {
        TableUse::name(self)
    }
}

/// A name that is none of a [`Named`] type's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}' (expected {expected})")]
pub struct UnknownName {
    what: &'static str,
    name: String,
    expected: String,
}

impl UnknownName {
    fn of<T: Named>(name: &str) -> UnknownName {
        let mut expected = String::new();
        for (i, v) in T::ALL.iter().enumerate() {
            let sep = match i {
                0 => "",
                i if i + 1 == T::ALL.len() => " or ",
                _ => ", ",
            };
            let _ = write!(expected, "{sep}{}", v.name());
        }
        UnknownName {
            what: T::WHAT,
            name: name.to_owned(),
            expected,
        }
    }
}

/// Writes the value's name.
///
/// # Errors
/// The serializer's.
pub fn serialize<T: Named, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(value.name())
}

/// Reads a name.
///
/// # Errors
/// Not a string, or [`UnknownName`].
pub fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    let name = String::deserialize(d)?;
    T::from_name(&name).map_err(serde::de::Error::custom)
}

/// The same for an `Option` of a [`Named`] type (absent or `null` is `None`).
pub mod option {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Named;

    /// Writes the value's name, or nothing.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<T: Named, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_some(v.name()),
            None => s.serialize_none(),
        }
    }

    /// Reads a name, or nothing.
    ///
    /// # Errors
    /// Not a string, or [`super::UnknownName`].
    pub fn deserialize<'de, T: Named, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|name| T::from_name(&name).map_err(serde::de::Error::custom))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Sample {
        #[serde(with = "super")]
        game: GameKind,
        #[serde(with = "super")]
        algo: Algorithm,
        #[serde(default, with = "option", skip_serializing_if = "Option::is_none")]
        mode: Option<Mode>,
    }

    #[test]
    fn names_round_trip_as_the_protocol_writes_them() {
        let text = r#"{"game":"tictactoe","algo":"alphabeta","mode":"selective"}"#;
        let s: Sample = serde_json::from_str(text).unwrap();
        assert_eq!(
            s,
            Sample {
                game: GameKind::TicTacToe,
                algo: Algorithm::AlphaBeta,
                mode: Some(Mode::Selective)
            }
        );
        assert_eq!(serde_json::to_string(&s).unwrap(), text);
        let bare: Sample = serde_json::from_str(r#"{"game":"dots","algo":"sss"}"#).unwrap();
        assert_eq!(bare.mode, None);
        assert_eq!(
            serde_json::to_string(&bare).unwrap(),
            r#"{"game":"dots","algo":"sss"}"#
        );
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let e = serde_json::from_str::<Sample>(r#"{"game":"chess","algo":"sss"}"#).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "unknown game 'chess' (expected tictactoe, checkers, dots or amazons)"
            ),
            "{e}"
        );
        let e = toml::from_str::<Sample>("game = \"dots\"\nalgo = \"best\"").unwrap_err();
        assert!(
            e.to_string().contains(
                "unknown algorithm 'best' (expected minimax, alphabeta, pvs, mtdf or sss)"
            ),
            "{e}"
        );
        let e = GameKind::from_name("go").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game 'go' (expected tictactoe, checkers, dots or amazons)"
        );
        assert_eq!(
            Mode::from_name("fast").unwrap_err().to_string(),
            "unknown search mode 'fast' (expected exact, selective or probcut)"
        );
    }
}
