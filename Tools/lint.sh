#!/usr/bin/env bash
# Lints the hand-written Swift with `swift format lint --strict` (generated chapter tests and
# test fixtures are excluded), and checks the engine for folder cycles. `.ci/run` and the
# GitHub workflow both run this, so the list of files is written once.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t lint_files < <(
    { echo Package.swift; find Sources Tools Tests Exercises -name '*.swift'; } \
        | grep -v '^Tests/Chapters/' | grep -v '/Fixtures/' | sort
)
swift format lint --strict "${lint_files[@]}"
# The engine's folders are layers: the check lists what depends on what and fails on a cycle.
python3 Tools/folder-cycles.py
