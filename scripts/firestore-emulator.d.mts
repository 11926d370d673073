import type { ChildProcess } from 'node:child_process';

export function findCloudSdkFirestore(): {
  path: string | undefined;
  java: number;
  explicit: string | undefined;
  found: string | undefined;
};
export function findFirestoreEmulator():
  | { kind: 'firebase-tools' }
  | { kind: 'cloud-sdk'; path: string }
  | { kind: 'none'; why: string };
export function startCloudSdkFirestore(o: {
  path: string;
  host: string;
  port: number;
  rules?: string;
  functionsHost?: string;
  seedFromExport?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  onOutput?: (text: string) => void;
  onSpawn?: (child: ChildProcess) => void;
}): Promise<ChildProcess>;
