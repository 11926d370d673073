export function startFirestoreGuard(o: {
  host: string;
  port: number;
  upstreamPort: number;
  allowedOrigins: ReadonlySet<string>;
  headTimeoutMs?: number;
}): Promise<{ close: () => Promise<void> }>;
