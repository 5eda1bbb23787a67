#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (swift build --sanitize=fuzzer) and runs each for
# SECONDS (default 60) on a copy of its corpus in Fuzz/corpus. A crash fails the script and
# leaves the input under .build-fuzz/crashes/: add it to the corpus and to a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
scratch=.build-fuzz
mkdir -p "$scratch"
for target in FuzzWire FuzzDBus; do
  echo "== building $target with libFuzzer"
  swift build --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -DFUZZING --product "$target" > "$scratch/$target.log" 2>&1 \
    || { tail -40 "$scratch/$target.log"; exit 1; }
done
mkdir -p "$scratch/crashes"
status=0
for target in FuzzWire:wire FuzzDBus:dbus; do
  name="${target%%:*}"; corpus="Fuzz/corpus/${target##*:}"
  work="$(mktemp -d)"
  echo "== fuzzing $name for ${seconds}s (seed corpus: $corpus, $(ls "$corpus" | wc -l) inputs)"
  if ! "$scratch/debug/$name" "$work" "$corpus" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 \
       -artifact_prefix="$scratch/crashes/$name-" -print_final_stats=1 2>&1 | grep -E "^#[0-9]+.*DONE|stat::number_of_executed_units|ERROR|SUMMARY|Test unit written"; then
    :
  fi
  if ls "$scratch/crashes/$name-"* >/dev/null 2>&1; then
    echo "$name found a crash: $(ls "$scratch/crashes/$name-"*)"
    status=1
  fi
  rm -rf "$work"
done
exit $status
