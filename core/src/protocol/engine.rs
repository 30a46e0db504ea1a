//! The engine: the current position of the loaded game, the transposition table and
//! the move memory, and the execution of commands against them.

use core::cell::RefCell;
use core::fmt::{self, Write};

use super::bench;
use super::command::{Command, GoLimit};
use super::error::ProtocolError;
use super::listen::{Inbox, Listener, Shared};
use super::selfplay;
use super::solve;
use super::MoveWord;
use crate::decide::{decide_with, prepare_table};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::games::checkers::patterns::Patterns;
use crate::games::checkers::CheckersEval;
use crate::games::{tictactoe::TicTacToe, AnyPosition, GameKind};
use crate::playable::{Oracles, Playable};
use crate::player::{Outcome, Player};
use crate::score::Score;
use crate::score::Value;
use crate::search::{
    Algorithm, Clock, Entry, Iteration, Knowledge, Limits, Mode, SearchResult, Settings, Table,
};
use crate::selectable::{EvaluatorSet, Selectable, MAX_WEIGHTS};
use crate::{with_game, with_position};

/// Whether the engine should keep reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

/// A protocol engine over caller-provided memory: the transposition table (cleared
/// before every search, so a search depends only on its position and limits) and
/// the move stack shared by every game.
pub struct Engine<'a> {
    tt: Table<'a>,
    moves: &'a mut [MoveWord],
    position: AnyPosition,
    evaluators: EvaluatorSet,
    oracles: Oracles<'a>,
    patterns: Option<Patterns>,
}

impl<'a> Engine<'a> {
    /// An engine playing tic-tac-toe from the start, until `game` says otherwise.
    pub fn new(tt: &'a mut [Entry], moves: &'a mut [MoveWord]) -> Engine<'a> {
        Engine {
            tt: Table::new(tt),
            moves,
            position: AnyPosition::from(TicTacToe::START),
            evaluators: EvaluatorSet::default(),
            oracles: Oracles::default(),
            patterns: None,
        }
    }

    /// Plays checkers' `patterns` evaluator as `patterns` (a tables file's, and a
    /// network's or none, on the host) instead of the compiled-in one: from now on,
    /// and whenever `evaluator patterns`
    /// selects it again. `bench` keeps the default evaluator (its counts are pinned).
    #[must_use]
    pub fn with_patterns(mut self, patterns: Patterns) -> Engine<'a> {
        self.patterns = Some(patterns);
        self.evaluators.checkers = CheckersEval::Patterns(patterns);
        self
    }

    /// Lends `oracles` to every `go` and `selfplay` search (not to `bench`, whose node
    /// counts are pinned): the host's checkers endgame databases.
    #[must_use]
    pub fn with_oracles(self, oracles: Oracles<'a>) -> Engine<'a> {
        Engine { oracles, ..self }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Runs one command line and writes its reply, ending with `ok` or `error ...`.
    /// Errors writing to `out` are ignored (the reply is lost, the engine goes on).
    ///
    /// `stop` and `isready` are the two commands whose reply does not end that way:
    /// `stop` has none (there is nothing to stop) and `isready` replies `readyok`.
    pub fn execute<C: Clock>(&mut self, line: &str, clock: &C, out: &mut dyn Write) -> Flow {
        match Command::parse(line) {
            Ok(Command::Stop) => return Flow::Continue,
            Ok(Command::IsReady) => {
                let _ = writeln!(out, "readyok");
                return Flow::Continue;
            }
            _ => {}
        }
        match Command::parse(line).and_then(|c| self.run(c, clock, out)) {
            Ok(flow) => {
                let _ = writeln!(out, "ok");
                flow
            }
            Err(e) => {
                let _ = writeln!(out, "error {e}");
                Flow::Continue
            }
        }
    }

    /// [`Engine::execute`] while listening to `inbox` for the lines that arrive
    /// meanwhile: `stop`, `isready` and `quit` are heard during a search (in its
    /// clock check), any other line waits in `inbox` until the reply is complete.
    pub fn execute_listening<C: Clock, I: Inbox + ?Sized>(
        &mut self,
        line: &str,
        clock: &C,
        inbox: &mut I,
        out: &mut dyn Write,
    ) -> Flow {
        let out = RefCell::new(out);
        let listener = Listener::new(clock, inbox, &out);
        self.execute(line, &listener, &mut Shared(&out))
    }

    /// Replies to a line that could not be read (too long, not UTF-8).
    pub fn reject(&mut self, error: ProtocolError<'_>, out: &mut dyn Write) {
        let _ = writeln!(out, "error {error}");
    }

    fn run<'l, C: Clock>(
        &mut self,
        command: Command<'l>,
        clock: &C,
        out: &mut dyn Write,
    ) -> Result<Flow, ProtocolError<'l>> {
        let (tt, moves, evals) = (&mut self.tt, &mut *self.moves, &mut self.evaluators);
        let oracles = self.oracles;
        match command {
            Command::Game { kind, options } => {
                self.position = new_game(kind, options)?;
                // A new game starts from an empty table even for `table=keep`.
                tt.clear();
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::Bench => {
                bench::run(tt, moves, clock, out)?;
            }
            Command::Solve => match &self.position {
                AnyPosition::Dots(p) => solve::run(p, tt, moves, out)?,
                _ => return Err(ProtocolError::NoSolver),
            },
            Command::SelfPlay {
                limit,
                algorithm,
                mode,
                table,
                max_plies,
            } => {
                with_position!(&mut self.position, G, p => {
                    let settings = settings(limit, algorithm, mode, p.side_to_move());
                    let knowledge = Knowledge::new(G::evaluator(evals), G::oracle(&oracles));
                    let play = selfplay::Play { settings, table, max_plies };
                    *p = selfplay::run(p, &knowledge, tt, moves, &play, clock, out)?;
                });
            }
            Command::Evaluator(name) => {
                with_position!(&self.position, G, _p => {
                    evaluator_command::<G>(G::evaluator_mut(evals), name, out)?;
                });
                if let (Some(lent), CheckersEval::Patterns(p)) =
                    (self.patterns, &mut evals.checkers)
                {
                    *p = lent;
                }
            }
            Command::Weights { at, values } => with_position!(&self.position, G, _p => {
                weights_command::<G>(G::evaluator_mut(evals), at, values, out)?;
            }),
            other => with_position!(&mut self.position, G, p => {
                let knowledge = Knowledge::new(G::evaluator(evals), G::oracle(&oracles));
                *p = run_on::<G, C>(p, &knowledge, other, tt, moves, clock, out)?;
            }),
        }
        Ok(Flow::Continue)
    }
}

