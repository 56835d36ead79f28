#!/usr/bin/env bash
# Type-checks the workbook against Apple's Combine API, on Linux as on a Mac.
#
#   Tools/check-apple-api.sh [PATH/TO/Combine.swiftinterface]
#
# Apple publishes Combine's interface (a .swiftinterface file) in every SDK; it is never
# committed here. On a Mac the script takes the macOS SDK's (`xcrun --show-sdk-path`) when no
# path is given; on Linux give the path of a copy (README, "Platforms", says where one can be
# read) kept under a git-ignored folder such as .apple-sdk/.
#
# What it does:
#  1. builds a `Combine` module from the interface (`swiftc -frontend
#     -compile-module-from-interface`), after marking every declaration that Apple makes
#     available only after the package's macOS floor (read from Package.swift) as deprecated
#     with a message naming the version, so that any use of one is reported;
#  2. copies the working tree (tracked and untracked files, not ignored ones) and builds it
#     with `swift build --build-tests`, with `OpenCombineShim` replaced by a package that
#     re-exports that module (Tools/check-apple-api/OpenCombine; on Linux it also declares,
#     from Apple's documentation, the scheduler conformances Apple ships in Dispatch and
#     Foundation): CustomCombine, the conformance kit, the runtime and every generated
#     chapter are compiled (and linked with unresolved symbols allowed; nothing is run);
#  3. does it again with every exercise's starter and the workbench glue in Workbench/,
#     and WORKBOOK_MINE=1: the exercises, and every chapter as `--mine` builds it;
#  4. reports each error, and each use of a declaration newer than the floor, at its file
#     and line: a chapter's at its Markdown line (the generated files carry
#     #sourceLocation). Exit status 0 only when there is none.
#
# APPLE_API_FLOOR=10.15 checks against an older floor than Package.swift's (the library and
# the chapters were written for macOS 10.15, before swift-subprocess raised the package's).
# Environment: WORKBOOK_ROOT (the package to check; this repository by default) and
# WORKBOOK (a built `workbook` executable; built from this repository by default) let the
# tests run it on a small fixture. It writes only under $WORKBOOK_ROOT/.build/apple-api.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "${WORKBOOK_ROOT:-$here}" && pwd)"
interface="${1:-}"

if [ -z "$interface" ]; then
    if command -v xcrun >/dev/null; then
        sdk="$(xcrun --sdk macosx --show-sdk-path)"
        folder="$sdk/System/Library/Frameworks/Combine.framework/Modules/Combine.swiftmodule"
        interface="$(ls "$folder"/"$(uname -m)"*-apple-macos.swiftinterface 2>/dev/null | head -1)"
        [ -n "$interface" ] || interface="$(ls "$folder"/*.swiftinterface | grep -v private | head -1)"
    else
        echo "usage: $0 PATH/TO/Combine.swiftinterface (no SDK here to find Apple's)" >&2
        exit 2
    fi
fi
if [ ! -f "$interface" ]; then
    echo "error: no Combine interface at $interface" >&2
    exit 2
fi
floor="${APPLE_API_FLOOR:-$(sed -nE 's/.*\.macOS\(\.v([0-9_]+)\).*/\1/p' "$root/Package.swift" | head -1 | tr _ .)}"
if [ -z "$floor" ]; then
    echo "error: $root/Package.swift declares no macOS floor (platforms: [.macOS(...)])" >&2
    exit 2
fi

work="$root/.build/apple-api"
modules="$work/modules"
tree="$work/tree"
mkdir -p "$modules"

# 1. The Combine module, with every declaration newer than the floor marked.
case "$(uname -s)" in
Darwin)
    target="$(uname -m)-apple-macos$floor"
    sdk_flags=(-sdk "$(xcrun --sdk macosx --show-sdk-path)")
    ;;
*)
    target="$(uname -m)-unknown-linux-gnu"
    sdk_flags=()
    ;;
esac
python3 - "$interface" "$modules/Combine.swiftinterface" "$floor" "$(uname -s)" \
    "$here/Tools/check-apple-api/FoundationSchedulers.swift" <<'PY'
import re, sys
source, destination, floor, system, schedulers = sys.argv[1:]
floor_version = tuple(int(part) for part in floor.split("."))
text = open(source, encoding="utf-8").read()
# The flags line names Apple's target (an iOS or macOS device); the script chooses its own.
text = re.sub(r"^// swift-module-flags:.*$",
              "// swift-module-flags: -enable-library-evolution -swift-version 5 -module-name Combine",
              text, count=1, flags=re.M)
if system != "Darwin":
    # No Objective-C runtime and no Darwin module off Apple platforms; neither changes the API.
    text = text.replace("@objc ", "")
    text = re.sub(r"^import Darwin$", "import Glibc", text, flags=re.M)
    text = re.sub(r"^import ", "import Dispatch\nimport Foundation\nimport ", text, count=1,
                  flags=re.M)
    # Apple's Foundation and Dispatch make their queues schedulers; Linux's do not, so the
    # stand-in Combine declares those conformances itself (see FoundationSchedulers.swift),
    # for the workbook's code and for its dependencies that import Combine.
    stub = [line for line in open(schedulers, encoding="utf-8").read().split("\n")
            if not line.startswith(("#if", "#endif", "import "))]
    text += "\n" + "\n".join(stub).replace("@retroactive ", "") + "\n"
