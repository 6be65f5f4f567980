// The one refusal of the readers: a file none of them can use at all, with the reason.

/** A file that is not a statement this package reads, or is broken beyond use; `message` says why. */
export class StatementFormatError extends Error {
  override name = 'StatementFormatError';
}

/** True for a StatementFormatError, also across bundles and realms (matched by name). */
export function isStatementFormatError(error: unknown): error is StatementFormatError {
  return error instanceof StatementFormatError || (error instanceof Error && error.name === 'StatementFormatError');
}
