#!/usr/bin/env bash
# Proves every exercise in Exercises/: for each chapter NN,
#   1. the reference solution (`workbook exercise NN --solution`) passes chapter NN under --mine;
#   2. the untouched starter (`workbook exercise NN`) compiles and fails cleanly: the chapter
#      builds, its failures are reported (no test times out), and they say what is unwritten;
# then 3. every solution at once passes every exercise chapter (a reader who did them all).
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

for chapter in "${chapters[@]}"; do
    rm -rf Workbench
    "$workbook" exercise "$chapter" --solution >/dev/null
    "$workbook" test "$chapter" --mine --timeout 60 >"$log" 2>&1
    verdict "chapter $chapter, solution passes" $? "the library's own code fails its chapter under --mine"

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

rm -rf Workbench
for chapter in "${chapters[@]}"; do "$workbook" exercise "$chapter" --solution >/dev/null; done
"$workbook" test "${chapters[@]}" --mine --timeout 60 >"$log" 2>&1
verdict "every solution at once" $? "the solutions do not pass together"
rm -f "$log"

echo "exercises: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