// Tic-tac-toe's configuration is `()`.
#[allow(clippy::let_unit_value)]
pub(super) fn new_game(kind: GameKind, options: &str) -> Result<AnyPosition, ProtocolError<'_>> {
    with_game!(kind, G => {
        let mut config = <G as Game>::Config::default();
        for token in options.split_ascii_whitespace() {
            let (key, value) = token.split_once('=').ok_or(ProtocolError::BadOption(token, None))?;
            G::configure(&mut config, key, value).map_err(|e| ProtocolError::BadOption(token, Some(e)))?;
        }
        Ok(AnyPosition::from(G::start(&config)))
    })
}

/// `evaluator`: shows the current one, or selects `name` with its default weights.
fn evaluator_command<'l, G: Playable>(
    eval: &mut G::Eval,
    name: Option<&'l str>,
    out: &mut dyn Write,
) -> Result<(), ProtocolError<'l>> {
    let Some(name) = name else {
        let _ = write_evaluator::<G>(eval, out);
        return Ok(());
    };
    *eval = G::Eval::by_name(name).ok_or(ProtocolError::UnknownEvaluator(name, G::Eval::NAMES))?;
    Ok(())
}

fn write_evaluator<G: Playable>(eval: &G::Eval, out: &mut dyn Write) -> fmt::Result {
    write!(
        out,
        "evaluator {} weights={} available=",
        eval.name(),
        eval.weight_count()
    )?;
    for (i, name) in G::Eval::NAMES.iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        out.write_str(name)?;
    }
    out.write_char('\n')
}

