#!/usr/bin/env bash
# Scale-out on real engines: a one-node Slurm cluster and the container image, built and run.
#
#   .ci/engines.sh [--require]
#
# 1. Slurm on the host (.ci/slurm-cluster.sh): examples/slurm-batch.sh submitted with
#    `sbatch --array` over examples/jobs.jsonl and a generated manifest of 300 jobs (one of
#    which fails), as a plain (0-3) and a stepped (1-7:2) array. The union of the shards'
#    outputs must be byte for byte one unsharded run's, every job in exactly one task's
#    summary, the failing job in its task's exit status and summary; a requeued task
#    (`scontrol requeue`) redoes nothing with --skip-existing; an array with gaps (0,2,5)
#    fails in every task with exit 64 and a message that says why, drawing nothing.
# 2. The image: the Dockerfile's runtime stage, built with podman on the local Debian 12
#    base (.ci/base-image.sh) with this machine's release binary. Checked: --help, the
#    README's first map as the image's non-root user in a mounted folder, a street map with
#    Latin, Arabic, Devanagari and CJK labels, both byte for byte the host's; a street map
#    from an HTTP server on 127.0.0.1; exit statuses passed through `podman run`.
# 3. Slurm again, each task in the container (MAPRENDER_ENGINE=podman), byte for byte the
#    host's outputs.
# 4. The Kubernetes Job manifest checked against the Job API offline (check-kubernetes-job.py).
#
# Without --require, a part that cannot run here (no root, packages missing, an engine that
# does not start) is skipped with the reason; .ci/run passes --require, so there it fails.
# Everything goes to a scratch folder ($MAPRENDER_CI_SCRATCH, or a new one removed at the
# end); only the daemons and servers started here are stopped, by process id.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
require=0
[ "${1:-}" = "--require" ] && require=1
stage_start=$SECONDS
export CONTAINERS_CONF="$repo/.ci/containers.conf"

own_scratch=0
if [ -z "${MAPRENDER_CI_SCRATCH:-}" ]; then
    MAPRENDER_CI_SCRATCH="$(mktemp -d /var/tmp/maprender-engines.XXXXXX)"
    own_scratch=1
fi
scratch="$MAPRENDER_CI_SCRATCH/engines"
rm -rf "$scratch"
mkdir -p "$scratch"
chmod 0755 "$MAPRENDER_CI_SCRATCH" "$scratch"

cluster="$scratch/slurm"
cluster_started=0
server_pid=""
cleanup() {
    set +e
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    [ "$cluster_started" = 1 ] && .ci/slurm-cluster.sh stop "$cluster"
    [ "$own_scratch" = 1 ] && rm -rf "$MAPRENDER_CI_SCRATCH"
    true
}
trap cleanup EXIT

say() { echo "engines: $*"; }
fail() { echo "error: engines: $*" >&2; exit 1; }
skip() {
    [ "$require" = 1 ] && fail "$* (with --require nothing may be skipped)"
    say "SKIPPED: $*"
    exit 0
}
timed() { # NAME COMMAND…: runs it and says how long it took
    local name=$1 start=$SECONDS
    shift
    "$@"
    say "$name took $((SECONDS - start)) s"
}

[ "$(id -u)" -eq 0 ] || skip "Slurm's slurmd and rootful podman need root; this is uid $(id -u)"
missing=""
for tool in sbatch slurmctld slurmd munged podman runc debootstrap; do
    command -v "$tool" >/dev/null || missing="$missing $tool"
done
python3 -c "import yaml" 2>/dev/null || missing="$missing python3-yaml"
[ -z "$missing" ] || skip "not installed:$missing (apt-get install slurm-wlm munge podman buildah runc debootstrap uidmap python3-yaml)"

