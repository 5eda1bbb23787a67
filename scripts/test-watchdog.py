#!/usr/bin/env python3
"""Runs a test command with a budget: its output goes through unchanged (and to --log); when
the command runs past --budget seconds, prints the Swift Testing tests that started and have
not ended (with how long each has run), stops the command's whole process group, and exits
124. A hung await then ends the run with names instead of waiting for ever.

    python3 scripts/test-watchdog.py --budget 900 --log FILE -- swift test ...
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

STARTED = re.compile(r"^◇ Test (?!case )(.+?) started\.")
ENDED = re.compile(r"^[✔✘➜] Test (?!case )(.+?) (?:passed|failed|skipped|recorded an issue)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, required=True, help="seconds the command may run")
    parser.add_argument("--log", help="also write the output here")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    running: dict[str, float] = {}
    lock = threading.Lock()
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    timed_out = threading.Event()
    exited = threading.Event()

    def watch() -> None:
        if exited.wait(args.budget):
            return
        timed_out.set()
        with lock:
            names = sorted(running.items(), key=lambda item: item[1])
        now = time.monotonic()
        lines = [f"== the run passed its budget of {args.budget:.0f} s and was stopped; still running:"]
        lines += [f"   {name} (for {now - since:.0f} s)" for name, since in names] or ["   (no test had started: the wait is outside any test)"]
        text = "\n".join(lines) + "\n"
        sys.stdout.write(text)
        sys.stdout.flush()
        if log:
            log.write(text)
            log.flush()
        try:
            os.killpg(process.pid, signal.SIGTERM)
            if not exited.wait(5):
                os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    assert process.stdout is not None
    for raw in process.stdout:
        line = raw.decode("utf-8", errors="replace")
        sys.stdout.write(line)
        sys.stdout.flush()
        if log:
            log.write(line)
        stripped = line.strip()
        if match := STARTED.match(stripped):
            with lock:
                running[match.group(1)] = time.monotonic()
        elif match := ENDED.match(stripped):
            with lock:
                running.pop(match.group(1), None)
    status = process.wait()
    exited.set()
    watcher.join(timeout=10)
    if log:
        log.close()
    if timed_out.is_set():
        return 124
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
