#!/usr/bin/env bash
# Run every fuzz target for SECONDS each (default 60), starting from the seeds in `seeds/`
# and the corpus kept in `corpus/`; needs nightly Rust and cargo-fuzz. Prints each target's
# executions; a crash stops with the panic and the failing input in `artifacts/TARGET/`.
# TARGETS="position moves" runs only those.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
for target in ${TARGETS:-betza variant position moves protocol}; do
  mkdir -p "corpus/$target"
  log=$(mktemp)
  # A protocol run starts an engine (tables of tens of MiB, slow under the sanitizer).
  timeout=20
  [ "$target" = protocol ] && timeout=120
  # The variant target starts from the shipped variant files themselves.
  seeds="seeds/$target"
  [ "$target" = variant ] && seeds=../variants
  dict=()
  [ -f "dict/$target.dict" ] && dict=(-dict="dict/$target.dict")
  if ! cargo +nightly fuzz run "$target" "corpus/$target" "$seeds" -- \
      -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -max_len=8192 \
      ${dict[@]+"${dict[@]}"} >"$log" 2>&1; then
    grep -a -A3 "panicked at" "$log" | head -20 || true
    grep -a -E "^(SUMMARY|artifact_prefix|Base64)" "$log" || tail -30 "$log"
    echo "fuzz target $target FAILED"
    exit 1
  fi
  echo "fuzz $target: $(grep -a -E '^Done [0-9]+ runs' "$log" || tail -1 "$log")"
  rm -f "$log"
done
