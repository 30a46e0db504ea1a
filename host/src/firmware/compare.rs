//! Comparing the host's and the firmware's replies, command by command.

use super::suite::{self, Command, Script};

/// How one group of commands (a game) fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The game (or `protocol`).
    pub group: String,
    /// Commands sent.
    pub commands: usize,
    /// Commands whose replies matched.
    pub identical: usize,
}

impl Tally {
    /// Commands whose replies differed.
    #[must_use]
    pub fn different(&self) -> usize {
        self.commands - self.identical
    }
}

/// A command whose replies differ, with both replies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference<'a> {
    /// The command.
    pub command: &'a Command,
    /// The host's reply.
    pub host: &'a str,
    /// The firmware's reply.
    pub firmware: &'a str,
}

/// The outcome of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison<'a> {
    /// One tally per group, in the script's order.
    pub tallies: Vec<Tally>,
    /// The first command whose replies differ.
    pub first_difference: Option<Difference<'a>>,
}

impl Comparison<'_> {
    /// Commands whose replies matched, over all groups.
    #[must_use]
    pub fn identical(&self) -> usize {
        self.tallies.iter().map(|t| t.identical).sum()
    }

    /// Commands whose replies differed, over all groups.
    #[must_use]
    pub fn different(&self) -> usize {
        self.tallies.iter().map(Tally::different).sum()
    }
}

/// The reply shown for a command that got none (the engine stopped early).
pub const NO_REPLY: &str = "(no reply)\n";

/// Compares the replies to every command of `script`; timing fields may differ.
#[must_use]
pub fn compare<'a>(
    script: &'a Script,
    host: &'a [String],
    firmware: &'a [String],
) -> Comparison<'a> {
    let mut tallies: Vec<Tally> = script
        .groups()
        .into_iter()
        .map(|group| Tally {
            group: group.to_owned(),
            commands: 0,
            identical: 0,
        })
        .collect();
    let mut first_difference = None;
    for (index, command) in script.commands.iter().enumerate() {
        let Some(tally) = tallies.iter_mut().find(|t| t.group == command.group) else {
            continue;
        };
        tally.commands += 1;
        let (host, firmware) = (reply(host, index), reply(firmware, index));
        if suite::normalize(host) == suite::normalize(firmware) {
            tally.identical += 1;
        } else if first_difference.is_none() {
            first_difference = Some(Difference {
                command,
                host,
                firmware,
            });
        }
    }
    Comparison {
        tallies,
        first_difference,
    }
}

fn reply(replies: &[String], index: usize) -> &str {
    replies.get(index).map_or(NO_REPLY, String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|&t| t.to_owned()).collect()
    }

    #[test]
    fn timing_may_differ_and_the_first_difference_is_kept() {
        let mut script = Script::default();
        script.add_suite("t.txt", b"game tictactoe\ngo depth 1\nfen\nmoves\n");
        let host = replies(&[
            "ok\n",
            "info nodes=9 time=1\nok\n",
            "fen a\nok\n",
            "moves a1\nok\n",
        ]);
        let firmware = replies(&[
            "ok\n",
            "info nodes=9 time=7\nok\n",
            "fen b\nok\n",
            "moves b1\nok\n",
        ]);
        let comparison = compare(&script, &host, &firmware);
        assert_eq!(
            comparison.tallies,
            [Tally {
                group: "tictactoe".into(),
                commands: 4,
                identical: 2
            }]
        );
        let first = comparison.first_difference.clone().expect("a difference");
        assert_eq!(
            (first.command.shown().as_str(), first.host, first.firmware),
            ("fen", "fen a\nok\n", "fen b\nok\n")
        );
        assert_eq!((comparison.identical(), comparison.different()), (2, 2));
    }

    #[test]
    fn missing_replies_are_differences() {
        let mut script = Script::default();
        script.add_suite("t.txt", b"fen\nfen\n");
        let host = replies(&["fen a\nok\n", "fen a\nok\n"]);
        let firmware = replies(&["fen a\nok\n"]);
        let comparison = compare(&script, &host, &firmware);
        assert_eq!(comparison.different(), 1);
        assert_eq!(
            comparison.first_difference.map(|d| d.firmware),
            Some(NO_REPLY)
        );
    }
}
