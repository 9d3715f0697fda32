#!/usr/bin/env python3
"""Checks a Kubernetes Indexed Job manifest offline, without a cluster or kubectl.

Usage: check-kubernetes-job.py MANIFEST.yaml [DOCKERFILE]

Two parts:
  1. Structure: every field against the subset of the batch/v1 Job schema written out below
     from the Kubernetes API reference (kubernetes.io/docs/reference/kubernetes-api/,
     "Job", "Pod", "Container", "Volume", v1.29+): unknown fields (kubectl validates
     strictly by default and refuses them), wrong types, enum values, missing required
     fields.
  2. The API server's validation rules an Indexed Job must meet, and maprender's own:
     completions set for completionMode Indexed (at most 100,000), backoffLimitPerIndex
     and maxFailedIndexes only with Indexed, restartPolicy Never or OnFailure (Never with a
     per-index backoff), every volumeMount naming a volume, $(VAR) in command and args
     naming a variable the container has (JOB_COMPLETION_INDEX is added by the Job
     controller), MAPRENDER_SHARD_COUNT equal to completions, `--shard auto`, outputs on a
     writable mount, and runAsNonRoot with the image's numeric USER (from DOCKERFILE).

Prints one line per problem and exits 1 when there is any; prints "ok" and exits 0 otherwise.
Needs PyYAML (Debian python3-yaml); exits 77 when it is missing.
"""
import re
import sys

try:
    import yaml
except ImportError:
    print("PyYAML is not installed (apt-get install python3-yaml)", file=sys.stderr)
    sys.exit(77)

STR, INT, BOOL = "string", "integer", "boolean"
QUANTITY = "quantity"  # a string like 500m, 512Mi, or a number


def obj(fields, required=()):
    return {"fields": fields, "required": set(required)}


def lst(item):
    return ("list", item)


def mapping(value):
    return ("map", value)


def enum(*values):
    return ("enum", values)


ANY = "any"  # checked no deeper (schemas maprender's examples do not use)

OBJECT_META = obj({
    "name": STR, "generateName": STR, "namespace": STR, "labels": mapping(STR),
    "annotations": mapping(STR),
})
KEY_TO_PATH = obj({"key": STR, "path": STR, "mode": INT}, ["key", "path"])
VOLUME = obj({
    "name": STR,
    "configMap": obj({"name": STR, "items": lst(KEY_TO_PATH), "defaultMode": INT, "optional": BOOL}),
    "secret": obj({"secretName": STR, "items": lst(KEY_TO_PATH), "defaultMode": INT, "optional": BOOL}),
    "persistentVolumeClaim": obj({"claimName": STR, "readOnly": BOOL}, ["claimName"]),
    "emptyDir": obj({"medium": STR, "sizeLimit": QUANTITY}),
    "hostPath": obj({"path": STR, "type": STR}, ["path"]),
    "nfs": obj({"server": STR, "path": STR, "readOnly": BOOL}, ["server", "path"]),
}, ["name"])
VOLUME_SOURCES = [field for field in VOLUME["fields"] if field != "name"]
ENV_VAR = obj({
    "name": STR, "value": STR,
    "valueFrom": obj({"fieldRef": ANY, "configMapKeyRef": ANY, "secretKeyRef": ANY, "resourceFieldRef": ANY}),
}, ["name"])
VOLUME_MOUNT = obj({
    "name": STR, "mountPath": STR, "readOnly": BOOL, "subPath": STR, "subPathExpr": STR,
    "mountPropagation": enum("None", "HostToContainer", "Bidirectional"),
    "recursiveReadOnly": enum("Disabled", "IfPossible", "Enabled"),
}, ["name", "mountPath"])
RESOURCES = obj({"limits": mapping(QUANTITY), "requests": mapping(QUANTITY), "claims": ANY})
CONTAINER_SECURITY = obj({
    "runAsNonRoot": BOOL, "runAsUser": INT, "runAsGroup": INT, "readOnlyRootFilesystem": BOOL,
    "allowPrivilegeEscalation": BOOL, "privileged": BOOL, "capabilities": obj({"add": lst(STR), "drop": lst(STR)}),
    "seccompProfile": obj({"type": enum("RuntimeDefault", "Unconfined", "Localhost"), "localhostProfile": STR}, ["type"]),
})
CONTAINER = obj({
    "name": STR, "image": STR, "imagePullPolicy": enum("Always", "Never", "IfNotPresent"),
    "command": lst(STR), "args": lst(STR), "workingDir": STR, "env": lst(ENV_VAR), "envFrom": ANY,
    "resources": RESOURCES, "volumeMounts": lst(VOLUME_MOUNT), "securityContext": CONTAINER_SECURITY,
    "ports": ANY, "stdin": BOOL, "tty": BOOL, "terminationMessagePath": STR,
    "terminationMessagePolicy": enum("File", "FallbackToLogsOnError"),
}, ["name"])
POD_SECURITY = obj({
    "runAsNonRoot": BOOL, "runAsUser": INT, "runAsGroup": INT, "fsGroup": INT,
    "fsGroupChangePolicy": enum("OnRootMismatch", "Always"), "supplementalGroups": lst(INT),
    "seccompProfile": CONTAINER_SECURITY["fields"]["seccompProfile"], "sysctls": ANY, "seLinuxOptions": ANY,
})
POD_SPEC = obj({
    "containers": lst(CONTAINER), "initContainers": lst(CONTAINER),
    "restartPolicy": enum("Always", "OnFailure", "Never"), "securityContext": POD_SECURITY,
    "volumes": lst(VOLUME), "nodeSelector": mapping(STR), "serviceAccountName": STR,
    "terminationGracePeriodSeconds": INT, "activeDeadlineSeconds": INT, "affinity": ANY, "tolerations": ANY,
    "imagePullSecrets": lst(obj({"name": STR})), "priorityClassName": STR,
}, ["containers"])
JOB_SPEC = obj({
    "activeDeadlineSeconds": INT, "backoffLimit": INT, "backoffLimitPerIndex": INT,
    "completionMode": enum("NonIndexed", "Indexed"), "completions": INT, "managedBy": STR,
    "manualSelector": BOOL, "maxFailedIndexes": INT, "parallelism": INT, "podFailurePolicy": ANY,
    "podReplacementPolicy": enum("TerminatingOrFailed", "Failed"), "selector": ANY, "successPolicy": ANY,
    "suspend": BOOL, "ttlSecondsAfterFinished": INT,
    "template": obj({"metadata": OBJECT_META, "spec": POD_SPEC}, ["spec"]),
}, ["template"])
JOB = obj({"apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": JOB_SPEC},
          ["apiVersion", "kind", "metadata", "spec"])

