/** The message an error boundary was given (an Error's, or a thrown string), to pick its catalogue screen. */
export function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return undefined;
}
