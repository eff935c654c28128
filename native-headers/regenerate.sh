#!/usr/bin/env bash
# Regenerates ishmem-l0-bindings from level_zero.h and level_zero.argfile with a locally installed
# jextract: on PATH, or at $JEXTRACT_HOME/bin/jextract. jextract is in no package registry: build it from
# the openjdk/jextract sources (plain javac and Debian's libclang-14-dev suffice) outside this
# repository, and never commit it. Needs Debian's libze-dev for the header. Output is deterministic:
# running this twice leaves the tree unchanged.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
jextract=${JEXTRACT_HOME:+$JEXTRACT_HOME/bin/jextract}
jextract=${jextract:-$(command -v jextract || true)}
if [ -z "$jextract" ] || [ ! -x "$jextract" ]; then
  echo "regenerate.sh: no jextract on PATH and none at \$JEXTRACT_HOME/bin/jextract" >&2
  exit 1
fi
[ -f /usr/include/level_zero/ze_api.h ] || { echo "regenerate.sh: install libze-dev (ze_api.h)" >&2; exit 1; }
out="$root/ishmem-l0-bindings/src/main/java"
rm -rf "$out/io/ishmem/l0/bindings"
cd "$here"
"$jextract" --output "$out" @level_zero.argfile level_zero.h
echo "regenerated $(find "$out/io/ishmem/l0/bindings" -name '*.java' | wc -l) files in $out/io/ishmem/l0/bindings"
