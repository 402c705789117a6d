// Entry of the vendored bundle (.cursor/hooks/hookshim.cjs): `node hookshim.cjs <cursorEvent>`, payload on stdin.
import { runHook } from './hook.ts';

const startedAt = Math.round(performance.timeOrigin);
const event = process.argv[2];
runHook(event, { env: process.env, cwd: process.cwd(), stdin: process.stdin, startedAt }).then(
  (code) => process.exit(code),
  () => process.exit(0),
);