/// `weights`: shows the weights, or loads `values` from index `at` (the whole array
/// when `at` is `None`), all or nothing.
fn weights_command<'l, G: Playable>(
    eval: &mut G::Eval,
    at: Option<usize>,
    values: &'l str,
    out: &mut dyn Write,
) -> Result<(), ProtocolError<'l>> {
    if values.is_empty() {
        let _ = write_weights::<G>(eval, out);
        return Ok(());
    }
    let mut parsed = [Value::ZERO; MAX_WEIGHTS];
    let mut count = 0;
    for token in values.split_ascii_whitespace() {
        let index = at.unwrap_or(0).saturating_add(count);
        let value = token
            .parse()
            .map_err(|_| ProtocolError::BadWeight(token, index))?;
        let slot = parsed.get_mut(count).ok_or(ProtocolError::WeightCount {
            expected: eval.weight_count(),
            got: values.split_ascii_whitespace().count(),
        })?;
        *slot = value;
        count += 1;
    }
    let expected = eval.weight_count();
    if at.is_none() && count != expected {
        return Err(ProtocolError::WeightCount {
            expected,
            got: count,
        });
    }
    let values = parsed.get(..count).unwrap_or(&[]);
    eval.load(at.unwrap_or(0), values)
        .map_err(ProtocolError::WeightsOutOfRange)
}

fn write_weights<G: Playable>(eval: &G::Eval, out: &mut dyn Write) -> fmt::Result {
    let mut flat = [Value::ZERO; MAX_WEIGHTS];
    let count = eval.write_weights(&mut flat);
    out.write_str("weights")?;
    for v in flat.iter().take(count) {
        write!(out, " {v}")?;
    }
    out.write_char('\n')
}

/// Runs a position-level command on `pos` and returns the new position.
fn run_on<'l, G: Playable, C: Clock>(
    pos: &G,
    knowledge: &Knowledge<'_, G, G::Eval>,
    command: Command<'l>,
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    clock: &C,
    out: &mut dyn Write,
) -> Result<G, ProtocolError<'l>> {
    // A reply lost to a failing writer is not the command's failure.
    let _reply: fmt::Result = match command {
        Command::Position { fen, moves } => {
            let base = match fen {
                Some(f) => G::parse_fen_under(f, &pos.config())
                    .map_err(|e| ProtocolError::Notation(e, f))?,
                None => G::start(&pos.config()),
            };
            return play_all(&base, moves);
        }
        Command::Play(moves) => return play_all(pos, moves),
        Command::Moves => write_moves(pos, out),
        Command::Fen => writeln!(out, "fen {}", pos.display_fen()),
        Command::Status => write_status(pos, out),
        Command::Perft(depth) => {
            let n = crate::perft::perft_until(pos, depth, move_stack::<G>(words), &mut || {
                clock.stop_requested()
            })?;
            writeln!(out, "perft {depth} {n}")
        }
        Command::Go {
            limit,
            algorithm,
            mode,
            table,
        } => {
            prepare_table(tt, table);
            let result = go(
                pos,
                knowledge,
                tt,
                words,
                &settings(limit, algorithm, mode, pos.side_to_move()),
                clock,
                out,
            )?;
            match result.best {
                Some(m) => writeln!(out, "bestmove {}", pos.display_move(m)),
                None => return Err(ProtocolError::GameOver),
            }
        }
        Command::Eval => writeln!(out, "eval {}", static_score(pos, knowledge.eval)),
        Command::Show => pos.write_board(out),
        Command::Game { .. }
        | Command::SelfPlay { .. }
        | Command::Evaluator(_)
        | Command::Weights { .. }
        | Command::Solve
        | Command::Quit
        | Command::Bench
        | Command::Stop
        | Command::IsReady => Ok(()),
    };
    Ok(*pos)
}

/// The engine's move memory seen as `G`'s moves (one buffer serves every game).
pub(crate) fn move_stack<G: Game>(words: &mut [MoveWord]) -> &mut [G::Move] {
    bytemuck::pod_align_to_mut::<MoveWord, G::Move>(words).1
}

/// Plays every move of `moves` from `pos`, or none of them.
fn play_all<'l, G: Playable>(pos: &G, moves: &'l str) -> Result<G, ProtocolError<'l>> {
    let mut p = *pos;
    for token in moves.split_ascii_whitespace() {
        let m = p
            .parse_move(token)
            .map_err(|e| ProtocolError::Notation(e, token))?;
        p = p.after(m);
    }
    Ok(p)
}

