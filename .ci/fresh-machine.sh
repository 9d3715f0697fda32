#!/usr/bin/env bash
# The README's promise, checked: on a fresh, minimal Debian machine that has only what the
# Swift toolchain itself needs, the README's two commands, run verbatim, both pass.
#
#   .ci/fresh-machine.sh [README]
#
# Takes the minimal Debian 12 base image of .ci/base-image.sh (debootstrap, imported into
# podman), installs the toolchain's own prerequisites (swift.org's list for Debian 12),
# mounts the host's toolchain (the directory of `swift`, two levels up) and a copy of the
# repository, and runs the README's first command (its install line and
# the render), then its test command, exactly as the README prints them: they are parsed out
# of the README (the first ```sh block under "Quick start", and the one holding
# `swift test`), so the check cannot drift from what a reader is told. Fails when either
# command fails, or when the first one does not write map.png.
set -euo pipefail
cd "$(dirname "$0")/.."
readme=${1:-README.md}

# The two commands, as the README prints them (one per line of the script's output).
mapfile -t commands < <(python3 - "$readme" <<'PYTHON'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
block = re.compile(r"^```sh\n(.*?)^```", flags=re.S | re.M)
quick = text.split("## Quick start", 1)
first = block.search(quick[1]) if len(quick) == 2 else None
tests = [b.strip() for b in block.findall(text) if b.strip() == "swift test"]
if first is None or not tests or "\n" in first.group(1).strip():
    sys.exit("error: the README needs a one-line ```sh block under '## Quick start' and a block that is exactly `swift test`")
print(first.group(1).strip())
print(tests[0])
PYTHON
)
[ "${#commands[@]}" -eq 2 ] || exit 1
install_and_run="${commands[0]}"
test_command="${commands[1]}"
echo "fresh machine: the README's first command: $install_and_run"
echo "fresh machine: the README's test command: $test_command"

swift_root="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")"
export DEBIAN_FRONTEND=noninteractive
# The local Debian 12 base (debootstrap, imported into podman), shared with .ci/engines.sh.
image="$(.ci/base-image.sh)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The repository as a clone has it: tracked and new files, no build products.
git ls-files --cached --others --exclude-standard -z | tar --null -T - -c | tar -C "$work" -x
cp "$readme" "$work/README.md"

# runc may not raise the open-file and process limits past the sandbox's hard limits, which
# podman's defaults ask for: give the container limits below them.
podman --runtime runc --cgroup-manager cgroupfs run --rm --network host \
    --ulimit nofile=16384:16384 --ulimit nproc=16384:16384 \
    -v "$swift_root:/opt/swift:ro" -v "$work:/src" -w /src \
    -e PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    -e DEBIAN_FRONTEND=noninteractive \
    -e INSTALL_AND_RUN="$install_and_run" -e TEST_COMMAND="$test_command" \
    "$image" bash -c '
        set -eu
        # What the Swift toolchain itself needs on Debian 12 (swift.org), and nothing else.
        apt-get update -q
        apt-get install -y -q --no-install-recommends binutils git gnupg2 libc6-dev libcurl4-openssl-dev \
            libedit2 libgcc-12-dev libncurses6 libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev \
            libz3-dev pkg-config tzdata zlib1g-dev ca-certificates >/dev/null
        echo "fresh machine: running the README first command"
        bash -euo pipefail -c "$INSTALL_AND_RUN" || {
            status=$?
            echo "error: the README first command failed on a fresh machine (exit $status); see its output above" >&2
            exit "$status"
        }
        test -s map.png || { echo "error: the README first command wrote no map.png" >&2; exit 1; }
        echo "fresh machine: running the README test command"
        bash -euo pipefail -c "$TEST_COMMAND" || {
            status=$?
            echo "error: the README test command failed on a fresh machine (exit $status); see its output above" >&2
            exit "$status"
        }
    '
echo "fresh machine: the README's two commands passed"
