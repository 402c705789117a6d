#!/bin/sh
# PreToolUse mcp__github__.*: deny merges; the reason is given only in systemMessage.
name=$(node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).tool_name))')
if [ "$name" = "mcp__github__merge_pull_request" ]; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"systemMessage":"Merges go through human review, not the agent."}'
fi
