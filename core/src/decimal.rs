//! The one rule for every number the protocol reads (commands, options, FENs and
//! moves): ASCII decimal digits only, no sign, no leading zero except in `0` itself.
//! So `3` and `0` are numbers; `+3`, `-3`, `03`, `3.0`, ` 3` and `٣` are not.

/// Reads `text` as a number under the protocol's rule, `None` when it breaks the
/// rule or does not fit in `T`.
///
/// ```
/// use microply_core::decimal::parse_decimal;
///
/// assert_eq!(parse_decimal::<u32>("30"), Some(30));
/// assert_eq!(parse_decimal::<u32>("0"), Some(0));
/// assert_eq!(parse_decimal::<u32>("+3"), None);
/// assert_eq!(parse_decimal::<u32>("03"), None);
/// assert_eq!(parse_decimal::<u8>("256"), None);
/// ```
#[must_use]
pub fn parse_decimal<T: core::str::FromStr>(text: &str) -> Option<T> {
    is_canonical(text).then(|| text.parse().ok()).flatten()
}

/// Whether `text` is written as the rule requires (whatever its size).
#[must_use]
pub fn is_canonical(text: &str) -> bool {
    match text.as_bytes() {
        [] => false,
        [b'0'] => true,
        [b'0', ..] => false,
        digits => digits.iter().all(u8::is_ascii_digit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_digits_without_leading_zeros() {
        for good in ["0", "1", "9", "10", "18446744073709551615"] {
            assert!(is_canonical(good), "{good}");
        }
        for bad in [
            "", "+3", "-3", "03", "00", "3.0", " 3", "3 ", "1_000", "\u{663}", "0x1",
        ] {
            assert!(!is_canonical(bad), "{bad}");
        }
        assert_eq!(parse_decimal::<u64>("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_decimal::<u64>("18446744073709551616"), None);
    }
}
