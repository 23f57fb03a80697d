#!/usr/bin/env python3
"""Measure `fairyrules uci` as a GUI sees it: does `bestmove` arrive within the time
control, and does `stop` answer at once? Prints figures; asserts nothing.

  scripts/uci_timing.py [--binary target/release/fairyrules] [--games 2]

- Clock games: the engine plays both sides of each variant under a clock (base + increment),
  the script keeping the clocks as a GUI does (the time from sending `go` to reading
  `bestmove` is charged to the mover). Reported: moves, the longest think, the share of the
  mover's clock it took, the least time left on any clock, and flag falls.
- Fixed time: `go movetime T`, reported as the overshoot beyond T.
- Stop: `go infinite`, `stop` after a random delay, reported as the time to `bestmove`.
Only the standard library is used."""

import argparse
import random
import statistics
import subprocess
import time


class Engine:
    """A UCI engine process spoken to line by line (also used by label_positions.py)."""

    def __init__(self, command):
        self.p = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def lines_until(self, prefix):
        """Every line read up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def until(self, prefix):
        """The first line that starts with `prefix` (the ones before it are dropped)."""
        return self.lines_until(prefix)[-1].strip()

    def close(self):
        self.send("quit")
        self.p.wait(timeout=30)


def clock_games(engine, variant, base_ms, inc_ms, games, max_plies):
    engine.send(f"setoption name UCI_Variant value {variant}")
    thinks, shares, lowest, flags, plies_total = [], [], base_ms, 0, 0
    for _ in range(games):
        engine.send("ucinewgame")
        moves = []
        clock = [base_ms, base_ms]
        for ply in range(max_plies):
            side = ply % 2
            engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            start = time.monotonic()
            engine.send(f"go wtime {clock[0]} btime {clock[1]} winc {inc_ms} binc {inc_ms}")
            best = engine.until("bestmove").split()[1]
            used = (time.monotonic() - start) * 1000
            if best == "(none)":
                break
            thinks.append(used)
            shares.append(used / clock[side])
            clock[side] -= used
            if clock[side] < 0:
                flags += 1
            lowest = min(lowest, clock[side])
            clock[side] += inc_ms
            clock[side] = int(clock[side])
            moves.append(best)
            plies_total += 1
    return {
        "variant": variant,
        "control": f"{base_ms / 1000:g}s+{inc_ms / 1000:g}s",
        "plies": plies_total,
        "longest think ms": round(max(thinks), 1),
        "median think ms": round(statistics.median(thinks), 1),
        "largest share of the clock": f"{max(shares) * 100:.1f}%",
        "least time left ms": round(lowest),
        "flag falls": flags,
    }


def fixed_time(engine, variant, movetime, n):
    engine.send(f"setoption name UCI_Variant value {variant}")
    engine.send("position startpos")
    over = []
    for _ in range(n):
        start = time.monotonic()
        engine.send(f"go movetime {movetime}")
        engine.until("bestmove")
        over.append((time.monotonic() - start) * 1000 - movetime)
    return {
        "variant": variant,
        "movetime ms": movetime,
        "searches": n,
        "overshoot ms median": round(statistics.median(over), 1),
        "overshoot ms max": round(max(over), 1),
    }


def stop_latency(engine, variant, n, rng):
    engine.send(f"setoption name UCI_Variant value {variant}")
    engine.send("position startpos")
    delays = []
    for _ in range(n):
        engine.send("go infinite")
        engine.until("info depth 2 ")
        time.sleep(rng.uniform(0.0, 0.3))
        start = time.monotonic()
        engine.send("stop")
        engine.until("bestmove")
        delays.append((time.monotonic() - start) * 1000)
    return {
        "variant": variant,
        "stops": n,
        "stop to bestmove ms median": round(statistics.median(delays), 2),
        "max": round(max(delays), 2),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default="target/release/fairyrules")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=120)
    args = ap.parse_args()
    rng = random.Random(1)
    engine = Engine([args.binary, "uci"])
    for variant, base, inc in [("hectochess", 10_000, 100), ("chess", 5_000, 50), ("glinski", 5_000, 50)]:
        print(clock_games(engine, variant, base, inc, args.games, args.max_plies), flush=True)
    for variant in ["hectochess", "chess", "heroes-hexagonal"]:
        print(fixed_time(engine, variant, 100, 10), flush=True)
    for variant in ["hectochess", "chess", "glinski"]:
        print(stop_latency(engine, variant, 20, rng), flush=True)
    engine.close()


if __name__ == "__main__":
    main()
