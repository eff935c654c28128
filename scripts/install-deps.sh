#!/usr/bin/env bash
# Installs what the build and the tests need from Debian, and checks the JDK.
# procps: pgrep, for the leak check after the tests. libze1: the Level Zero loader the device tests load
# (with its validation layer). libze-dev: ze_api.h for the binding's layout test. spirv-tools: spirv-as and
# spirv-val, which build and check the atomic-add kernel. libucx0: libucp.so.0, which the UCX binding's smoke
# test loads. libucx-dev: ucp/api/ucp.h for that binding's layout test. gcc: the layout tests and the Level Zero
# test driver. Safe to run again; does nothing when everything is present.
set -euo pipefail
need=()
command -v pgrep >/dev/null 2>&1 || need+=(procps)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v spirv-as >/dev/null 2>&1 && command -v spirv-val >/dev/null 2>&1 || need+=(spirv-tools)
for pkg in libze1 libze-dev libucx0 libucx-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${need[@]}"
  else
    sudo apt-get update -qq && sudo apt-get install -y -qq "${need[@]}"
  fi
fi
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
if ! "$java_home/bin/java" -version 2>&1 | grep -qE 'version "2[5-9]|version "[3-9][0-9]'; then
  echo "install-deps: JDK 25 not found at JAVA_HOME=$java_home; install a JDK 25 and export JAVA_HOME" >&2
  exit 1
fi
echo "install-deps: ok (JDK at $java_home)"
