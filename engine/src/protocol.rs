//! The Gomocup ("piskvork") brain protocol as a pure state machine: one line in, the lines
//! to answer out. Coordinates are `x,y`, 0-based from the TOP-left; the engine's points
//! count rows from the bottom. The `pbrain-gomoku` binary wraps this on stdin/stdout.

use crate::ai::{
    DEFAULT_TABLE_BYTES, Engine, Level, Limits, Resources, SearchSettings, TABLE_SLOT_BYTES,
    Threads, TimeUse, next_seed,
};
use crate::board::{MAX_SIZE, MIN_SIZE, Point, Stone};
use crate::game::Game;
use crate::rules::Rule;
use std::sync::atomic::AtomicBool;

mod swap2;

pub const ABOUT: &str =
    "name=\"gomoku-rs\", version=\"0.1\", author=\"Gomoku developers\", country=\"-\"";

/// What the brain answers to one line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub lines: Vec<String>,
    /// `END` was received: the process should exit.
    pub quit: bool,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        let mut text = text.into();
        // Errors quote the input, which may hold control characters: a CR would end the
        // reply early for a manager that splits lines on it, and what follows could read
        // as a move. They are written escaped instead.
        if text.contains(char::is_control) {
            text = text
                .chars()
                .map(|c| match c.is_control() {
                    true => c.escape_default().to_string(),
                    false => c.to_string(),
                })
                .collect();
        }
        Reply {
            lines: vec![text],
            quit: false,
        }
    }

    fn none() -> Reply {
        Reply::default()
    }

    fn error(why: impl std::fmt::Display) -> Reply {
        Reply::line(format!("ERROR {why}"))
    }
}

/// The brain's state between lines.
#[derive(Debug)]
pub struct Brain {
    game: Option<Game>,
    rule: Rule,
    level: Level,
    timeout_turn_ms: u64,
    timeout_match_ms: u64,
    time_left_ms: u64,
    /// Stones received after `BOARD`, until `DONE`: (point, own stone?).
    board_lines: Option<Vec<(Point, bool)>>,
    /// Stones received after `SWAP2BOARD`, until `DONE`, in play order.
    swap2_lines: Option<Vec<Point>>,
    seed: u64,
    /// The largest table `INFO max_memory` allows (`DEFAULT_TABLE_BYTES` until told).
    memory_for_table: usize,
    /// Searches every move with one table, kept between moves; `INFO thread_num` sets its
    /// threads, `INFO max_memory` and `INFO timeout_turn` the table's size
    /// (`table_bytes_for_the_turn`).
    engine: Engine,
}

/// The share of `INFO max_memory` the transposition table may take: the rest is for the
/// search's other tables, each thread's copy of the board, and the program itself.
const TABLE_SHARE_OF_MEMORY: usize = 2;
/// The table is no larger than this whatever memory is offered: at the node rates of a
/// Gomocup turn a bigger one only costs cache misses (and the time to make it).
const LARGEST_USEFUL_TABLE_BYTES: usize = 256 << 20;
/// Within what memory allows, the table holds about as many slots as a turn searches nodes
/// at this rate: about twice the master's on the machine it was measured on (README's
/// `bench` rows). A larger table is slower, not wiser, at Gomocup's short turns: every
/// look-up misses the cache (`bench` at 2 000 000 nodes a position: 0.88 and 0.80 million
/// nodes a second with 8 MiB, 0.66 and 0.74 with the 128 MiB that half of the arena's
/// 350 MB gave).
const TABLE_NODES_PER_MS: usize = 2_000;
/// However short the turn, the table is no smaller than this.
const SMALLEST_TABLE_BYTES: usize = 1 << 20;

impl Default for Brain {
    fn default() -> Self {
        Brain {
            game: None,
            rule: Rule::Freestyle,
            level: Level::MAX,
            timeout_turn_ms: 5_000,
            timeout_match_ms: 0,
            time_left_ms: u64::MAX,
            board_lines: None,
            swap2_lines: None,
            seed: 0x5eed,
            memory_for_table: DEFAULT_TABLE_BYTES,
            engine: Engine::new(Resources::default()),
        }
    }
}

