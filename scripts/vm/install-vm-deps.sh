#!/usr/bin/env bash
# Installs what the hardware tests need to boot a Debian kernel under QEMU:
# qemu, the stock kernel, busybox, v4l-utils (Debian) and virtme-ng (PyPI, in
# a private venv). Only `make test-hardware` needs these, so they are kept out
# of scripts/install-deps.sh. Idempotent: a second run installs nothing.
#
#   install-vm-deps.sh              the VM, vivid and v4l-utils
#   install-vm-deps.sh --loopback   also v4l2loopback built for the guest kernel
#   install-vm-deps.sh --vimc       also vimc (the kernel's virtual media-controller
#                                   camera, which Debian does not build) compiled out
#                                   of tree from linux-source for the guest kernel,
#                                   and libcamera's `cam` tool; options combine
#
# Prints nothing on success when everything is already there.
set -euo pipefail

want_loopback=false
want_vimc=false
for option in "$@"; do
    case $option in
        --loopback) want_loopback=true ;;
        --vimc) want_vimc=true ;;
        *) echo "install-vm-deps: unknown option $option (options: --loopback, --vimc)" >&2; exit 2 ;;
    esac
done

venv="${SQUARECAM_VM_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/squarecam-vm/venv}"

packages=(qemu-system-x86 linux-image-amd64 busybox-static v4l-utils kmod python3-venv
          gstreamer1.0-tools gstreamer1.0-plugins-good util-linux)
$want_loopback && packages+=(linux-headers-amd64 v4l2loopback-dkms dkms)
# vimc: the source of the kernel Debian ships (Debian 12: 6.1), its headers,
# and libcamera's vimc pipeline handler and IPA (in libcamera0.0.3 and
# libcamera-ipa), `cam` to look at it, media-ctl (v4l-utils).
$want_vimc && packages+=(linux-headers-amd64 linux-source-6.1 make gcc libcamera-ipa libcamera-tools
                         gstreamer1.0-libcamera)

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

if $want_vimc; then
    # Debian's kernel has CONFIG_VIDEO_VIMC unset but everything vimc needs
    # (media controller, V4L2 subdev API, v4l2-tpg, videobuf2-vmalloc and
    # -dma-contig as modules), so the driver builds out of tree from the
    # unchanged source with the kernel's own Makefile. The module is built
    # once per kernel, kept in the cache and installed under
    # /lib/modules/KERNEL/updates/ (where DKMS puts v4l2loopback) so that the
    # guest, which sees the host's /, finds it with modprobe.
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/squarecam-vm/vimc"
    source_tarball=$(ls -1 /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -1 || true)
    for kernel_dir in /lib/modules/*-amd64; do
        kernel=$(basename "$kernel_dir")
        [[ -d "$kernel_dir/build" ]] || continue
        modinfo -k "$kernel" vimc >/dev/null 2>&1 && continue
        if [[ -z "$source_tarball" ]]; then
            echo "install-vm-deps: no /usr/src/linux-source-*.tar.xz to build vimc from" >&2
            exit 1
        fi
        image_version=$(dpkg-query -W -f='${Version}' "linux-image-$kernel" 2>/dev/null \
            || dpkg-query -W -f='${Version}' "linux-image-$kernel-unsigned" 2>/dev/null || echo unknown)
        source_package=$(basename "$source_tarball" .tar.xz)
        source_version=$(dpkg-query -W -f='${Version}' "$source_package" 2>/dev/null || echo unknown)
        built="$cache/$kernel/vimc.ko"
        if [[ ! -f "$built" ]]; then
            echo "install-vm-deps: building vimc for $kernel from $source_package $source_version" \
                "(kernel package $image_version)" >&2
            [[ "$source_version" == "$image_version" ]] \
                || echo "install-vm-deps: note: the source ($source_version) is not the kernel's version ($image_version)" >&2
            work=$(mktemp -d "${TMPDIR:-/tmp}/vimc-build.XXXXXX")
            # Only the driver's folder is unpacked (the whole tree is 1.3 GB).
            nice tar -xJf "$source_tarball" -C "$work" --strip-components=4 \
                "$source_package/drivers/media/test-drivers/vimc"
            if ! nice make -s -C "$kernel_dir/build" M="$work/vimc" CONFIG_VIDEO_VIMC=m modules \
                    >"$work/build.log" 2>&1; then
                cat "$work/build.log" >&2
                echo "install-vm-deps: building vimc for $kernel failed (log above)" >&2
                rm -rf "$work"
                exit 1
            fi
            vermagic=$(modinfo -F vermagic "$work/vimc/vimc.ko")
            if [[ "$vermagic" != "$kernel "* ]]; then
                echo "install-vm-deps: the built vimc.ko is for '$vermagic', not $kernel" >&2
                rm -rf "$work"
                exit 1
            fi
            mkdir -p "$(dirname "$built")"
            cp "$work/vimc/vimc.ko" "$built.tmp" && mv "$built.tmp" "$built"
            rm -rf "$work"
        fi
        "${as_root[@]}" install -D -m 0644 "$built" "$kernel_dir/updates/squarecam/vimc.ko"
        "${as_root[@]}" depmod -a "$kernel"
    done
fi
