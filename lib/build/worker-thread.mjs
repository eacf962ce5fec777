// Entry of a build worker thread (lib/build/worker-pool.ts starts it). Node does not pass the main
// thread's TypeScript loader (tsx) on to worker threads, so the worker registers it itself
// before loading the TypeScript module (https://tsx.is/dev-api/register-esm).
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
