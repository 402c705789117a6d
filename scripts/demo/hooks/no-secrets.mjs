// @ts-check
// PreToolUse Write|Edit: JSON deny for .env files and private keys.
let s = '';
process.stdin
  .on('data', (d) => (s += d))
  .on('end', () => {
    const { tool_input: input = {} } = JSON.parse(s);
    const file = String(input.file_path ?? '');
    const text = String(input.content ?? input.new_string ?? '');
    let why = '';
    if (/(^|\/)\.env(\.[^/]*)?$/.test(file) && !/\.env\.example$/.test(file))
      why = `${file} is an .env file: secrets stay out of the repo.`;
    else if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) why = 'The content holds a private key.';
    if (why)
      console.log(
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: why,
          },
        }),
      );
  });
