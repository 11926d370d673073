export const INSTALLED_LOCK_HASH: string;
export function lockHash(root: string): string;
export const INSTALL_LOCK: string;
export function ensureNpmPackages(
  root: string,
  install: () => void,
  lock?: { waitMs?: number; pollMs?: number },
): boolean;
