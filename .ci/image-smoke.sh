#!/usr/bin/env bash
# The image, built and run for real (README "Containers"), after `eval "$(bash .ci/containers.sh)"`:
#  1. docker/Dockerfile built with Podman on NODE_IMAGE;
#  2. the image started against a PostgreSQL container: ready within 10 s, the home page and /api/ready
#     answer, it runs as a non-root user, SIGTERM stops it cleanly within 10 s; its size and resident
#     memory are printed;
#  3. docker/compose.yaml (PostgreSQL, two API instances, nginx) brought up with podman-compose: a request
#     and a WebSocket go through the proxy.
# Any failure exits non-zero, with the containers' logs.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${NODE_IMAGE:?run eval \"\$(bash .ci/containers.sh)\" first}" "${POSTGRES_IMAGE:?}" "${NGINX_IMAGE:?}"

IMAGE="${FIREFIT_IMAGE:-localhost/firefit:ci}"
RUN="ffci$$"
NETWORK="$RUN-net"
SECRET="ci-only-secret-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
DB_PASSWORD="ci-$(head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \n')"
COMPOSE=(podman-compose --project-name "$RUN" -f docker/compose.yaml)
fail() { printf 'image smoke test FAILED: %s\n' "$*" >&2; exit 1; }
now_ms() { date +%s%3N; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

cleanup() {
  local status=$?
  if [ $status -ne 0 ]; then
    for c in "$RUN-app" "$RUN-db"; do
      podman container exists "$c" && { echo "--- logs of $c" >&2; podman logs --tail 40 "$c" >&2 || true; }
    done
    [ -n "${COMPOSE_UP:-}" ] && { echo "--- compose logs" >&2; "${COMPOSE[@]}" logs >&2 2>&1 | tail -80 || true; }
  fi
  podman rm -f -t 0 "$RUN-app" "$RUN-db" >/dev/null 2>&1 || true
  podman network rm -f "$NETWORK" >/dev/null 2>&1 || true
  if [ -n "${COMPOSE_UP:-}" ]; then "${COMPOSE[@]}" down -v -t 2 >/dev/null 2>&1 || true; fi
  # Earlier builds' images: a day's worth stays as the build cache, older ones go.
  podman image prune -f --filter until=24h >/dev/null 2>&1 || true
  exit $status
}
trap cleanup EXIT

echo "-- building docker/Dockerfile on $NODE_IMAGE"
build_started=$(now_ms)
podman build --quiet --format docker --pull=never --build-arg "NODE_IMAGE=$NODE_IMAGE" \
  --build-arg "SOURCE_COMMIT=$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  -t "$IMAGE" -f docker/Dockerfile . >/dev/null
echo "built $IMAGE in $(( ($(now_ms) - build_started) / 1000 )) s"

echo "-- the image against a PostgreSQL container"
podman network create "$NETWORK" >/dev/null
podman run -d --name "$RUN-db" --network "$NETWORK" -e POSTGRES_USER=firefit \
  -e POSTGRES_PASSWORD="$DB_PASSWORD" -e POSTGRES_DB=firefit "$POSTGRES_IMAGE" >/dev/null
for _ in $(seq 1 100); do
  podman exec "$RUN-db" pg_isready -q -h 127.0.0.1 -U firefit 2>/dev/null && break
  sleep 0.2
done
podman exec "$RUN-db" pg_isready -q -h 127.0.0.1 -U firefit || fail "PostgreSQL did not start"

port=$(free_port)
started=$(now_ms)
podman run -d --name "$RUN-app" --network "$NETWORK" -p "127.0.0.1:$port:3000" \
  -e DATABASE_URL="postgres://firefit:$DB_PASSWORD@$RUN-db:5432/firefit" -e JWT_SECRET="$SECRET" \
  -e PUBLIC_URL="http://127.0.0.1:$port" "$IMAGE" >/dev/null
ready=""
while [ $(( $(now_ms) - started )) -lt 10000 ]; do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/ready")" = 200 ]; then
    ready=$(( $(now_ms) - started )); break
  fi
  sleep 0.1
done
[ -n "$ready" ] || fail "not ready within 10 s"
echo "ready $ready ms after start"
home=$(curl -s -w '\n%{http_code} %{content_type}' "http://127.0.0.1:$port/")
case "$(tail -1 <<<"$home")" in "200 text/html"*) ;; *) fail "home page: $(tail -1 <<<"$home")" ;; esac
grep -q '<div id="root"' <<<"$home" || fail "home page without the app's root element"
echo "home page and /api/ready answer 200"

user=$(podman exec "$RUN-app" id -u)
[ "$user" != 0 ] || fail "runs as root"
echo "runs as uid $user ($(podman image inspect --format '{{.Config.User}}' "$IMAGE"))"

# Settled memory: a few requests first, then the main process's resident set as the kernel counts it.
for _ in $(seq 1 20); do curl -s -o /dev/null "http://127.0.0.1:$port/api/events/upcoming"; done
pid=$(podman inspect --format '{{.State.Pid}}' "$RUN-app")
rss_kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "image size $(( size / 1000000 )) MB; resident memory $(( rss_kb / 1024 )) MB after start and 20 reads"

stop_started=$(now_ms)
podman kill --signal TERM "$RUN-app" >/dev/null
code=$(timeout 10 podman wait "$RUN-app") || fail "still running 10 s after SIGTERM"
stopped=$(( $(now_ms) - stop_started ))
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
echo "SIGTERM: exited 0 in $stopped ms"
podman rm -f -t 0 "$RUN-app" "$RUN-db" >/dev/null
podman network rm -f "$NETWORK" >/dev/null

echo "-- docker/compose.yaml with podman-compose"
proxy_port=$(free_port)
export JWT_SECRET="$SECRET" FIREFIT_IMAGE="$IMAGE" PROXY_PORT="$proxy_port"
COMPOSE_UP=1
"${COMPOSE[@]}" up -d >/tmp/firefit-compose-up.log 2>&1 || { cat /tmp/firefit-compose-up.log >&2; fail "podman-compose up"; }
answered=""
for _ in $(seq 1 300); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/api/ready")" = 200 ]; then answered=1; break; fi
  sleep 0.2
done
[ -n "$answered" ] || fail "no answer through the proxy within 60 s"
years=$(curl -s -w ' %{http_code}' "http://127.0.0.1:$proxy_port/api/events/available-years")
[ "${years##* }" = 200 ] || fail "GET /api/events/available-years through the proxy: $years"
echo "a request through nginx: 200"
# Both instances answer behind the proxy: the metrics route is hidden by nginx, so ask each container.
for api in api-1 api-2; do
  podman exec "${RUN}_${api}_1" node -e "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))" \
    || fail "$api is not ready"
done
echo "both API instances ready"
PROXY="ws://127.0.0.1:$proxy_port/api/live" node -e '
  const ws = new WebSocket(process.env.PROXY);
  const timer = setTimeout(() => { console.error("no ready/pong over the WebSocket within 10 s"); process.exit(1); }, 10000);
  ws.onerror = (e) => { console.error("WebSocket error", e.message ?? e); process.exit(1); };
  ws.onmessage = (m) => {
    const message = JSON.parse(m.data);
    if (message.type === "ready") ws.send(JSON.stringify({ type: "ping" }));
    if (message.type === "pong") { clearTimeout(timer); ws.close(); console.log("a WebSocket through nginx: ready, then pong"); }
  };'
