// What the generated validators (mocks/generated/validators.js) call at run time: ajv's ucs2length and
// ajv-formats' `date` format, the same functions as plain ESM. ajv's own files are CommonJS with a
// `default` export, which Node and bundlers import differently. A test checks both agree with the originals.

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

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 full-date: YYYY-MM-DD and a day that exists (29 February in leap years only). */
export function isFullDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** The formats the generated code refers to by name, shaped as ajv-formats' (`formats.date.validate`). */
export const formats = {
  date: { validate: isFullDate },
};
