#!/usr/bin/env bash
# Installs what the hardware tests need to boot a Debian kernel under QEMU:
# qemu, the stock kernel, busybox, v4l-utils (Debian) and virtme-ng (PyPI, in
# a private venv). Only `make test-hardware` needs these, so they are kept out
# of scripts/install-deps.sh. Idempotent: a second run installs nothing.
#
#   install-vm-deps.sh              the VM, vivid and v4l-utils
#   install-vm-deps.sh --loopback   also v4l2loopback built for the guest kernel
#
# Prints nothing on success when everything is already there.
set -euo pipefail

want_loopback=false
[[ "${1:-}" == "--loopback" ]] && want_loopback=true

venv="${SQUARECAM_VM_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/squarecam-vm/venv}"

packages=(qemu-system-x86 linux-image-amd64 busybox-static v4l-utils kmod python3-venv
          gstreamer1.0-tools gstreamer1.0-plugins-good util-linux)
$want_loopback && packages+=(linux-headers-amd64 v4l2loopback-dkms dkms)

as_root=()
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null; then
        as_root=(sudo)
    else
        echo "install-vm-deps: run as root or install sudo." >&2
        exit 1
    fi
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} > 0)); then
    echo "install-vm-deps: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# virtme-ng runs on Debian's own Python: the guest sees the host's / and
# must find the same interpreter and venv there.
if [[ ! -x "$venv/bin/vng" ]]; then
    echo "install-vm-deps: installing virtme-ng into $venv" >&2
    mkdir -p "$(dirname "$venv")"
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check virtme-ng
fi

if $want_loopback; then
    # DKMS builds for the running kernel only; the guest runs Debian's.
    for kernel_dir in /lib/modules/*-amd64; do
        kernel=$(basename "$kernel_dir")
        [[ -d "$kernel_dir/build" ]] || continue
        if ! modinfo -k "$kernel" v4l2loopback >/dev/null 2>&1; then
            version=$(dpkg-query -W -f='${Version}' v4l2loopback-dkms | sed 's/-[^-]*$//')
            echo "install-vm-deps: building v4l2loopback $version for $kernel" >&2
            "${as_root[@]}" dkms install "v4l2loopback/$version" -k "$kernel" >/dev/null
        fi
    done
fi
