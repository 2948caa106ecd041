#!/bin/sh
# The proxy's start (decision 076): nginx names the instances in variables and resolves them again at
# run time, with the container's own name server (Docker's 127.0.0.11, Podman's network gateway), which
# only /etc/resolv.conf knows. Works on the official image and on a Debian one.
set -eu
ns=$(sed -n 's/^nameserver[[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\1/p' /etc/resolv.conf | head -n 1)
case "$ns" in *:*) ns="[$ns]" ;; esac
printf 'resolver %s valid=10s;\nresolver_timeout 2s;\n' "${ns:-127.0.0.11}" >/etc/nginx/conf.d/00-resolver.conf
exec nginx -g 'daemon off;'
