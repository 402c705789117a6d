#!/bin/sh
# PostToolUse Write|Edit: feedback next to the tool result.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"You changed code: run the tests before you finish."}}'
