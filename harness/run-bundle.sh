#!/usr/bin/env bash
# Runs the test bundle (every Swift Testing suite) on a private X server, for
# `make test` and the ASan half of `make test-sanitizers`:
#
#   harness/run-bundle.sh SWIFT [BUILD OPTION...] [-- TEST OPTION...]
#
# BUILD OPTIONs find the bundle (`--scratch-path .build-asan --sanitize=address`);
# TEST OPTIONs go to it (`--filter StaleTemporarySweepTests`). Built first with
# `swift build --build-tests` and the same BUILD OPTIONs.
#
# The bundle is run directly, not through `swift test`: through it, lines of
# Swift Testing's output went missing when tests had started other programs
# (the portal sessions, the app), up to the closing summary, while the status
# stayed 0; once, under ASan, about 250 of 360 results were all there was.
# So the summary line must be there, saying the run passed.
set -uo pipefail
swift=${1:?usage: run-bundle.sh SWIFT [BUILD OPTION...] [-- TEST OPTION...]}
shift
build=()
while (($# > 0)) && [[ $1 != -- ]]; do build+=("$1"); shift; done
(($# > 0)) && shift

bundle=$("$swift" build "${build[@]}" --show-bin-path)/SquareCamPackageTests.xctest
[[ -x $bundle ]] || { echo "run-bundle: $bundle is missing: run swift build --build-tests ${build[*]} first" >&2; exit 1; }
output=$(mktemp /tmp/squarecam-tests.XXXXXX)
session=$(mktemp /tmp/squarecam-tests-session.XXXXXX)
# The tests' caches (the face model crop writes on first use) stay out of the user's ~/.cache.
cache=$(mktemp -d /tmp/squarecam-test-cache.XXXXXX)
trap 'rm -f "$output" "$session"; rm -rf "$cache"' EXIT
# The bundle writes into a file that tail shows as it grows, in a session of
# its own. Through a pipe to tee, the run waited for every program the tests
# had started to close the pipe: a bundle that crashed left its apps, X
# servers and helpers running, and the run hung instead of failing. Whatever
# of the session is left when the bundle ends is killed.
# -noreset: Xvfb otherwise resets when its last client leaves, and an app
# starting in that moment cannot connect (one app at a time leaves it empty).
setsid --fork --wait bash -c 'echo $$ > "$0"; exec "$@"' "$session" \
    env XDG_CACHE_HOME="$cache" SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" \
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    "$bundle" --testing-library swift-testing "$@" > "$output" 2>&1 &
runner=$!
tail -n +1 -f --pid="$runner" "$output"
wait "$runner"
status=$?
[[ -s $session ]] && pkill -KILL -s "$(cat "$session")" 2> /dev/null
if ! grep -q "Test run with .* passed" "$output"; then
    echo "run-bundle: the test run did not end with a passing summary (status $status)" >&2
    ((status == 0)) && status=1
fi
exit "$status"
