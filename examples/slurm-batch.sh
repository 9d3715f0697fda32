#!/bin/sh
# Renders a batch manifest in 4 shards with a Slurm job array, in the maprender container
# image. Each array task gets SLURM_ARRAY_TASK_ID and the array's _MIN, _MAX, _STEP and
# _COUNT from Slurm, which `--shard auto` reads: task ID renders shard (ID − MIN) / STEP of
# COUNT, so a range (--array=0-3) or a stepped range (--array=1-7:2) covers every job once;
# an array with gaps (--array=0,2,5) is refused (exit 64) rather than leaving shards out.
# Shards are disjoint and together complete, and --skip-existing makes a requeued task cheap.
#
#   slurm-batch.sh MANIFEST.jsonl OUT_DIR
#
# The image is the repository's Dockerfile. Most Slurm clusters have Apptainer
# (Singularity), the default here: build the image and turn it into a .sif file on a shared
# filesystem,
#
#   docker build -t maprender .
#   apptainer build maprender.sif docker-daemon://maprender:latest
#
# or push it to your registry (docker tag maprender registry.example.org/you/maprender:latest
# && docker push registry.example.org/you/maprender:latest) and set
# MAPRENDER_IMAGE=docker://registry.example.org/you/maprender:latest. Then, from the folder
# the manifest's paths are relative to:
#
#   sbatch examples/slurm-batch.sh examples/jobs.jsonl maps
#
# MAPRENDER_ENGINE picks how each task runs maprender: apptainer (the default; it runs the
# image as the submitting user with the current folder mounted), podman (the same with
# `podman run`, MAPRENDER_IMAGE an image podman has, e.g. localhost/maprender:latest), or
# host (the maprender on PATH, or MAPRENDER_BINARY). sbatch passes the environment on, so
#
#   MAPRENDER_ENGINE=podman MAPRENDER_IMAGE=localhost/maprender sbatch examples/slurm-batch.sh examples/jobs.jsonl maps
#
# .ci/engines.sh runs this script with the podman and host engines on a one-node cluster.
#SBATCH --job-name=maprender-batch
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --output=maprender-batch-%A_%a.log
set -eu

manifest=${1:?usage: slurm-batch.sh MANIFEST.jsonl OUT_DIR}
out=${2:?usage: slurm-batch.sh MANIFEST.jsonl OUT_DIR}
engine=${MAPRENDER_ENGINE:-apptainer}

mkdir -p "$out"
set -- batch "$manifest" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-2}" --skip-existing \
    --out-dir "$out" --summary "$out/summary-${SLURM_ARRAY_TASK_ID:-0}.json"
case "$engine" in
apptainer)
    # `apptainer run` starts the image's entry point, maprender, with these arguments.
    exec apptainer run --bind "$PWD" --pwd "$PWD" "${MAPRENDER_IMAGE:-maprender.sif}" "$@" ;;
podman)
    # As Apptainer does: the submitting user, the current folder at the same path (and the
    # manifest's and OUT_DIR's folders, when they are elsewhere), and the array's variables
    # (the SLURM_ARRAY_ prefix) passed in for --shard auto.
    mounts="-v $PWD:$PWD"
    for folder in "$(cd "$(dirname "$manifest")" && pwd)" "$(cd "$out" && pwd)"; do
        case "$folder/" in "$PWD"/*) ;; *) mounts="$mounts -v $folder:$folder" ;; esac
    done
    # shellcheck disable=SC2086 # $mounts is words, folder names without spaces
    exec podman run --rm --user "$(id -u):$(id -g)" $mounts -w "$PWD" --env 'SLURM_ARRAY_*' \
        "${MAPRENDER_IMAGE:-localhost/maprender:latest}" "$@" ;;
host)
    exec "${MAPRENDER_BINARY:-maprender}" "$@" ;;
*)
    echo "error: MAPRENDER_ENGINE=$engine is not apptainer, podman or host" >&2
    exit 64 ;;
esac
