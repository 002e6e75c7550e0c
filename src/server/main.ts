/**
 * `npm start`'s entry point: turns on Node's compile cache before any other module loads, so from
 * the second start on, the server's packages load from cached bytecode instead of being compiled
 * again. Node keeps the cache in the system's temporary directory and checks it against each
 * file's contents. Then it starts Tidings (serve.ts).
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./serve');