/// Time kept back from every turn for protocol and process overhead. Measured in the
/// arena at 500 ms a move (README's v58): with 30 kept back, the answers of 6 072 turns
/// that spent their budget came at 470 ms (median), 473 (99th percentile), 478 at most;
/// the 60 kept back before left about 30 ms of every such turn unused.
const SAFETY_MS: u64 = 30;
/// No turn thinks longer than this, whatever the limits allow, and the table is sized for
/// no longer a turn.
const LONGEST_TURN_MS: u64 = 30_000;

impl Brain {
    pub fn new(level: Level) -> Brain {
        Brain {
            level,
            ..Brain::default()
        }
    }

    /// The time this turn may take: the per-turn limit, and a share of what is left.
    pub fn turn_budget_ms(&self) -> u64 {
        // timeout_turn 0 means "play as fast as possible": the floor below.
        self.turn_limit_ms()
            .min(self.match_share_ms())
            .saturating_sub(SAFETY_MS)
            .max(10)
    }

    /// How the turn's budget is spent: all of it where the turn's own limit binds (time
    /// left over is lost), leaving some for later moves where the match clock's share
    /// binds.
    pub fn turn_time_use(&self) -> TimeUse {
        if self.match_share_ms() >= self.turn_limit_ms() {
            TimeUse::SpendAll
        } else {
            TimeUse::SaveForLater
        }
    }

    fn turn_limit_ms(&self) -> u64 {
        self.timeout_turn_ms.min(LONGEST_TURN_MS)
    }

    /// A twelfth of the match time left, or no limit when the match has no clock.
    fn match_share_ms(&self) -> u64 {
        if self.time_left_ms == u64::MAX || self.timeout_match_ms == 0 {
            u64::MAX
        } else {
            self.time_left_ms / 12
        }
    }

