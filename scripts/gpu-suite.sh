#!/usr/bin/env bash
# Runs the CUDA device suite on a GPU machine that has neither Maven nor a JDK, from what
# scripts/gpu-stage.sh staged: the runtime in .jre/ and the jars in .gpu/. Run it from anywhere; it works at
# the repository root.
#
# Selected: CudaDeviceSuiteTest, CudaDeviceBadInputTest, CudaQueueMultiPeTest (the on-queue forms on user
# streams), CudaFactoryTest and the CUDA binding's LayoutTest (against the machine's own cuda.h); named one by
# one, as the console launcher's package scan finds nothing in these jars. CudaSelectionMultiPeTest stays in
# CI: it needs the fake libcuda the Maven build makes.
# Arguments are more options for JUnit's console launcher, e.g. --select-class io.ishmem.core.device.X or
# --include-tag Y; with --only first, they replace the CUDA selection instead of adding to it.
#
# Output in $OUT (default target/gpu-suite): console.txt (the test tree and every failure) and the XML
# reports. Exit status: the console launcher's (non-zero when a test failed), or 3 when no test ran at all,
# as where no NVIDIA GPU is found and the CUDA classes skip themselves (ALLOW_NO_GPU=1 accepts that), or 4
# when scripts/check-leaks.sh finds something left behind.
# JAVA_OPTS adds options to the JVM that runs the tests, e.g. -Dishmem.junit.verbose=true to stream every
# PE's output.
set -euo pipefail
cd "$(dirname "$0")/.."

java=.jre/bin/java
if [ ! -x "$java" ] || [ ! -f .gpu/classpath ]; then
  echo "gpu-suite: no $java or .gpu/classpath: run scripts/gpu-stage.sh where JDK 25 and Maven are, then" \
    "bring .jre and .gpu here" >&2
  exit 2
fi

# Every jar on -cp, in the staged order, none behind -jar: the PEs of a @MultiPeTest are forked with this
# JVM's java.class.path (ishmem-junit's TestClassPath), so it must name all of them. Absolute, as a PE's
# working directory need not be this one.
cp=$(sed "s|^|$PWD/.gpu/lib/|" .gpu/classpath | paste -sd: -)

selectors=(
  --select-class io.ishmem.core.device.CudaDeviceSuiteTest
  --select-class io.ishmem.core.device.CudaDeviceBadInputTest
  --select-class io.ishmem.core.device.cuda.CudaQueueMultiPeTest
  --select-class io.ishmem.core.device.cuda.CudaFactoryTest
  --select-class io.ishmem.cuda.bindings.LayoutTest
)
if [ "${1:-}" = "--only" ]; then
  shift
  selectors=()
fi

out=${OUT:-target/gpu-suite}
mkdir -p "$out"
# only our own files go: $OUT may be a folder handed to us, to be kept
rm -f "$out/console.txt" "$out"/TEST-*.xml

# NVLink SHARP (NVLS) multicast stays off: the GPU machines do not support it, and NVSHMEM or NCCL
# would otherwise try it
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0

# the launcher's own exit status, not tee's; set -e would end the script before the summary
set +e
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
"$java" --enable-native-access=ALL-UNNAMED ${JAVA_OPTS:-} -cp "$cp" org.junit.platform.console.ConsoleLauncher \
  execute --disable-banner --disable-ansi-colors --details=tree --details-theme=ascii --include-engine=junit-jupiter \
  --reports-dir="$out" "${selectors[@]}" "$@" 2>&1 | tee "$out/console.txt"
status=${PIPESTATUS[0]}
set -e

# the launcher's summary box, "[ 8 tests successful ]" and the like, in one line
count() {
  sed -n "s/^\[ *\([0-9]*\) $1 *\]$/\1/p" "$out/console.txt" | head -n 1
}
started=$(count 'tests started')
if [ -z "$started" ]; then
  summary="no test summary: the launcher ended before running tests, see $out/console.txt"
else
  summary="tests: $started started, $(count 'tests successful') successful, $(count 'tests failed') failed,"
  summary+=" $(count 'tests aborted') aborted, $(count 'tests skipped') skipped;"
  summary+=" containers: $(count 'containers skipped') skipped, $(count 'containers failed') failed"
fi
if [ "$status" -eq 0 ] && [ "${started:-0}" -eq 0 ] && [ -z "${ALLOW_NO_GPU:-}" ]; then
  # a skipped suite must not pass for a green one on the machine that should run it
  status=3
  summary+=" (no test ran: see the skip reasons above; ALLOW_NO_GPU=1 accepts that)"
fi
# no job may leave a heap file, a PE process or a held memfd behind, on a GPU machine either
if ! scripts/check-leaks.sh 2>&1 | tee -a "$out/console.txt"; then
  [ "$status" -ne 0 ] || status=4
  summary+="; check-leaks found leftovers"
fi
echo "gpu-suite: $([ "$status" -eq 0 ] && echo PASSED || echo "FAILED (exit $status)"): $summary; reports in $out"
exit "$status"
