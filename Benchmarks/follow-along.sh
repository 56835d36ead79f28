#!/usr/bin/env bash
# The follow-along loop, measured on chapter CHAPTER (03 by default), each figure RUNS
# times (5): wall time, with the median and the worst.
#   first result:  from a warm plain build, `workbook exercise NN` then `workbook test NN --mine`
#                  (the first run against the reader's Workbench/ rebuilds the chapter module)
#   --mine edit:   with the chapter's solution as the reader's code, an edit of a function body
#                  in it, then `workbook test NN --mine`
#   plain edit:    the same kind of run without --mine, after a one-line edit of the chapter
#                  (the --mine column minus this one is what --mine costs per edit)
#   watch:         the same edit saved -> `workbook watch NN --mine` printing its verdict
# Rewrites only the section between <!-- follow:begin --> and <!-- follow:end --> of
# BENCHMARKS.md. It needs no Workbench/ of yours (it writes and removes its own).
#
#   bash Benchmarks/follow-along.sh
set -euo pipefail
cd "$(dirname "$0")/.."
chapter=${CHAPTER:-03}
runs=${RUNS:-5}
if [ -e Workbench ]; then
    echo "error: Workbench/ exists; move yours aside first" >&2
    exit 1
fi
file=$(ls Chapters/"$chapter"-*.md)
work=$(mktemp -d)
cp "$file" "$work/chapter.md"
cleanup() {
    cp "$work/chapter.md" "$file"
    rm -rf Workbench "$work"
    [ -n "${watcher:-}" ] && kill -INT "$watcher" 2>/dev/null || true
}
trap cleanup EXIT

swift build --product workbook >/dev/null
workbook=.build/debug/workbook
now() { date +%s.%N; }
record() { awk -v a="$2" -v b="$3" -v l="$1" 'BEGIN { printf "%s %.3f\n", l, b - a }' >>"$work/times"; }

for _ in $(seq 1 "$runs"); do
    rm -rf Workbench
    "$workbook" test "$chapter" >/dev/null # warm, plain
    start=$(now)
    "$workbook" exercise "$chapter" >/dev/null
    "$workbook" test "$chapter" --mine >/dev/null 2>&1 || true # the starter fails
    record first "$start" "$(now)"
done

# From here on the reader's code is the chapter's solution (every test passes, as in the
# loop's steady state), and each edit changes a function body in a file of theirs, as most
# edits do: the module's interface stays the same.
rm -rf Workbench
"$workbook" exercise "$chapter" --solution >/dev/null
component=Workbench/Chapter"$chapter"/Edit.swift
echo "func followAlongEdit() -> Int { 0 }" >"$component"
"$workbook" test "$chapter" --mine >/dev/null 2>&1
for i in $(seq 1 "$runs"); do
    echo "func followAlongEdit() -> Int { $i }" >"$component"
    start=$(now)
    "$workbook" test "$chapter" --mine >/dev/null 2>&1 || true
    record mine "$start" "$(now)"
done

line=$(grep -nE '^ *XCTAssert.*\)$' "$work/chapter.md" | head -1 | cut -d: -f1)
"$workbook" test "$chapter" >/dev/null
for i in $(seq 1 "$runs"); do
    awk -v n="$line" -v i="$i" 'NR == n { $0 = $0 "; _ = " i } { print }' \
        "$work/chapter.md" >"$file"
    start=$(now)
    "$workbook" test "$chapter" >/dev/null 2>&1
    record plain "$start" "$(now)"
done
cp "$work/chapter.md" "$file"

"$workbook" watch "$chapter" --mine >"$work/watch.log" 2>&1 &
watcher=$!
verdicts() { grep -c "workbook watch:" "$work/watch.log" || true; }
until [ "$(verdicts)" -ge 1 ]; do sleep 0.1; done
for i in $(seq 1 "$runs"); do
    seen=$(verdicts)
    start=$(now)
    echo "func followAlongEdit() -> Int { $((100 + i)) }" >"$component"
    until [ "$(verdicts)" -gt "$seen" ]; do sleep 0.02; done
    record watch "$start" "$(now)"
done
kill -INT "$watcher"
wait "$watcher" 2>/dev/null || true
watcher=""
sleep 0.5
left=$(pgrep -f "CombineByTestsPackageTests.xctest" | wc -l || true)

python3 - "$work/times" "$chapter" "$runs" "$(nproc)" "$left" <<'PY'
import statistics, sys
path, chapter, runs, cores, left = sys.argv[1:]
rows = {}
for line in open(path):
    label, seconds = line.split()
    rows.setdefault(label, []).append(float(seconds))
def cell(label):
    values = rows[label]
    return f"{statistics.median(values):.2f} s", f"{max(values):.2f} s"
names = {
    "first": f"`workbook exercise {chapter}`, then its first `workbook test {chapter} --mine` (from a warm plain build)",
    "mine": f"edit of a function body in the reader's code (the solution: all pass), then `workbook test {chapter} --mine`",
    "plain": f"one-line edit of the chapter, then `workbook test {chapter}` (no --mine)",
    "watch": f"the same edit saved -> `workbook watch {chapter} --mine` verdict",
}
extra = statistics.median(rows["mine"]) - statistics.median(rows["plain"])
lines = [
    "<!-- follow:begin -->",
    "## The follow-along loop (`workbook exercise`, `--mine`, `watch`)",
    "",
    f"Measured by `bash Benchmarks/follow-along.sh` on this {cores}-core machine, {runs} runs "
    "each (other builds may have been running). Wall time.",
    "",
    "| What | Median | Worst |",
    "|:--|--:|--:|",
]
for key in ("first", "mine", "plain", "watch"):
    median, worst = cell(key)
    lines.append(f"| {names[key]} | {median} | {worst} |")
lines += [
    "",
    f"What `--mine` costs per edit over a plain chapter run: {extra:+.2f} s (median against median): "
    "the reader's module is compiled (and the chapter modules that import it, when its interface "
    "changes). Switching "
    "between plain and `--mine` runs recompiles the chapter modules (the manifest gives them "
    "another dependency and a `WORKBOOK_MINE` define); that is inside the first-result figure.",
    f"Test processes left after Ctrl-C on watch: {left}.",
    "<!-- follow:end -->",
]
text = open("BENCHMARKS.md").read()
section = "\n".join(lines)
if "<!-- follow:begin -->" in text:
    head, rest = text.split("<!-- follow:begin -->", 1)
    tail = rest.split("<!-- follow:end -->", 1)[1]
    text = head + section + tail
else:
    text = text.rstrip("\n") + "\n\n" + section + "\n"
open("BENCHMARKS.md", "w").write(text)
print(section)
PY
