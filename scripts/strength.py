#!/usr/bin/env python3
"""Measuring the computer's strength with the shared arena (README: "Measured changes").

  series   plays 40-game matches of one or more builds ("arms") against one opponent,
           one run each in turn, round after round, so that a drift in the machine's
           speed (another job, a warmer cache) falls on all of them alike; a run with a
           forfeit or a missing game stops the series (its records renamed .failed);
  summary  adds up the records of each arm against each opponent: won-drawn-lost,
           score, Elo with its 95% interval (the arena's own estimate), and the score of
           every run;
  lines    per opening and colour, how each arm's games against each opponent went.

  python3 scripts/strength.py series --out /var/tmp/strength \\
      --opponent pz=/tmp/engines/bin/pbrain-pentazen \\
      --arm v47t1=/path/pbrain-gomoku --arm v47t2=/path/pbrain-gomoku,threads=2 --rounds 4
  python3 scripts/strength.py series --out /var/tmp/strength-t2 \\
      --opponent pzt2=/tmp/engines/bin/pbrain-pentazen,threads=2 \\
      --arm v60t2=/path/pbrain-gomoku,threads=2
  python3 scripts/strength.py summary /var/tmp/strength/v47t1-pz-*.jsonl
  python3 scripts/strength.py lines /var/tmp/strength/v47t1-pz-*.jsonl

A run's records are OUT/ARM-OPPONENT-N.jsonl (N the lowest number not yet taken) with
the arena's summary beside them in .log. `summary` and `lines` read the arm's and the
opponent's names back from the file name, split at '-', so names may not contain '-';
they count each arm against each opponent apart. The arena (`../shared/arena/arena.py`)
plays one game at a time unless --concurrency says otherwise: compare only runs played
the same way.
"""

import argparse
import glob
import importlib.util
import json
import os
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARENA = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "arena", "arena.py"))
# The arena's default: each of its 20 openings with both colours.
GAMES_PER_RUN = 40
RESULTS = ("1-0", "0-1", "1/2-1/2")
RECORD_FIELDS = ("black", "white", "result", "winner", "opening_index", "opening")


@dataclass
class Arm:
    """A brain with its name and how many threads it is told to use (`INFO thread_num`;
    none is sent for one, each brain's default). The opponent is one too."""
    name: str
    brain: str
    threads: int

    def infos(self):
        """The arena's options that tell this brain its threads."""
        if self.threads == 1:
            return []
        return ["--engine-info", self.name, f"thread_num {self.threads}"]


def parse_named(text, what):
    """NAME=VALUE, where NAME becomes part of a file name and a game's winner field."""
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise argparse.ArgumentTypeError(f"{what} must be NAME=PATH, not {text!r}")
    if "-" in name or "/" in name:
        raise argparse.ArgumentTypeError(f"{what} name {name!r} may not hold '-' or '/'")
    return name, value


def parse_arm(text, what="--arm"):
    name, value = parse_named(text, what)
    brain, *options = value.split(",")
    threads = 1
    for option in options:
        key, _, number = option.partition("=")
        if key != "threads":
            raise argparse.ArgumentTypeError(f"unknown {what} option {option!r} (threads=N)")
        if not number.isdigit() or int(number) < 1:
            raise argparse.ArgumentTypeError(f"threads must be a number from 1, not {number!r}")
        threads = int(number)
    return Arm(name, brain, threads)


def next_run_path(out, arm, opponent):
    n = 1
    while os.path.exists(os.path.join(out, f"{arm}-{opponent}-{n}.jsonl")):
        n += 1
    return os.path.join(out, f"{arm}-{opponent}-{n}")


def play_run(args, arm, opponent):
    stem = next_run_path(args.out, arm.name, opponent.name)
    command = [
        sys.executable, args.arena,
        "--engine", arm.name, arm.brain,
        "--engine", opponent.name, opponent.brain,
        "--turn-ms", str(args.turn_ms),
        "--concurrency", str(args.concurrency),
        "--records", stem + ".jsonl",
        "--quiet",
    ]
    command += arm.infos() + opponent.infos()
    with open(stem + ".log", "w") as log:
        done = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT)
    # A failed run is not retried: whatever broke would break the next one too. Its
    # records are renamed, so that no summary counts them.
    failure = f"the arena failed ({done.returncode})" if done.returncode != 0 else None
    games = []
    if failure is None:
        games = read_games(stem + ".jsonl")
        forfeits = sum(1 for g in games if g.get("forfeit"))
        if forfeits or len(games) != GAMES_PER_RUN:
            failure = f"{len(games)} games of {GAMES_PER_RUN}, {forfeits} forfeited"
    if failure is not None:
        if os.path.exists(stem + ".jsonl"):
            os.replace(stem + ".jsonl", stem + ".jsonl.failed")
        sys.exit(f"{arm.name}: {failure}; see {stem}.log")
    print(f"{os.path.basename(stem)}: {tally_of(arm.name, games).line(args.stats)}", flush=True)


@dataclass
class Tally:
    won: int = 0
    drawn: int = 0
    lost: int = 0

    @property
    def games(self):
        return self.won + self.drawn + self.lost

    def add(self, other):
        self.won += other.won
        self.drawn += other.drawn
        self.lost += other.lost

    def percent(self):
        """The score in percent to one decimal, as the arena prints it (from whole
        half-points, so that 28.75 is not 28.7499... and rounds as 33.75 does)."""
        return f"{100 * (2 * self.won + self.drawn) / (2 * self.games):.1f}"

    def line(self, stats):
        """The tally with its Elo, as `stats` (the arena's module) estimates and prints it."""
        elo = stats.fmt_elo(stats.elo_estimate(self.won, self.drawn, self.lost))
        return f"{self.percent()}% of {self.games} ({self.won}-{self.drawn}-{self.lost}), Elo {elo}"


