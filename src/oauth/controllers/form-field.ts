// Reading the broker pages' urlencoded form posts.

/** A form field as a string (the urlencoded parser may give arrays for repeated names). */
export function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
