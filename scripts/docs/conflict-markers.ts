// Merge-conflict markers as git writes them: `<<<<<<< ours`, `=======`, `>>>>>>> theirs` (and diff3's `||||||| base`).
// `=======` alone is a markdown setext underline too, so it counts only between a start and an end marker.

const START = /^<{7}(?: |$)/;
const BASE = /^\|{7}(?: |$)/;
const MIDDLE = /^={7}$/;
const END = /^>{7}(?: |$)/;

/** The 1-based numbers of the lines of `text` that are merge-conflict markers. */
export function conflictMarkerLines(text: string): number[] {
  const found: number[] = [];
  let open = false;
  text.split('\n').forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (START.test(line)) open = true;
    else if (END.test(line)) open = false;
    else if (!(open && (MIDDLE.test(line) || BASE.test(line)))) return;
    found.push(index + 1);
  });
  return found;
}
