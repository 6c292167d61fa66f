#!/usr/bin/env bash
# The scaled-mode tests talk to this machine's PostgreSQL (5432) and Redis (6379). They are started
# before a session, but one can stop meanwhile (a stray `pkill` took Redis down once and four suites
# failed on ECONNREFUSED); start whichever does not answer, with the machine's own commands.
set -euo pipefail

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "== Redis does not answer on 127.0.0.1:6379: starting it"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.1; done
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "== PostgreSQL does not answer on 127.0.0.1:5432: starting it"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 50); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.1; done
fi

redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null
pg_isready -q -h 127.0.0.1 -p 5432
