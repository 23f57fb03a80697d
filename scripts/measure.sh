#!/bin/sh
# The engine's measurements for the README and the issue: each report goes to OUT_DIR.
#
# - fsf-chess, fsf-capablanca: the built-in engine against Fairy-Stockfish (UCI), 0.1 s a
#   move, GAMES games each (needs fairy-stockfish: apt-get install fairy-stockfish).
# - handicap-chess, handicap-capablanca: the same with Fairy-Stockfish given a quarter of the
#   time (scripts/engine/handicap.py): the score lands near 50%, where GAMES games tell two
#   versions of the engine apart best (not run by default).
# - elo-TECHNIQUE: self-play, the engine with TECHNIQUE (`+TECHNIQUE`) against the engine
#   without it (`-TECHNIQUE`), everything else as by default (so a technique that is off by
#   default, like `singular`, is measured the same way), in chess at 20 ms a move, SELF games
#   each (resigned at 8 pawns behind).
# - sample-hectochess, sample-heroes-hexagonal: the `match` report a designer sees.
# - speed: nodes per second per variant (examples/engine_speed.rs).
#
# Usage: scripts/measure.sh [GAMES] [SELF] [OUT_DIR] [PARTS...]
#   (defaults 100, 100, target/measure, parts fsf elo sample speed; `handicap` on request).
#   Runs at nice 10.
set -eu
games=${1:-100}
self=${2:-100}
out=${3:-target/measure}
shift $(( $# < 3 ? $# : 3 ))
parts=${*:-fsf elo sample speed}
mkdir -p "$out"
cargo build --release --quiet --bin fairyrules --example engine_speed
bin=target/release/fairyrules
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
run() { name=$1; shift; [ -s "$out/$name.txt" ] || nice -n 10 "$bin" match "$@" --quiet --pgn "$out/$name.pgn" > "$out/$name.txt"; }
for part in $parts; do
    case $part in
    fsf)
        run fsf-chess variants/chess.toml --games "$games" --movetime 100 --openings "$((games / 2))" --engine2 "$fsf"
        run fsf-capablanca variants/capablanca.toml --games "$games" --movetime 100 --openings "$((games / 2))" --engine2 "$fsf" ;;
    handicap)
        quarter="uci:scripts/engine/handicap.py 4 $fsf"
        run handicap-chess variants/chess.toml --games "$games" --movetime 100 --openings "$((games / 2))" \
            --seed 41 --engine2 "$quarter"
        run handicap-capablanca variants/capablanca.toml --games "$games" --movetime 100 \
            --openings "$((games / 2))" --seed 41 --engine2 "$quarter" ;;
    elo)
        # Every name of Features::NAMES (src/engine/mod.rs).
        for t in null-move lmr see killers counter-moves history continuation check-extension \
            aspiration futility razoring singular qs-checks qs-evasion-pruning qs-check-captures \
            see-checks capture-history probcut correction \
            mobility king-safety pawn-structure threats net; do
            # Engine 1 is the one with the technique, engine 2 the one without.
            run "elo-$t" variants/chess.toml --games "$self" --movetime 20 --openings "$((self / 2))" \
                --seed 7 --resign 800 --engine1 "fairyrules +$t" --engine2 "fairyrules -$t"
        done ;;
    sample)
        run sample-hectochess variants/hectochess.toml --games 100 --movetime 50 --openings 50
        run sample-heroes-hexagonal variants/heroes-hexagonal.toml --games 100 --movetime 50 --openings 50 ;;
    speed)
        [ -s "$out/speed.txt" ] || nice -n 10 target/release/examples/engine_speed 2000 > "$out/speed.txt" ;;
    esac
done
