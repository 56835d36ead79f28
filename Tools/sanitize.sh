#!/usr/bin/env bash
# Runs the library and conformance-kit tests under ThreadSanitizer and AddressSanitizer.
# Each sanitizer builds into its own scratch directory (.build-tsan, .build-asan), so the
# instrumented builds neither disturb nor get disturbed by the normal .build.
#
# Usage: Tools/sanitize.sh [thread|address ...] [-- extra swift test arguments]
#   SANITIZE_FILTER overrides the test filter
#   (default: CustomCombineTests|PublisherConformanceTests).
#   SANITIZE_LEAKS=1 turns LeakSanitizer on in the address run. It is off by default:
#   XCTest itself leaks (weak references made in wait(for:)), and the tests keep some
#   cycles on purpose (recorders that never cancel, deliberately broken fixtures), so the
#   exit-time leak report would fail every run; use it to hunt a particular leak.
set -euo pipefail

cd "$(dirname "$0")/.."

filter="${SANITIZE_FILTER:-CustomCombineTests|PublisherConformanceTests}"
sanitizers=()
extra=()
while (($#)); do
    case "$1" in
    thread | address) sanitizers+=("$1") ;;
    --) shift; extra=("$@"); break ;;
    *) echo "unknown argument: $1 (expected thread, address or --)" >&2; exit 2 ;;
    esac
    shift
done
((${#sanitizers[@]})) || sanitizers=(thread address)

status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
    thread)
        scratch=.build-tsan
        # The TSan runtime cannot reliably fork the busy test process, so rule 13's
        # child-process probe reports not-applicable in this run (plain and ASan runs cover it).
        export PUBLISHER_CONFORMANCE_TSAN=1
        ;;
    address)
        scratch=.build-asan
        unset PUBLISHER_CONFORMANCE_TSAN
        ;;
    esac
    echo "==> swift test --sanitize=$sanitizer --scratch-path $scratch --filter '$filter'"
    # halt_on_error makes a sanitizer report fail the run instead of scrolling past.
    if TSAN_OPTIONS="halt_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}" \
        ASAN_OPTIONS="halt_on_error=1:detect_leaks=${SANITIZE_LEAKS:-0}${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
        swift test --sanitize="$sanitizer" --scratch-path "$scratch" \
        --filter "$filter" ${extra[@]+"${extra[@]}"}; then
        echo "==> $sanitizer sanitizer: clean"
    else
        echo "==> $sanitizer sanitizer: FAILED" >&2
        status=1
    fi
done
exit $status
