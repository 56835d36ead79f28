#!/usr/bin/env bash
# Instructions per event under callgrind, for this checkout and optionally an earlier commit,
# side by side in one run. Instruction counts repeat exactly from run to run on the same
# binary, where wall-clock times wander with the machine's load.
#
# Usage: Benchmarks/instructions.sh [--write] [BEFORE_COMMIT]
#   Prints a Markdown table: each case's instructions per event (callgrind's total for
#   N events minus its total for 0 events, divided by N), its reference and the ratio,
#   and with BEFORE_COMMIT the same for that commit beside it. --write also puts the table
#   into BENCHMARKS.md, between <!-- instructions:begin --> and <!-- instructions:end -->.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
events="${EVENTS:-100000}"
write=false
if [ "${1:-}" = "--write" ]; then write=true; shift; fi
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }

build() { # $1: library checkout, $2: scratch copy of the harness package
    rm -rf "$2" && mkdir -p "$2" && cp -R "$here/Instructions/Package.swift" "$here/Instructions/Sources" "$2/"
    (cd "$2" && COMBINE_BY_TESTS_PATH="$1" swift build -c release -q >&2)
    echo "$2/.build/release/InstructionCounts"
}

count() { # $1: binary, $2: case, $3: events -> callgrind's instruction total
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" "$3" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_event() { # $1: binary, $2: case
    local zero full
    zero=$(count "$1" "$2" 0)
    full=$(count "$1" "$2" "$events")
    echo $(( (full - zero) / events ))
}

work="$(mktemp -d)"
trap 'rm -rf "$work"; [ -n "${before_tree:-}" ] && git -C "$root" worktree remove --force "$before_tree" >/dev/null 2>&1 || true' EXIT
after_bin=$(build "$root" "$work/after")
before_bin=""
if [ $# -ge 1 ]; then
    before_tree="$work/before-tree"
    git -C "$root" worktree add --detach -q "$before_tree" "$1"
    before_bin=$(build "$before_tree" "$work/before")
fi

pairs=(
    "send/CustomSubject|send/PassthroughSubject"
    "send/BufferSubject|send/PassthroughSubject"
    "scan/CustomScan|scan/Scan"
    "share/shareReplay(capacity: 1)|share/share()"
    "merge/MergeInput, 2 sources|send/PassthroughSubject"
    "replay/BufferSubject|replay/Sequence publisher"
    "replay/shareReplay|replay/Sequence publisher"
    "subscribe+cancel/CustomSubject|subscribe+cancel/PassthroughSubject"
)
table() {
if [ -n "$before_bin" ]; then
        echo "| Figure | Reference | before: instructions | before: ratio | after: instructions | after: ratio |"
        echo "|:--|:--|--:|--:|--:|--:|"
    else
        echo "| Figure | Reference | instructions | reference | ratio |"
        echo "|:--|:--|--:|--:|--:|"
    fi
    for pair in "${pairs[@]}"; do
        figure="${pair%%|*}"; reference="${pair##*|}"
        after=$(per_event "$after_bin" "$figure"); after_ref=$(per_event "$after_bin" "$reference")
        after_ratio=$(python3 -c "print(f'{$after/$after_ref:.2f}x')")
        if [ -n "$before_bin" ]; then
            before=$(per_event "$before_bin" "$figure"); before_ref=$(per_event "$before_bin" "$reference")
            before_ratio=$(python3 -c "print(f'{$before/$before_ref:.2f}x')")
            echo "| $figure | $reference | $before | $before_ratio | $after | $after_ratio |"
        else
            echo "| $figure | $reference | $after | $after_ref | $after_ratio |"
        fi
    done
}

table | tee "$work/table.md"
if $write; then
    python3 - "$root/BENCHMARKS.md" "$work/table.md" "${1:-}" "$events" <<'PY'
import re, subprocess, sys
path, table_path, before, events = sys.argv[1:5]
table = open(table_path, encoding="utf-8").read().rstrip()
commit = subprocess.run(["git", "-C", path.rsplit("/", 1)[0], "rev-parse", "--short", "HEAD"],
                        capture_output=True, text=True).stdout.strip()
against = f" against commit `{before}` (before)" if before else ""
command = f"Benchmarks/instructions.sh --write {before}".strip()
section = f"""<!-- instructions:begin -->
## Instructions per event (callgrind)

`{command}` ran `valgrind --tool=callgrind` on a release build of
`Benchmarks/Instructions` for commit `{commit}` (after){against}: each figure is callgrind's
instruction total for {events} events minus its total for none, divided by {events}. Unlike
times, these counts repeat exactly for the same binary, whatever else the machine runs.

{table}
<!-- instructions:end -->"""
text = open(path, encoding="utf-8").read()
pattern = re.compile(r"^<!-- instructions:begin -->\n.*?^<!-- instructions:end -->$", re.M | re.S)
text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip() + "\n\n" + section + "\n"
open(path, "w", encoding="utf-8").write(text)
PY
fi
