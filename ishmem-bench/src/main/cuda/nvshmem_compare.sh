#!/usr/bin/env bash
# Builds nvshmem_compare.cu against the nvidia-nvshmem-cu13 Python wheel and runs it on 2 PEs, one GPU
# each; GpuBench --nvshmem runs this before and after the Java job and reads what rank 0 prints.
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NVCC_ARCH (default sm_90,
# the H100/H200), NVSHMEM_COMPARE_TIMEOUT (seconds for the run, default 300), TMPDIR (build folder).
set -u
# as in the team's anchor run: single node, no NVLink SHARP, no remote transport
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 NVSHMEM_REMOTE_TRANSPORT=none
export NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME=${NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME:-lo}
here=$(cd "$(dirname "$0")" && pwd)
src="$here/nvshmem_compare.cu"
nv=$(python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' 2>/dev/null)
[ -n "$nv" ] || { echo "no nvidia-nvshmem wheel for python3 (pip install nvidia-nvshmem-cu13)"; exit 1; }
echo "nvshmem at $nv"
work=${TMPDIR:-/tmp}/ishmem_nvshmem_compare
mkdir -p "$work"
bin="$work/nvshmem_compare"
if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  hostlib=$(basename "$(ls "$nv"/lib/libnvshmem_host.so* | head -n 1)")
  # built beside, then moved: a failed build must not leave a stale program to be run
  rm -f "$bin.new"
  "$nvcc" -O2 -rdc=true -arch="${NVCC_ARCH:-sm_90}" -I"$nv/include" "$src" -o "$bin.new" \
    -L"$nv/lib" -l:"$hostlib" -lnvshmem_device -lcuda -Xlinker -rpath -Xlinker "$nv/lib" 2>&1 | tail -20
  [ -x "$bin.new" ] || { echo "build of $src failed"; exit 1; }
  mv -f "$bin.new" "$bin"
fi
np=2
rm -f "$work/uid" "$work/uid.tmp"
export LD_LIBRARY_PATH="$nv/lib:${LD_LIBRARY_PATH:-}"
others=""
# the other ranks never outlive this script, whatever becomes of rank 0
trap 'for p in $others; do kill "$p" 2>/dev/null; done' EXIT
for r in $(seq 1 $((np - 1))); do
  "$bin" "$r" "$np" "$work/uid" > "$work/rank$r.log" 2>&1 &
  others="$others $!"
done
timeout "${NVSHMEM_COMPARE_TIMEOUT:-300}" "$bin" 0 "$np" "$work/uid"
rc=$?
if [ "$rc" -eq 0 ]; then
  for p in $others; do wait "$p" || rc=$?; done
fi
for r in $(seq 1 $((np - 1))); do echo "--- rank $r"; tail -5 "$work/rank$r.log"; done
exit "$rc"
