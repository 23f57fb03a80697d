#!/bin/sh
# Fit the evaluation weights to game results (see examples/tune.rs).
#
# 1. Games: Fairy-Stockfish against itself in the variants it knows (chess, capablanca), the
#    built-in engine against itself in the others, all from random balanced openings.
# 2. The tuner fits the weights of src/engine/eval.rs to those games' results and prints
#    them; paste them into the `weights!` block.
#
# 3. With MODE `labels` (needs fairy-stockfish), the quiet positions of the chess and
#    Capablanca games are labelled with Fairy-Stockfish's static evaluation
#    (scripts/label_positions.py) and the weights are fitted to those evaluations instead,
#    25 passes from the current weights (the present weights were fitted this way to chess
#    positions only: see src/engine/eval.rs; at stop 30 to the positions of our own engine's
#    games instead: `tune variants/chess.toml GAMES.pgn --dump | sort -u |
#    scripts/label_positions.py chess > chess.labels`, labels beyond ±2000 left out, then
#    `tune variants/chess.toml chess.labels --passes 3`).
#    Labels from a search instead of the static evaluation (`label_positions.py chess
#    --depth 10`: 25,743 positions of 600 games, same filter, same 3 passes) fitted weights
#    that scored -55 Elo (95%: -76..-34) against the static-label ones over 800 self-play
#    games at 10,000 nodes a move (likely because a search score holds tactics no static
#    term can explain, and fitting them pulls the weights away from what the evaluation sees).
#
# Usage: scripts/tune.sh [GAMES_PER_VARIANT] [OUT_DIR] [MODE]
#   (defaults: 200, target/tune, results)
# Needs fairy-stockfish on the PATH (Debian: apt-get install fairy-stockfish) for the first
# two variants; without it they are played by the built-in engine too. Runs at nice 10.
set -eu
games=${1:-200}
out=${2:-target/tune}
mode=${3:-results}
mkdir -p "$out"
cargo build --release --quiet --bin fairyrules --example tune
bin=target/release/fairyrules
fsf=$(command -v fairy-stockfish || command -v /usr/games/fairy-stockfish || true)
pairs=""
for v in chess capablanca hectochess glinski heroes-hexagonal hero-chess superhero-chess; do
    pgn="$out/$v.pgn"
    if [ ! -s "$pgn" ]; then
        case "$v" in
            chess|capablanca)
                if [ -n "$fsf" ]; then
                    engines="--engine1 $fsf --engine2 $fsf --movetime 20"
                else
                    engines="--nodes 4000"
                fi ;;
            *) engines="--nodes 4000" ;;
        esac
        # shellcheck disable=SC2086
        nice -n 10 "$bin" match "variants/$v.toml" --games "$games" --openings "$((games / 2))" \
            --opening-plies 6 --seed 7 $engines --pgn "$pgn" --quiet > "$out/$v.report"
    fi
    pairs="$pairs variants/$v.toml $pgn"
done
if [ "$mode" = labels ]; then
    labelled=""
    for v in chess capablanca; do
        target/release/examples/tune "variants/$v.toml" "$out/$v.pgn" --dump 2>/dev/null \
            | python3 scripts/label_positions.py "$v" "$fsf" > "$out/$v.labels"
        labelled="$labelled variants/$v.toml $out/$v.labels"
    done
    # shellcheck disable=SC2086
    nice -n 10 target/release/examples/tune $labelled --passes 25
    exit
fi
# shellcheck disable=SC2086
nice -n 10 target/release/examples/tune $pairs
