// Node's inspector found open is shut, and an answer then cannot be trusted (docs/security.md, guarantee 14).
import inspector from 'node:inspector';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectorTampering, shutInspector } from '../../../src/hook/inspector.ts';

afterEach(() => inspector.close());

describe('shutInspector', () => {
  it('no inspector open: false', () => expect(shutInspector()).toBe(false));
  it('an inspector open: true, and it is shut', () => {
    inspector.open(0, '127.0.0.1');
    expect(shutInspector()).toBe(true);
    expect(inspector.url()).toBeUndefined();
  });
});

describe('inspectorTampering', () => {
  it('nothing open: undefined', () => expect(inspectorTampering()).toBeUndefined());
  it('opened since hookshim started: says so, and shuts it', () => {
    inspector.open(0, '127.0.0.1');
    expect(inspectorTampering()).toBe("found Node's inspector open (another process opened it; closed)");
    expect(inspector.url()).toBeUndefined();
  });
});
