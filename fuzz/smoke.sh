#!/usr/bin/env bash
# A fuzz smoke run: each target for SECONDS (default 120) from the seed
# corpus kept in fuzz/seeds (a copy: the grown corpora stay out of git).
# Fails on any crash, timeout or out-of-memory, printing the artifact.
# Needs a nightly toolchain and cargo-fuzz (installed here when missing).
#   bash fuzz/smoke.sh [SECONDS]
# CI runs it when MINASP_FUZZ_SMOKE is set (its value: the seconds per target).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-120}"
if ! rustup toolchain list | grep -q '^nightly'; then
  rustup toolchain install nightly --profile minimal
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for target in parse pipeline ground_input embedding; do
  seeds="fuzz/seeds/$target"
  [ "$target" = embedding ] && seeds="fuzz/seeds/pipeline"
  mkdir -p "$work/$target"
  cp "$seeds"/* "$work/$target/"
  max_len=600
  case "$target" in pipeline | embedding) max_len=400 ;; esac
  echo "fuzz smoke: $target for ${secs} s"
  cargo +nightly fuzz run "$target" "$work/$target" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1
done
echo "fuzz smoke: no crash, timeout or out-of-memory in any target"
