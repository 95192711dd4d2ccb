/**
 * Why an archive could not be listed. `not-zip`: no ZIP structure at all (the spec's "Invalid
 * file" message); `corrupt`: ZIP signatures found but the directory cannot be read ("Could not
 * parse zip"); `unsupported`: an entry the browser cannot open (encrypted, unknown method).
 */
export type ZipErrorKind = 'not-zip' | 'corrupt' | 'unsupported';

export class ZipError extends Error {
  readonly kind: ZipErrorKind;

  constructor(kind: ZipErrorKind, message: string) {
    super(message);
    this.name = 'ZipError';
    this.kind = kind;
  }
}
