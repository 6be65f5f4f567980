// The readers' two refusals: a file none of them can use at all (with the reason), and a call that gave them
// something other than a file's bytes or options they know (with what to give instead).

/** A file that is not a statement this package reads, or is broken beyond use; `message` says why. */
export class StatementFormatError extends Error {
  override name = 'StatementFormatError';
}

/** True for a StatementFormatError, also across bundles and realms (matched by name). */
export function isStatementFormatError(error: unknown): error is StatementFormatError {
  return error instanceof StatementFormatError || (error instanceof Error && error.name === 'StatementFormatError');
}

/**
 * A bad call, not a bad file (the readers' `TypeError`): `readStatements` or `detectFormat` was given something that
 * is not a file's bytes, or an option that is not valid. `message` names the argument and what it must be.
 */
export class StatementArgumentError extends TypeError {
  override name = 'StatementArgumentError';
}

/** True for a StatementArgumentError, also across bundles and realms (matched by name). */
export function isStatementArgumentError(error: unknown): error is StatementArgumentError {
  return error instanceof StatementArgumentError || (error instanceof Error && error.name === 'StatementArgumentError');
}