QUANTITY_PATTERN = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+|[numkMGTPE]|[KMGTPE]i)?$")
DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")


def structure(value, schema, path, problems):
    """Appends to problems where value does not fit schema."""
    if schema == ANY:
        return
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            problems.append(f"{path}: must be an object, not {type(value).__name__}")
            return
        for key in sorted(schema["required"] - value.keys()):
            problems.append(f"{path}.{key}: required, missing")
        for key, item in value.items():
            if key not in schema["fields"]:
                problems.append(f"{path}.{key}: unknown field (kubectl's strict validation refuses it)")
            else:
                structure(item, schema["fields"][key], f"{path}.{key}", problems)
        return
    if isinstance(schema, tuple):
        kind, inner = schema
        if kind == "list":
            if not isinstance(value, list):
                problems.append(f"{path}: must be a list")
                return
            for index, item in enumerate(value):
                structure(item, inner, f"{path}[{index}]", problems)
        elif kind == "map":
            if not isinstance(value, dict):
                problems.append(f"{path}: must be a map")
                return
            for key, item in value.items():
                structure(item, inner, f"{path}.{key}", problems)
        elif kind == "enum":
            if value not in inner:
                problems.append(f"{path}: {value!r} is not one of {', '.join(inner)}")
        return
    expected = {STR: str, BOOL: bool}.get(schema)
    if schema == INT:
        if not isinstance(value, int) or isinstance(value, bool):
            problems.append(f"{path}: must be an integer, not {value!r}")
    elif schema == QUANTITY:
        if isinstance(value, bool) or not (isinstance(value, (int, float)) or
                                           (isinstance(value, str) and QUANTITY_PATTERN.match(value))):
            problems.append(f"{path}: {value!r} is not a quantity (e.g. 2, 500m, 512Mi)")
    elif not isinstance(value, expected):
        problems.append(f"{path}: must be a {schema}, not {value!r}")


