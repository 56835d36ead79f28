#!/usr/bin/env bash
# The learner's loop, measured: `workbook test NN` after a one-line edit of chapter NN
# (RUNS edits), `workbook test` for every chapter from a warm build, and, with --clean,
# a clean clone's first `swift run workbook test`. Each with wall time and peak memory
# (the largest resident set of workbook or any child, from GNU time). Rewrites only the
# section between <!-- loop:begin --> and <!-- loop:end --> of BENCHMARKS.md.
#
# With BASELINE=DIR (another checkout of the workbook, built), the same loop runs in both
# trees, interleaved run by run, so that both see the same machine load: the section then
# has a row per tree, and the ratio is the figure to trust on a shared machine.
#
#   bash Benchmarks/loop.sh            # CHAPTER=03 RUNS=10 by default
#   bash Benchmarks/loop.sh --clean    # also the clean clone's first run (minutes)
#   BASELINE=/tmp/main bash Benchmarks/loop.sh   # this tree against another, side by side
#   ALL=0 bash Benchmarks/loop.sh      # the edit loop alone, without `workbook test` of all
set -euo pipefail
cd "$(dirname "$0")/.."
chapter=${CHAPTER:-03}
runs=${RUNS:-10}
clean=${1:-}
work=$(mktemp -d)
trees=()
clones=()
if [ -n "${BASELINE:-}" ]; then trees+=("$(cd "$BASELINE" && pwd)"); fi
trees+=("$PWD")

# Each tree's chapter is copied aside and restored on exit, whatever happens.
restore() {
    for index in "${!trees[@]}"; do
        [ -f "$work/chapter-$index.md" ] || continue
        cp "$work/chapter-$index.md" "$(ls "${trees[$index]}"/Chapters/"$chapter"-*.md)"
        # The generated test file still holds the last edit: generate it again from the
        # chapter as it was, so that `workbook check` finds the tree as it was left.
        (cd "${trees[$index]}" && .build/debug/workbook generate >/dev/null) || true
    done
    rm -rf "$work"
}
trap restore EXIT
for index in "${!trees[@]}"; do
    tree=${trees[$index]}
    cp "$(ls "$tree"/Chapters/"$chapter"-*.md)" "$work/chapter-$index.md"
    (cd "$tree" && swift build --product workbook >/dev/null)
    (cd "$tree" && .build/debug/workbook test "$chapter" >/dev/null) # warm: as committed
done

label() { # index -> the row label: the tree's commit, when there are two trees
    if [ "${#trees[@]}" -gt 1 ]; then
        echo "$(git -C "${trees[$1]}" rev-parse --short HEAD)"
    else
        echo "this"
    fi
}
# The line to edit: the first one-line XCTAssert statement of the chapter; each edit
# appends an assertion comparing the run's number with itself: new code in every run, so
# the chapter is recompiled and the bundle relinked, as after a learner's edit (`_ = N`,
# which earlier passes appended, compiles to the same object code and skipped the link).
line() { grep -nE '^ *XCTAssert.*\)$' "$work/chapter-$1.md" | head -1 | cut -d: -f1; }
measure() { # kind, tree index, command...: appends "kind label seconds kilobytes"
    local kind=$1 index=$2
    shift 2
    (cd "${trees[$index]}" &&
        /usr/bin/time -f "$kind $(label "$index") %e %M" -a -o "$work/times" "$@" \
            >"$work/last.log" 2>&1) || {
        cat "$work/last.log"
        echo "error: $* failed in ${trees[$index]}" >&2
        exit 1
    }
}
for i in $(seq 1 "$runs"); do
    for index in "${!trees[@]}"; do
        file=$(ls "${trees[$index]}"/Chapters/"$chapter"-*.md)
        awk -v n="$(line "$index")" -v i="$i" 'NR == n { $0 = $0 "; XCTAssertEqual(" i ", " i ")" } { print }' \
            "$work/chapter-$index.md" >"$file"
        measure edit "$index" .build/debug/workbook test "$chapter"
    done
done
for index in "${!trees[@]}"; do
    cp "$work/chapter-$index.md" "$(ls "${trees[$index]}"/Chapters/"$chapter"-*.md)"
