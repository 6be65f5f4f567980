// What the generated validators (mocks/generated/validators.js) call at run time: ajv's ucs2length and
// ajv-formats' `date` format, the same functions as plain ESM. ajv's own files are CommonJS with a
// `default` export, which Node and bundlers import differently. A test checks both agree with the originals.
import { dayNumber } from '../../src/shared/calendar-date';

/** The length of a string in Unicode code points (a surrogate pair counts once), as JSON Schema counts. */
export function ucs2length(text: string): number {
  let length = 0;
  for (let pos = 0; pos < text.length; ) {
    length++;
    const unit = text.charCodeAt(pos++);
    if (unit >= 0xd800 && unit <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}

/** RFC 3339 full-date: YYYY-MM-DD and a day that exists (29 February in leap years only): the SDK's own date rule. */
export function isFullDate(text: string): boolean {
  return dayNumber(text) !== undefined;
}

/** The formats the generated code refers to by name, shaped as ajv-formats' (`formats.date.validate`). */
export const formats = {
  date: { validate: isFullDate },
};
