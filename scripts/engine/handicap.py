#!/usr/bin/env python3
"""A UCI engine given a fraction of the time it is asked to use: `go movetime X` becomes
`go movetime X/DIVISOR` (and `wtime`/`btime`/`winc`/`binc` likewise); or, with
`nodes=N` instead of a divisor, every `go` becomes `go nodes N` whatever it asked for;
everything else is passed through unchanged.

    fairyrules match variants/chess.toml --games 100 --openings 50 --movetime 100 \\
        --engine2 "uci:scripts/engine/handicap.py 4 /usr/games/fairy-stockfish"

Against Fairy-Stockfish at equal time the engine scores 5-12%, where 100 games leave a
margin of ±65 Elo or more; at a quarter of the time it scores near 50%, where the margin is
about ±40 Elo: a finer instrument to compare two versions of the engine (about 220 Elo per
doubling of Fairy-Stockfish's time at 100 ms).

A node limit for Fairy-Stockfish makes the match independent of the machine's load (give
our engine `--nodes`: `match` sends that limit to both engines, and the wrapper puts its own
in Fairy-Stockfish's `go` instead), so two versions of our engine can be measured against
the same opponent side by side (ours at 20,000 nodes against Fairy-Stockfish at 10,000
scored 40.8% over 800 games at stop 38; at 4,000, 91.5% over 100 with stop 37's king
danger):

    fairyrules match variants/chess.toml --games 800 --openings 400 --nodes 20000 \\
        --engine1 "fairyrules weights=my.w" \\
        --engine2 "uci:scripts/engine/handicap.py nodes=10000 /usr/games/fairy-stockfish"
"""
import re
import subprocess
import sys

limit = sys.argv[1] if len(sys.argv) > 1 else "4"
try:
    nodes = int(limit[len("nodes="):]) if limit.startswith("nodes=") else None
    divisor = None if nodes is not None else int(limit)
except ValueError:
    sys.exit(f"usage: handicap.py [DIVISOR | nodes=N] [COMMAND...] (got {limit!r})")
if (nodes if nodes is not None else divisor) < 1:
    sys.exit(f"handicap.py: the divisor or node count must be at least 1 (got {limit!r})")
command = sys.argv[2:] or ["/usr/games/fairy-stockfish"]
engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=sys.stdout, text=True, bufsize=1)


def shorter(match):
    return f"{match.group(1)} {max(1, int(match.group(2)) // divisor)}"


for line in sys.stdin:
    if line.startswith("go"):
        if nodes is not None:
            line = f"go nodes {nodes}\n"
        else:
            line = re.sub(r"\b(movetime|wtime|btime|winc|binc) (\d+)", shorter, line)
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == "quit":
        break
# Our input ended (or `quit` was passed on): closing the engine's input makes it exit too,
# instead of waiting for a command that never comes when the match was killed.
engine.stdin.close()
engine.wait()
