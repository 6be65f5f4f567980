// Line ends as bank exports write them: LF, CRLF, or a lone CR (old Mac exports); each is one line end.

/** Where each line of `text` starts (0-based offsets; the first is 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') < 0) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** Where the line that ends just before `nextStart` stops, its line end left out. */
export function lineEnd(text: string, nextStart: number): number {
  return text.charCodeAt(nextStart - 1) === 10 && text.charCodeAt(nextStart - 2) === 13 ? nextStart - 2 : nextStart - 1;
}

/** The text with LF for every line end. */
export function withLf(text: string): string {
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}
