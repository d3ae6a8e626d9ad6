#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/Package.swift, with AddressSanitizer),
# checks the decompression bombs, then fuzzes each target for a bounded time,
# seeded from Tests/Fixtures and from the large seed corpora in
# ../shared/corpora (SQUARECAM_CORPORA). Without the corpora it still runs,
# from the fixtures alone, and says so at the start and at the end: the
# fuzzers then start from 200 files instead of 3,000.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Default 40 s per target (`make fuzz`, about 4 minutes with the build); CI
# uses fewer. Targets: FuzzJPEG FuzzEXIF FuzzHEIF FuzzPNG FuzzCrop.
# The corpus grows in .build-fuzz/corpus between runs; crashes are kept,
# minimised, in .build-fuzz/crashes/<target>/ and listed at the end.
# Exits non-zero when a target crashed, leaked or timed out, or a bomb was
# not rejected quickly.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
seconds=${1:-40}
shift || true
targets=("$@")
((${#targets[@]} > 0)) || targets=(FuzzJPEG FuzzEXIF FuzzHEIF FuzzPNG FuzzCrop)
scratch=${FUZZ_SCRATCH:-$root/.build-fuzz}
fixtures=$root/Tests/Fixtures
corpora=${SQUARECAM_CORPORA:-$root/../shared/corpora}
# The Swift backtracer can stall a crashing fuzzer; libFuzzer reports itself.
export SWIFT_BACKTRACE=enable=no

seed_sources=("$fixtures")
corpora_warning=""
if [[ -d "$corpora" ]]; then
    seed_sources+=("$(cd "$corpora" && pwd)")
else
    corpora_warning="fuzz: WARNING: the seed corpora are MISSING (no folder $corpora).
fuzz: WARNING: seeding from Tests/Fixtures only: a much weaker run than CI's.
fuzz: WARNING: put the corpora at ../shared/corpora or set SQUARECAM_CORPORA=FOLDER."
    printf '%s\n' "$corpora_warning" >&2
fi

build_started=$SECONDS
# swiftc keeps only the last -sanitize= it is given, and SwiftPM passes its
# --sanitize values one flag each, in no fixed order: Swift code came out
# with ASan but no coverage (or the reverse) depending on the run. The
# combined flag, given last, makes it both.
sanitize=(--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
swift build --package-path "$here" --scratch-path "$scratch" "${sanitize[@]}" \
    2>&1 | grep -v "Cannot export local symbol" | tail -3
bin=$(swift build --package-path "$here" --scratch-path "$scratch" "${sanitize[@]}" --show-bin-path)
echo "fuzz: built in $((SECONDS - build_started)) s"

seeds="$scratch/seeds"
rm -rf "$seeds"
python3 "$here/seeds.py" "$seeds" "${seed_sources[@]}" >/dev/null
seed_folder() {
    case $1 in
        FuzzJPEG) echo "$seeds/jpeg" ;;
        FuzzEXIF) echo "$seeds/exif" ;;
        FuzzHEIF) echo "$seeds/heif" ;;
        FuzzPNG) echo "$seeds/png" ;;
        FuzzCrop) echo "$seeds/crop" ;;
    esac
}

failures=0

# Decompression bombs: a header claiming 65510x65530 or more must be turned
# down before anything large is allocated (malloc limit 256 MB), within 2 s.
bombs="$scratch/bombs"
rm -rf "$bombs"
python3 "$here/bombs.py" "$fixtures" "$bombs" >/dev/null
bomb_count=0
for bomb in "$bombs"/*; do
    name=$(basename "$bomb")
    case ${name%%-*} in
        jpeg) target=FuzzJPEG ;; png) target=FuzzPNG ;; heif) target=FuzzHEIF ;; crop) target=FuzzCrop ;;
    esac
    started=$(date +%s.%N)
    set +e
    "$bin/$target" -malloc_limit_mb=256 -rss_limit_mb=2048 -timeout=30 "$bomb" >"$bomb.log" 2>&1
    status=$?
    set -e
    took=$(awk "BEGIN{printf \"%.2f\", $(date +%s.%N) - $started}")
    bomb_count=$((bomb_count + 1))
    if ((status != 0)); then
        echo "fuzz: bomb $name: $target failed (exit $status) — see $bomb.log"
        grep -m3 -E "ERROR|malloc|out-of-memory" "$bomb.log" | sed 's/^/    /' || true
        failures=$((failures + 1))
    elif [[ $name == *-huge-* ]] && awk "BEGIN{exit !($took > 2)}"; then
        echo "fuzz: bomb $name: rejected, but only after $took s"
        failures=$((failures + 1))
    else
        echo "fuzz: bomb $name: handled in $took s"
    fi
done

total_executions=0
total_crashes=0
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    crashes="$scratch/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    log="$scratch/$target.log"
    # EXIF, HEIF and PNG are parsed inside uninstrumented system libraries,
    # so libFuzzer sees little of what an input does there and may "reduce"
    # a seed photo to a few bytes with the same (small) coverage; keeping the
    # seeds whole makes those targets keep mutating real files.
    reduce=1
    case $target in FuzzEXIF | FuzzHEIF | FuzzPNG) reduce=0 ;; esac
    set +e
    # -rss/-malloc limits: a single input may not use more than the product
    # would for a 200 MP photo; -timeout: no input may take 20 s.
    "$bin/$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -malloc_limit_mb=2048 \
        -reduce_inputs=$reduce -print_final_stats=1 -artifact_prefix="$crashes/" \
        "$corpus" "$(seed_folder "$target")" >"$log" 2>&1
    status=$?
    set -e
    executions=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
    executions=${executions:-0}
    total_executions=$((total_executions + executions))
    found=$(find "$crashes" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*' -o -name 'slow-unit-*' \) ! -name '*.min' | wc -l)
    echo "fuzz: $target: $executions executions in $seconds s, exit $status, $found artifacts"
    if ((status != 0)); then
        total_crashes=$((total_crashes + 1))
        failures=$((failures + 1))
        grep -m5 -E "^==[0-9]+==ERROR|SUMMARY|Fatal error|deadly signal" "$log" | sed 's/^/    /' || true
        for artifact in "$crashes"/crash-* "$crashes"/leak-* "$crashes"/oom-* "$crashes"/timeout-*; do
            [[ -f "$artifact" && "$artifact" != *.min ]] || continue
            [[ -f "$artifact.min" ]] && continue
            "$bin/$target" -minimize_crash=1 -runs=20000 -exact_artifact_path="$artifact.min" "$artifact" \
                >"$artifact.minimize.log" 2>&1 || true
            echo "    reproducer: $artifact (minimised: $artifact.min)"
            echo "    replay: SWIFT_BACKTRACE=enable=no $bin/$target $artifact"
        done
    fi
done

echo "fuzz: $total_executions executions over ${#targets[@]} targets, $total_crashes targets crashed, $bomb_count bombs checked"
checks=$(( ${#targets[@]} + bomb_count ))
echo "fuzz: $((checks - failures)) passed, $failures failed"
[[ -z $corpora_warning ]] || printf '%s\n' "$corpora_warning" >&2
((failures == 0))
