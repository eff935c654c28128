#!/usr/bin/env bash
# Installs what the build and the tests need from Debian, and checks the JDK.
# procps (pgrep, for the leak check after the tests); spirv-tools (spirv-as, spirv-val: the Level Zero
# kernel is SPIR-V assembly); libze1 and libze-dev (the Level Zero loader and headers: the test driver in
# ishmem-core is built against them). Safe to run again; does nothing when everything is present.
set -euo pipefail
need=()
command -v pgrep >/dev/null 2>&1 || need+=(procps)
command -v spirv-as >/dev/null 2>&1 && command -v spirv-val >/dev/null 2>&1 || need+=(spirv-tools)
dpkg -s libze1 >/dev/null 2>&1 || need+=(libze1)
dpkg -s libze-dev >/dev/null 2>&1 || need+=(libze-dev)
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
