#!/usr/bin/env bash
# Runs one command inside a QEMU guest that boots Debian's stock kernel with
# the host's / shared read-only, after loading the vivid virtual camera, and
# returns the command's exit code. The only folder the guest can write back
# to the host is --rwdir (mounted at the same path inside the guest).
#
#   scripts/vm/run-in-vm.sh [options] -- COMMAND [ARG...]
#
# Options:
#   --rwdir DIR        host folder the guest may write (default: a temp folder,
#                      removed afterwards)
#   --vivid ARGS       vivid module parameters
#                      (default: "n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0")
#   --no-vivid         do not load vivid
#   --loopback ARGS    also load v4l2loopback with ARGS (e.g. "video_nr=10 exclusive_caps=1")
#   --vimc             also load vimc (built once from linux-source by
#                      install-vm-deps.sh --vimc): a libcamera camera
#   --memory SIZE      guest memory (default 2G)
#   --timeout SECONDS  kill the guest after this long (default 300)
#   --quiet            do not echo the guest's console
#
# Exit status: the command's own, or 125 when the guest did not boot or run
# the command, 124 on timeout.
#
# Environment: SQUARECAM_VM_KERNEL (a vmlinuz path), SQUARECAM_VM_KVM
# (yes|no|auto, default auto: KVM is tried once and the answer cached; it
# cannot run a stock kernel on some hosts, where software emulation is used).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/squarecam-vm"
venv="${SQUARECAM_VM_VENV:-$cache/venv}"

rwdir=""
vivid_args="n_devs=1 node_types=0x1 num_inputs=1 input_types=0x0"
load_vivid=true
loopback_args=""
load_vimc=false
memory=2G
timeout_seconds=300
quiet=false
while (($# > 0)); do
    case "$1" in
        --rwdir) rwdir=$2; shift 2 ;;
        --vivid) vivid_args=$2; shift 2 ;;
        --no-vivid) load_vivid=false; shift ;;
        --loopback) loopback_args=$2; shift 2 ;;
        --vimc) load_vimc=true; shift ;;
        --memory) memory=$2; shift 2 ;;
        --timeout) timeout_seconds=$2; shift 2 ;;
        --quiet) quiet=true; shift ;;
        --) shift; break ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "run-in-vm: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if (($# == 0)); then
    echo "run-in-vm: no command given; usage: run-in-vm.sh [options] -- COMMAND [ARG...]" >&2
    exit 2
fi

deps_options=()
[[ -n "$loopback_args" ]] && deps_options+=(--loopback)
$load_vimc && deps_options+=(--vimc)
"$here/install-vm-deps.sh" "${deps_options[@]}"

kernel="${SQUARECAM_VM_KERNEL:-}"
if [[ -z "$kernel" ]]; then
    kernel=$(ls -1 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -1 || true)
fi
if [[ -z "$kernel" || ! -r "$kernel" ]]; then
    echo "run-in-vm: no readable Debian kernel in /boot; run scripts/vm/install-vm-deps.sh" >&2
    exit 125
fi

own_rwdir=false
if [[ -z "$rwdir" ]]; then
    rwdir=$(mktemp -d /tmp/squarecam-vm.XXXXXX)
    own_rwdir=true
fi
mkdir -p "$rwdir"
rwdir=$(cd "$rwdir" && pwd)
control="$rwdir/.vm"
rm -rf "$control"
mkdir -p "$control"
cleanup() { $own_rwdir && rm -rf "$rwdir" || true; }
trap cleanup EXIT

# KVM: probe once per host (a failing probe costs ~3 s), then remember.
kvm_flag=(--disable-kvm)
case "${SQUARECAM_VM_KVM:-auto}" in
    yes) kvm_flag=() ;;
    no) ;;
    auto)
        mkdir -p "$cache"
        probe="$cache/kvm-works-$(uname -r)-$(basename "$kernel")"
        if [[ ! -f "$probe" && -w /dev/kvm ]]; then
            if timeout 60 env PATH="$venv/bin:$PATH" vng --run "$kernel" --memory 512M -- true \
                    >/dev/null 2>&1 </dev/null; then
                echo yes >"$probe"
            else
                echo no >"$probe"
            fi
        fi
        [[ -f "$probe" && $(cat "$probe") == yes ]] && kvm_flag=()
        ;;
