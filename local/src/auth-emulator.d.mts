export function freePort(host?: string, port?: number): Promise<number>;
export function isPortFree(host: string, port: number): Promise<boolean>;
export interface AuthEmulator {
  /** `host:port`, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  port: number;
  stop(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function startAuthEmulator(options?: {
  host?: string;
  port?: number;
  projectId?: string;
  timeoutMs?: number;
  /** Accounts imported from here at start and exported here on a clean stop. */
  persistDir?: string;
  onOutput?: (text: string) => void;
}): Promise<AuthEmulator>;
