//! The names an error message offers, written from the type's list of values so the
//! message cannot fall behind it: ` (expected a, b or c)`.

use core::fmt;

/// Writes ` (expected a, b or c)` for `names` (`a or b` for two, `a` for one, nothing
/// for none), the end of an "unknown …" message.
pub(crate) fn expected<'n>(
    f: &mut fmt::Formatter<'_>,
    names: impl ExactSizeIterator<Item = &'n str>,
) -> fmt::Result {
    f.write_str(" (expected ")?;
    let last = names.len().saturating_sub(1);
    for (i, name) in names.enumerate() {
        let sep = match i {
            0 => "",
            _ if i == last => " or ",
            _ => ", ",
        };
        write!(f, "{sep}{name}")?;
    }
    f.write_str(")")
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::String;

    use super::expected;
    use core::fmt;

    struct Listed(&'static [&'static str]);

    impl fmt::Display for Listed {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            expected(f, self.0.iter().copied())
        }
    }

    fn listed(names: &'static [&'static str]) -> String {
        format!("{}", Listed(names))
    }

    #[test]
    fn names_are_joined_by_commas_and_a_final_or() {
        assert_eq!(listed(&[]), " (expected )");
        assert_eq!(listed(&["keep"]), " (expected keep)");
        assert_eq!(listed(&["clear", "keep"]), " (expected clear or keep)");
        assert_eq!(
            listed(&["minimax", "alphabeta", "pvs", "mtdf", "sss"]),
            " (expected minimax, alphabeta, pvs, mtdf or sss)"
        );
    }
}
