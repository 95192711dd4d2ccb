import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollOverflow {
  /** Content hidden past the left edge. */
  left: boolean;
  /** Content hidden past the right edge. */
  right: boolean;
}

/** Whether a horizontally scrolling box has more to show on either side; follows scroll and size. */
export function useScrollOverflow(ref: RefObject<HTMLElement | null>) {
  const [overflow, setOverflow] = useState<ScrollOverflow>({ left: false, right: false });

  const update = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    // One pixel of slack: zoomed pages report fractional scroll positions.
    const left = box.scrollLeft > 1;
    const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setOverflow((current) =>
      current.left === left && current.right === right ? current : { left, right },
    );
  }, [ref]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, update]);

  return { overflow, update };
}