esac

# The guest script: load the drivers, run the command, leave its status in
# the control folder (the console's exit code is not trusted alone: a guest
# panic also "exits").
{
    echo '#!/bin/bash'
    echo "date +%s.%N > $(printf %q "$control/started")"
    if $load_vivid; then
        echo "modprobe vivid $vivid_args || { echo 'run-in-vm: modprobe vivid failed' >&2; echo 125 > $(printf %q "$control/rc"); exit 125; }"
    fi
    if [[ -n "$loopback_args" ]]; then
        echo "modprobe v4l2loopback $loopback_args || { echo 'run-in-vm: modprobe v4l2loopback failed' >&2; echo 125 > $(printf %q "$control/rc"); exit 125; }"
    fi
    if $load_vimc; then
        echo "modprobe vimc || { echo 'run-in-vm: modprobe vimc failed' >&2; echo 125 > $(printf %q "$control/rc"); exit 125; }"
    fi
    # Device nodes appear asynchronously after modprobe.
    echo 'for _ in $(seq 50); do ls /dev/video* >/dev/null 2>&1 && break; sleep 0.1; done'
    echo "export SQUARECAM_IN_VM=1 SQUARECAM_VM_RWDIR=$(printf %q "$rwdir")"
    echo "cd $(printf %q "$PWD")"
    printf '%q ' "$@"
    echo
    echo 'rc=$?'
    echo "echo \$rc > $(printf %q "$control/rc")"
    echo 'exit $rc'
} >"$control/guest.sh"
chmod +x "$control/guest.sh"

started=$(date +%s.%N)
# Boot time as the host sees it: when the guest script's first write lands
# (the guest's own clock drifts under software emulation).
(
    while [[ ! -f "$control/started" ]]; do sleep 0.1; done
    date +%s.%N >"$control/started.host"
) &
watcher=$!
set +e
if $quiet; then
    timeout --kill-after=10 "$timeout_seconds" env PATH="$venv/bin:$PATH" \
        vng --run "$kernel" "${kvm_flag[@]}" --memory "$memory" --cpus 2 \
        --rwdir "$rwdir" -- "$control/guest.sh" </dev/null >"$control/console.log" 2>&1
else
    timeout --kill-after=10 "$timeout_seconds" env PATH="$venv/bin:$PATH" \
        vng --run "$kernel" "${kvm_flag[@]}" --memory "$memory" --cpus 2 \
        --rwdir "$rwdir" -- "$control/guest.sh" </dev/null 2>&1 | tee "$control/console.log"
fi
vng_status=${PIPESTATUS[0]}
set -e
ended=$(date +%s.%N)
kill "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true

if [[ -f "$control/started.host" ]]; then
    guest_started=$(cat "$control/started.host")
    printf 'run-in-vm: kernel %s, kvm %s, boot %.1f s, run %.1f s\n' \
        "$(basename "$kernel")" "$([[ ${#kvm_flag[@]} -eq 0 ]] && echo on || echo off)" \
        "$(awk "BEGIN{print $guest_started - $started}")" "$(awk "BEGIN{print $ended - $guest_started}")" >&2
fi
if ((vng_status == 124)); then
    echo "run-in-vm: timed out after ${timeout_seconds} s" >&2
    exit 124
fi
if [[ ! -f "$control/rc" ]]; then
    echo "run-in-vm: the guest did not finish the command (vng status $vng_status); console in $control/console.log" >&2
    $own_rwdir && tail -20 "$control/console.log" >&2
    exit 125
fi
exit "$(cat "$control/rc")"
