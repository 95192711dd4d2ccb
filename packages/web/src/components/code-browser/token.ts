/** What a highlighted piece of a line is; each kind has its colour in the code view. */
export type TokenKind =
  | 'plain'
  | 'heading'
  | 'punct'
  | 'keyword'
  | 'string'
  | 'number'
  | 'comment'
  | 'key'
  | 'type'
  | 'tag'
  | 'attr'
  | 'link';

export interface Token {
  text: string;
  kind: TokenKind;
}
