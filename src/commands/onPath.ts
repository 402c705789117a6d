// Where a command resolves on PATH, for check (a row's bare command) and doctor (the node the bound command runs).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a bare command resolves on PATH, if anywhere. On Windows with PATHEXT's extensions, as its shells find it
 * (`node` is node.exe), and PATH under whatever case its name has there (`Path`).
 */
export function onPath(
  name: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const win = platform === 'win32';
  const value = (k: string) => env[Object.keys(env).find((key) => (win ? key.toUpperCase() : key) === k) ?? k];
  const exts =
    win && !path.extname(name) ? (value('PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
  for (const d of (value('PATH') ?? '').split(win ? ';' : path.delimiter)) {
    if (!d) continue;
    for (const ext of exts) {
      const p = path.join(d, name + ext.toLowerCase());
      try {
        fs.accessSync(p, fs.constants.X_OK);
        if (fs.statSync(p).isFile()) return p;
      } catch {
        /* not here */
      }
    }
  }
  return undefined;
}
