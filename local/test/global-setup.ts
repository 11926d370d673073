/**
 * Starts the official Auth emulator (firebase-tools, offline, demo project) on free ports with a
 * temporary firebase.json, for the whole `local` test run, and stops it afterwards.
 */
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../src/auth-emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startAuthEmulator();
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
