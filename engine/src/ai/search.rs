//! The main search: threat checks at the root (five, block, open four, VCF, the
//! opponent's VCF, VCT), then principal-variation alpha-beta with iterative deepening, a
//! transposition table and threat-aware move generation: when the opponent threatens an
//! open four only defences and counter-fours are searched, and forced blocks do not use
//! up depth.

use super::budget::Budget;
use super::position::{Position, threat};
use super::threats::{MAX_VCF_DEPTH, ThreatMemory, ThreatSearch, five_point};
use super::tt::{Bound, Entry, Table};
use rand::RngExt;
use rand::rngs::SmallRng;

/// A five made at ply p scores `WIN - p`; anything beyond `WON` is a forced result.
pub(crate) const WIN: i32 = 1_000_000;
pub(crate) const WON: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
/// Fours a leaf's VCF may use: enough for the common short wins, cheap at every leaf.
const LEAF_VCF_DEPTH: u8 = 6;
/// Threats (fours and threes) a root VCT may use.
const VCT_DEPTH: u8 = 7;

/// How one level searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub max_depth: i32,
    /// Moves searched per node in a quiet position, best-ordered first.
    pub branch: usize,
    pub vcf: bool,
    /// Look for the opponent's VCF and play only moves that refute it.
    pub defend: bool,
    pub vct: bool,
    /// Any root move within this many points of the best may be chosen (0 = the best).
    pub margin: i32,
}

pub(crate) struct Found {
    pub best: usize,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<usize>,
}

pub(crate) struct Searcher<'c> {
    pub pos: Position,
    pub budget: Budget<'c>,
    tt: Table,
    memory: ThreatMemory,
    killers: Vec<[u16; 2]>,
    style: Style,
}

fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= WON {
        score + ply
    } else if score <= -WON {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= WON {
        score - ply
    } else if score <= -WON {
        score + ply
    } else {
        score
    }
}

impl<'c> Searcher<'c> {
    pub(crate) fn new(pos: Position, budget: Budget<'c>, style: Style) -> Self {
        Searcher {
            pos,
            budget,
            // 2^19 entries of 16 bytes: 8 MiB, fine in the browser worker too.
            tt: Table::new(19),
            memory: ThreatMemory::new(),
            killers: vec![[u16::MAX; 2]; 128],
            style,
        }
    }

    fn found(best: usize, score: i32, pv: Vec<usize>) -> Option<Found> {
        Some(Found {
            best,
            score,
            depth: pv.len() as u32,
            pv,
        })
    }

    /// Chooses the move for the side to move; `None` only when no point is free.
    pub(crate) fn run(&mut self, rng: &mut SmallRng) -> Option<Found> {
        let me = self.pos.to_move();
        let opp = 1 - me;
        if self.pos.stones() == 0 {
            let centre = self.pos.size() / 2;
            let c = centre * self.pos.size() + centre;
            return Self::found(c, 0, vec![c]);
        }
        if let Some(p) = five_point(&self.pos, me) {
            return Self::found(p, WIN - 1, vec![p]);
        }
        if let Some(p) = five_point(&self.pos, opp) {
            let lost = self.pos.count(opp, threat::FIVE) > 1 || !self.pos.is_legal(p);
            let p = if self.pos.is_legal(p) {
                p
            } else {
                self.fallback()?
            };
            return Self::found(p, if lost { 2 - WIN } else { 0 }, vec![p]);
        }
        // Threat classes can lag behind Renju's far-reaching rule, so every move chosen
        // from them is checked against the exact rule.
        if let Some(p) = self
            .pos
            .points_of(me, threat::F4)
            .find(|&p| self.pos.is_legal(p))
        {
            return Self::found(p, WIN - 3, vec![p]);
        }
        if self.style.vcf
            && let Some(line) = self.threat_line(0.1, |t| t.vcf(MAX_VCF_DEPTH))
            && self.pos.is_legal(line[0])
        {
            return Self::found(line[0], WIN - line.len() as i32, line);
        }
        let mut root = self.moves(me, None, 0, self.style.branch.max(24));
        if self.style.defend {
            let vcf = |t: &mut ThreatSearch| t.vcf(MAX_VCF_DEPTH);
            let vct = |t: &mut ThreatSearch| t.vct(VCT_DEPTH);
            if self.opponent_has(0.05, vcf) {
                self.keep_refutations(&mut root, true, vcf);
            } else if self.style.vct {
                if let Some(line) = self.threat_line(0.15, vct)
                    && self.pos.is_legal(line[0])
                {
                    return Self::found(line[0], WIN - line.len() as i32, line);
                }
                if self.opponent_has(0.05, vct) {
                    self.keep_refutations(&mut root, false, vct);
                }
            }
        }
        root.retain(|&m| self.pos.is_legal(m));
        if root.is_empty() {
            let p = self.fallback()?;
            return Self::found(p, self.pos.evaluate(), vec![p]);
        }
        self.deepen(root, rng)
    }

