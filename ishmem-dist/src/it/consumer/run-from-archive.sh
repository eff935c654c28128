#!/usr/bin/env bash
# Checks the consumer build as a user would: the @MultiPeTest ran, and the launcher of the bin archive, unpacked
# into a folder of its own (with a space in its path), runs Hello and this project's program from anywhere.
set -euo pipefail
archive=$1 version=$2 app=$3 reports=$4 work=$5

fail() { echo "run-from-archive: $*" >&2; exit 1; }

report="$reports/TEST-consumer.RankRingMultiPeTest.xml"
[ -f "$report" ] || fail "no $report: the tests did not run"
grep -q 'testcase name="shouldReceiveTheRankOfThePreviousPe(Ishmem)\[1\]"' "$report" ||
    fail "the @MultiPeTest's [2 PEs] invocation is not in $report"
grep -q -E '<testsuite [^>]*tests="2" errors="0" skipped="0" failures="0"' "$report" ||
    fail "expected 2 tests, none failed or skipped, in $report: $(grep -m1 '<testsuite' "$report")"

rm -rf "$work"
mkdir -p "$work/unpacked here"
tar -xzf "$archive" -C "$work/unpacked here"
home="$work/unpacked here/ishmem-$version"
[ -x "$home/bin/ishmemrun" ] || fail "$home/bin/ishmemrun is missing or not executable"
for f in LICENSE README.md lib/ishmem-api-$version.jar lib/ishmem-core-$version.jar lib/ishmem-launcher-$version.jar; do
    [ -f "$home/$f" ] || fail "the archive has no $f"
done

# from another folder, and once through a symbolic link, as from a PATH entry
cd "$work"
hello=$("$home/bin/ishmemrun" -n 2 --timeout 120 --class io.ishmem.examples.Hello) || fail "Hello exited $?"
for pe in 0 1; do
    grep -q -x "Hello from PE $pe of 2" <<< "$hello" || fail "no 'Hello from PE $pe of 2' in: $hello"
done
ln -s "$home/bin/ishmemrun" "$work/ishmemrun"
ring=$("$work/ishmemrun" -n 2 --timeout 120 --cp "$app" --class consumer.RankRing) || fail "RankRing exited $?"
grep -q -x "consumer RankRing: PE 0 of 2 received 1" <<< "$ring" || fail "PE 0 did not receive 1: $ring"
grep -q -x "consumer RankRing: PE 1 of 2 received 0" <<< "$ring" || fail "PE 1 did not receive 0: $ring"
rm -rf "$work"
echo "run-from-archive: the @MultiPeTest passed on 2 PEs; Hello and RankRing ran on 2 PEs from the unpacked archive"