def load_arena(path):
    """The arena as a module, for its Elo estimate: the numbers match its own logs."""
    if not os.path.isfile(path):
        sys.exit(f"no arena at {path} (--arena)")
    # ../shared is read-only to this project: leave no bytecode cache there.
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("arena", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_games(path):
    """A run's games, or a clear error naming the file and line."""
    games = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    game = json.loads(line)
                except json.JSONDecodeError as e:
                    sys.exit(f"{path}:{number}: not JSON ({e})")
                missing = [k for k in RECORD_FIELDS if not isinstance(game, dict) or k not in game]
                if missing:
                    sys.exit(f"{path}:{number}: not a game record (no {', '.join(missing)})")
                if game["result"] not in RESULTS:
                    sys.exit(f"{path}:{number}: unknown result {game['result']!r}")
                games.append(game)
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    return games


def records(path):
    """A run's games and (arm, opponent), named by its file; the arm must have played
    every game, and there must be some."""
    arm, _, rest = os.path.basename(path).partition("-")
    opponent = rest.partition("-")[0]
    games = read_games(path)
    if not games:
        sys.exit(f"{path}: no games")
    for game in games:
        if arm not in (game["black"], game["white"]):
            sys.exit(f"{path}: {arm!r} (from the file name) did not play {game['opening']}")
    return (arm, opponent), games


def result_for(arm, game):
    """1, 0.5 or 0: how the game went for the arm."""
    if game["result"] == "1/2-1/2":
        return 0.5
    return 1.0 if game["winner"] == arm else 0.0


def tally_of(arm, games):
    tally = Tally()
    for game in games:
        r = result_for(arm, game)
        if r == 1:
            tally.won += 1
        elif r == 0.5:
            tally.drawn += 1
        else:
            tally.lost += 1
    return tally


def run_order(path):
    """ARM-OPPONENT-N.jsonl sorts by arm, opponent and then N as a number (10 after 9)."""
    stem = os.path.basename(path).removesuffix(".jsonl")
    head, _, n = stem.rpartition("-")
    return (head, int(n)) if n.isdigit() else (stem, 0)


def expand(patterns):
    paths = sorted({p for pattern in patterns for p in glob.glob(pattern)}, key=run_order)
    if not paths:
        sys.exit(f"no records match {' '.join(patterns)}")
    return paths


def cmd_series(args):
    opponent = args.opponent
    names = [a.name for a in args.arm]
    if len(set(names)) != len(names) or opponent.name in names:
        sys.exit("each --arm needs a name of its own, other than the opponent's")
    if args.rounds < 1:
        sys.exit("--rounds must be at least 1")
    for brain in [a.brain for a in args.arm] + [opponent.brain]:
        if not os.access(brain, os.X_OK):
            sys.exit(f"not an executable: {brain}")
    os.makedirs(args.out, exist_ok=True)
    for _ in range(args.rounds):
        for arm in args.arm:
            play_run(args, arm, opponent)


def cmd_summary(args):
    totals = defaultdict(Tally)
    runs = defaultdict(list)
    for path in expand(args.records):
        pairing, games = records(path)
        run = tally_of(pairing[0], games)
        totals[pairing].add(run)
        runs[pairing].append(run.percent())
    for (arm, opponent), tally in sorted(totals.items()):
        every_run = ", ".join(runs[arm, opponent])
        print(f"{arm} vs {opponent}: {tally.line(args.stats)}; runs {every_run}")


def cmd_lines(args):
    by_line = defaultdict(list)
    for path in expand(args.records):
        (arm, opponent), games = records(path)
        for game in games:
            colour = "black" if game["black"] == arm else "white"
            line = (f"{arm} vs {opponent}", game["opening_index"], game["opening"], colour)
            by_line[line].append(result_for(arm, game))
    marks = {1.0: "W", 0.5: "D", 0.0: "L"}
    for (pairing, index, opening, colour), results in sorted(by_line.items()):
        score = 100 * sum(results) / len(results)
        games = "".join(marks[r] for r in results)
        print(f"{pairing} {index:2} {opening:12} {colour:5} {score:5.1f}% {games}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--arena", default=DEFAULT_ARENA, help="the arena's arena.py")
    sub = parser.add_subparsers(dest="command", required=True)
    series = sub.add_parser("series", help="play interleaved matches")
    series.add_argument("--out", required=True, help="folder for the records")
    series.add_argument("--opponent", required=True,
                        type=lambda t: parse_arm(t, "--opponent"),
                        help="NAME=BRAIN[,threads=N]")
    series.add_argument("--arm", required=True, action="append", type=parse_arm,
                        help="NAME=BRAIN[,threads=N]; give one per build")
    series.add_argument("--rounds", type=int, default=1, help="matches per arm")
    series.add_argument("--turn-ms", type=int, default=500, help="time a move (INFO timeout_turn)")
    series.add_argument("--concurrency", type=int, default=1, help="games at a time")
    series.set_defaults(run=cmd_series)
    for name, run, text in [
        ("summary", cmd_summary, "totals per arm"),
        ("lines", cmd_lines, "per opening and colour"),
    ]:
        p = sub.add_parser(name, help=text)
        p.add_argument("records", nargs="+", help="records (.jsonl) or glob patterns")
        p.set_defaults(run=run)
    args = parser.parse_args()
    args.stats = load_arena(args.arena)
    args.run(args)


if __name__ == "__main__":
    main()
