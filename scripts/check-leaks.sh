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
[ $status = 0 ] && echo "check-leaks: nothing left behind"
exit $status
