#!/usr/bin/env python3
"""The largest Swift types in Sources/, each counted with all its extensions (issue 55: no
type over 400 lines counting its extensions). A type is named by its module and its name;
nested types count towards the type that holds them. Generated code is left out.

It also fails when two modules declare a top-level type of the same name (a reader, and a
file that imports both, could not tell them apart).

Usage: scripts/type-sizes.py [--top N] [--max LINES]
  --top N      how many to print (10)
  --max LINES  exit 1 when a type is longer (no limit by default: the figures are printed)
"""
import argparse
import collections
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|open|final|indirect|nonisolated)\s+)*"
    r"(struct|class|actor|enum|protocol|extension)\s+([A-Za-z_][\w.]*)")


def code_only(line, in_multiline):
    """The line without comments and string contents; whether a multi-line string goes on."""
    out = []
    i = 0
    while i < len(line):
        if in_multiline:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out), True
            i = end + 3
            in_multiline = False
            continue
        if line.startswith('"""', i):
            in_multiline = True
            i += 3
            continue
        if line.startswith("//", i):
            break
        if line[i] == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out), in_multiline


def sizes(root):
    """Lines per (module, type), extensions included; and the modules declaring each type name."""
    totals = collections.Counter()
    declared = collections.defaultdict(set)
    for folder, _, files in os.walk(root):
        if "/Generated" in folder:
            continue
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path, root).split(os.sep)[0]
            lines = open(path, encoding="utf-8").read().splitlines()
            depth = 0
            current = None
            start = 0
            multiline = False
            for number, raw in enumerate(lines):
                code, multiline_after = code_only(raw, multiline)
                if depth == 0 and current is None and not multiline:
                    found = DECLARATION.match(code.strip()) if not raw.startswith((" ", "\t")) else None
                    if found:
                        current = found.group(2).split(".")[0]
                        start = number
                        if found.group(1) != "extension":
                            declared[current].add(module)
                multiline = multiline_after
                depth += code.count("{") - code.count("}")
                if current is not None and depth == 0 and "{" in "".join(lines[start:number + 1]):
                    totals[(module, current)] += number - start + 1
                    current = None
    return totals, declared


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--max", type=int, default=None)
    arguments = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
    totals, declared = sizes(os.path.normpath(root))
    print(f"the {arguments.top} largest types in Sources/, with their extensions (lines)")
    for (module, name), count in totals.most_common(arguments.top):
        print(f"{count:6d}  {module}.{name}")
    twice = {name: sorted(modules) for name, modules in declared.items() if len(modules) > 1}
    for name, modules in sorted(twice.items()):
        print(f"{name} is declared in {', '.join(modules)}: give one of them another name")
    if twice:
        sys.exit(1)
    if arguments.max is not None:
        over = [(key, count) for key, count in totals.items() if count > arguments.max]
        if over:
            print(f"{len(over)} types are over {arguments.max} lines")
            sys.exit(1)


if __name__ == "__main__":
    main()
