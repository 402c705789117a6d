// The management commands' loaders: synchronous, with the parsers imported up front (the hook path loads them lazily).
import { parseCatalog } from '../../catalog/load.ts';
import { parseConfig, type HookshimConfig } from '../project/config.ts';
import { configWith, loadCatalogWith, readConfigText, type CatalogLoad } from '../project/load.ts';

/** Read and parse the catalog; never throws. */
export function loadCatalog(file: string): CatalogLoad {
  return loadCatalogWith(file, parseCatalog);
}

/** hookshim's own config (optional); problems are reported and defaults used. */
export function loadConfig(dir: string, warn: (msg: string) => void): HookshimConfig {
  const text = readConfigText(dir, warn);
  return text === undefined ? {} : configWith(dir, text, parseConfig, warn);
}
