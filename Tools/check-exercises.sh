#!/usr/bin/env bash
# Proves every exercise in Exercises/:
#   1. every reference solution at once (`workbook exercise NN --solution` for each NN) passes
#      every exercise chapter under --mine, each chapter judged on its own row: a reader who
#      did them all. A solution is the library's own code, so this is also each solution with
#      the library for the rest, in one build instead of one per chapter;
#   2. for each chapter NN, the untouched starter (`workbook exercise NN`), with the library
#      for the rest, compiles and fails cleanly: the chapter builds, its failures are
#      reported (no test times out), and they say what is unwritten. One build per chapter:
#      starters together would blame one chapter's unwritten code on another.
# It writes Workbench/ itself, so it refuses to run while one exists: move yours aside first.
# Usage: Tools/check-exercises.sh [NN ...]   (all exercises by default)
set -uo pipefail
cd "$(dirname "$0")/.."

if [ -e Workbench ]; then
    echo "error: Workbench/ exists; this check writes its own, so move yours aside first" >&2
    exit 1
fi
trap 'rm -rf Workbench' EXIT

swift build --product workbook >/dev/null || exit 1
workbook=.build/debug/workbook
if [ $# -gt 0 ]; then chapters=("$@"); else mapfile -t chapters < <(ls Exercises); fi
log=$(mktemp)
passed=0
failed=0

verdict() { # name, ok(0/1), detail
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok: $1"
    else
        failed=$((failed + 1))
        echo "FAILED: $1: $3"
        sed 's/^/    /' "$log" | grep -v '^    \[' | tail -40
    fi
}

rm -rf Workbench
for chapter in "${chapters[@]}"; do "$workbook" exercise "$chapter" --solution >/dev/null; done
"$workbook" test "${chapters[@]}" --mine --timeout 60 >"$log" 2>&1
status=$?
for chapter in "${chapters[@]}"; do
    # The chapter's row of the report: its file name, then passed, failed and skipped.
    row=$(grep -E "^$chapter-[^ ]+\.md +[0-9]+ +[0-9]+ +[0-9]+" "$log")
    failures=$(echo "$row" | awk '{ print $3 }')
    verdict "chapter $chapter, solution passes" "$([ -n "$row" ] && [ "$failures" = 0 ]; echo $?)" \
        "the library's own code fails its chapter under --mine (row: ${row:-none})"
done
verdict "every solution at once" $status "the solutions do not pass together"

for chapter in "${chapters[@]}"; do
    rm -rf Workbench
    "$workbook" exercise "$chapter" >/dev/null
    "$workbook" test "$chapter" --mine --timeout 20 >"$log" 2>&1
    status=$?
    problem=""
    if [ "$status" -ne 1 ]; then problem="exit status $status, expected 1 (failures)"; fi
    if grep -q "does not compile" "$log" || grep -qE ":[0-9]+:[0-9]+: error: " "$log"; then
        problem="the starter does not compile against the chapter"
    fi
    if grep -q "timed out" "$log"; then problem="a test hung on the starter"; fi
    if ! grep -q "not written yet" "$log"; then problem="no failure says what is unwritten"; fi
    verdict "chapter $chapter, starter compiles and fails cleanly" "$([ -z "$problem" ]; echo $?)" "$problem"
done
rm -f "$log"

echo "exercises: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
