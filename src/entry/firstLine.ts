// Imported first by the loader (./codeCache.ts), so it runs before any other line of hookshim's: Node's inspector
// stays shut (../hook/inspector.ts).
import { guardInspector } from '../hook/inspector.ts';

guardInspector();
