/** The last part of a slash-separated path: the file's name. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
