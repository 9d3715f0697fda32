#!/bin/sh
# Renders a batch manifest in 4 shards with a Slurm job array, in the maprender container
# image. Each array task gets SLURM_ARRAY_TASK_ID (0..3) from Slurm, which
# `--shard auto` reads (with SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT); shards are
# disjoint and together complete, and --skip-existing makes a requeued task cheap.
#
#   slurm-batch.sh MANIFEST.jsonl OUT_DIR
#
# The image is the repository's Dockerfile, run with Apptainer (Singularity), which most
# Slurm clusters have. Build it and turn it into a .sif file on a shared filesystem:
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
# Apptainer runs the image as the submitting user, with the current folder mounted.
#SBATCH --job-name=maprender-batch
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --output=maprender-batch-%A_%a.log
set -eu

manifest=${1:?usage: slurm-batch.sh MANIFEST.jsonl OUT_DIR}
out=${2:?usage: slurm-batch.sh MANIFEST.jsonl OUT_DIR}
image=${MAPRENDER_IMAGE:-maprender.sif}

mkdir -p "$out"
# `apptainer run` starts the image's entry point, maprender, with these arguments.
exec apptainer run --bind "$PWD" --pwd "$PWD" "$image" batch "$manifest" \
    --shard auto --jobs "${SLURM_CPUS_PER_TASK:-2}" --skip-existing \
    --out-dir "$out" --summary "$out/summary-${SLURM_ARRAY_TASK_ID:-0}.json"
