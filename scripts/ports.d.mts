export function freePort(host?: string, port?: number): Promise<number>;
export function isPortFree(host: string, port: number): Promise<boolean>;