# The release binary, as the Dockerfile's build stage makes it, with its resource bundles.
build_release() {
    local bin log="$scratch/release-build.log"
    swift build -c release --static-swift-stdlib --product maprender >"$log" 2>&1 \
        || { grep -E "error:" "$log" >&2; fail "the release build failed (its log: $log)"; }
    bin="$(swift build -c release --static-swift-stdlib --product maprender --show-bin-path)"
    [ -x "$bin/maprender" ] || fail "the release build made no $bin/maprender"
    mkdir -p "$scratch/image/staging"
    cp "$bin/maprender" "$scratch/image/staging/"
    strip "$scratch/image/staging/maprender"
    cp -R "$bin"/*.resources "$scratch/image/staging/"
}
timed "the release build" build_release
maprender="$scratch/image/staging/maprender"

# A manifest of 300 small jobs over the embedded world and the Helsinki street map, and a
# job that fails (latitude 95): enough for every shard to have work, quick to draw.
many="$scratch/many.jsonl"
python3 - "$many" <<'PYTHON'
import json, sys
with open(sys.argv[1], "w") as out:
    for n in range(300):
        job = {"id": f"job-{n:03}", "output": f"many/{n:03}.png", "size": "96x64",
               "pin": [f"{(n * 7) % 160 - 80},{(n * 13) % 340 - 170},{n}"]}
        if n % 25 == 0:
            job.update({"places": "examples/helsinki/favorites.db", "basemap": "examples/helsinki/helsinki.pmtiles",
                        "size": "160x120"})
            del job["pin"]
        out.write(json.dumps(job) + "\n")
    out.write(json.dumps({"id": "broken", "output": "many/broken.png", "pin": "95,10"}) + "\n")
PYTHON

# The reference: each manifest in one unsharded run.
reference() { # MANIFEST OUT
    local status=0
    "$maprender" batch "$1" --jobs 2 --out-dir "$2" --summary "$2.summary.json" --progress never \
        >"$2.log" 2>&1 || status=$?
    echo "$status"
}
[ "$(reference examples/jobs.jsonl "$scratch/reference-examples")" = 0 ] || fail "the examples' batch failed: $(cat "$scratch/reference-examples.log")"
status="$(reference "$many" "$scratch/reference-many")"
[ "$status" = 65 ] || [ "$status" = 64 ] || fail "the 300-job batch exited $status, not with the broken job's status"

# Compares a sharded run's outputs and summaries with the reference; prints the array's
# job ids with the task that failed. Arguments: OUT REFERENCE TASKS JOBID.
check_shards() {
    python3 - "$@" <<'PYTHON'
import json, os, re, subprocess, sys
out, reference, tasks, job_id = sys.argv[1], sys.argv[2], [int(t) for t in sys.argv[3].split(",")], sys.argv[4]
def files(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = open(path, "rb").read()
    return found
got = {k: v for k, v in files(out).items() if not re.fullmatch(r"summary-\d+\.json", k)}
want = files(reference)
problems = [f"{k}: missing from the shards" for k in sorted(want.keys() - got.keys())]
problems += [f"{k}: not in the unsharded run" for k in sorted(got.keys() - want.keys())]
problems += [f"{k}: differs from the unsharded run" for k in sorted(want.keys() & got.keys()) if want[k] != got[k]]
seen, failed_tasks = {}, set()
for task in tasks:
    path = os.path.join(out, f"summary-{task}.json")
    if not os.path.exists(path):
        problems.append(f"task {task} wrote no summary")
        continue
    summary = json.load(open(path))
    for result in summary["results"]:
        seen.setdefault(result["id"], []).append(task)
        if result["status"] == "failed":
            failed_tasks.add(task)
reference_summary = json.load(open(reference + ".summary.json"))
ids = [r["id"] for r in reference_summary["results"]]
problems += [f"job {i} is in no task's summary" for i in ids if i not in seen]
problems += [f"job {i} is done by tasks {t}" for i, t in seen.items() if len(t) > 1]
# Each task's exit status, from the controller (no accounting here).
show = subprocess.run(["scontrol", "-o", "show", "job", job_id], capture_output=True, text=True).stdout
statuses = {int(m.group(1)): int(m.group(2)) for m in re.finditer(r"ArrayTaskId=(\d+) .*? ExitCode=(\d+):\d+", show)}
if sorted(statuses) != sorted(tasks):
    problems.append(f"scontrol shows tasks {sorted(statuses)}, not {tasks}")
for task, status in sorted(statuses.items()):
    if (status != 0) != (task in failed_tasks):
        problems.append(f"task {task} exited {status}, its summary has {'a' if task in failed_tasks else 'no'} failed job")
for problem in problems:
    print("error: " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"{len(ids)} jobs in {len(tasks)} tasks, each once; {len(want)} files byte for byte the unsharded run's; "
      f"tasks exiting non-zero: {sorted(t for t, s in statuses.items() if s)}")
PYTHON
}

# Submits examples/slurm-batch.sh as an array and waits for its tasks; prints the job id.
# Arguments: ARRAY MANIFEST OUT [VARIABLE=VALUE…] (the task's engine). Waits by asking
# squeue every 0.2 s: `sbatch --wait` polls with growing sleeps and adds up to 30 s.
submit() {
    local array=$1 manifest=$2 out=$3 job
    shift 3
    mkdir -p "$out.logs"
    job="$(env "$@" sbatch --parsable --array="$array" --chdir="$repo" --output="$out.logs/%a.log" \
        examples/slurm-batch.sh "$manifest" "$out")" || return 0
    for _ in $(seq 3000); do
        [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
        sleep 0.2
    done
    echo "$job"
}

array_run() { # LABEL ARRAY TASKS MANIFEST REFERENCE ENGINE…
    local label=$1 array=$2 tasks=$3 manifest=$4 reference=$5 out job
    shift 5
    out="$scratch/$label"
    job="$(submit "$array" "$manifest" "$out" "$@")"
    [ -n "$job" ] || fail "sbatch did not submit the $label array"
    local result
    result="$(check_shards "$out" "$reference" "$tasks" "$job")" \
        || { tail -n 5 "$out.logs"/*.log >&2; fail "$label: the shards are not the unsharded run"; }
    say "$label (--array=$array, job $job): $result"
    echo "$job" >"$out.job"
}

slurm_on_host() {
    local start status
    start="$(.ci/slurm-cluster.sh start "$cluster")" || {
        status=$?
        [ "$status" = 77 ] && skip "no Slurm cluster (above)"
        fail "the Slurm cluster did not start"
    }
    eval "$start"
    cluster_started=$MAPRENDER_SLURM_STARTED
    say "cluster: $(sinfo -h -o '%P %a %D %T %c CPUs')"
    local host=(MAPRENDER_ENGINE=host "MAPRENDER_BINARY=$maprender")
    array_run host-examples-0-3 0-3 0,1,2,3 examples/jobs.jsonl "$scratch/reference-examples" "${host[@]}"
    array_run host-many-0-3 0-3 0,1,2,3 "$many" "$scratch/reference-many" "${host[@]}"
    array_run host-many-1-7-2 1-7:2 1,3,5,7 "$many" "$scratch/reference-many" "${host[@]}"

    # A requeued task finds its maps made and redoes none of them.
    local job out before after
    out="$scratch/host-many-0-3"
    job="$(cat "$out.job")"
    before="$(cd "$out" && find . -type f ! -name 'summary-*' -printf '%p %s %T@\n' | sort | md5sum)"
    scontrol requeue "${job}_2"
    # Slurm holds a requeued job for two minutes (its BeginTime); run it now.
    scontrol update JobId="${job}_2" StartTime=now
    local state=""
    for _ in $(seq 300); do
        sleep 0.2
        state="$(scontrol -o show job "${job}_2" | grep -o 'JobState=[A-Z]* .*Restarts=[0-9]*' | sed 's/ .* / /')"
        case "$state" in "JobState=COMPLETED Restarts=1" | "JobState=FAILED Restarts=1") break ;; esac
    done
    case "$state" in *"Restarts=1") ;; *) fail "the requeued task did not run again: $state" ;; esac
    after="$(cd "$out" && find . -type f ! -name 'summary-*' -printf '%p %s %T@\n' | sort | md5sum)"
    python3 - "$out/summary-2.json" <<'PYTHON' || fail "the requeued task did work again"
import json, sys
summary = json.load(open(sys.argv[1]))
done = [r["id"] for r in summary["results"] if r["status"] not in ("skipped", "failed")]
if summary["skipped"] == 0 or done:
    sys.exit(f"error: the requeued task rendered {done} (skipped {summary['skipped']})")
print(f"engines: requeued task 2: {summary['skipped']} jobs skipped, {summary['failed']} failed again, none redone")
PYTHON
    [ "$before" = "$after" ] || fail "the requeued task changed the outputs"

    # An array with gaps: every task refuses, saying why, and draws nothing.
    out="$scratch/host-many-gaps"
    job="$(submit 0,2,5 "$many" "$out" "${host[@]}")"
    local statuses
    statuses="$(scontrol -o show job "$job" | grep -o ' ExitCode=[0-9]*' | sort | uniq -c | tr -s ' ')"
    [ "$statuses" = " 3 ExitCode=64" ] || fail "the gapped array's tasks exited: $statuses (want 64 each)"
    for log in "$out.logs"/*.log; do
        grep -q "error: --shard auto: the array has gaps" "$log" || fail "$log does not say the array has gaps: $(cat "$log")"
    done
    [ -z "$(find "$out" -type f ! -name 'summary-*' | head -1)" ] || fail "the gapped array drew maps"
    say "gapped array (--array=0,2,5): 3 tasks exited 64: $(head -n 1 "$out.logs/0.log")"
}
timed "Slurm on the host" slurm_on_host

# The image: the Dockerfile's runtime stage on the local base, with the binary built above
# in place of the build stage's. The Dockerfile stays the one list of runtime packages.
build_image() {
    local base
    base="$(.ci/base-image.sh "$MAPRENDER_CI_SCRATCH")"
    python3 - "$base" Dockerfile "$scratch/image/Containerfile" <<'PYTHON'
import re, sys
base, dockerfile, containerfile = sys.argv[1:]
text = open(dockerfile).read()
stages = re.split(r"(?m)^(?=FROM )", text)
runtime = stages[-1]
runtime, froms = re.subn(r"^FROM \S+", f"FROM {base}", runtime, count=1)
runtime, copies = re.subn(r"(?m)^COPY --from=\S+ /staging/ ", "COPY staging/ ", runtime)
if froms != 1 or copies != 1:
    sys.exit("error: the Dockerfile's last stage is not FROM … with COPY --from=build /staging/ …")
open(containerfile, "w").write("# The runtime stage of the Dockerfile, on the local Debian base (.ci/engines.sh)\n" + runtime)
PYTHON
    podman build --network host --layers -q -t localhost/maprender:ci -f "$scratch/image/Containerfile" "$scratch/image" >/dev/null
    say "image: $(podman image inspect localhost/maprender:ci --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"
}
timed "the image build" build_image
image=localhost/maprender:ci

container_checks() {
    local work="$scratch/container-work" status
    # --help, as the host's binary prints it.
    cmp -s <(podman run --rm "$image") <("$maprender" --help) || fail "the image's --help is not the binary's"
    [ "$(podman run --rm --entrypoint id "$image" -u)" = 10001 ] || fail "the image does not run as uid 10001"
    # The working folder mounted, owned by the image's user; maps compared with the host's.
    mkdir -p "$work/host"
    cp -R examples "$work/"
    chown -R 10001:10001 "$work"
    local labels=(
        --pin "60.1699,24.9384,Helsinki" --pin "60.1719,24.9414,القاهرة" --pin "60.1680,24.9450,नई दिल्ली"
        --pin "60.1660,24.9370,東京" --pin "60.1705,24.9360,北京" --callouts titles --size 640x480
    )
    podman run --rm -v "$work:/work" "$image" \
        --places examples/helsinki/favorites.db --basemap examples/helsinki/helsinki.pmtiles -o map.png
    podman run --rm -v "$work:/work" "$image" \
        --basemap examples/helsinki/helsinki.pmtiles "${labels[@]}" -o scripts.png
    [ "$(stat -c %u "$work/map.png")" = 10001 ] || fail "map.png is not the image user's"
    (cd "$work" && "$maprender" --places examples/helsinki/favorites.db --basemap examples/helsinki/helsinki.pmtiles \
        -o host/map.png && "$maprender" --basemap examples/helsinki/helsinki.pmtiles "${labels[@]}" -o host/scripts.png)
    cmp "$work/map.png" "$work/host/map.png" || fail "the README's map differs in the container"
    cmp "$work/scripts.png" "$work/host/scripts.png" || fail "the map with four scripts differs in the container (fonts?)"
    # A street map over HTTP from 127.0.0.1 (byte ranges of the archive), the container on
    # the host's network, as the local archive draws it.
    # The server ends when its standard input, the coprocess pipe, closes (or at its pid).
    coproc server { exec python3 Tests/MapTestSupport/tile_server.py 3 "$work/examples/helsinki"; }
    server_pid=$server_PID
    local port
    read -r port <&"${server[0]}"
    podman run --rm -v "$work:/work" "$image" --places examples/helsinki/favorites.db \
        --basemap "http://127.0.0.1:$port/range/ok/helsinki.pmtiles" -o http.png
    cmp "$work/http.png" "$work/map.png" || fail "the map over HTTP differs from the local archive's"
    kill "$server_pid"
    server_pid=""
    # Exit statuses come through podman run: usage (64), no input (66).
    status=0
    podman run --rm -v "$work:/work" "$image" --no-such-option >/dev/null 2>&1 || status=$?
    [ "$status" = 64 ] || fail "an unknown option exited $status in the container, not 64"
    status=0
    podman run --rm -v "$work:/work" "$image" --places missing.db -o x.png 2>"$work/missing.err" || status=$?
    [ "$status" = 66 ] && grep -q "missing.db" "$work/missing.err" || fail "a missing file exited $status: $(cat "$work/missing.err")"
    say "container: --help, uid 10001, README map and four-script map as the host's, HTTP tiles, exit statuses 64 and 66"
}
timed "the container checks" container_checks

slurm_in_container() {
    local podman=(MAPRENDER_ENGINE=podman "MAPRENDER_IMAGE=$image" "CONTAINERS_CONF=$CONTAINERS_CONF")
    array_run container-many-0-3 0-3 0,1,2,3 "$many" "$scratch/reference-many" "${podman[@]}"
    array_run container-examples-1-7-2 1-7:2 1,3,5,7 examples/jobs.jsonl "$scratch/reference-examples" "${podman[@]}"
}
timed "Slurm with each task in the container" slurm_in_container

.ci/check-kubernetes-job.py examples/kubernetes-batch-job.yaml Dockerfile >/dev/null \
    || fail "examples/kubernetes-batch-job.yaml does not pass the Job API checks (above)"
say "examples/kubernetes-batch-job.yaml passes the offline Job API checks"

say "all passed in $((SECONDS - stage_start)) s"