def semantics(job, dockerfile, problems):
    """Appends the validation rules of an Indexed Job and maprender's own conventions."""
    if job.get("apiVersion") != "batch/v1" or job.get("kind") != "Job":
        problems.append(f"apiVersion/kind: {job.get('apiVersion')}/{job.get('kind')}, not batch/v1/Job")
    name = (job.get("metadata") or {}).get("name", "")
    if not DNS_LABEL.match(str(name)) or len(str(name)) > 63:
        problems.append(f"metadata.name: {name!r} is not a DNS label of at most 63 characters")
    spec = job.get("spec") or {}
    indexed = spec.get("completionMode") == "Indexed"
    completions = spec.get("completions")
    if not indexed:
        problems.append("spec.completionMode: must be Indexed, so that each pod gets JOB_COMPLETION_INDEX")
    elif not isinstance(completions, int) or not 1 <= completions <= 100000:
        problems.append(f"spec.completions: an Indexed Job needs 1 to 100000 completions, not {completions!r}")
    for field in ("completions", "parallelism", "backoffLimit", "backoffLimitPerIndex", "maxFailedIndexes"):
        if isinstance(spec.get(field), int) and spec[field] < 0:
            problems.append(f"spec.{field}: must not be negative")
    if "backoffLimitPerIndex" in spec and not indexed:
        problems.append("spec.backoffLimitPerIndex: only for completionMode Indexed")
    if "maxFailedIndexes" in spec and "backoffLimitPerIndex" not in spec:
        problems.append("spec.maxFailedIndexes: needs backoffLimitPerIndex")
    pod = (spec.get("template") or {}).get("spec") or {}
    restart = pod.get("restartPolicy", "Always")
    if restart not in ("Never", "OnFailure"):
        problems.append(f"spec.template.spec.restartPolicy: a Job's pods need Never or OnFailure, not {restart}")
    if "backoffLimitPerIndex" in spec and restart != "Never":
        problems.append("spec.template.spec.restartPolicy: backoffLimitPerIndex needs Never")
    volumes = {volume.get("name"): volume for volume in pod.get("volumes") or [] if isinstance(volume, dict)}
    for volume_name, volume in volumes.items():
        sources = [source for source in VOLUME_SOURCES if source in volume]
        if len(sources) != 1:
            problems.append(f"volume {volume_name}: needs exactly one source, has {sources or 'none'}")
    containers = [c for c in pod.get("containers") or [] if isinstance(c, dict)]
    if not containers:
        problems.append("spec.template.spec.containers: no container")
    security = pod.get("securityContext") or {}
    for container in containers:
        where = f"container {container.get('name')}"
        if not DNS_LABEL.match(str(container.get("name", ""))):
            problems.append(f"{where}: the name is not a DNS label")
        if not container.get("image"):
            problems.append(f"{where}: no image")
        env = {var.get("name"): var.get("value") for var in container.get("env") or [] if isinstance(var, dict)}
        # The Job controller adds JOB_COMPLETION_INDEX to every container of an Indexed Job.
        known = set(env) | ({"JOB_COMPLETION_INDEX"} if indexed else set())
        words = [str(word) for word in (container.get("command") or []) + (container.get("args") or [])]
        for word in words:
            for reference in re.findall(r"(?<!\$)\$\(([A-Za-z_][A-Za-z0-9_]*)\)", word):
                if reference not in known:
                    problems.append(f"{where}: $({reference}) names no variable of the container; "
                                    "Kubernetes leaves it as it is")
        mounts = []
        for mount in container.get("volumeMounts") or []:
            if not isinstance(mount, dict):
                continue
            if mount.get("name") not in volumes:
                problems.append(f"{where}: volumeMount {mount.get('name')} names no volume of the pod")
            mounts.append(mount)
        if "batch" not in words:
            continue
        shard = words[words.index("--shard") + 1] if "--shard" in words[:-1] else None
        if shard != "auto":
            problems.append(f"{where}: maprender batch without --shard auto renders every job in every pod")
        count = env.get("MAPRENDER_SHARD_COUNT")
        if count is None:
            problems.append(f"{where}: no MAPRENDER_SHARD_COUNT (Kubernetes does not pass completions on)")
        elif str(count) != str(completions):
            problems.append(f"{where}: MAPRENDER_SHARD_COUNT is {count} but spec.completions is {completions}")

        def mount_of(path):
            best = None
            for mount in mounts:
                root = mount.get("mountPath", "").rstrip("/") + "/"
                if path.startswith(root) and (best is None or len(root) > len(best.get("mountPath", ""))):
                    best = mount
            return best

        for option in ("--out-dir", "--summary", "--book"):
            if option in words[:-1]:
                path = words[words.index(option) + 1].replace("$(JOB_COMPLETION_INDEX)", "0") + "/"
                mount = mount_of(path)
                if mount is None:
                    problems.append(f"{where}: {option} {path.rstrip('/')} is on no volume: lost with the pod")
                elif mount.get("readOnly"):
                    problems.append(f"{where}: {option} {path.rstrip('/')} is on the read-only mount {mount['name']}")
        manifest = words[words.index("batch") + 1] if "batch" in words[:-1] else None
        if manifest and manifest.startswith("/") and mount_of(manifest) is None:
            problems.append(f"{where}: the manifest {manifest} is on no volume")
        if security.get("runAsNonRoot") or (container.get("securityContext") or {}).get("runAsNonRoot"):
            user = next((line.split()[1] for line in reversed(dockerfile) if line.startswith("USER ")), None)
            run_as = (container.get("securityContext") or {}).get("runAsUser", security.get("runAsUser"))
            if run_as is None and (user is None or not user.split(":")[0].isdigit() or user.split(":")[0] == "0"):
                problems.append(f"{where}: runAsNonRoot needs a numeric non-root USER in the image, "
                                f"the Dockerfile has {user}")


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.splitlines()[2], file=sys.stderr)
        sys.exit(64)
    with open(sys.argv[1], encoding="utf-8") as file:
        documents = [document for document in yaml.safe_load_all(file) if document is not None]
    dockerfile = []
    if len(sys.argv) == 3:
        with open(sys.argv[2], encoding="utf-8") as file:
            dockerfile = [line.strip() for line in file]
    problems = []
    if len(documents) != 1:
        problems.append(f"{sys.argv[1]}: {len(documents)} documents, expected one Job")
    for document in documents:
        structure(document, JOB, "job", problems)
        if isinstance(document, dict):
            semantics(document, dockerfile, problems)
    for problem in problems:
        print(f"{sys.argv[1]}: {problem}")
    if problems:
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
