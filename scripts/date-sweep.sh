#!/usr/bin/env bash
# Runs the date-sensitive suites (booking, promo, pricing, calendar, statistics, seed, cabinet) as
# if today were each given date (TEST_TODAY, see docs/testing.md#tests), one Vitest run per date, and
# prints one result line per date. Usage: bash scripts/date-sweep.sh 2026-12-01 2026-12-02 …
set -uo pipefail
cd "$(dirname "$0")/.."
# Vitest filters by file-name fragment: these match the unit, integration and browser specs whose
# answers depend on which weekday, month or season "today" is.
SUITES=(booking promo pric discount calendar statist seed cabinet checkout hold)
status=0
for day in "$@"; do
  started=$(date +%s)
  TEST_TODAY="$day" npx vitest run "${SUITES[@]}" > ".date-sweep-$day.log" 2>&1
  code=$?
  summary=$(sed 's/\x1b\[[0-9;]*m//g' ".date-sweep-$day.log" | grep -E '^ +Tests ' | tail -1 | sed 's/^ *//')
  # Vitest's exit code alone is not trusted (it was seen 0 beside failed tests): the totals decide too.
  if [ "$code" -eq 0 ] && [ -n "$summary" ] && ! grep -q failed <<<"$summary"; then result=passed; else result=FAILED; status=1; fi
  echo "$day ($(date -d "$day" +%a)): $result in $(( $(date +%s) - started )) s — $summary"
done
exit $status
