#!/usr/bin/env bash
# The minimal Debian 12 base image the CI's containers start from, made locally (no registry
# is needed): `debootstrap --variant=minbase bookworm` from the Debian mirror apt is
# configured with, imported into podman. Made once: an image of that name already in podman
# is reused, and so is a finished root file system in the cache folder.
#
#   .ci/base-image.sh [CACHE_DIR]     prints the image's name
#
# CACHE_DIR defaults to $MAPRENDER_CI_SCRATCH or /var/tmp. Needs root, podman, runc and
# debootstrap (installed here when missing).
set -euo pipefail
cache=${1:-${MAPRENDER_CI_SCRATCH:-/var/tmp}}
image=localhost/maprender-fresh-debian:bookworm
rootfs="$cache/maprender-fresh-debian"
export DEBIAN_FRONTEND=noninteractive
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null || ! command -v runc >/dev/null; then
    apt-get install -y --no-install-recommends podman debootstrap runc uidmap >&2
fi
if ! podman image exists "$image"; then
    if [ ! -x "$rootfs/bin/sh" ]; then
        # The mirror of this machine's own bookworm main, as apt reports it (deb822 or
        # one-line sources alike), so the base has the packages this machine has.
        mirror="$(apt-cache policy | awk '$3 == "bookworm/main" { print $2; exit }')"
        [ -n "$mirror" ] || { echo "error: apt has no source for bookworm main (apt-cache policy)" >&2; exit 1; }
        rm -rf "$rootfs.partial"
        mkdir -p "$cache"
        debootstrap --variant=minbase bookworm "$rootfs.partial" "$mirror" >&2
        mv "$rootfs.partial" "$rootfs"
    fi
    tar -C "$rootfs" -c . | podman import - "$image" >&2
fi
echo "$image"