    /// The best-ordered legal point, for when every threat-based choice is illegal.
    pub(crate) fn fallback(&self) -> Option<usize> {
        let me = self.pos.to_move();
        (0..self.pos.cell_count())
            .filter(|&i| self.pos.is_legal(i))
            .max_by_key(|&i| (self.pos.is_near(i), self.order_score(i, me)))
    }

    /// Runs a threat search on a slice of the budget.
    fn threat_line(
        &mut self,
        share: f64,
        search: impl FnOnce(&mut ThreatSearch) -> Option<Vec<usize>>,
    ) -> Option<Vec<usize>> {
        self.budget.begin_local(share);
        let line = search(&mut ThreatSearch::new(
            &mut self.pos,
            &mut self.budget,
            &mut self.memory,
        ));
        self.budget.end_local();
        line
    }

    /// Would the opponent win by `threats` if it were to move now?
    fn opponent_has(
        &mut self,
        share: f64,
        threats: impl FnOnce(&mut ThreatSearch) -> Option<Vec<usize>>,
    ) -> bool {
        self.pos.pass();
        let line = self.threat_line(share, threats);
        self.pos.pass();
        line.is_some()
    }

    /// The opponent has a threat win: keep the root moves after which it has none (our
    /// own fours stay too: they may win the race). `wide` looks beyond the root list, at
    /// every point near the stones (cheap VCF checks allow it). If nothing refutes the
    /// threat, all moves stay and the search makes the best of it.
    fn keep_refutations(
        &mut self,
        root: &mut Vec<usize>,
        wide: bool,
        threats: impl Fn(&mut ThreatSearch) -> Option<Vec<usize>> + Copy,
    ) {
        let me = self.pos.to_move();
        let mut candidates: Vec<usize> = (0..self.pos.cell_count())
            .filter(|&i| {
                self.pos.is_legal(i)
                    && (self.pos.class(i, me) >= threat::B4
                        || if wide {
                            self.pos.is_near(i)
                        } else {
                            root.contains(&i)
                        })
            })
            .collect();
        candidates.sort_by_key(|&i| std::cmp::Reverse(self.order_score(i, me)));
        let share = 0.25 / candidates.len().max(1) as f64;
        let mut kept = Vec::new();
        for m in candidates {
            self.pos.play(m);
            let refuted = self.threat_line(share, threats).is_none();
            self.pos.undo();
            if refuted || self.pos.class(m, me) >= threat::B4 {
                kept.push(m);
            }
            if self.budget.stopped() {
                return;
            }
        }
        if !kept.is_empty() {
            *root = kept;
        }
    }

