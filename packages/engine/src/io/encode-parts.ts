/**
 * The UTF-8 bytes of a text given in parts, encoded straight into one buffer: joining the parts
 * first copies the whole text once more (and flattens it) before encoding, about three times the
 * cost for a chunk of many slices. A surrogate pair split between two parts is encoded whole, as
 * the joined text would have it.
 */
export function encodeParts(parts: readonly string[]): Buffer {
  const whole = wholeCodePoints(parts);
  let bytes = 0;
  for (const part of whole) bytes += Buffer.byteLength(part, 'utf8');
  const out = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const part of whole) at += out.write(part, at, 'utf8');
  return out;
}

/** The parts, each that ends inside a surrogate pair joined with the part after it. */
function wholeCodePoints(parts: readonly string[]): readonly string[] {
  if (!parts.some(endsInsidePair)) return parts;
  const whole: string[] = [];
  let carried = '';
  for (const part of parts) {
    const text = carried + part;
    if (endsInsidePair(text)) carried = text;
    else {
      whole.push(text);
      carried = '';
    }
  }
  if (carried !== '') whole.push(carried);
  return whole;
}

function endsInsidePair(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
}
