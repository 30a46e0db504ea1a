//! The names an error message offers, written from the type's list of values so the
//! message cannot fall behind it: `a, b or c`.

use core::fmt;

/// Writes `names` as `a, b or c` (`a or b` for two, `a` for one, nothing for none).
pub(crate) fn choices<'n>(
    f: &mut fmt::Formatter<'_>,
    names: impl ExactSizeIterator<Item = &'n str>,
) -> fmt::Result {
    let last = names.len().saturating_sub(1);
    for (i, name) in names.enumerate() {
        let sep = match i {
            0 => "",
            _ if i == last => " or ",
            _ => ", ",
        };
        write!(f, "{sep}{name}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::String;

    use super::choices;
    use core::fmt;

    struct Listed(&'static [&'static str]);

    impl fmt::Display for Listed {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            choices(f, self.0.iter().copied())
        }
    }

    fn listed(names: &'static [&'static str]) -> String {
        format!("{}", Listed(names))
    }

    #[test]
    fn names_are_joined_by_commas_and_a_final_or() {
        assert_eq!(listed(&[]), "");
        assert_eq!(listed(&["keep"]), "keep");
        assert_eq!(listed(&["clear", "keep"]), "clear or keep");
        assert_eq!(
            listed(&["minimax", "alphabeta", "pvs", "mtdf", "sss"]),
            "minimax, alphabeta, pvs, mtdf or sss"
        );
    }
}
