#!/usr/bin/env python3
"""Label positions with Fairy-Stockfish's static evaluation, for `examples/tune.rs`.

Reads position strings (one per line, as `tune --dump` prints them) on stdin and writes
`POSITION ; CENTIPAWNS` lines (the evaluation for White) on stdout: a `.labels` file.

    cargo run --release --example tune -- variants/chess.toml games.pgn --dump \\
        | scripts/label_positions.py chess > chess.labels

Positions Fairy-Stockfish gives no evaluation (in check) are left out.
"""
import re
import subprocess
import sys

variant = sys.argv[1] if len(sys.argv) > 1 else "chess"
engine = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/fairy-stockfish"
fens = [line.strip() for line in sys.stdin if line.strip()]
commands = [f"setoption name UCI_Variant value {variant}", "isready"]
for fen in fens:
    commands += [f"position fen {fen}", "eval", "isready"]
proc = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                      capture_output=True, text=True, check=True)
# Each position's output ends at its `readyok` (the first one answers the setup).
chunks = proc.stdout.split("readyok")[1:]
for fen, chunk in zip(fens, chunks):
    found = re.search(r"Total evaluation: ([-0-9.]+)", chunk)
    if found:
        print(f"{fen} ; {round(float(found.group(1)) * 100)}")
