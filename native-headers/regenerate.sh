#!/usr/bin/env bash
# Regenerates the binding modules from the headers and argfiles here with a locally installed jextract:
# on PATH, or at $JEXTRACT_HOME/bin/jextract. jextract is in no package registry: build it from the
# openjdk/jextract sources (plain javac and Debian's libclang-14-dev suffice) outside this repository,
# and never commit it. Output is deterministic: running this twice leaves the tree unchanged.
#
#   regenerate.sh [level-zero|cuda|ucx|all]     (default: all)
#
# level-zero needs Debian's libze-dev (ze_api.h), ucx Debian's libucx-dev (ucp/api/ucp.h). cuda needs NVIDIA's
# cuda.h (CUDA 13.0), which no registry we use carries and which is never committed: copy it from a GPU machine
# (/usr/local/cuda/include/cuda.h) and name its folder in $CUDA_INCLUDE (default /usr/local/cuda/include). cuda
# comes last, so that "all" regenerates the others on a machine without cuda.h before it stops.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
which=${1:-all}
jextract=${JEXTRACT_HOME:+$JEXTRACT_HOME/bin/jextract}
jextract=${jextract:-$(command -v jextract || true)}
if [ -z "$jextract" ] || [ ! -x "$jextract" ]; then
  echo "regenerate.sh: no jextract on PATH and none at \$JEXTRACT_HOME/bin/jextract" >&2
  exit 1
fi

# generate MODULE PACKAGE_DIR ARGFILE HEADER [jextract options...]
generate() {
  local out="$root/$1/src/main/java" package="$2" argfile="$3" header="$4"
  shift 4
  rm -rf "${out:?}/$package"
  (cd "$here" && "$jextract" --output "$out" "$@" @"$argfile" "$header")
  echo "regenerated $(find "$out/$package" -name '*.java' | wc -l) files in $out/$package"
}

if [ "$which" = all ] || [ "$which" = level-zero ]; then
  [ -f /usr/include/level_zero/ze_api.h ] || { echo "regenerate.sh: install libze-dev (ze_api.h)" >&2; exit 1; }
  generate ishmem-l0-bindings io/ishmem/l0/bindings level_zero.argfile level_zero.h
fi
if [ "$which" = all ] || [ "$which" = ucx ]; then
  [ -f /usr/include/ucp/api/ucp.h ] || { echo "regenerate.sh: install libucx-dev (ucp/api/ucp.h)" >&2; exit 1; }
  generate ishmem-ucx-bindings io/ishmem/ucx/bindings ucp.argfile ucp.h
fi
if [ "$which" = all ] || [ "$which" = cuda ]; then
  cuda_include=${CUDA_INCLUDE:-/usr/local/cuda/include}
  [ -f "$cuda_include/cuda.h" ] || {
    echo "regenerate.sh: no cuda.h in $cuda_include: set CUDA_INCLUDE to the folder of NVIDIA's cuda.h" >&2
    exit 1
  }
  generate ishmem-cuda-bindings io/ishmem/cuda/bindings cuda_driver.argfile cuda_driver.h -I "$cuda_include"
fi
case "$which" in all|level-zero|cuda|ucx) ;; *) echo "regenerate.sh: unknown binding '$which'" >&2; exit 2;; esac
