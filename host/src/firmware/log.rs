//! The firmware's defmt log, decoded with `defmt-decoder` against the ELF's table.

use anyhow::{anyhow, Context};
use defmt_decoder::{DecodeError, Table};

/// Decodes every complete frame of `log` into its message text.
///
/// # Errors
/// The ELF has no defmt table, or the log holds a malformed frame.
pub fn decode(elf: &[u8], log: &[u8]) -> anyhow::Result<Vec<String>> {
    let table = Table::parse(elf)
        .context("reading the defmt table")?
        .ok_or_else(|| anyhow!("the ELF has no .defmt section"))?;
    let mut decoder = table.new_stream_decoder();
    decoder.received(log);
    let mut messages = Vec::new();
    loop {
        match decoder.decode() {
            Ok(frame) => messages.push(frame.display_message().to_string()),
            Err(DecodeError::UnexpectedEof) => return Ok(messages),
            Err(DecodeError::Malformed) => {
                return Err(anyhow!(
                    "malformed defmt frame after {} messages",
                    messages.len()
                ))
            }
        }
    }
}

/// What the firmware logs after each command: `command N: ticks=T stack=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandCost {
    /// The command's position in the script (from 0).
    pub index: usize,
    /// Processor clock ticks it took.
    pub ticks: u64,
    /// The stack high-water mark while it ran, in bytes.
    pub stack: u64,
}

impl CommandCost {
    /// Parses one log message; `None` for other messages.
    #[must_use]
    pub fn parse(message: &str) -> Option<CommandCost> {
        let rest = message.strip_prefix("command ")?;
        let (index, rest) = rest.split_once(": ")?;
        let (ticks, stack) = rest.split_once(' ')?;
        Some(CommandCost {
            index: index.parse().ok()?,
            ticks: ticks.strip_prefix("ticks=")?.parse().ok()?,
            stack: stack.strip_prefix("stack=")?.parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_costs_parse() {
        assert_eq!(
            CommandCost::parse("command 12: ticks=345 stack=1024"),
            Some(CommandCost {
                index: 12,
                ticks: 345,
                stack: 1024
            })
        );
        assert_eq!(CommandCost::parse("info depth=1 score=0 nodes=9"), None);
        assert_eq!(CommandCost::parse("command x: ticks=1 stack=2"), None);
    }
}
