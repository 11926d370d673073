// The reactions worker's entry: registers tsx in this thread (a worker's `--import` does not load
// hooks before its entry module on Node 20), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./reactions-worker.ts');
