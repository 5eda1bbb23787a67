#!/usr/bin/env python3
"""Checks the multi-node run: every state reached listeners on other nodes than their host,
every listener of the killed node followed again within 5 s (p99), and no room lost its
latest state."""
import json, sys

result = json.load(open(sys.argv[1]))
print(json.dumps(result, indent=1))
failover = result["failover"]
problems = []
if result["nodes"] < 2 or result["crossNodeLatencyMs"] is None:
    problems.append("not a multi-node run")
if result["deliveredFraction"] < 0.97:
    problems.append(f"delivered {result['deliveredFraction']:.4f} < 0.97 across a node's death")
if failover["recovered"] < failover["listenersOnKilledNode"]:
    problems.append(f"only {failover['recovered']} of {failover['listenersOnKilledNode']} listeners of the killed node followed again")
if not failover["recoveryMs"]["p99"] < 5000:
    problems.append(f"recovery p99 {failover['recoveryMs']['p99']} ms >= 5000 ms")
if failover["roomsKeepingLatestState"] < result["rooms"]:
    problems.append(f"{result['rooms'] - failover['roomsKeepingLatestState']} rooms lost their latest state")
if problems:
    print("failover failed: " + "; ".join(problems))
    sys.exit(1)
print(f"failover ok: {failover['recovered']} listeners followed again, p99 {failover['recoveryMs']['p99']:.0f} ms; cross-node p99 {result['crossNodeLatencyMs']['p99']:.1f} ms")
