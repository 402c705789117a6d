// Entry of the hook bundle (.cursor/hooks/hookshim.cjs): `node hookshim.cjs <cursorEvent>`, payload on stdin.
import { exitAfter } from '../hook/lifeline.ts';
import { hookIO, runHook } from '../hook/run.ts';

exitAfter(runHook(process.argv[2], hookIO()), process.argv[2] ?? '');
