#!/usr/bin/env bash
# `npm test`: the type-check and lint, the unit and admin tests, the API tests on PGlite, then the
# browser tests. With TEST_DATABASE_URL set (.ci/run sets it) the API tests also run against that
# PostgreSQL server, beside the browser tests: those mostly wait on Chromium, so the two together
# take little longer than the browser tests alone on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."

stage() { echo; echo "== $1 ($(date +%T))"; }

stage "type-check and lint"
npm run typecheck
npm run lint

stage "unit and admin tests"
npm run test:unit

stage "API tests on PGlite"
npm run test:server

stage "browser tests${TEST_DATABASE_URL:+, and the API tests on PostgreSQL beside them}"
npm run build
mkdir -p .tmp
pg_pid=""
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # One file at a time: the browser tests keep the other core.
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project server --maxWorkers=1 > .tmp/test-postgres.log 2>&1 &
  pg_pid=$!
fi
e2e=0
npx vitest run --project e2e 2>&1 | tee .tmp/test-e2e.log || e2e=$?
pg=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg=$?
  stage "API tests on PostgreSQL (run beside the browser tests; exit $pg)"
  cat .tmp/test-postgres.log
fi
# A CI log is often read from its end: repeat vitest's failure report (each failed test with its
# error, and any unhandled error) last.
failures() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '/⎯ (Failed Tests|Failed Suites|Unhandled Error)/{on=1} /^ *Test Files /{on=0} on' | head -n 300
}
if [ "$e2e" -ne 0 ]; then stage "what failed in the browser tests"; failures .tmp/test-e2e.log; fi
if [ "$pg" -ne 0 ]; then stage "what failed in the API tests on PostgreSQL"; failures .tmp/test-postgres.log; fi
stage "done: browser tests exit $e2e${pg_pid:+, API tests on PostgreSQL exit $pg}"
[ "$e2e" -eq 0 ] && [ "$pg" -eq 0 ]
