import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';
import type { CodeDocument } from './code-document.js';
import {
  findMatches,
  matchCounter,
  matchesByLine,
  stepMatch,
  type SearchResult,
} from './search.js';

const SEARCH_DELAY_MS = 120;
const NO_RESULT: SearchResult = { matches: [], capped: false };

/** Search in one document: the query, its results, the current one and the counter text. */
export function useFileSearch(doc: CodeDocument | null) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  const result = useMemo(
    () => (doc && settled ? findMatches(doc.lines, settled) : NO_RESULT),
    [doc, settled],
  );
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [result]);
  const byLine = useMemo(() => matchesByLine(result.matches), [result]);
  const count = result.matches.length;
  return {
    query,
    setQuery,
    result,
    byLine,
    active,
    counter: matchCounter(settled, result, active),
    next: () => setActive((current) => stepMatch(current, count, 1)),
    previous: () => setActive((current) => stepMatch(current, count, -1)),
  };
}
