#!/usr/bin/env bash
# Stages what scripts/gpu-suite.sh needs on a GPU machine that has neither Maven nor a JDK. Run it here,
# with JDK 25, from any directory; it works at the repository root.
#   .gpu/lib/        every jar of ishmem-core's test class path, ishmem-core's classes and test classes as
#                    jars, and JUnit's console launcher (junit-platform-console-standalone)
#   .gpu/classpath   those jars' names in class path order (test classes, classes, dependencies, launcher)
#   .jre/            a jlinked Java runtime, made only when missing or lacking a module the suite needs
# Carry .jre and .gpu to the GPU machine beside the checkout (both are ignored by git) and run
# scripts/gpu-suite.sh there. Arguments go to every Maven call, e.g. -o to build offline.
# FORCE_JRE=1 makes the runtime again.
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}

# The console launcher's version follows the JUnit BOM of the parent pom: Jupiter 5.x.y goes with
# Platform 1.x.y, and a launcher of another version may not drive the engine on the class path.
jupiter=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml)
platform="1.${jupiter#5.}"

# Modules of the runtime: java.base for the library (FFM) and the launcher's process handling, java.logging
# for JUnit's logger, java.xml for the console launcher's XML reports, jdk.unsupported for sun.misc.Unsafe,
# jdk.jfr for the library's flight-recorder events (docs/profiling.md). Each one was checked by running the
# suite on the runtime.
modules=java.base,java.logging,java.xml,jdk.unsupported,jdk.jfr

# A clean build, so a test class whose source is gone cannot ride along in the test jar. package with
# -DskipTests still compiles the tests; build-classpath runs in the same reactor so the sibling modules
# resolve to their freshly built jars (nothing is installed); its output file is per module.
./mvnw -B -ntp -q "$@" clean package dependency:build-classpath -DskipTests -pl ishmem-core,ishmem-bench -am \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt

rm -rf .gpu
mkdir -p .gpu/lib
names=()

# test classes first and classes next, as surefire orders them: a test resource wins over a main one
"$JAVA_HOME/bin/jar" --create --file .gpu/lib/ishmem-core-tests.jar -C ishmem-core/target/test-classes .
names+=(ishmem-core-tests.jar)
# the binding's layout test, which compiles against the GPU machine's own cuda.h
"$JAVA_HOME/bin/jar" --create --file .gpu/lib/ishmem-cuda-bindings-tests.jar -C ishmem-cuda-bindings/target/test-classes .
names+=(ishmem-cuda-bindings-tests.jar)
main_jar=$(ls ishmem-core/target/ishmem-core-*.jar | grep -v -e '-sources' -e '-javadoc' -e '-tests' | head -n 1)
cp "$main_jar" .gpu/lib/
names+=("$(basename "$main_jar")")

# the GPU bench (io.ishmem.bench.gpu.GpuBench) and the tails phase of the bench tool (HdrHistogram); their
# plots are drawn back here (GpuReport, TailReport), so XChart stays behind
bench_jar=$(ls ishmem-bench/target/ishmem-bench-*.jar | grep -v -e '-sources' -e '-javadoc' -e '-tests' | head -n 1)
for jar in "$bench_jar" ishmem-bench/target/lib/HdrHistogram-*.jar; do
  cp "$jar" .gpu/lib/
  names+=("$(basename "$jar")")
done

# the dependencies in Maven's order, reactor jars (ishmem-api, ishmem-junit...) and repository jars alike
# (a here-string: the file has no final newline, on which a plain read would fail)

IFS=: read -r -a deps <<< "$(< ishmem-core/target/test-classpath.txt)"
for dep in "${deps[@]}"; do
  if [ ! -f "$dep" ]; then
    echo "gpu-stage: $dep is not a jar: the class path must hold only jars to travel" >&2
    exit 1
  fi
  cp "$dep" .gpu/lib/
  names+=("$(basename "$dep")")
done

./mvnw -B -ntp -q "$@" -N dependency:copy \
  -Dartifact="org.junit.platform:junit-platform-console-standalone:$platform" -DoutputDirectory="$PWD/.gpu/lib"
names+=("junit-platform-console-standalone-$platform.jar")
printf '%s\n' "${names[@]}" > .gpu/classpath

# the runtime: made again when a module is missing, so a list that grew takes effect
needs_jre=${FORCE_JRE:-}
if [ -z "$needs_jre" ]; then
  if [ ! -x .jre/bin/java ]; then
    needs_jre=1
  else
    have=$(.jre/bin/java --list-modules | sed 's/@.*//')
    for module in ${modules//,/ }; do
      grep -qx "$module" <<< "$have" || needs_jre=1
    done
  fi
fi
if [ -n "$needs_jre" ]; then
  rm -rf .jre
  "$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
    --compress=zip-9 --output .jre
fi

# carried by the device runner, which takes 64 MiB in all
echo "gpu-stage: .gpu $(du -sh .gpu | cut -f1) ($(wc -l < .gpu/classpath) jars), .jre $(du -sh .jre | cut -f1)," \
  "together $(du -sch .gpu .jre | tail -n 1 | cut -f1)"
