// The one scrubber of secrets: the client's errors, events and logs, and anything else that prints what a token touched.

/** What secrets are replaced with. */
export const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of each secret in a string, or in every string inside a JSON-like value.
 * Used so that a server or proxy that echoes the token cannot put it into an error.
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  const present = secrets.filter((secret) => secret !== '');
  if (present.length === 0 || value === undefined || value === null) return value;
  if (typeof value === 'string') return present.reduce<string>((text, s) => text.replaceAll(s, REDACTED), value) as T;
  if (typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  if (!present.some((secret) => json.includes(JSON.stringify(secret).slice(1, -1)))) return value;
  return JSON.parse(
    redact(
      json,
      present.map((secret) => JSON.stringify(secret).slice(1, -1)),
    ),
  ) as T;
}
