#!/usr/bin/env python3
"""Checks the demo's JSON summary: every listener follows every track it has a match for,
with p95 sync error under 100 ms, and at least one track per listener was matched."""
import json
import sys

summary = json.load(open(sys.argv[1]))
failures = []
for listener in summary["listeners"]:
    matched = [t for t in listener["tracks"] if t["matchedId"]]
    if not matched:
        failures.append(f"{listener['service']}: no track matched")
    for track in matched:
        name = f"{listener['service']} / {track['sourceTitle']}"
        errors = track.get("syncErrorMs")
        if not errors:
            failures.append(f"{name}: matched but never followed")
        elif errors["p95"] >= 100:
            failures.append(f"{name}: p95 {errors['p95']} ms")
        if (track.get("followingRatio") or 0) < 0.95:
            failures.append(f"{name}: following only {track.get('followingRatio')}")
    print(f"{listener['service']}: " + ", ".join(
        f"{t['sourceTitle'][:24]}={t['syncErrorMs']['p95'] if t.get('syncErrorMs') else 'no match'}" for t in listener["tracks"]))
if failures:
    print("demo check failed:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("demo check passed")
