#!/usr/bin/env bash
# Fails when a job left something behind: files of ours in /dev/shm, or PE processes still running.
set -u
status=0
files=$(ls /dev/shm 2>/dev/null | grep -E '^ishmem-' || true)
if [ -n "$files" ]; then
  echo "check-leaks: /dev/shm still holds: $files" >&2
  status=1
fi
procs=$(pgrep -af 'io\.ishmem\.(junit\.PeMain|examples\.)' 2>/dev/null | grep -v -E 'pgrep|check-leaks' || true)
if [ -n "$procs" ]; then
  echo "check-leaks: PE processes outlived their jobs:" >&2
  echo "$procs" >&2
  status=1
fi
# heaps are memfds (ours "ishmem-*", the Level Zero test driver's "ze-test-device"): once the jobs are
# over, no process may still hold one open or mapped
held=$(for pid in $(ls /proc | grep -E '^[0-9]+$'); do
  if ls -l /proc/$pid/fd 2>/dev/null | grep -q -E 'memfd:(ishmem|ze-test-device)' ||
     grep -q -E 'memfd:(ishmem|ze-test-device)' /proc/$pid/maps 2>/dev/null; then
    echo "$pid $(tr '\0' ' ' < /proc/$pid/cmdline 2>/dev/null | cut -c1-120)"
  fi
done)
if [ -n "$held" ]; then
  echo "check-leaks: processes still hold a heap's memfd (descriptor or mapping):" >&2
  echo "$held" >&2
  status=1
fi
[ $status = 0 ] && echo "check-leaks: nothing left behind"
exit $status
