#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, without systemd: munged, slurmctld and slurmd
# started by hand, every file of theirs (configuration, key, state, spool, logs, process
# ids) under one scratch folder, their ports picked free.
#
#   .ci/slurm-cluster.sh start DIR   start it, or reuse the one already running from DIR;
#                                    prints lines to eval: SLURM_CONF, and
#                                    MAPRENDER_SLURM_STARTED=1 when it started the
#                                    daemons (0 when they were running already)
#   .ci/slurm-cluster.sh stop DIR    stop the daemons started from DIR, by their process ids
#
# Needs root (slurmd runs the jobs as their users) and Debian's slurm-wlm and munge
# (22.05 on Debian 12). Exits 77 with the reason on standard error when it cannot start,
# so that a caller can tell "cannot run here" from a failure.
set -euo pipefail

command=${1:?usage: slurm-cluster.sh start|stop DIR}
dir=${2:?usage: slurm-cluster.sh start|stop DIR}
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
conf="$dir/slurm.conf"
daemons=(slurmd slurmctld munged)

alive() { [ -s "$dir/$1.pid" ] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }

stop() {
    for daemon in "${daemons[@]}"; do
        alive "$daemon" || continue
        local pid
        pid="$(cat "$dir/$daemon.pid")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
        rm -f "$dir/$daemon.pid"
    done
}

cannot() { echo "slurm-cluster: cannot start a cluster here: $*" >&2; exit 77; }

if [ "$command" = stop ]; then
    stop
    exit 0
fi
[ "$command" = start ] || { echo "usage: slurm-cluster.sh start|stop DIR" >&2; exit 64; }

export SLURM_CONF="$conf"
if alive munged && alive slurmctld && alive slurmd && scontrol ping >/dev/null 2>&1; then
    echo "export SLURM_CONF=$conf MAPRENDER_SLURM_STARTED=0"
    exit 0
fi
stop

[ "$(id -u)" -eq 0 ] || cannot "it needs root (slurmd starts jobs as their users); this is uid $(id -u)"
for tool in munged slurmctld slurmd sbatch scontrol sinfo; do
    command -v "$tool" >/dev/null || cannot "$tool is not installed (apt-get install slurm-wlm munge)"
done

# munged refuses a key others can read and a socket folder others can write; clients
# (every job step, as any user) must reach the socket, so its folder is world-executable.
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 0711 "$dir" "$dir/munge"
chmod 0700 "$dir/state" "$dir/spool"
if [ ! -s "$dir/munge/munge.key" ]; then
    (umask 077 && dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none)
fi
chmod 0600 "$dir/munge/munge.key"
socket="$dir/munge/munge.socket.2"

# Two free TCP ports for slurmctld and slurmd (another cluster may hold the defaults).
read -r controller_port node_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')

# Jobs ask for memory (--mem): the node offers 90% of this machine's (more would drain it).
memory=$(($(awk '/^MemTotal:/ { print $2 }' /proc/meminfo) * 9 / 10 / 1024))

cat >"$conf" <<EOF
# Written by .ci/slurm-cluster.sh: a one-node cluster on 127.0.0.1, no accounting,
# processes tracked by their parents (no cgroups, no systemd).
ClusterName=maprender-ci
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# Array tasks that wait for the CPUs start 1 s after the one before ends, not 3 s.
SchedulerParameters=batch_sched_delay=0
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldParameters=enable_configless
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=ci Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

munged --socket="$socket" --key-file="$dir/munge/munge.key" --pid-file="$dir/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" \
    || cannot "munged did not start ($(tail -n 3 "$dir/log/munged.log" 2>/dev/null | tr '\n' ' '))"
# -c: a clean start, no jobs left from an earlier cluster in this folder.
slurmctld -c -f "$conf" || cannot "slurmctld did not start ($(tail -n 3 "$dir/log/slurmctld.log" | tr '\n' ' '))"
slurmd -f "$conf" || cannot "slurmd did not start ($(tail -n 3 "$dir/log/slurmd.log" | tr '\n' ' '))"

# Ready when the node takes jobs.
for _ in $(seq 100); do
    if sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        echo "export SLURM_CONF=$conf MAPRENDER_SLURM_STARTED=1"
        exit 0
    fi
    sleep 0.1
done
state="$(sinfo -h -N -o '%T %E' 2>&1 || true)"
stop
cannot "the node did not come up (sinfo: $state; logs in $dir/log)"
