/** What went wrong, in the words the error itself carries (a storage or permission failure), for a status line or the console. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
