#!/usr/bin/env python3
"""Turns the benchmark tool's percentile files into BENCHMARKS.md.

Usage: report.py DIR [BEFORE_AFTER_MD] > BENCHMARKS.md

DIR holds the files `swift package benchmark --format histogramPercentiles --path DIR`
writes, one TSV per benchmark and metric. Each figure is its p50 in that run, set beside
its reference from the same run, with the ratio and whether the issue's target is met.
"""

import datetime
import os
import platform
import re
import subprocess
import sys

TARGET = "CustomCombineBenchmarks"
UNITS_NS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
SCALE = {"K": 1e3, "M": 1e6, "G": 1e9}

# (figure, reference or None, time target as a ratio to the reference, hot path: 0 mallocs)
FIGURES = [
    ("baseline/closure call", None, None, True),
    ("send/CustomSubject", "send/PassthroughSubject", 0.5, True),
    ("send/BufferSubject", "send/PassthroughSubject", 1.0, True),
    ("scan/CustomScan", "scan/Scan", 1.0, True),
    ("share/shareReplay(capacity: 1)", "share/share()", 1.0, True),
    ("merge/MergeInput, 2 sources", "merge/PassthroughSubject fed by 2 sources", 1.0, True),
    ("merge/MergeInput, 16 sources", "merge/PassthroughSubject fed by 16 sources", 1.0, True),
    ("fan-out/CustomSubject, 1 subscribers", "fan-out/PassthroughSubject, 1 subscribers", 0.5, True),
    ("fan-out/CustomSubject, 10 subscribers", "fan-out/PassthroughSubject, 10 subscribers", 1.0, True),
    ("fan-out/CustomSubject, 100 subscribers", "fan-out/PassthroughSubject, 100 subscribers", 0.5, True),
    ("fan-out/CustomSubject, 1000 subscribers", "fan-out/PassthroughSubject, 1000 subscribers", 1.0, True),
    ("subscribe+cancel/CustomSubject, 1 present", "subscribe+cancel/PassthroughSubject, 1 present", 1.0, False),
    ("subscribe+cancel/CustomSubject, 10 present", "subscribe+cancel/PassthroughSubject, 10 present", 1.0, False),
    ("subscribe+cancel/CustomSubject, 100 present", "subscribe+cancel/PassthroughSubject, 100 present", 1.0, False),
    ("subscribe+cancel/CustomSubject, 1000 present", "subscribe+cancel/PassthroughSubject, 1000 present", 1.0, False),
    # "Independent of the number present": 1000 present may cost at most twice 1 present.
    ("subscribe+cancel/CustomSubject, 1000 present", "subscribe+cancel/CustomSubject, 1 present", 2.0, False),
    ("subscribe+cancel/PassthroughSubject, 1000 present", "subscribe+cancel/PassthroughSubject, 1 present", 2.0, False),
    ("replay/BufferSubject, 10000 values", "replay/Sequence publisher, 10000 values", 1.0, False),
    ("replay/shareReplay, 10000 values", "replay/Sequence publisher, 10000 values", 1.0, False),
    ("contention/CustomSubject, 2 threads", "contention/PassthroughSubject, 2 threads", 1.0, True),
]

# (figure, absolute time target in ns or None)
WORKBOOK = [
    ("workbook/generate, all chapters, up to date", 100e6),
    ("workbook/generate, all chapters, fresh tree", 100e6),
    ("workbook/generate, 100 chapters x 20 snippets, up to date", None),
    ("workbook/generate, 100 chapters x 20 snippets, fresh tree", None),
]


def file_name(benchmark, metric):
    cleaned = benchmark.replace("/", "_").replace(" ", "_")
    return f"Current_run.{TARGET}.{cleaned}.{metric}.histogram.percentiles.tsv"


def p50(directory, benchmark, metric):
    """The p50 of `metric`, in ns for time and as a plain count otherwise; None if absent."""
    path = os.path.join(directory, file_name(benchmark, metric))
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        header = handle.readline()
        rows = dict(line.split("\t") for line in handle if "\t" in line)
    value = float(rows["50"])
    units = re.findall(r"\(([^)]*)\)", header.split("\t", 1)[1])
    for unit in units:
        if unit in UNITS_NS and metric == "wallClock":
            value *= UNITS_NS[unit]
        elif unit in SCALE:
            value *= SCALE[unit]
    return value


