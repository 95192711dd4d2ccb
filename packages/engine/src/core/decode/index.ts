// Decoding: bytes of a selected file to text, or the reason it is skipped.
export { decodeText } from './decode-text.js';
export type { DecodeResult, TextEncodingName } from './decode-text.js';
export { looksBinary, SNIFF_LENGTH } from './sniff-binary.js';
