// Entry of the vendored bundle (.cursor/hooks/hookshim.cjs): `node hookshim.cjs <cursorEvent>`, payload on stdin.
import { runHook } from './hook.ts';

const startedAt = Math.round(performance.timeOrigin);
// process.stdin is a getter that builds a stream: only touched when the fast read of fd 0 is not enough.
const io = {
  env: process.env,
  cwd: process.cwd(),
  get stdin() {
    return process.stdin;
  },
  stdinFd: 0,
  startedAt,
};
const event = process.argv[2];
runHook(event, io).then(
  (code) => process.exit(code),
  () => process.exit(0),
);
