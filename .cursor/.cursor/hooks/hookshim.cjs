// hookshim launcher (written by `hookshim init`; commit it, do not edit):
// A host that runs hooks from .cursor/ (Copse, docs/hosts.md) finds this file; it runs .cursor/hooks/hookshim.cjs.
'use strict';
const target = require('node:path').join(__dirname, '..', '..', 'hooks', 'hookshim.cjs');
process.argv[1] = target;
try {
  require(target);
} catch (err) {
  if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(target)) {
    process.stderr.write('hookshim: ' + target + ' is missing: run `hookshim init` and commit .cursor/\n');
    process.exit(1);
  }
  throw err;
}
