#!/usr/bin/env python3
"""Label positions with Fairy-Stockfish's evaluation, for `examples/tune.rs`.

Reads position strings (one per line, as `tune --dump` prints them) on stdin and writes
`POSITION ; CENTIPAWNS` lines (the evaluation for White) on stdout: a `.labels` file.

    cargo run --release --example tune -- variants/chess.toml games.pgn --dump \\
        | scripts/label_positions.py chess > chess.labels

    scripts/label_positions.py VARIANT [ENGINE] [--depth N] [--jobs J]

By default the label is Fairy-Stockfish's static evaluation (`eval`). With `--depth N` it is
the score of a depth-N search instead (`go depth N`, the table kept between positions), run
in J engine processes at once: a label that has seen the position's tactics and plans, for
fitting the static evaluation to what a search finds.

Positions Fairy-Stockfish gives no evaluation (in check), and with `--depth` positions it
scores as a forced mate, are left out.
"""
import argparse
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from uci_timing import Engine

parser = argparse.ArgumentParser(description="Label positions with Fairy-Stockfish's evaluation.")
parser.add_argument("variant", nargs="?", default="chess")
parser.add_argument("engine", nargs="?", default="/usr/games/fairy-stockfish")
parser.add_argument("--depth", type=int, help="label with a depth-N search score")
parser.add_argument("--jobs", type=int, default=2, help="engine processes with --depth")
args = parser.parse_args()
variant, engine, depth, jobs = args.variant, args.engine, args.depth, args.jobs
fens = [line.strip() for line in sys.stdin if line.strip()]


def static_labels(fens):
    """Each position's `eval` line, in one batch (static evaluation needs no waiting)."""
    commands = [f"setoption name UCI_Variant value {variant}", "isready"]
    for fen in fens:
        commands += [f"position fen {fen}", "eval", "isready"]
    proc = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                          capture_output=True, text=True, check=True)
    # Each position's output ends at its `readyok` (the first one answers the setup).
    chunks = proc.stdout.split("readyok")[1:]
    out = []
    for fen, chunk in zip(fens, chunks):
        found = re.search(r"Total evaluation: ([-0-9.]+)", chunk)
        if found:
            out.append((fen, round(float(found.group(1)) * 100)))
    return out


def search_labels(numbered):
    """Each position's depth-`depth` search score for White, from one engine process, with
    the position's number in the input (to write them back in input order)."""
    uci = Engine([engine])
    uci.send(f"setoption name UCI_Variant value {variant}")
    uci.send("isready")
    uci.until("readyok")
    out = []
    for number, fen in numbered:
        uci.send(f"position fen {fen}")
        uci.send(f"go depth {depth}")
        score = None
        for line in uci.lines_until("bestmove"):
            found = re.search(r" score (cp|mate) (-?\d+)", line)
            if found and " lowerbound" not in line and " upperbound" not in line:
                score = found.groups()
        if score is None or score[0] == "mate":
            continue
        cp = int(score[1])
        # The score is for the side to move.
        if fen.split()[1] == "b":
            cp = -cp
        out.append((number, fen, cp))
    uci.close()
    return out


if depth is None:
    labelled = static_labels(fens)
else:
    # Shared out round-robin; written back in input order (game order, for a trainer's
    # --hold-out-last).
    numbered = list(enumerate(fens))
    parts = [numbered[j::jobs] for j in range(jobs)]
    with ThreadPoolExecutor(jobs) as pool:
        rows = sorted(row for part in pool.map(search_labels, parts) for row in part)
    labelled = [(fen, cp) for _, fen, cp in rows]
for fen, cp in labelled:
    print(f"{fen} ; {cp}")
