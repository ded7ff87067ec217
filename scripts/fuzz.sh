#!/usr/bin/env bash
# Coverage-guided fuzzing of the engine's text parsers (engine/fuzz, cargo-fuzz/libFuzzer).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Runs every target (or those named) for SECONDS_PER_TARGET seconds (default 20), one
# process each, starting from the seeds in engine/fuzz/seeds/TARGET/ plus whatever an
# earlier run left in the scratch corpus. Prints the executions per target and exits
# non-zero if any target crashed, failed an invariant, ran out of memory (an allocation
# over 128 MB or 512 MB resident; for the protocol, whose brain may be told to keep a
# 256 MiB table, over 300 MB or 1.5 GB) or took over 10 s on one input; the input that did it
# is kept under the scratch directory and the command to replay it is printed.
#
# Environment:
#   FUZZ_WORK       scratch directory for corpora and crash inputs
#                   (default ${TMPDIR:-/tmp}/gomoku-fuzz)
#   FUZZ_SANITIZER  address (default) or none (faster builds and runs, but no limit on
#                   single allocations)
#   CARGO_TARGET_DIR  honoured: the fuzz binaries go to $CARGO_TARGET_DIR/<host triple>/release/
#                   (else engine/fuzz/target/...)
#
# Needs the nightly-only sanitizer flags; on a stable toolchain RUSTC_BOOTSTRAP=1 allows
# them. cargo-fuzz is installed if missing.
set -euo pipefail

seconds=${1:-20}
shift || true
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
engine="$root/engine"
all_targets=(record psq notation protocol wire online)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
work=${FUZZ_WORK:-${TMPDIR:-/tmp}/gomoku-fuzz}
sanitizer=${FUZZ_SANITIZER:-address}
export RUSTC_BOOTSTRAP=1

if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: $0 [SECONDS_PER_TARGET] [TARGET...]   (targets: ${all_targets[*]})" >&2
    exit 2
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

cd "$engine"
# -a: debug assertions, so integer overflow panics too.
build=(-a --sanitizer "$sanitizer")
echo "== building the fuzz targets (sanitizer: $sanitizer)"
start=$SECONDS
cargo fuzz build "${build[@]}"
echo "built in $((SECONDS - start)) s"

# Memory limits per target: tight for the parsers, whose inputs should never make them
# allocate much; above the largest transposition table for the protocol, whose brain
# sizes one from INFO max_memory and timeout_turn, up to 256 MiB
# (LARGEST_USEFUL_TABLE_BYTES in engine/src/protocol.rs), zeroed in full, and which
# ASan's quarantine keeps a while after a resize frees it.
memory_limits() {
    case $1 in
        protocol) echo "-rss_limit_mb=1536 -malloc_limit_mb=300" ;;
        *) echo "-rss_limit_mb=512 -malloc_limit_mb=128" ;;
    esac
}

failed=()
summary=()
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    log="$work/$target.log"
    rm -rf "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    cp "$engine/fuzz/seeds/$target/"* "$corpus/"
    echo "== $target: ${seconds} s"
    start=$SECONDS
    status=0
    cargo fuzz run "${build[@]}" "$target" "$corpus" -- \
        -max_total_time="$seconds" -timeout=10 -max_len=4096 \
        $(memory_limits "$target") -print_final_stats=1 \
        -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
    took=$((SECONDS - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    if [ "$status" -eq 0 ]; then
        summary+=("$(printf '%-9s %10s executions in %3d s  ok' "$target" "${execs:-?}" "$took")")
    else
        failed+=("$target")
        summary+=("$(printf '%-9s %10s executions in %3d s  FAILED (exit %d)' "$target" "${execs:-?}" "$took" "$status")")
        # What went wrong, and the input that did it.
        grep -E "panicked at|^(ERROR|SUMMARY)|out-of-memory|malloc\(|Test unit written|^Base64" "$log" | head -n 20 || true
        tail -n 5 "$log"
        for input in "$artifacts"/*; do
            [ -e "$input" ] || continue
            echo "replay: (cd engine && RUSTC_BOOTSTRAP=1 cargo fuzz run ${build[*]} $target '$input')"
        done
        echo "full log: $log"
    fi
done

echo "== fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]}" >&2
    exit 1
fi
