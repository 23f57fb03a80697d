#!/usr/bin/env bash
# Instructions per perft leaf, counted by valgrind's callgrind (repeatable on a noisy machine,
# unlike seconds). Use it before and after a change to the move generator:
#
#   scripts/instructions.sh                 # chess perft 5 and Hectochess perft 4
#   scripts/instructions.sh chess.toml 4    # one variant file of variants/ and a depth
#
# Builds the release binary first. Prints one line per run: variant, depth, leaves,
# instructions, instructions per leaf.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
cargo build --release --quiet
bin=target/release/fairyrules
runs=("chess.toml 5" "hectochess.toml 4")
if [ $# -ge 2 ]; then runs=("$1 $2"); fi
printf '%-22s %5s %12s %16s %10s\n' variant depth leaves instructions per-leaf
for run in "${runs[@]}"; do
  set -- $run
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft "variants/$1" "$2" 2>&1)
  leaves=$(printf '%s\n' "$out" | sed -n 's/^nodes: //p')
  ir=$(printf '%s\n' "$out" | sed -n 's/.*Collected : //p' | tr -d ' ')
  printf '%-22s %5s %12s %16s %10.1f\n' "$1" "$2" "$leaves" "$ir" "$(awk -v a="$ir" -v b="$leaves" 'BEGIN{print a/b}')"
done
