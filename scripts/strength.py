#!/usr/bin/env python3
"""Measuring the computer's strength with the shared arena (README: "Measured changes").

  series   plays 40-game matches of one or more builds ("arms") against one opponent,
           the arms taking turns round by round, so that a drift in the machine's speed
           (another job, a warmer cache) falls on all of them alike;
  summary  adds up the records of each arm: won-drawn-lost, score, Elo with its 95%
           interval, and the score of every run;
  lines    per opening and colour, how one arm's games went.

  python3 scripts/strength.py series --out /var/tmp/strength \\
      --opponent pz=/tmp/engines/bin/pbrain-pentazen \\
      --arm v47t1=/path/pbrain-gomoku --arm v47t2=/path/pbrain-gomoku,threads=2 --rounds 4
  python3 scripts/strength.py summary /var/tmp/strength/v47t1-pz-*.jsonl
  python3 scripts/strength.py lines /var/tmp/strength/v47t1-pz-*.jsonl

A run's records are OUT/ARM-OPPONENT-N.jsonl (N the next free number) with the arena's
summary beside them in .log; the arm's name is what its games' "winner" field holds, so
names may not contain '-'. The arena (`../shared/arena/arena.py`) plays one game at a time
unless --concurrency says otherwise: compare only runs played the same way.
"""

import argparse
import glob
import json
import math
import os
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARENA = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "arena", "arena.py"))


@dataclass
class Arm:
    name: str
    brain: str
    threads: int


def parse_named(text, what):
    """NAME=VALUE, where NAME becomes part of a file name and a game's winner field."""
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise argparse.ArgumentTypeError(f"{what} must be NAME=PATH, not {text!r}")
    if "-" in name or "/" in name:
        raise argparse.ArgumentTypeError(f"{what} name {name!r} may not hold '-' or '/'")
    return name, value


def parse_arm(text):
    name, value = parse_named(text, "--arm")
    brain, *options = value.split(",")
    threads = 1
    for option in options:
        key, _, number = option.partition("=")
        if key != "threads" or not number.isdigit() or int(number) < 1:
            raise argparse.ArgumentTypeError(f"unknown arm option {option!r} (threads=N)")
        threads = int(number)
    return Arm(name, brain, threads)


def next_run_path(out, arm, opponent):
    n = 1
    while os.path.exists(os.path.join(out, f"{arm}-{opponent}-{n}.jsonl")):
        n += 1
    return os.path.join(out, f"{arm}-{opponent}-{n}")


def play_run(args, arm, opponent, opponent_brain):
    stem = next_run_path(args.out, arm.name, opponent)
    command = [
        sys.executable, args.arena,
        "--engine", arm.name, arm.brain,
        "--engine", opponent, opponent_brain,
        "--turn-ms", str(args.turn_ms),
        "--concurrency", str(args.concurrency),
        "--records", stem + ".jsonl",
        "--quiet",
    ]
    if arm.threads > 1:
        command += ["--engine-info", arm.name, f"thread_num {arm.threads}"]
    with open(stem + ".log", "w") as log:
        done = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        # A failed run is not retried: whatever broke would break the next one too.
        sys.exit(f"the arena failed ({done.returncode}) for {arm.name}: see {stem}.log")
    print(f"{os.path.basename(stem)}: {summarise([stem + '.jsonl'])[arm.name].line()}", flush=True)


@dataclass
class Tally:
    won: int = 0
    drawn: int = 0
    lost: int = 0

    @property
    def games(self):
        return self.won + self.drawn + self.lost

    @property
    def score(self):
        return (self.won + self.drawn / 2) / self.games

    def elo_interval(self):
        """Elo of the score and its 95% interval, from the games' own variance."""
        s, n = self.score, self.games
        variance = (self.won * (1 - s) ** 2 + self.drawn * (0.5 - s) ** 2 + self.lost * s**2) / n
        margin = 1.96 * math.sqrt(variance / n)
        return elo(s), elo(s - margin), elo(s + margin)

    def line(self):
        mid, low, high = self.elo_interval()
        return (
            f"{100 * self.score:.1f}% of {self.games} ({self.won}-{self.drawn}-{self.lost}), "
            f"Elo {fmt_elo(mid)} [{fmt_elo(low)}, {fmt_elo(high)}]"
        )


def elo(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def fmt_elo(value):
    return f"{value:+.0f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def records(path):
    """A run's records, and the arm's name from its file name."""
    arm = os.path.basename(path).split("-")[0]
    with open(path) as f:
        games = [json.loads(line) for line in f if line.strip()]
    return arm, games


def result_for(arm, game):
    """1, 0.5 or 0: how the game went for the arm."""
    if game["result"] == "1/2-1/2":
        return 0.5
    return 1.0 if game["winner"] == arm else 0.0


def summarise(paths):
    tallies = defaultdict(Tally)
    for path in paths:
        arm, games = records(path)
        for game in games:
            r = result_for(arm, game)
            t = tallies[arm]
            if r == 1:
                t.won += 1
            elif r == 0.5:
                t.drawn += 1
            else:
                t.lost += 1
    return tallies


def expand(patterns):
    paths = sorted({p for pattern in patterns for p in glob.glob(pattern)})
    if not paths:
        sys.exit(f"no records match {' '.join(patterns)}")
    return paths


def cmd_series(args):
    opponent, opponent_brain = args.opponent
    for brain in [a.brain for a in args.arm] + [opponent_brain]:
        if not os.access(brain, os.X_OK):
            sys.exit(f"not an executable: {brain}")
    os.makedirs(args.out, exist_ok=True)
    for _ in range(args.rounds):
        for arm in args.arm:
            play_run(args, arm, opponent, opponent_brain)


def cmd_summary(args):
    paths = expand(args.records)
    runs = defaultdict(list)
    for path in paths:
        arm = records(path)[0]
        runs[arm].append(f"{100 * summarise([path])[arm].score:.1f}")
    for arm, tally in sorted(summarise(paths).items()):
        print(f"{arm}: {tally.line()}; runs {', '.join(runs[arm])}")


def cmd_lines(args):
    by_line = defaultdict(list)
    for path in expand(args.records):
        arm, games = records(path)
        for game in games:
            colour = "black" if game["black"] == arm else "white"
            by_line[(game["opening_index"], game["opening"], colour)].append(result_for(arm, game))
    marks = {1.0: "W", 0.5: "D", 0.0: "L"}
    for (index, opening, colour), results in sorted(by_line.items()):
        score = 100 * sum(results) / len(results)
        games = "".join(marks[r] for r in results)
        print(f"{index:2} {opening:12} {colour:5} {score:5.1f}% {games}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    series = sub.add_parser("series", help="play interleaved matches")
    series.add_argument("--out", required=True, help="folder for the records")
    series.add_argument("--opponent", required=True, type=lambda t: parse_named(t, "--opponent"))
    series.add_argument("--arm", required=True, action="append", type=parse_arm,
                        help="NAME=BRAIN[,threads=N]; give one per build")
    series.add_argument("--rounds", type=int, default=1, help="matches per arm")
    series.add_argument("--turn-ms", type=int, default=500)
    series.add_argument("--concurrency", type=int, default=1)
    series.add_argument("--arena", default=DEFAULT_ARENA)
    series.set_defaults(run=cmd_series)
    for name, run, text in [
        ("summary", cmd_summary, "totals per arm"),
        ("lines", cmd_lines, "per opening and colour"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("records", nargs="+", help="records (.jsonl) or glob patterns")
        p.set_defaults(run=run)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
