#!/usr/bin/env python3
"""Checks that every module a target imports is one it declares in Package.swift (its own
targets or products; the toolchain's modules need no declaration), and prints the graph of
our targets. `--markdown` prints the table docs/ARCHITECTURE.md keeps; CI runs it with
`--check-readme` to fail when that table and the real imports disagree."""
import json, pathlib, re, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization", "XCTest", "Testing", "os", "CoreFoundation", "_Concurrency"}
# Products whose module name differs from the product's name.
MODULE_OF_PRODUCT = {}

package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, capture_output=True, text=True, check=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
problems, graph, graph_imports = [], {}, {}
for name, target in targets.items():
    declared = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        declared.add(MODULE_OF_PRODUCT.get(value[0], value[0]))
    folder = root / (target.get("path") or ("Tests" if target["type"] == "test" else "Sources")) / ("" if target.get("path") else name)
    imported = set()
    for source in folder.rglob("*.swift"):
        for line in source.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\s*(?:@[\w()]+\s+)*(?:public\s+|internal\s+|package\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][\w]*)", line)
            if match:
                imported.add(match.group(1))
    imported -= SYSTEM | {name}
    graph_imports[name] = imported
    undeclared = sorted(imported - declared)
    if undeclared:
        problems.append(f"{name} imports {', '.join(undeclared)} without declaring it in Package.swift")
    graph[name] = sorted(module for module in imported if module in targets)

# The server's layers: the room domain knows no HTTP, NIO or SQL, and the simulator links
# neither an HTTP server nor a database driver (directly or through any target it depends on).
HTTP_NIO_SQL = {"Hummingbird", "HummingbirdCore", "HummingbirdWebSocket", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOWebSocket", "NIOSSL", "SQLiteNIO", "PostgresNIO"}
LAYERS = {
    "Rooms": ("imports", HTTP_NIO_SQL),
    "SyncSimulator": ("links", {"Hummingbird", "HummingbirdCore", "SimulcastServer", "SQLiteNIO", "PostgresNIO", "RoomStorage"}),
}

def linked(name, seen=None):
    """Every target and product `name` depends on, through our targets."""
    seen = set() if seen is None else seen
    for dependency in targets[name]["dependencies"]:
        kind, value = next(iter(dependency.items()))
        module = MODULE_OF_PRODUCT.get(value[0], value[0])
        if module in seen:
            continue
        seen.add(module)
        if module in targets:
            linked(module, seen)
    return seen

for name, (how, forbidden) in LAYERS.items():
    found = (set(graph_imports[name]) if how == "imports" else linked(name)) & forbidden
    if found:
        problems.append(f"{name} {how} {', '.join(sorted(found))}; it must not")

def markdown():
    rows = ["| target | imports (our modules) |", "|---|---|"]
    for name in targets:
        if targets[name]["type"] in ("regular", "executable"):
            rows.append(f"| `{name}` | {', '.join(f'`{m}`' for m in graph[name]) or '–'} |")
    return "\n".join(rows)

if "--markdown" in sys.argv:
    print(markdown())
    sys.exit(0)
if "--check-readme" in sys.argv:
    readme = (root / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    if markdown() not in readme:
        problems.append("docs/ARCHITECTURE.md's import graph differs from the code; paste the output of scripts/check-imports.py --markdown")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"imports ok: {len(targets)} targets import only what they declare")
