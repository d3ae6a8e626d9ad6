# Helpers the benchmark scripts share (sourced, not run).

# The squarecam to measure: $SQUARECAM_BIN (its squarecam-gst beside it),
# or the release build, built first.
squarecam_binary() {
    if [[ -n ${SQUARECAM_BIN:-} ]]; then
        echo "$SQUARECAM_BIN"
        return
    fi
    swift build -c release >/dev/null
    echo "$(swift build -c release --show-bin-path)/squarecam"
}

# median [DECIMALS (default 1)]: the median of the numbers on stdin; fails on none.
median() {
    python3 -c 'import sys,statistics; v=[float(x) for x in sys.stdin.read().split()]; assert v, "no timings"; print(f"{statistics.median(v):.{sys.argv[1]}f}")' "${1:-1}"
}

# ratio A B: A / B, two decimals.
ratio() {
    python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.2f}")' "$1" "$2"
}
