#!/bin/sh
# A change to the engine against the engine as committed, in self-play at equal nodes.
#
# The change is a patch (`git diff > my.patch`, relative to HEAD). HEAD and HEAD with the
# patch are built in git worktrees under target/ab/ (a target directory each, kept between
# runs), then the patched build plays the committed one:
#
#   fairyrules match FILE --games GAMES --openings GAMES/2 --opening-plies 8 --seed SEED
#       --nodes NODES --resign 800 --engine2 "uci:HEAD-BUILD uci"
#
# Engine 1 in the report is the patched build. A node limit makes the result independent of
# the machine's load, so matches can run beside other work. On two cores, 10,000 nodes a move: about 95 games a
# minute; 1,600 games give a 95% interval of about ±14 Elo near 50% (stops 34-35 measured
# five search changes this way, each within -27..+11 Elo, and one evaluation refit at -55).
#
# Usage: scripts/engine/ab.sh PATCH [GAMES] [SEED] [NODES] [FILE]
#   (defaults 800, 71, 10000, variants/chess.toml). Report and games: target/ab/NAME.SEED.*
#   where NAME is the patch's file name without its extension. Runs at nice 10.
set -eu
patch=$(realpath "$1")
games=${2:-800}
seed=${3:-71}
nodes=${4:-10000}
root=$(git rev-parse --show-toplevel)
file=$(realpath "${5:-$root/variants/chess.toml}")
name=$(basename "$patch" | sed 's/\.[^.]*$//')
ab="$root/target/ab"
mkdir -p "$ab"

# build DIR [PATCH]: a clean worktree of HEAD in target/ab/DIR (with PATCH applied), built.
build() {
    tree="$ab/$1"
    if [ ! -d "$tree" ]; then
        git -C "$root" worktree add --quiet --detach "$tree" HEAD
    fi
    git -C "$tree" checkout --quiet -- .
    git -C "$tree" clean --quiet -fd
    git -C "$tree" checkout --quiet --detach "$(git -C "$root" rev-parse HEAD)"
    if [ -n "${2:-}" ]; then
        git -C "$tree" apply "$2"
    fi
    (cd "$tree" && nice -n 10 cargo build --release --quiet --bin fairyrules \
        --target-dir "$ab/target-$1")
    echo "$ab/target-$1/release/fairyrules"
}

base=$(build base)
changed=$(build changed "$patch")
echo "base: $(git -C "$root" rev-parse --short HEAD); changed: HEAD + $patch" >&2
nice -n 10 "$changed" match "$file" --games "$games" --openings "$((games / 2))" \
    --opening-plies 8 --seed "$seed" --nodes "$nodes" --resign 800 \
    --engine2 "uci:$base uci" --pgn "$ab/$name.$seed.pgn" | tee "$ab/$name.$seed.txt"
