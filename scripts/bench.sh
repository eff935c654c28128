#!/usr/bin/env bash
# The whole benchmark suite in one command: builds ishmem-bench, compiles the C anchor programs when
# ../shared/anchors is beside the checkout (so the C floor is measured in the same run), and oshm_tail and
# oshm_coll with Open MPI's oshcc when it is installed (so OpenSHMEM's tails, collectives and atomics are
# measured in the same run), runs the multi-PE bench tool (library beside the raw floor: table.md,
# results.csv, PNG plots; then the tails phase: tails.md, tails.csv, tail_*.png; then the coll phase:
# coll.md, coll.csv, coll_*.png) and then JMH: every class but the call paths' as JMH runs them (jmh.txt,
# jmh.csv), then the call paths each against its raw twin, the two taking turns in one fork, round by round
# (CallPathPairs over CallPathAlternation: callpath.md, callpath.csv).
# Output: bench-results/<timestamp>/ (or $OUT). Extra arguments go to the bench tool (--rounds N, --quick,
# --only suite|tails|coll). SKIP_JMH=1 skips JMH. PUBLISH=1 copies the tables, CSVs, plots and JMH results
# into docs/performance/.
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
./mvnw -q -B -DskipTests package -pl ishmem-bench -am
out=${OUT:-bench-results/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
args=()
anchors=${ANCHORS:-../shared/anchors}
if [ -f "$anchors/c/shm_pingpong.c" ] && command -v gcc >/dev/null 2>&1; then
  gcc -O2 -o "$out/shm_pingpong" "$anchors/c/shm_pingpong.c"
  gcc -O2 -o "$out/memcpy_bw" "$anchors/c/memcpy_bw.c"
  args+=(--c-pingpong "$out/shm_pingpong" --c-memcpy "$out/memcpy_bw")
fi
if command -v oshcc >/dev/null 2>&1 && command -v oshrun >/dev/null 2>&1; then
  if [ -f "$anchors/shmem/oshm_tail.c" ]; then
    oshcc -O2 -o "$out/oshm_tail" "$anchors/shmem/oshm_tail.c"
    args+=(--c-tail "$out/oshm_tail")
  fi
  if [ -f "$anchors/shmem/oshm_coll.c" ]; then
    oshcc -O2 -o "$out/oshm_coll" "$anchors/shmem/oshm_coll.c"
    args+=(--c-coll "$out/oshm_coll")
  fi
elif [ -f "$anchors/shmem/oshm_tail.c" ] || [ -f "$anchors/shmem/oshm_coll.c" ]; then
  echo "bench: no oshcc/oshrun, so the OSHMEM rows of the tails and coll phases stay empty" \
    "(apt-get install openmpi-bin libopenmpi-dev)"
fi
cp="ishmem-bench/target/classes:ishmem-bench/target/lib/*"
"$JAVA_HOME/bin/java" -cp "$cp" io.ishmem.bench.BenchSuite --out "$out" "${args[@]}" "$@"
if [ -z "${SKIP_JMH:-}" ]; then
  "$JAVA_HOME/bin/java" -cp "$cp" org.openjdk.jmh.Main -e 'CallPath(Benchmark|Alternation)' -rf csv -rff "$out/jmh.csv" \
    > "$out/jmh.txt" 2>&1
  sed -n '/^Benchmark/,$p' "$out/jmh.txt"
  "$JAVA_HOME/bin/java" -cp "$cp" io.ishmem.bench.jmh.CallPathPairs --out "$out" > "$out/callpath.txt" 2>&1
  cat "$out/callpath.md"
fi
if [ -n "${PUBLISH:-}" ]; then
  mkdir -p docs/performance
  # --only runs one phase, so copy what this run wrote
  for f in table.md results.csv tails.md tails.csv coll.md coll.csv callpath.md callpath.csv; do
    if [ -f "$out/$f" ]; then cp "$out/$f" docs/performance/; fi
  done
  cp "$out"/*.png docs/performance/
  [ -f "$out/jmh.txt" ] && sed -n '/^Benchmark/,/^$/{p;/^$/q}' "$out/jmh.txt" > docs/performance/jmh.txt
  echo "published to docs/performance/ (update the commentary in docs/performance.md)"
fi