    fn to_point(&self, text: &str, size: u8) -> Result<Point, String> {
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| format!("expected x,y but got '{text}'"))?;
        let parse = |v: &str| {
            v.trim()
                .parse::<u8>()
                .map_err(|_| format!("bad coordinate '{v}'"))
        };
        let (x, y) = (parse(x)?, parse(y)?);
        if x >= size || y >= size {
            return Err(format!("{x},{y} is off the {size}x{size} board"));
        }
        Ok(Point::new(x, size - 1 - y))
    }

    fn format(p: Point, size: u8) -> String {
        format!("{},{}", p.col, size - 1 - p.row)
    }

    fn start(&mut self, size: u32) -> Reply {
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            return Reply::error(format!("unsupported size {size}"));
        }
        self.game = Game::new(size as u8, self.rule).ok();
        self.board_lines = None;
        Reply::line("OK")
    }

    /// The table's size for turns of `timeout_turn`, within what memory allows: see
    /// `TABLE_NODES_PER_MS`. It follows the per-turn limit, not each turn's budget, so
    /// that a game's table is not started afresh when a turn is given less time.
    fn table_bytes_for_the_turn(&self) -> usize {
        let turn_ms = self.timeout_turn_ms.min(LONGEST_TURN_MS) as usize;
        let useful = (turn_ms * TABLE_NODES_PER_MS * TABLE_SLOT_BYTES).max(SMALLEST_TABLE_BYTES);
        self.memory_for_table.min(useful)
    }

    /// Gives the engine the table for the turn (it starts a new one only if the size
    /// changed).
    fn size_the_table(&mut self) {
        let resources = self.engine.resources();
        self.engine.set_resources(Resources {
            table_bytes: self.table_bytes_for_the_turn(),
            ..resources
        });
    }

    /// Searches the current position and plays the answer.
    fn think(&mut self) -> Reply {
        let budget = self.turn_budget_ms();
        let time_use = self.turn_time_use();
        let Some(game) = self.game.as_mut() else {
            return Reply::error("no game: send START first");
        };
        self.seed = next_seed(self.seed);
        let settings = SearchSettings {
            level: self.level,
            limits: Limits {
                time_use,
                ..Limits::time(budget)
            },
            seed: self.seed,
        };
        match self.engine.search(game, &settings, &AtomicBool::new(false)) {
            Some(info) => {
                let size = game.size();
                let _ = game.play(info.best);
                Reply::line(Brain::format(info.best, size))
            }
            None => Reply::error("no move: the game is over"),
        }
    }

    fn opponent_move(&mut self, args: &str) -> Reply {
        let Some(size) = self.game.as_ref().map(Game::size) else {
            return Reply::error("no game: send START first");
        };
        let p = match self.to_point(args, size) {
            Ok(p) => p,
            Err(e) => return Reply::error(e),
        };
        let game = self.game.as_mut().expect("checked above");
        if let Err(e) = game.play(p) {
            return Reply::error(e);
        }
        self.think()
    }

    /// Rebuilds the position from `BOARD` lines: the brain is to move, so black is the
    /// side with more stones, or the brain when both have as many.
    fn finish_board(&mut self, stones: Vec<(Point, bool)>) -> Reply {
        let Some(size) = self.game.as_ref().map(Game::size) else {
            return Reply::error("no game: send START first");
        };
        let (own, theirs): (Vec<_>, Vec<_>) = stones.into_iter().partition(|s| s.1);
        let (own, theirs): (Vec<Point>, Vec<Point>) = (
            own.into_iter().map(|s| s.0).collect(),
            theirs.into_iter().map(|s| s.0).collect(),
        );
        let (first, second) = match own.len() as i64 - theirs.len() as i64 {
            0 => (own, theirs),
            -1 => (theirs, own),
            _ => return Reply::error("the brain is not to move in that position"),
        };
        let mut order = Vec::with_capacity(first.len() + second.len());
        for (i, p) in first.iter().enumerate() {
            order.push(*p);
            order.extend(second.get(i));
        }
        match Game::set_up(size, self.rule, order) {
            Ok(game) => {
                self.game = Some(game);
                self.think()
            }
            Err(e) => Reply::error(format!("bad BOARD: {e}")),
        }
    }

    fn info(&mut self, args: &str) -> Reply {
        let (key, value) = args
            .trim()
            .split_once(char::is_whitespace)
            .unwrap_or((args.trim(), ""));
        let number = value.trim().parse::<i64>();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Ok(v)) => {
                self.timeout_turn_ms = v.max(0) as u64;
                self.size_the_table();
            }
            ("timeout_match", Ok(v)) => self.timeout_match_ms = v.max(0) as u64,
            ("time_left", Ok(v)) => self.time_left_ms = v.max(0) as u64,
            ("rule", Ok(v)) => {
                // Bit 0: exactly five; bit 2: Renju (which includes exactly five).
                self.rule = if v & 4 != 0 {
                    Rule::Renju
                } else if v & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                if let Some(game) = &self.game
                    && game.moves().is_empty()
                {
                    self.game = Game::new(game.size(), self.rule).ok();
                }
            }
            ("thread_num", Ok(v)) => {
                let resources = self.engine.resources();
                self.engine.set_resources(Resources {
                    threads: Threads::new(v.clamp(1, i64::from(u16::MAX)) as usize),
                    ..resources
                });
            }
            ("max_memory", Ok(v)) if v < 0 => {
                return Reply::error(format!("INFO max_memory must be 0 or more, got {v}"));
            }
            ("max_memory", Ok(v)) => {
                // 0 means no limit: the largest useful table.
                let offered = usize::try_from(v).unwrap_or(0);
                self.memory_for_table = match offered {
                    0 => LARGEST_USEFUL_TABLE_BYTES,
                    n => (n / TABLE_SHARE_OF_MEMORY).min(LARGEST_USEFUL_TABLE_BYTES),
                };
                self.size_the_table();
            }
            (
                "timeout_turn" | "timeout_match" | "time_left" | "rule" | "thread_num"
                | "max_memory",
                Err(_),
            ) => {
                return Reply::error(format!("INFO {key} needs a number, got '{}'", value.trim()));
            }
            // game_type, evaluate, folder and unknown keys need no action.
            _ => {}
        }
        Reply::none()
    }

    /// Handles one line from the manager as it came, without its line end: a line that
    /// is not UTF-8 gets an `ERROR` and changes nothing.
    pub fn handle_bytes(&mut self, line: &[u8]) -> Reply {
        match std::str::from_utf8(line) {
            Ok(line) => self.handle(line),
            Err(e) => Reply::error(format!("the line is not valid UTF-8 ({e})")),
        }
    }

    /// Handles one line from the manager.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if self.swap2_lines.is_some() {
            return self.swap2_line(line);
        }
        if self.board_lines.is_some() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.board_lines.take().unwrap_or_default();
                return self.finish_board(stones);
            }
            let size = self.game.as_ref().map_or(0, Game::size);
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let parsed = match fields[..] {
                [x, y, who] => self
                    .to_point(&format!("{x},{y}"), size)
                    .and_then(|p| match who {
                        "1" => Ok((p, true)),
                        // 3 marks a continuous game's winning stones: not the brain's.
                        "2" | "3" => Ok((p, false)),
                        other => Err(format!("bad stone owner '{other}'")),
                    }),
                _ => Err(format!("expected x,y,owner or DONE but got '{line}'")),
            };
            return match parsed {
                Ok(stone) => {
                    self.board_lines.get_or_insert_default().push(stone);
                    Reply::none()
                }
                Err(e) => Reply::error(e),
            };
        }
        let (command, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match command.to_ascii_uppercase().as_str() {
            "" => Reply::none(),
            "START" => match args.trim().parse::<u32>() {
                Ok(size) => self.start(size),
                Err(_) => Reply::error(format!("START needs a board size, got '{}'", args.trim())),
            },
            "RECTSTART" => {
                let dims: Vec<Option<u32>> =
                    args.split(',').map(|v| v.trim().parse().ok()).collect();
                match dims[..] {
                    [Some(w), Some(h)] if w == h => self.start(w),
                    [Some(_), Some(_)] => Reply::error("only square boards are supported"),
                    _ => Reply::error(format!(
                        "RECTSTART needs width,height, got '{}'",
                        args.trim()
                    )),
                }
            }
            "RESTART" => match self.game.as_ref().map(Game::size) {
                Some(size) => self.start(size as u32),
                None => Reply::error("no game: send START first"),
            },
            "BEGIN" => match &self.game {
                Some(g) if g.moves().is_empty() => self.think(),
                Some(_) => Reply::error("BEGIN is only for an empty board"),
                None => Reply::error("no game: send START first"),
            },
            "TURN" => self.opponent_move(args),
            "BOARD" => {
                if self.game.is_none() {
                    return Reply::error("no game: send START first");
                }
                self.board_lines = Some(Vec::new());
                Reply::none()
            }
            "SWAP2BOARD" => self.begin_swap2(),
            "TAKEBACK" => {
                let Some(size) = self.game.as_ref().map(Game::size) else {
                    return Reply::error("no game: send START first");
                };
                match self.to_point(args, size) {
                    Ok(p) if self.game.as_ref().and_then(Game::last_move) == Some(p) => {
                        self.game.as_mut().map(Game::undo);
                        Reply::line("OK")
                    }
                    Ok(_) => Reply::error("TAKEBACK must name the last move"),
                    Err(e) => Reply::error(e),
                }
            }
            "INFO" => self.info(args),
            "ABOUT" => Reply::line(ABOUT),
            "END" => Reply {
                lines: Vec::new(),
                quit: true,
            },
            other => Reply::line(format!("UNKNOWN {other}")),
        }
    }

    /// The current position, if a game was started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The threads and table memory its searches use now.
    pub fn resources(&self) -> Resources {
        self.engine.resources()
    }

    /// Which colour the brain would play now.
    pub fn to_move(&self) -> Option<Stone> {
        self.game.as_ref().map(Game::to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(brain: &mut Brain, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| brain.handle(l).lines).collect()
    }

    /// Each line alone gets an `ERROR` reply.
    fn assert_errors(brain: &mut Brain, lines: &[&str]) {
        for bad in lines {
            let reply = run(brain, &[bad]);
            assert!(reply[0].starts_with("ERROR"), "{bad}: {reply:?}");
        }
    }

    fn is_move(reply: &str, size: u8) -> bool {
        reply.split_once(',').is_some_and(|(x, y)| {
            x.parse::<u8>().is_ok_and(|x| x < size) && y.parse::<u8>().is_ok_and(|y| y < size)
        })
    }

    #[test]
    fn renju_from_info_rule_4_and_a_board_taken_as_given() {
        let mut b = Brain::default();
        run(
            &mut b,
            &["START 15", "INFO timeout_turn 300", "INFO rule 4"],
        );
        assert_eq!(b.game().unwrap().rule(), Rule::Renju);
        // Black (the opponent, field 2) has f8 g8 h6 h7 h8; the brain (white) is to move.
        // Replayed in the order made up here, h8 comes last, as a double three: a
        // BOARD is taken as given, so the brain answers instead of refusing.
        let reply = run(
            &mut b,
            &[
                "BOARD", "5,7,2", "6,7,2", "7,9,2", "7,8,2", "7,7,2", "1,1,1", "13,1,1", "1,13,1",
                "13,13,1", "DONE",
            ],
        );
        assert!(is_move(&reply[0], 15), "{reply:?}");
        assert_eq!(b.game().unwrap().rule(), Rule::Renju);
    }

    #[test]
    fn a_game_over_the_protocol() {
        let mut b = Brain::default();
        assert_eq!(run(&mut b, &["START 15"]), ["OK"]);
        run(
            &mut b,
            &[
                "INFO timeout_turn 200",
                "INFO rule 1",
                "INFO max_memory 83886080",
            ],
        );
        let first = run(&mut b, &["BEGIN"]);
        assert_eq!(first, ["7,7"], "opens in the centre");
        let reply = run(&mut b, &["TURN 8,8"]);
        assert!(is_move(&reply[0], 15), "{reply:?}");
        assert_eq!(b.game().unwrap().moves().len(), 3);
        assert_eq!(b.game().unwrap().rule(), Rule::Standard);
        let last = b.game().unwrap().last_move().unwrap();
        assert_eq!(
            run(&mut b, &[&format!("TAKEBACK {}", Brain::format(last, 15))]),
            ["OK"]
        );
        assert_eq!(b.game().unwrap().moves().len(), 2);
        assert_eq!(run(&mut b, &["RESTART"]), ["OK"]);
        assert!(b.game().unwrap().moves().is_empty());
        assert!(b.handle("END").quit);
    }

    #[test]
    fn board_takes_the_win_it_is_given() {
        let mut b = Brain::default();
        run(&mut b, &["START 15"]);
        // Own four on row y=3 (x = 2..5) with x=6 open; opponent stones elsewhere.
        let lines = [
            "BOARD", "2,3,1", "0,0,2", "3,3,1", "0,2,2", "4,3,1", "0,4,2", "5,3,1", "14,14,2",
            "DONE",
        ];
        let reply = run(&mut b, &lines);
        assert!(reply == ["6,3"] || reply == ["1,3"], "{reply:?}");
        assert_eq!(b.to_move(), Some(Stone::White));
    }

    #[test]
    fn coordinates_count_rows_from_the_top() {
        let b = Brain::default();
        assert_eq!(b.to_point("0,0", 15), Ok(Point::new(0, 14)));
        assert_eq!(Brain::format(Point::new(7, 7), 15), "7,7");
        assert_eq!(Brain::format(Point::new(0, 0), 15), "0,14");
    }

    #[test]
    fn malformed_input_gets_errors_and_the_brain_keeps_going() {
        let mut b = Brain::default();
        assert_errors(
            &mut b,
            &[
                "TURN 1,1",
                "BEGIN",
                "START x",
                "START 3",
                "RECTSTART 15,20",
                "RECTSTART a",
            ],
        );
        assert_eq!(run(&mut b, &["FOO"]), ["UNKNOWN FOO"]);
        assert_eq!(run(&mut b, &["RECTSTART 20,20"]), ["OK"]);
        assert_errors(
            &mut b,
            &[
                "TURN 20,1",
                "TURN a,b",
                "TURN 5",
                "INFO timeout_turn soon",
                "INFO rule renju",
                "TAKEBACK 1,1",
            ],
        );
        assert_eq!(
            run(&mut b, &["BOARD", "1,1", "DONE"])
                .first()
                .map(|s| &s[..5]),
            Some("ERROR")
        );
        let reply = run(&mut b, &["TURN 10,10"]);
        assert!(
            is_move(&reply[0], 20),
            "still playing after errors: {reply:?}"
        );
        let taken = run(&mut b, &["TURN 10,10"]);
        assert!(taken[0].starts_with("ERROR"), "occupied: {taken:?}");
        assert_eq!(run(&mut b, &["ABOUT"]), [ABOUT]);
        assert!(run(&mut b, &["INFO evaluate 1,1", "INFO folder /tmp"]).is_empty());
    }

    #[test]
    fn replies_quoting_the_input_stay_one_line() {
        // Found by fuzzing: a CR inside a line was echoed in the ERROR, so a manager
        // splitting on CR would have read "7,7" here as the brain's move.
        let mut b = Brain::default();
        run(&mut b, &["START 15"]);
        let reply = run(&mut b, &["TURN 1,x\r7,7\rz"]);
        assert_eq!(reply, [r"ERROR bad coordinate 'x\r7,7\rz'"]);
        let reply = run(&mut b, &["START 1\u{1}5"]);
        assert_eq!(reply, [r"ERROR START needs a board size, got '1\u{1}5'"]);
        assert!(reply.iter().all(|l| !l.contains(char::is_control)));
    }

    #[test]
    fn thread_num_and_max_memory_size_the_search() {
        let mut b = Brain::default();
        assert_eq!(b.resources(), Resources::default());
        run(
            &mut b,
            &["START 15", "INFO thread_num 2", "INFO max_memory 83886080"],
        );
        assert_eq!(b.resources().threads, Threads::new(2));
        // Half of 80 MiB, rounded down to a power of two of slots: 32 MiB (the default
        // turn of 5 s would fill more).
        assert_eq!(b.resources().table_bytes, 32 << 20);
        assert_errors(
            &mut b,
            &[
                "INFO thread_num many",
                "INFO max_memory lots",
                "INFO max_memory -5",
            ],
        );
        assert_eq!(
            b.resources().threads,
            Threads::new(2),
            "a bad line changes nothing"
        );
        let replies = run(&mut b, &["BEGIN"]);
        assert!(is_move(&replies[0], 15), "{replies:?}");
    }

    #[test]
    fn the_table_is_sized_to_the_turn_within_what_memory_allows() {
        let mut b = Brain::default();
        // The arena's offer (350 MB) at half a second a turn: one turn's nodes, 8 MiB.
        run(
            &mut b,
            &["INFO max_memory 367001600", "INFO timeout_turn 500"],
        );
        assert_eq!(b.resources().table_bytes, 8 << 20);
        // The same in the other order.
        let mut c = Brain::default();
        run(
            &mut c,
            &["INFO timeout_turn 500", "INFO max_memory 367001600"],
        );
        assert_eq!(c.resources(), b.resources());
        // A long turn gets more, up to half of the memory offered.
        run(&mut b, &["INFO timeout_turn 5000"]);
        assert_eq!(b.resources().table_bytes, 128 << 20);
        // No limit: the largest useful table, for turns long enough to fill it.
        run(&mut b, &["INFO max_memory 0", "INFO timeout_turn 30000"]);
        assert_eq!(b.resources().table_bytes, LARGEST_USEFUL_TABLE_BYTES);
        // As fast as possible: the smallest table.
        run(&mut b, &["INFO timeout_turn 0"]);
        assert_eq!(b.resources().table_bytes, SMALLEST_TABLE_BYTES);
        let replies = run(&mut b, &["START 15", "BEGIN"]);
        assert!(is_move(&replies[1], 15), "{replies:?}");
    }

    #[test]
    fn the_turn_budget_respects_both_limits() {
        let mut b = Brain::default();
        b.handle("INFO timeout_turn 1000");
        assert_eq!(b.turn_budget_ms(), 1000 - SAFETY_MS);
        b.handle("INFO timeout_match 100000");
        b.handle("INFO time_left 6000");
        assert_eq!(b.turn_budget_ms(), 500 - SAFETY_MS);
        b.handle("INFO timeout_turn 0");
        assert_eq!(b.turn_budget_ms(), 10, "0 = as fast as possible");
    }

    #[test]
    fn a_turn_spends_all_its_time_only_where_the_turn_limit_binds() {
        let mut b = Brain::default();
        b.handle("INFO timeout_turn 500");
        assert_eq!(b.turn_time_use(), TimeUse::SpendAll, "no match clock");
        b.handle("INFO timeout_match 180000");
        b.handle("INFO time_left 60000");
        assert_eq!(b.turn_time_use(), TimeUse::SpendAll, "a twelfth is 5 s");
        b.handle("INFO time_left 3000");
        assert_eq!(
            b.turn_time_use(),
            TimeUse::SaveForLater,
            "a twelfth (250 ms) is less than the turn: the clock binds"
        );
    }
}
