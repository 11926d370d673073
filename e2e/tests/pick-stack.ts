/**
 * Runs before each journey file: points it at its worker's stack (scripts/run-e2e.mjs writes
 * `stack-<pool id>.json` once that stack is ready; the second starts while the first runs journeys).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const dir = process.env.E2E_STACKS_DIR;
if (dir) {
  const told = join(dir, `stack-${process.env.VITEST_POOL_ID ?? '1'}.json`);
  // A stack that neither starts nor fails within 15 minutes has hung: its files say so.
  const deadline = Date.now() + 15 * 60_000;
  while (!existsSync(told)) {
    if (Date.now() > deadline) throw new Error(`No emulator suite reported in 15 minutes (${told})`);
    await delay(250);
  }
  const stack = JSON.parse(readFileSync(told, 'utf8')) as { env?: Record<string, string>; error?: string };
  if (!stack.env) throw new Error(`This worker's emulator suite did not start: ${stack.error}`);
  Object.assign(process.env, stack.env);
}