done
if [ "${ALL:-1}" = 1 ]; then
    for index in "${!trees[@]}"; do
        (cd "${trees[$index]}" && .build/debug/workbook test >/dev/null)
    done
    for _ in 1 2 3; do
        for index in "${!trees[@]}"; do
            measure all "$index" .build/debug/workbook test
        done
    done
fi
if [ "$clean" = "--clean" ]; then
    # A fresh clone of each tree's HEAD, its first `swift run workbook test` from nothing.
    for index in "${!trees[@]}"; do
        git clone -q "${trees[$index]}" "$work/clone-$index"
        clones+=("$work/clone-$index")
    done
    trees=("${clones[@]}")
    for index in "${!trees[@]}"; do
        measure clean "$index" swift run workbook test
    done
fi

python3 - "$work/times" "$chapter" "$runs" "$(nproc)" "${#trees[@]}" <<'PY'
import re, statistics, sys
path, chapter, runs, cores, tree_count = sys.argv[1:]
rows = {}
labels = []
for line in open(path):
    parts = line.split()
    if len(parts) == 4 and parts[0] in ("edit", "all", "clean"):
        rows.setdefault((parts[0], parts[1]), []).append((float(parts[2]), int(parts[3])))
        if parts[1] not in labels:
            labels.append(parts[1])
def figures(kind, label):
    values = rows.get((kind, label))
    if not values:
        return None
    times = [t for t, _ in values]
    peak = max(m for _, m in values) / 1024
    return statistics.median(times), max(times), len(times), peak
lines = [
    "<!-- loop:begin -->",
    "## The learner's loop (`workbook test`)",
    "",
    f"Measured by `bash Benchmarks/loop.sh{' --clean' if any(k == 'clean' for k, _ in rows) else ''}` on this "
    f"{cores}-core machine (other builds may have been running). Peak memory is the largest "
    "resident set of `workbook` or any one child (GNU time).",
    "",
    "Design measured: `swift build --build-tests` of the chapters asked for alone "
    "(`WORKBOOK_CHAPTERS_ONLY`: the bundle holds them and not the workbook's own suites; its "
    "no-op planning alone is about 0.6 s on a quiet machine), then each declared test in its "
    "own process from the built bundle, started through swift-subprocess, one per core at a "
    "time. Before this runner the issue measured 1.7 s to 6.6 s for the edit loop with one "
    "`swift test` process for all chapters.",
    "",
]
if int(tree_count) > 1:
    lines += [
        "Two trees side by side (`BASELINE=...`), each run of one followed by the same run of "
        f"the other, so both saw the same load: {labels[0]} (baseline) and {labels[-1]} (this "
        "tree). The ratio is the figure to trust; the times move with the machine's load.",
        "",
    ]
lines += ["| What | Tree | Time | Peak memory |", "|---|---|---|---|"]
for kind, text in (
    ("edit", f"one-line edit in chapter {chapter}, then `workbook test {chapter}`"),
    ("all", "`workbook test` (all chapters), warm build, no edit"),
    ("clean", "clean clone's first `swift run workbook test`"),
):
    for label in labels:
        found = figures(kind, label)
        if found is None:
            if kind == "clean" and label == labels[-1]:
                lines.append(f"| {text} | {label} | not measured in this run |  |")
            continue
        median, worst, count, peak = found
        ratio = ""
        if label != labels[0] and figures(kind, labels[0]):
            ratio = f" ({median / figures(kind, labels[0])[0]:.2f}x the baseline)"
        lines.append(
            f"| {text} | {label} | median {median:.2f} s, worst {worst:.2f} s over {count} "
            f"run(s){ratio} | {peak:.0f} MiB |")
lines.append("<!-- loop:end -->")
section = "\n".join(lines)
text = open("BENCHMARKS.md").read()
pattern = re.compile(r"<!-- loop:begin -->.*?<!-- loop:end -->", re.S)
text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section + "\n"
open("BENCHMARKS.md.tmp", "w").write(text)
import os
os.replace("BENCHMARKS.md.tmp", "BENCHMARKS.md")
print(section)
PY
