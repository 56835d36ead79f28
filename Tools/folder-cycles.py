#!/usr/bin/env python3
"""Lists the dependencies between the folders of a Swift module, and fails on a cycle.

A folder depends on another when one of its files names a type (struct, enum, class,
protocol, actor, typealias) declared at the top level of a file in the other. Comments and
string literals are left out; extensions declare nothing. Usage:

    Tools/folder-cycles.py [Sources/WorkbookEngine]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "Sources/WorkbookEngine"
declaration = re.compile(
    r"^(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


def stripped(text):
    """The code without comments and string literals (multi-line ones included)."""
    text = re.sub(r"#*\"\"\".*?\"\"\"#*", '""', text, flags=re.S)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


files = {}
for directory, _, names in os.walk(root):
    for name in names:
        if name.endswith(".swift"):
            path = os.path.join(directory, name)
            folder = os.path.relpath(directory, root)
            files[path] = (folder, stripped(open(path, encoding="utf-8").read()))

owner = {}
for path, (folder, code) in files.items():
    for match in declaration.finditer(code):
        owner.setdefault(match.group(1), folder)

edges = {}
for path, (folder, code) in files.items():
    for word in set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", code)):
        other = owner.get(word)
        if other and other != folder:
            edges.setdefault(folder, {}).setdefault(other, set()).add(
                f"{os.path.relpath(path, root)} uses {word}")

for folder in sorted(edges):
    print(f"{folder} -> {', '.join(sorted(edges[folder]))}")

# Strongly connected components (Tarjan): any with more than one folder is a cycle.
index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]


def visit(node):
    index[node] = low[node] = counter[0]
    counter[0] += 1
    stack.append(node)
    on_stack.add(node)
    for other in edges.get(node, {}):
        if other not in index:
            visit(other)
            low[node] = min(low[node], low[other])
        elif other in on_stack:
            low[node] = min(low[node], index[other])
    if low[node] == index[node]:
        component = []
        while True:
            other = stack.pop()
            on_stack.discard(other)
            component.append(other)
            if other == node:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


for folder in sorted({f for f, _ in files.values()}):
    if folder not in index:
        visit(folder)

for cycle in cycles:
    print(f"cycle: {' <-> '.join(cycle)}")
    for a in cycle:
        for b in cycle:
            for reason in sorted(edges.get(a, {}).get(b, ())):
                print(f"  {a} -> {b}: {reason}")
sys.exit(1 if cycles else 0)
