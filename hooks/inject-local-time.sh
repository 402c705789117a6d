#!/bin/sh
# inject-local-time.sh: UserPromptSubmit context.
#
# Tells the model the user's local date, weekday, time and UTC offset with every prompt, so that
# "today", "this morning", release dates and timestamps in logs are read in the user's time, not
# guessed from training data. Plain stdout on UserPromptSubmit becomes model context in Claude
# Code; through hookshim in Cursor it arrives as additional context. Never blocks: exit 0 always.
#
# Output, one line:  Local time: 2026-11-30 14:05, Monday (UTC+01:00, Europe/Berlin)
# The zone name comes from $TZ, else the /etc/localtime link, else /etc/timezone, else the
# abbreviation `date` prints. Only POSIX sh and date (plus readlink when present).
set -u

# The prompt JSON on stdin is not needed; drain it so the host never writes into a closed pipe.
[ -t 0 ] || cat >/dev/null

# One date call, so the fields cannot straddle a minute boundary (word splitting intended).
set -- $(LC_ALL=C date '+%Y-%m-%d %H:%M %A %z %Z')
[ $# -ge 4 ] || exit 0
day=$1 time=$2 weekday=$3 offset=$4
abbrev=${5:-}

case $offset in
  [+-][0-9][0-9][0-9][0-9]) utc="UTC${offset%??}:${offset#???}" ;;
  *) utc="UTC$offset" ;;
esac

zone=${TZ:-}
zone=${zone#:}
case $zone in
  /*) zone=${zone#*/zoneinfo/} ;;
esac
if [ -z "$zone" ] && command -v readlink >/dev/null 2>&1; then
  link=$(readlink /etc/localtime 2>/dev/null) || link=""
  case $link in
    */zoneinfo/*) zone=${link#*/zoneinfo/} ;;
  esac
fi
if [ -z "$zone" ] && [ -r /etc/timezone ]; then
  read -r zone </etc/timezone || true
fi
[ -n "$zone" ] || zone=$abbrev

if [ -n "$zone" ]; then
  echo "Local time: $day $time, $weekday ($utc, $zone)"
else
  echo "Local time: $day $time, $weekday ($utc)"
fi
exit 0