fn write_moves<G: Playable>(pos: &G, out: &mut dyn Write) -> fmt::Result {
    out.write_str("moves")?;
    let flow = pos.for_each_move(|m| match write!(out, " {}", pos.display_move(m)) {
        Ok(()) => core::ops::ControlFlow::Continue(()),
        Err(e) => core::ops::ControlFlow::Break(e),
    });
    if let core::ops::ControlFlow::Break(e) = flow {
        return Err(e);
    }
    out.write_char('\n')
}

fn write_status<G: Playable>(pos: &G, out: &mut dyn Write) -> fmt::Result {
    write!(
        out,
        "status turn={} result=",
        G::side_name(pos.side_to_move())
    )?;
    match pos.outcome() {
        None => out.write_str("ongoing")?,
        Some(Outcome::Draw) => out.write_str("draw")?,
        Some(Outcome::Win(p)) => out.write_str(G::side_name(p))?,
    }
    pos.write_status_extra(out)?;
    out.write_char('\n')
}

/// The static evaluation, or the game's result when it is over.
pub(super) fn static_score<G: Playable>(pos: &G, eval: &G::Eval) -> Score {
    match pos.outcome() {
        Some(Outcome::Draw) => Score::ZERO,
        Some(Outcome::Win(p)) if p == pos.side_to_move() => Score::win_in(0),
        Some(Outcome::Win(_)) => Score::loss_in(0),
        None => eval.evaluate(pos),
    }
}

/// The search settings of a `go` or `selfplay` by `side` (whose clock a clock limit
/// uses).
fn settings(limit: GoLimit, algorithm: Algorithm, mode: Mode, side: Player) -> Settings {
    let limits = match limit {
        GoLimit::Depth(d) => Limits::depth(d),
        GoLimit::Nodes(n) => Limits::nodes(n),
        GoLimit::MoveTime(ms) => Limits::time_ms(ms),
        GoLimit::Clock(clocks) => Limits::clock(clocks.of(side)),
    };
    Settings {
        algorithm,
        limits,
        mode,
        ..Settings::default()
    }
}

/// Searches `pos` in the table as it is (the caller readies it:
/// [`prepare_table`]), writing an `info` line per iteration.
pub(super) fn go<'l, G: Playable, C: Clock>(
    pos: &G,
    knowledge: &Knowledge<'_, G, G::Eval>,
    tt: &mut Table<'_>,
    words: &mut [MoveWord],
    settings: &Settings,
    clock: &C,
    out: &mut dyn Write,
) -> Result<SearchResult<G::Move>, ProtocolError<'l>> {
    if pos.outcome().is_some() {
        return Err(ProtocolError::GameOver);
    }
    let started = clock.now_ms();
    let report = |it: &Iteration<G::Move>| {
        let _ = write_info(pos, it, clock.now_ms().saturating_sub(started), out);
    };
    Ok(decide_with(
        pos,
        knowledge,
        tt,
        move_stack::<G>(words),
        settings,
        clock,
        report,
    )?)
}

/// A writer that drops everything (for searches whose `info` lines nobody reads).
pub(super) struct Discard;

impl Write for Discard {
    fn write_str(&mut self, _: &str) -> fmt::Result {
        Ok(())
    }
}

