export function ephemeralRange(): { low: number; high: number };
export function pickRange(): { from: number; to: number } | null;
export function freePort(host?: string, port?: number): Promise<number>;
export function isPortFree(host: string, port: number): Promise<boolean>;
