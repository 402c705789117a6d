#!/bin/sh
# UserPromptSubmit: plain stdout becomes model context in Claude Code.
cat >/dev/null
echo "Local time: $(date '+%Y-%m-%d %H:%M %Z')"