marked = 0
def mark(match):
    global marked
    found = re.search(r"\bmacOS (\d+(?:\.\d+)*)", match.group(1))
    if not found or tuple(int(p) for p in found.group(1).split(".")) <= floor_version:
        return match.group(0)
    marked += 1
    return ('@available(*, deprecated, message: "newer than the package\'s floor: Apple\'s '
            'Combine has it from macOS %s; Package.swift supports macOS %s")' % (found.group(1), floor))
text = re.sub(r"@available\(([^)]*)\)", mark, text)
open(destination, "w", encoding="utf-8").write(text)
print("marked %d declaration(s) newer than macOS %s" % (marked, floor))
PY
swiftc -frontend -compile-module-from-interface -module-name Combine -target "$target" \
    ${sdk_flags[@]+"${sdk_flags[@]}"} "$modules/Combine.swiftinterface" \
    -o "$modules/Combine.swiftmodule"

# 2. A fresh copy of the tree (fresh modification times, so every one of its targets is
#    compiled again and every diagnostic is printed again; dependencies stay built).
workbook="${WORKBOOK:-}"
if [ -z "$workbook" ]; then
    swift build --package-path "$here" --product workbook >/dev/null
    workbook="$here/.build/debug/workbook"
fi
rm -rf "$tree"
mkdir -p "$tree"
files() { # every file to copy, NUL-separated: git's view if a repository, else all but .build
    if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$root" ls-files -co --exclude-standard -z
    else
        (cd "$root" && find . -path ./.build -prune -o -type f -print0)
    fi
}
(cd "$root" && files | tar --null -T - -cf -) | (cd "$tree" && tar -xmf -)
"$workbook" generate --root "$tree" >/dev/null

case "$(uname -s)" in
Darwin) link_flags=(-Xlinker -undefined -Xlinker dynamic_lookup) ;;
*) link_flags=(-Xlinker --unresolved-symbols=ignore-all) ;;
esac
log="$work/build.log"
: >"$log"
# One failing target stops the build before others are compiled, and their diagnostics with
# them. So, as `workbook test` does, a chapter that fails is left out and the build runs
# again, until it succeeds or what fails is not a chapter: every diagnostic is seen.
build() { # label, WORKBOOK_MINE value
    echo "==> $1: swift build --build-tests against Apple's Combine ($(basename "$interface"))"
    local excluded="" attempt="$work/attempt.log"
    while true; do
        if WORKBOOK_APPLE_COMBINE="$here/Tools/check-apple-api/OpenCombine" WORKBOOK_MINE="$2" \
            WORKBOOK_EXCLUDED_CHAPTERS="$excluded" \
            swift build --build-tests --package-path "$tree" --scratch-path "$work/build" \
            --manifest-cache none -Xswiftc -I -Xswiftc "$modules" "${link_flags[@]}" \
            >"$attempt" 2>&1; then
            cat "$attempt" >>"$log"
            return 0
        fi
        cat "$attempt" >>"$log"
        local broken
        broken="$(sed -nE 's#^Chapters/([0-9]+)-[^:]*\.md:[0-9]+:.*: error: .*#Chapter\1Tests#p' \
            "$attempt" | sort -u)"
        local new=""
        for module in $broken; do
            case ",$excluded," in *",$module,"*) ;; *) new="$new,$module" ;; esac
        done
        [ -n "$new" ] || return 1
        excluded="${excluded:+$excluded,}${new#,}"
        echo "    left out, to see the rest: ${new#,}"
    done
}
status=0
build "plain" 0 || status=$?

# 3. The exercises: every starter and the glue, and the chapters built against them.
if [ -d "$tree/Exercises" ]; then
    for chapter in $(ls "$tree/Exercises"); do
        "$workbook" exercise "$chapter" --root "$tree" >/dev/null
    done
    build "--mine (every exercise's starter in Workbench/)" 1 || status=$?
fi

# 4. The verdict, at Markdown lines for chapters.
problems="$(grep -E "^[^ |].*:[0-9]+(:[0-9]+)?: (error: |warning: .*newer than the package's floor)" \
    "$log" | sed -e "s#^$tree/##" -e "s#^$work/build/##" | sort -u || true)"
if [ -n "$problems" ] || [ "$status" -ne 0 ]; then
    echo "$problems"
    [ -n "$problems" ] || tail -40 "$log"
    count=$(printf '%s' "$problems" | grep -c . || true)
    echo "Apple's Combine API check FAILED: $count problem(s) (macOS floor $floor; full log: $log)"
    exit 1
fi
echo "Apple's Combine API check passed: every module, exercise and chapter, plain and --mine," \
    "type-checks against $(basename "$interface") with nothing newer than macOS $floor"
