//! The firmware report: memory use by section against the budget, and per game the
//! stack high-water mark and the instructions per search node, from a run under
//! `-icount shift=0`.

use std::fmt::Write as _;

use super::elf::Image;
use super::log::CommandCost;
use super::qemu::INSTRUCTIONS_PER_TICK;
use super::suite::Script;

/// Flash the budget allows (the image's memory layout, `firmware/memory/mps2-an386.x`:
/// the Nucleo-F411RE's 512 KiB; QEMU's board has more).
pub const FLASH_BUDGET: u64 = 512 * 1024;

/// What one group of commands (a game) cost on the firmware.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupCost {
    /// The game (or `protocol`).
    pub group: String,
    /// Commands run.
    pub commands: usize,
    /// The deepest stack use of any of them, in bytes.
    pub stack: u64,
    /// Search nodes reported by its `go` and `selfplay` replies.
    pub nodes: u64,
    /// Instructions those searching commands took.
    pub instructions: u64,
    /// The benchmark search (`@bench` in the suite): its command, nodes and
    /// instructions.
    pub bench: Option<(String, u64, u64)>,
}

impl GroupCost {
    /// Instructions per search node, when there were nodes.
    #[must_use]
    pub fn per_node(&self) -> Option<u64> {
        (self.nodes > 0).then(|| self.instructions / self.nodes)
    }

    /// Instructions per node of the benchmark search.
    #[must_use]
    pub fn bench_per_node(&self) -> Option<u64> {
        let (_, nodes, instructions) = self.bench.as_ref()?;
        (*nodes > 0).then(|| instructions / nodes)
    }
}

/// Search nodes in a reply: the final total of a `go` (its last `info` line) plus
/// every `selfplay` move's count.
#[must_use]
pub fn reply_nodes(reply: &str) -> u64 {
    let nodes_of = |line: &str| {
        line.split(' ')
            .find_map(|word| word.strip_prefix("nodes="))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let last_info = reply
        .lines()
        .rfind(|l| l.starts_with("info "))
        .map_or(0, nodes_of);
    let moves: u64 = reply
        .lines()
        .filter(|l| l.starts_with("move "))
        .map(nodes_of)
        .sum();
    last_info + moves
}

/// Adds up the costs per group, in the script's order of groups.
#[must_use]
pub fn group_costs(script: &Script, replies: &[String], costs: &[CommandCost]) -> Vec<GroupCost> {
    let mut groups: Vec<GroupCost> = script
        .groups()
        .into_iter()
        .map(|g| GroupCost {
            group: g.to_owned(),
            ..GroupCost::default()
        })
        .collect();
    for cost in costs {
        let Some(command) = script.commands.get(cost.index) else {
            continue;
        };
        let Some(group) = groups.iter_mut().find(|g| g.group == command.group) else {
            continue;
        };
        group.commands += 1;
        group.stack = group.stack.max(cost.stack);
        let nodes = replies.get(cost.index).map_or(0, |r| reply_nodes(r));
        let instructions = cost.ticks * INSTRUCTIONS_PER_TICK;
        if nodes > 0 {
            group.nodes += nodes;
            group.instructions += instructions;
        }
        if command.bench {
            group.bench = Some((command.shown(), nodes, instructions));
        }
    }
    groups
}

/// The memory table: every section, then the totals against the budget.
#[must_use]
pub fn memory_table(image: &Image) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<16} {:>10} {:>9} {:>9}",
        "section", "address", "flash", "ram"
    );
    for s in &image.sections {
        let _ = writeln!(
            out,
            "{:<16} {:#010x} {:>9} {:>9}",
            s.name, s.address, s.flash, s.ram
        );
    }
    let (flash, ram) = (image.flash_used(), image.ram_used());
    let _ = writeln!(
        out,
        "flash {flash} of {FLASH_BUDGET} bytes ({:.1}%); RAM statics {ram} + stack {} of {} bytes \
         (table {} entries, move stack {} words)",
        percent(flash, FLASH_BUDGET),
        image.stack_size,
        image.ram_budget,
        image.tt_entries,
        image.move_words
    );
    out
}

/// The per-game table.
#[must_use]
pub fn cost_table(groups: &[GroupCost], stack_size: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<10} {:>8} {:>14} {:>12} {:>14} {:>11}",
        "game", "commands", "stack (bytes)", "search nodes", "instructions", "insns/node"
    );
    for g in groups {
        let per_node = g
            .per_node()
            .map_or_else(|| "-".to_owned(), |n| n.to_string());
        let _ = writeln!(
            out,
            "{:<10} {:>8} {:>14} {:>12} {:>14} {:>11}",
            g.group, g.commands, g.stack, g.nodes, g.instructions, per_node
        );
    }
    for g in groups {
        if let (Some((command, nodes, instructions)), Some(per_node)) =
            (&g.bench, g.bench_per_node())
        {
            let _ = writeln!(
                out,
                "{} benchmark `{command}`: {nodes} nodes, {instructions} instructions, \
                 {per_node} per node",
                g.group
            );
        }
    }
    let deepest = groups.iter().map(|g| g.stack).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "deepest stack {deepest} of {stack_size} bytes ({:.1}%)",
        percent(deepest, stack_size)
    );
    out
}

#[allow(clippy::cast_precision_loss)] // a percentage for display
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        return 0.0;
    }
    100.0 * part as f64 / whole as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_come_from_the_last_info_line_and_selfplay_moves() {
        let go = "info depth=1 nodes=9 time=0 pv=a1\ninfo depth=2 nodes=80 time=1 pv=a1 b1\nbestmove a1\nok\n";
        assert_eq!(reply_nodes(go), 80);
        let selfplay = "move a1 score=0 depth=2 nodes=30\nmove b1 score=0 depth=2 nodes=12\nresult draw plies=2\nok\n";
        assert_eq!(reply_nodes(selfplay), 42);
        assert_eq!(reply_nodes("fen .../...:x\nok\n"), 0);
    }

    #[test]
    fn costs_group_by_game() {
        let mut script = Script::default();
        script.add_suite("t.txt", b"game tictactoe\n@bench go depth 1\n");
        let replies = [
            "ok\n".to_owned(),
            "info depth=1 nodes=9 time=0 pv=a1\nbestmove a1\nok\n".to_owned(),
        ];
        let costs = [
            CommandCost {
                index: 0,
                ticks: 10,
                stack: 100,
            },
            CommandCost {
                index: 1,
                ticks: 90,
                stack: 700,
            },
        ];
        let groups = group_costs(&script, &replies, &costs);
        assert_eq!(
            groups,
            [GroupCost {
                group: "tictactoe".into(),
                commands: 2,
                stack: 700,
                nodes: 9,
                instructions: 90 * INSTRUCTIONS_PER_TICK,
                bench: Some(("go depth 1".into(), 9, 90 * INSTRUCTIONS_PER_TICK)),
            }]
        );
        assert_eq!(groups[0].per_node(), Some(400));
        assert_eq!(groups[0].bench_per_node(), Some(400));
    }
}
