export function runtimeProblems(enginesNode: unknown, now?: Date): string[];
export function hostingProblems(dir: string): string[];
export function configProblems(firebaseJson: {
  hosting?: { public?: string; predeploy?: string | string[] };
}): string[];
