/**
 * Code units XML 1.0 cannot carry in any form, not even as character references: C0 controls
 * other than tab, LF and CR, U+FFFE, U+FFFF, and surrogates that are not part of a pair. (No `u`
 * flag: the pattern works on UTF-16 code units so that lone surrogates match.)
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NOT_XML_ALL = new RegExp(NOT_XML.source, 'g');

/** NOT_XML's code units without its look-arounds: most texts hold none, and this scans faster. */
// eslint-disable-next-line no-control-regex
const MAYBE_NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;

export function isXmlRepresentable(text: string): boolean {
  return !MAYBE_NOT_XML.test(text) || !NOT_XML.test(text);
}

/**
 * Character data: `&`, `<` and `>` as entities (escaping every `>` also rules out `]]>`), and CR
 * as `&#13;` because parsers turn a literal CR or CRLF into LF. Callers check isXmlRepresentable
 * first; text that fails it is written as base64 instead.
 */
export function escapeXmlText(text: string): string {
  return text.replace(/[&<>\r]/g, (char) => TEXT_ESCAPES[char] ?? char);
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
};

/**
 * An attribute value (paths, names): `&`, `<`, `"` as entities, and tab, LF, CR as character
 * references so that attribute-value normalisation does not turn them into spaces. Characters
 * XML cannot carry become U+FFFD; attributes label content, they never hold it.
 */
export function escapeXmlAttribute(text: string): string {
  // Most values (paths, names) hold none of these: one scan instead of two replacing passes.
  if (!MAYBE_ATTRIBUTE_ESCAPE.test(text)) return text;
  return text
    .replace(NOT_XML_ALL, '\ufffd')
    .replace(/[&<"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/** Every code unit escapeXmlAttribute may change: those it escapes and those NOT_XML may match. */
// eslint-disable-next-line no-control-regex
const MAYBE_ATTRIBUTE_ESCAPE = /[&<"\u0000-\u001f\ufffe\uffff\ud800-\udfff]/;

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Text for the overview, where a lossy replacement of impossible characters is acceptable. */
export function escapeXmlTextLossy(text: string): string {
  return escapeXmlText(text.replace(NOT_XML_ALL, '\ufffd'));
}

/** ` name="value"` pairs in the given order. */
export function xmlAttributes(attributes: Readonly<Record<string, string | number>>): string {
  // Called for every piece a chunk stage measures: one string built, no arrays between.
  let pairs = '';
  for (const name in attributes) {
    const value = attributes[name] as string | number;
    pairs += ` ${name}="${typeof value === 'number' ? value : escapeXmlAttribute(value)}"`;
  }
  return pairs;
}
