import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Windowing for fixed-height rows: only the rows in view (plus a margin) are rendered, so a list
 * of 100,000 rows costs what a screenful costs. Scroll updates are batched to one per frame.
 */
export function useVirtualWindow(count: number, rowHeight: number, overscan = 10) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setViewport(element.clientHeight || 600);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (ref.current) setScrollTop(ref.current.scrollTop);
    });
  }, []);

  /** Brings a row into view; `center` puts it mid-viewport (Locate in tree). */
  const scrollToIndex = useCallback(
    (index: number, align: 'center' | 'nearest' = 'nearest') => {
      const element = ref.current;
      if (!element) return;
      const top = index * rowHeight;
      const height = element.clientHeight;
      let next = element.scrollTop;
      if (align === 'center') next = top - height / 2 + rowHeight / 2;
      else if (top < element.scrollTop) next = top;
      else if (top + rowHeight > element.scrollTop + height) next = top + rowHeight - height;
      element.scrollTop = Math.max(0, next);
      setScrollTop(element.scrollTop);
    },
    [rowHeight],
  );

  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { ref, start, end, totalHeight: count * rowHeight, onScroll, scrollToIndex };
}
