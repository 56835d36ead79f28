#!/usr/bin/env bash
# Runs every benchmark in release mode and rewrites BENCHMARKS.md at the repository root.
# Extra arguments go to the benchmark tool, e.g. Benchmarks/run.sh --filter 'send/.*'
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT
cd "$here"
swift package --allow-writing-to-package-directory benchmark \
    --format histogramPercentiles --path "$results" --no-progress "$@" \
    | { grep -v '^Writing to ' || true; }
# Sections other scripts own (loop.sh, instructions.sh) are carried over as they are.
python3 "$here/report.py" "$results" "$here/before-after.md" "$here/../BENCHMARKS.md" \
    > "$results/BENCHMARKS.md"
mv "$results/BENCHMARKS.md" "$here/../BENCHMARKS.md"
echo "wrote $(cd "$here/.." && pwd)/BENCHMARKS.md"
