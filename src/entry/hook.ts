// Entry of the vendored bundle (.cursor/hooks/hookshim.cjs): `node hookshim.cjs <cursorEvent>`, payload on stdin.
import { processIO, runHook } from '../hook/run.ts';

const event = process.argv[2];
runHook(event, processIO()).then(
  (code) => process.exit(code),
  () => process.exit(0),
);
