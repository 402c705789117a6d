#!/bin/sh
# PreToolUse Agent: a warning, not a block. hookshim replays it on the tool's postToolUse.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"Subagents start cold: give them the acceptance criteria and the files to read."}}'
