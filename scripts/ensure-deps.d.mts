export const INSTALLED_LOCK_HASH: string;
export function lockHash(root: string): string;
export function ensureNpmPackages(root: string, install: () => void): boolean;
