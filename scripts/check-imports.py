#!/usr/bin/env python3
"""Checks that every module a target imports is one it declares in Package.swift (its own
targets or products; the toolchain's modules need no declaration), and prints the graph of
our targets. docs/ARCHITECTURE.md keeps two blocks made from it (the module picture, a
Mermaid graph of the imports with the edges implied by others left out, and the import table)
and a layout table with one row per target: `--write-docs` rewrites the two blocks, and CI
runs `--check-readme` to fail when either block or the layout's list of targets disagrees
with Package.swift and the real imports."""
import json, pathlib, re, subprocess, sys

root = pathlib.Path(__file__).resolve().parent.parent
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization", "XCTest", "Testing", "os", "CoreFoundation", "_Concurrency"}
# Products whose module name differs from the product's name.
MODULE_OF_PRODUCT = {}

package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, capture_output=True, text=True, check=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
TARGET_OF_MODULE = {name.replace("-", "_"): name for name in targets}
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
    # A target's module name is its name with "-" as "_" (simulcast-bench's is simulcast_bench).
    imported = {TARGET_OF_MODULE.get(module, module) for module in imported} - SYSTEM - {name}
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

def reachable(name, seen=None):
    """Every target of ours `name` reaches through its imports."""
    seen = set() if seen is None else seen
    for module in graph.get(name, []):
        if module not in seen:
            seen.add(module)
            reachable(module, seen)
    return seen

def node(name):
    """A Mermaid node for a target: its name as the id, or a plain id labelled with a name
    Mermaid would misread (a hyphen reads as an arrow's start)."""
    plain = re.sub(r"\W", "_", name)
    return name if plain == name else f'{plain}["{name}"]'

def picture():
    """The product's targets and what each imports, without an edge another path implies."""
    shown = [name for name in targets if targets[name]["type"] in ("regular", "executable", "system")]
    lines = ["```mermaid", "flowchart BT"]
    for name in shown:
        direct = graph.get(name, [])
        implied = set().union(*(reachable(module) for module in direct)) if direct else set()
        for module in direct:
            if module not in implied:
                lines.append(f"    {node(name)} --> {node(module)}")
    lines.append("```")
    return "\n".join(lines)

BLOCKS = {"module picture": picture, "import table": markdown}

def block(title, text):
    return f"<!-- {title}: generated by scripts/check-imports.py --write-docs -->\n{text}\n<!-- end of {title} -->"

def with_blocks(document):
    for title, make in BLOCKS.items():
        pattern = re.compile(re.escape(f"<!-- {title}: generated") + r".*?" + re.escape(f"<!-- end of {title} -->"), re.S)
        if not pattern.search(document):
            problems.append(f"docs/ARCHITECTURE.md has no generated {title} block")
            continue
        document = pattern.sub(lambda _: block(title, make()), document)
    return document

def layout_targets(document):
    """The targets the Layout section's table names in its first column."""
    section = document.split("## Layout", 1)[1]
    names = set()
    for line in section.splitlines():
        if line.startswith("| `") and "| holds" not in line:
            first = line.split("|")[1]
            names.update(re.findall(r"`([^`]+)`", first))
        elif names and not line.startswith("|"):
            break
    return names

architecture = root / "docs" / "ARCHITECTURE.md"
if "--markdown" in sys.argv:
    print(markdown())
    sys.exit(0)
if "--write-docs" in sys.argv:
    architecture.write_text(with_blocks(architecture.read_text(encoding="utf-8")), encoding="utf-8")
if "--check-readme" in sys.argv or "--write-docs" in sys.argv:
    document = architecture.read_text(encoding="utf-8")
    if with_blocks(document) != document:
        problems.append("docs/ARCHITECTURE.md's module picture or import table differs from the code; run scripts/check-imports.py --write-docs")
    listed = layout_targets(document)
    expected = {name for name in targets if targets[name]["type"] in ("regular", "executable")}
    for name in sorted(expected - listed):
        problems.append(f"docs/ARCHITECTURE.md's Layout table has no row for target {name}")
    for name in sorted(listed - set(targets)):
        problems.append(f"docs/ARCHITECTURE.md's Layout table names {name}, which Package.swift does not have")
for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"imports ok: {len(targets)} targets import only what they declare")
