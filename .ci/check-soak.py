#!/usr/bin/env python3
"""Checks the 60-second soak: every state delivered, memory back within 10 % of where it
stood after warm-up, descriptors back to their start once clients left, a bounded database."""
import json, sys

result = json.load(open(sys.argv[1]))
soak = result["soak"]
start, end, after = soak["start"], soak["end"], soak["afterClose"]
print(json.dumps(result, indent=1))
problems = []
if result["deliveredFraction"] < 0.99:
    problems.append(f"delivered {result['deliveredFraction']:.4f} < 0.99 under churn")
if end["rssKiB"] > start["rssKiB"] * 1.10:
    problems.append(f"RSS grew from {start['rssKiB']} to {end['rssKiB']} KiB (> 10 %)")
if after["descriptors"] > start["descriptors"] - 0.9 * result["listeners"] + 20:
    problems.append(f"descriptors did not fall back after clients left: {start['descriptors']} -> {after['descriptors']}")
if after["databaseBytes"] > 64 * 1024 * 1024:
    problems.append(f"database grew to {after['databaseBytes']} bytes")
if problems:
    print("soak failed: " + "; ".join(problems))
    sys.exit(1)
print(f"soak ok: RSS {start['rssKiB']} -> {end['rssKiB']} KiB, descriptors {start['descriptors']} -> {after['descriptors']}, database {after['databaseBytes']} bytes")
