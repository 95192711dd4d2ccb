// Credits are priced by lines of the selected files' raw bytes. The server counts them when a job
// is created and the browser counts them before upload; both use this one function, so the
// credits shown for a selection are the credits reserved for it.

const NEWLINE = 10;

/** Lines of a file's bytes: "" is 0 lines; "a" and "a\n" are 1; "a\nb" is 2. */
export function countLinesInBytes(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let lines = 0;
  let at = bytes.indexOf(NEWLINE);
  while (at !== -1) {
    lines++;
    at = bytes.indexOf(NEWLINE, at + 1);
  }
  return bytes[bytes.length - 1] === NEWLINE ? lines : lines + 1;
}
