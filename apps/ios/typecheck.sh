#!/usr/bin/env bash
# Type-checks the iOS app's shell on Linux against the stand-ins for Apple's
# modules in typecheck/Stubs (each declaration citing its developer.apple.com
# page): a misspelt method or a wrong type in apps/ios/SquareCam.swiftpm/App
# fails here. Nothing is linked or run; the app itself is built only by Xcode.
# Usage: apps/ios/typecheck.sh [swift]   (from anywhere; SWIFT overrides too)
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
swift="${1:-${SWIFT:-swift}}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if "$swift" build --package-path "$root/apps/ios/typecheck" --scratch-path "$root/.build/ios-typecheck" >"$log" 2>&1; then
    echo "iOS shell type-checks against the documented Apple declarations (apps/ios/typecheck)."
    exit 0
fi

# The compiler's first complaint, with the path as it is in the repository
# (the typecheck package reaches the shell through a symlink).
first="$(grep -m1 -E '(^|: )error: ' "$log" | sed -e "s#$root/apps/ios/typecheck/Sources/AppModule/#apps/ios/SquareCam.swiftpm/App/#" -e "s#$root/##")"
echo "iOS shell type-check FAILED: ${first:-the build failed without a compiler error (see below)}" >&2
echo "Either the shell misuses an Apple API, or it uses one the stubs in apps/ios/typecheck/Stubs do not declare yet" >&2
echo "(add it there, transcribed from its developer.apple.com page, with the page in a comment)." >&2
echo "--- full output ---" >&2
cat "$log" >&2
exit 1