    /// Iterative deepening over the root moves, best move first each time.
    fn deepen(&mut self, mut root: Vec<usize>, rng: &mut SmallRng) -> Option<Found> {
        if self.style.max_depth == 0 {
            return Some(self.pick_by_looks(&root, rng));
        }
        let mut best = root[0];
        let mut score = self.pos.evaluate();
        let mut depth_done = 0;
        for depth in 1..=self.style.max_depth {
            let (s, m) = self.search_root(&mut root, depth);
            if self.budget.stopped() {
                // An unfinished iteration is trusted only for a move it proved better.
                if let Some(m) = m
                    && s > score
                {
                    best = m;
                    score = s;
                }
                break;
            }
            let Some(m) = m else { break };
            best = m;
            score = s;
            depth_done = depth;
            if s.abs() >= WON || self.budget.used() > 0.7 {
                break;
            }
        }
        if self.style.margin > 0 && score.abs() < WON && depth_done > 0 {
            best = self.pick_among_good(&root, best, score, depth_done, rng);
        }
        let mut pv = vec![best];
        self.pos.play(best);
        self.collect_pv(&mut pv, depth_done.max(1) as usize);
        self.pos.undo();
        Some(Found {
            best,
            score,
            depth: depth_done.max(1) as u32,
            pv,
        })
    }

