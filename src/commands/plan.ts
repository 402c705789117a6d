// What `init` plans from and `check` compares with: the bundle this CLI ships and the options the binding is
// planned with besides the catalog. Both commands import it; neither imports the other for it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepsTranscripts } from '../hook/jobs.ts';
import type { BindingPlanOptions } from '../project/binding.ts';

/** Locate the bundle shipped beside this CLI (dist/hookshim.cjs). */
export function defaultBundle(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'hookshim.cjs'), path.join(here, '..', '..', 'dist', 'hookshim.cjs')];
  return candidates.find((c) => fs.existsSync(c)) ?? (candidates[0] as string);
}

/**
 * What init plans with besides the catalog, from `.cursor/hookshim.json` (raw or parsed: a value of the wrong type is
 * check's to report, and is left out here): loopLimit, promptContext, and whether transcripts are kept.
 */
export function bindingOptions(
  cfg: { loopLimit?: unknown; transcripts?: unknown; promptContext?: unknown },
  narrow: boolean,
): BindingPlanOptions {
  const ll = cfg.loopLimit;
  return {
    narrow,
    ...(ll === null || (typeof ll === 'number' && Number.isInteger(ll) && ll >= 0) ? { loopLimit: ll } : {}),
    keepsTranscripts: keepsTranscripts(typeof cfg.transcripts === 'boolean' ? cfg.transcripts : undefined),
    ...(typeof cfg.promptContext === 'string' ? { promptContext: cfg.promptContext } : {}),
  };
}
