export const SUITES: Record<string, readonly string[]>;
export function suiteProblems(testFiles: string[], suiteFiles: string[]): string[];