    /// One root iteration: returns the best score and move, and moves the best to front.
    fn search_root(&mut self, root: &mut [usize], depth: i32) -> (i32, Option<usize>) {
        let (mut alpha, beta) = (-INF, INF);
        let mut best = None;
        for k in 0..root.len() {
            let m = root[k];
            self.pos.play(m);
            let score = if k == 0 {
                -self.negamax(depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.budget.stopped() {
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.pos.undo();
            if self.budget.stopped() {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(m);
                root[..=k].rotate_right(1);
            }
        }
        (alpha, best)
    }

    /// Lower levels: a random root move among those scoring within `margin` of the best
    /// (null-window tests at the depth the search completed).
    fn pick_among_good(
        &mut self,
        root: &[usize],
        best: usize,
        score: i32,
        depth: i32,
        rng: &mut SmallRng,
    ) -> usize {
        let threshold = score - self.style.margin;
        let mut good = vec![best];
        for &m in root.iter().filter(|&&m| m != best) {
            self.pos.play(m);
            let child = self.negamax(depth - 1, 1, -threshold, -threshold + 1);
            self.pos.undo();
            if self.budget.stopped() {
                break;
            }
            if -child >= threshold {
                good.push(m);
            }
        }
        good[rng.random_range(0..good.len())]
    }

    /// The beginner: no search, a random move among those whose ordering score (its own
    /// chances plus what it blocks) reaches half the best one's.
    fn pick_by_looks(&self, root: &[usize], rng: &mut SmallRng) -> Found {
        let me = self.pos.to_move();
        let top = self.order_score(root[0], me);
        let good: Vec<usize> = root
            .iter()
            .copied()
            .filter(|&m| self.order_score(m, me) * 2 >= top)
            .collect();
        let best = good[rng.random_range(0..good.len())];
        Found {
            best,
            score: self.pos.evaluate(),
            depth: 0,
            pv: vec![best],
        }
    }

    fn collect_pv(&mut self, pv: &mut Vec<usize>, max: usize) {
        if pv.len() >= max {
            return;
        }
        let Some(m) = self
            .tt
            .get(self.pos.hash())
            .map(|e| e.best as usize)
            .filter(|&m| m < self.pos.cell_count() && self.pos.is_empty(m))
        else {
            return;
        };
        pv.push(m);
        self.pos.play(m);
        self.collect_pv(pv, max);
        self.pos.undo();
    }

    /// Ordering key of a point for the side `me`: own chances first, defence close behind.
    fn order_score(&self, i: usize, me: usize) -> i32 {
        self.pos.value(i, me) * 4 + self.pos.value(i, 1 - me) * 3
    }

    /// Moves worth searching for `me`, best-ordered, at most `branch` of them. Against a
    /// threatened open four (or double four) only defences and counter-fours qualify.
    fn moves(&self, me: usize, tt_move: Option<usize>, ply: usize, branch: usize) -> Vec<usize> {
        let opp = 1 - me;
        let pressed = self.pos.has_at_least(opp, threat::F4);
        let killers = self.killers.get(ply).copied().unwrap_or([u16::MAX; 2]);
        let mut list: Vec<(i32, usize)> = (0..self.pos.cell_count())
            .filter(|&i| {
                self.pos.is_empty(i)
                    && self.pos.class(i, me) != threat::FORBIDDEN
                    && if pressed {
                        self.pos.class(i, me) >= threat::B4 || self.pos.class(i, opp) >= threat::B4
                    } else {
                        self.pos.is_near(i)
                    }
            })
            .map(|i| {
                let bonus = if Some(i) == tt_move {
                    1 << 28
                } else if killers.contains(&(i as u16)) {
                    1 << 20
                } else {
                    0
                };
                (self.order_score(i, me) + bonus, i)
            })
            .collect();
        list.sort_unstable_by(|a, b| b.cmp(a));
        list.truncate(branch);
        list.into_iter().map(|(_, i)| i).collect()
    }

    /// Static value for the side to move, plus its initiative: a 4-3 or 3-3 of its own
    /// usually wins from here.
    fn leaf(&self) -> i32 {
        let me = self.pos.to_move();
        let opp = 1 - me;
        let mut s = self.pos.evaluate();
        if self.pos.count(me, threat::F43) > 0 {
            s += 3000;
        } else if self.pos.count(me, threat::F33) > 0 && !self.pos.has_at_least(opp, threat::B4) {
            s += 1500;
        }
        s
    }

    fn negamax(&mut self, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.budget.tick() {
            return 0;
        }
        let me = self.pos.to_move();
        let opp = 1 - me;
        if self.pos.count(me, threat::FIVE) > 0 {
            return WIN - ply;
        }
        let opp_fives = self.pos.count(opp, threat::FIVE);
        if opp_fives >= 2 {
            return -(WIN - ply - 1);
        }
        if opp_fives == 0 && self.pos.has_at_least(me, threat::F4) {
            return WIN - ply - 2;
        }
        let forced = if opp_fives == 1 {
            five_point(&self.pos, opp)
        } else {
            None
        };
        // Renju: black cannot block on a forbidden point.
        if forced.is_some_and(|p| self.pos.class(p, me) == threat::FORBIDDEN) {
            return -(WIN - ply - 1);
        }
        if forced.is_none() && depth <= 0 {
            // A short VCF settles leaves where the side to move can force a five.
            if self.pos.has_at_least(me, threat::B4)
                && let Some(line) =
                    ThreatSearch::new(&mut self.pos, &mut self.budget, &mut self.memory)
                        .vcf(LEAF_VCF_DEPTH)
            {
                return WIN - ply - line.len() as i32;
            }
            return self.leaf();
        }
        let hash = self.pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.get(hash) {
            tt_move = (e.best != u16::MAX).then_some(e.best as usize);
            if e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let moves = match forced {
            Some(p) => vec![p],
            None => self.moves(me, tt_move, ply as usize, self.style.branch),
        };
        if moves.is_empty() {
            return 0;
        }
        // A forced block does not use up depth: the threat sequence is searched through.
        let next_depth = if forced.is_some() { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        for (k, &m) in moves.iter().enumerate() {
            self.pos.play(m);
            let score = if k == 0 {
                -self.negamax(next_depth, ply + 1, -beta, -alpha)
            } else {
                let s = -self.negamax(next_depth, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.budget.stopped() {
                    -self.negamax(next_depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.pos.undo();
            if self.budget.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if forced.is_none()
                            && let Some(k) = self.killers.get_mut(ply as usize)
                            && k[0] != m as u16
                        {
                            k[1] = k[0];
                            k[0] = m as u16;
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.put(Entry {
            key: hash,
            score: to_tt(best, ply),
            best: best_move as u16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        });
        best
    }
}