fn write_info<G: Playable>(
    pos: &G,
    it: &Iteration<G::Move>,
    ms: u64,
    out: &mut dyn Write,
) -> fmt::Result {
    write!(
        out,
        "info depth={} score={} nodes={} time={} pv=",
        it.depth, it.score, it.total.nodes, ms
    )?;
    let mut p = *pos;
    for (i, &m) in it.pv.iter().enumerate() {
        if i > 0 {
            out.write_char(' ')?;
        }
        write!(out, "{}", p.display_move(m))?;
        p = p.after(m);
    }
    out.write_char('\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::patterns::{Tables, SHIPPED};
    use crate::games::checkers::Checkers;
    use crate::notation::Notation;
    use crate::search::NoClock;

    /// The `(nodes, bestmove line)` of `go` on `engine`'s position: the nodes from
    /// the last `info` line.
    fn search(engine: &mut Engine<'_>, go: &str) -> (u64, heapless::String<64>) {
        let mut out = heapless::String::<8192>::new();
        engine.execute(go, &NoClock, &mut out);
        let info = out.lines().rev().find(|l| l.starts_with("info"));
        let nodes = info
            .and_then(|l| l.split_once("nodes="))
            .and_then(|(_, rest)| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let mut best = heapless::String::new();
        let line = out
            .lines()
            .find(|l| l.starts_with("bestmove"))
            .unwrap_or("");
        let _ = best.push_str(line);
        (nodes, best)
    }

    #[test]
    fn a_kept_table_gives_the_same_move_sooner_and_a_new_game_clears_it() {
        let mut tt = [Entry::EMPTY; 1 << 12];
        let mut moves = [0 as MoveWord; 2048];
        let mut engine = Engine::new(&mut tt, &mut moves);
        let mut out = heapless::String::<256>::new();
        engine.execute("game checkers", &NoClock, &mut out);
        let (first, best) = search(&mut engine, "go depth 7 table=keep");
        assert!(first > 0 && best.starts_with("bestmove "), "{best}");
        // The same search again: an exact search takes bounds of its own depth
        // only, which its shallower iterations overwrite, so it keeps the moves
        // and some bounds.
        let (again, best_again) = search(&mut engine, "go depth 7 table=keep");
        assert_eq!(best_again, best);
        assert!(again < first, "kept: {again} nodes, first: {first}");
        // `table=clear` (the default) starts over: the first count again.
        assert_eq!(search(&mut engine, "go depth 7").0, first);
        // So does a new game, whatever the search keeps.
        let _ = search(&mut engine, "go depth 7 table=keep");
        engine.execute("game checkers", &NoClock, &mut out);
        assert_eq!(search(&mut engine, "go depth 7 table=keep").0, first);
    }

    #[test]
    fn tables_lent_to_the_engine_are_what_evaluator_patterns_plays() {
        let kings =
            Tables::parse(include_bytes!("../../data/checkers-patterns-kings.bin")).unwrap();
        let (mut tt, mut moves) = ([Entry::EMPTY; 16], [0 as MoveWord; 256]);
        let mut shipped = Engine::new(&mut tt, &mut moves);
        let (mut tt2, mut moves2) = ([Entry::EMPTY; 16], [0 as MoveWord; 256]);
        let mut lent = Engine::new(&mut tt2, &mut moves2).with_patterns(Patterns::tables(kings));
        let eval = |engine: &mut Engine<'_>, commands: &[&str]| {
            let mut out = heapless::String::<512>::new();
            for c in commands {
                engine.execute(c, &NoClock, &mut out);
            }
            out
        };
        let setup = [
            "game checkers",
            "position fen B:W21,22,23,K4:B9,10,11,12",
            "eval",
        ];
        let (a, b) = (eval(&mut shipped, &setup), eval(&mut lent, &setup));
        // The two files value this position differently, and so do the engines.
        let pos = Checkers::parse_fen("B:W21,22,23,K4:B9,10,11,12").unwrap();
        assert_ne!(kings.raw(&pos), SHIPPED.raw(&pos));
        assert_ne!(a, b);
        // Another evaluator, then `patterns` again: the lent tables, not the shipped.
        let other = ["evaluator baseline", "eval"];
        assert_eq!(eval(&mut shipped, &other), eval(&mut lent, &other));
        let again = ["evaluator patterns", "eval"];
        // `b` is `ok` (game), then the same two lines as `position` and `eval` gave.
        assert_eq!(eval(&mut lent, &again).as_str(), &b[3..]);
        assert_ne!(eval(&mut shipped, &again), eval(&mut lent, &again));
    }

    #[test]
    fn a_bad_table_use_is_named() {
        let mut tt = [Entry::EMPTY; 16];
        let mut moves = [0 as MoveWord; 256];
        let mut engine = Engine::new(&mut tt, &mut moves);
        let mut out = heapless::String::<256>::new();
        engine.execute("go depth 1 table=old", &NoClock, &mut out);
        assert_eq!(
            out,
            "error unknown table use 'old' (expected clear or keep)\n"
        );
    }
}