def time_text(ns):
    if ns is None:
        return "—"
    for unit, size in (("s", 1e9), ("ms", 1e6), ("μs", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}"
    return f"{ns:.0f} ns"


def count_text(count):
    if count is None:
        return "—"
    if count >= 1e3:
        return f"{count / 1e3:.3g} K"
    return f"{count:.0f}"


def machine():
    def run(command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return ""

    model = "unknown"
    memory = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next(
                (line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")),
                model,
            )
        with open("/proc/meminfo", encoding="utf-8") as handle:
            kilobytes = int(next(line for line in handle if line.startswith("MemTotal")).split()[1])
            memory = f"{kilobytes / 1024 / 1024:.1f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    swift = (run(["swift", "--version"]).strip().splitlines() or ["unknown"])[0]
    return [
        ("CPUs (nproc)", run(["nproc"]).strip() or str(os.cpu_count())),
        ("CPU model", model),
        ("Memory", memory),
        ("OS", f"{platform.system()} {platform.release()}"),
        ("Swift", swift),
        ("Date (UTC)", datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")),
    ]


def main():
    directory = sys.argv[1]
    has_instructions = any("instructions" in name for name in os.listdir(directory))
    out = []
    out.append("# Benchmarks\n")
    out.append(
        "CustomCombine against the OpenCombine piece a user would pick instead, and the "
        "workbook engine's own speed, measured in one run with "
        "[package-benchmark](https://github.com/ordo-one/package-benchmark). "
        "Each figure is the median (p50) per event (per subscribe + cancel, per replay of "
        "10,000 values, per `generate`), beside its reference from the same run.\n"
    )
    out.append("## Reproduce\n")
    out.append("```sh\nBenchmarks/run.sh\n```\n")
    out.append(
        "It builds the `Benchmarks` package in release mode, runs every benchmark and "
        "rewrites this file. Extra arguments go to the benchmark tool, e.g. "
        "`Benchmarks/run.sh --filter 'send/.*'`.\n"
    )
    out.append("## Machine\n")
    out.append("| | |\n|:--|:--|")
    out.extend(f"| {key} | {value} |" for key, value in machine())
    out.append("")
    out.append("## Library figures\n")
    header = "| Figure | p50 time | "
    rule = "|:--|--:|"
    if has_instructions:
        header += "instructions | "
        rule += "--:|"
    header += "mallocs | Reference | reference p50 | ratio | target | result |"
    rule += "--:|:--|--:|--:|:--|:--|"
    out.append(header)
    out.append(rule)
    for figure, reference, ratio_target, hot in FIGURES:
        time = p50(directory, figure, "wallClock")
        mallocs = p50(directory, figure, "mallocCountTotal")
        reference_time = p50(directory, reference, "wallClock") if reference else None
        ratio = time / reference_time if time is not None and reference_time else None
        targets = []
        verdicts = []
        if ratio_target is not None:
            targets.append(f"≤ {ratio_target:g}x")
            if ratio is not None:
                verdicts.append("met" if ratio <= ratio_target else "missed (time)")
        if hot:
            # A figure taken one send per sample also counts the harness's own mallocs for
            # that sample; its reference, measured the same way, shows how many those are.
            reference_mallocs = p50(directory, reference, "mallocCountTotal") if reference else None
            harness = reference_mallocs or 0
            targets.append("0 mallocs" if harness == 0 else f"0 mallocs (harness: {harness:.0f})")
            if mallocs is not None:
                verdicts.append("met" if mallocs <= harness else "missed (mallocs)")
        missed = [verdict for verdict in verdicts if verdict != "met"]
        result = ", ".join(missed) if missed else ("met" if verdicts else "—")
        if time is None:
            result = "not run"
        row = f"| {figure} | {time_text(time)} | "
        if has_instructions:
            row += f"{count_text(p50(directory, figure, 'instructions'))} | "
        row += (
            f"{count_text(mallocs)} | {reference or '—'} | {time_text(reference_time)} | "
            f"{f'{ratio:.2f}x' if ratio is not None else '—'} | "
            f"{', '.join(targets) or '—'} | {result} |"
        )
        out.append(row)
    out.append("")
    out.append("## Workbook figures\n")
    out.append("| Figure | p50 time | mallocs | peak resident memory | target | result |")
    out.append("|:--|--:|--:|--:|:--|:--|")
    for figure, limit in WORKBOOK:
        time = p50(directory, figure, "wallClock")
        mallocs = p50(directory, figure, "mallocCountTotal")
        memory = p50(directory, figure, "peakMemoryResident")
        memory_text = f"{memory / 1e6:.0f} MB" if memory is not None else "—"
        if limit is None:
            target, result = "— (reported)", "—"
        else:
            target = f"< {time_text(limit)}"
            result = "not run" if time is None else ("met" if time < limit else "missed")
        out.append(
            f"| {figure} | {time_text(time)} | {count_text(mallocs)} | {memory_text} | "
            f"{target} | {result} |"
        )
    out.append("")
    out.append(
        "Notes: times are wall clock, so a loaded machine inflates them; ratios come from the "
        "same run and are steadier than the absolute figures. `mallocs` is per event for the "
        "per-event figures and per operation for the others (a figure measured one send per "
        "sample, like fan-out to 100 or 1000, includes the benchmark harness's own mallocs for "
        "the sample, which its reference shows too); the peak resident memory is the "
        "whole benchmark process's. "
        + (
            ""
            if has_instructions
            else "Instruction counts are left out: this machine's kernel does not expose the "
            "performance counters they need. "
        )
        + "A subject's \"1000 present\" row against its own \"1 present\" row checks that "
        "subscribe + cancel does not grow with the number of subscribers.\n"
    )
    if len(sys.argv) > 2 and os.path.exists(sys.argv[2]):
        with open(sys.argv[2], encoding="utf-8") as handle:
            out.append(handle.read().rstrip() + "\n")
    # Sections other scripts own (the learner's loop, instruction counts) are kept as they
    # are: each sits between <!-- NAME:begin --> and <!-- NAME:end --> lines.
    if len(sys.argv) > 3 and os.path.exists(sys.argv[3]):
        with open(sys.argv[3], encoding="utf-8") as handle:
            kept = re.findall(
                r"^<!-- ([a-z-]+):begin -->\n.*?^<!-- \1:end -->$",
                handle.read(), flags=re.M | re.S)
        with open(sys.argv[3], encoding="utf-8") as handle:
            text = handle.read()
        for name in kept:
            section = re.search(
                rf"^<!-- {name}:begin -->\n.*?^<!-- {name}:end -->$", text, flags=re.M | re.S)
            out.append(section.group(0) + "\n")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
