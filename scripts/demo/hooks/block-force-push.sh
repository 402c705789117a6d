#!/bin/sh
# PreToolUse Bash: exit 2 with the reason on stderr denies a force push to main.
cmd=$(node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{process.stdout.write(JSON.parse(s).tool_input.command||"")}catch{}})')
case "$cmd" in
  *push*--force*main*|*push*" -f"*main*) echo "Force push to main is blocked: push a branch and open a pull request." >&2; exit 2 ;;
esac
exit 0
