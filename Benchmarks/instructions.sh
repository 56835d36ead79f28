#!/usr/bin/env bash
# Instructions per event under callgrind, for this checkout and optionally an earlier commit,
# side by side in one run. Instruction counts repeat exactly from run to run on the same
# binary, where wall-clock times wander with the machine's load.
#
# Usage: Benchmarks/instructions.sh [BEFORE_COMMIT]
#   Prints a Markdown table: each case's instructions per event (callgrind's total for
#   N events minus its total for 0 events, divided by N), its reference and the ratio,
#   and with BEFORE_COMMIT the same for that commit beside it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
events="${EVENTS:-100000}"
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
    "subscribe+cancel/CustomSubject|subscribe+cancel/PassthroughSubject"
)
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
