// Entry of the hook bundle (.cursor/hooks/hookshim.cjs): `node hookshim.cjs [--host <id>] <event>`, payload on stdin.
import { takeHostArgs } from '../hook/host.ts';
import { exitAfter } from '../hook/lifeline.ts';
import { hookIO, runHook } from '../hook/run.ts';

const { event, hostId } = takeHostArgs(process.argv.slice(2));
exitAfter(runHook(event, hookIO(), hostId), event);
