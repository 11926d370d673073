export interface AuthEmulator {
  /** `host:port`, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  port: number;
  /** The emulator's process id (also its process group). */
  pid: number;
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) to the emulator's process group and waits for its exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export function startAuthEmulator(options?: {
  host?: string;
  port?: number;
  projectId?: string;
  timeoutMs?: number;
  /** Accounts imported from here at start and saved here after every change. */
  persistDir?: string;
  onOutput?: (text: string) => void;
}): Promise<AuthEmulator>;
