#!/usr/bin/env bash
# Side-by-side benchmark of minasp against clingo 5.4 (see bench/README.md).
#
#   bench/run.sh                 all workloads (writes bench/results.md)
#   bench/run.sh --quick         smoke test: a subset, 1 run, no warm-up
#   bench/run.sh lunar queens    only workloads whose name contains "lunar" or "queens"
#   bench/run.sh --timeout 30    per-run timeout in seconds (default 60)
#   bench/run.sh --build ...     `cargo build --release` first
#   bench/run.sh --list          list the workloads and their commands
#   bench/run.sh --help          all options
#
# Needs clingo, gringo, hyperfine and GNU time (/usr/bin/time).  Every process
# runs under an 8 GB virtual-memory cap.
set -euo pipefail
cd "$(dirname "$0")/.."

args=()
for a in "$@"; do
    if [[ "$a" == --build ]]; then
        cargo build --release
    else
        args+=("$a")
    fi
done

for tool in clingo gringo hyperfine /usr/bin/time timeout python3; do
    command -v "$tool" >/dev/null || { echo "bench/run.sh: $tool not found (apt-get install clingo hyperfine time)" >&2; exit 2; }
done

bin=target/release/minasp
if [[ -x "$bin" ]] && [[ -n "$(find src grammar build.rs Cargo.toml -newer "$bin" -print -quit 2>/dev/null)" ]]; then
    echo "bench/run.sh: warning: $bin is older than the sources (rebuild with --build)" >&2
fi

ulimit -v 8000000
exec python3 bench/run.py ${args[@]+"${args[@]}"}
