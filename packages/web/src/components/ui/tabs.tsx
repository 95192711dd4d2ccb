import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons.js';
import { useScrollOverflow } from './use-scroll-overflow.js';

interface TabsProps<T extends string> {
  label: string;
  /** A label may carry a badge beside its text. */
  tabs: ReadonlyArray<{ id: T; label: ReactNode }>;
  value: T;
  onChange(id: T): void;
}

/** Room kept beside a tab scrolled into view, so the edge's arrow does not cover it. */
const EDGE_ROOM = 36;

/** Scrolls the list (not the page) just enough to show the tab whole. */
function revealTab(list: HTMLElement, tab: HTMLElement): void {
  const start = tab.offsetLeft - EDGE_ROOM;
  const end = tab.offsetLeft + tab.offsetWidth + EDGE_ROOM;
  if (start < list.scrollLeft) list.scrollLeft = Math.max(0, start);
  else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
}

/**
 * WAI-ARIA tab list: arrow keys move between tabs, Home/End jump to the ends. When the tabs do
 * not fit (a phone), the list scrolls sideways: a fading edge and an arrow show there is more,
 * and the selected tab is kept in view.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const { overflow, update } = useScrollOverflow(listRef);
  const selected = tabs.findIndex((tab) => tab.id === value);

  // Before paint, and the edge arrows with it: waiting for the scroll event would paint a frame
  // with the chosen tab under an arrow that no longer belongs there.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selected];
    if (!list || !tab) return;
    revealTab(list, tab);
    update();
  }, [selected, update]);

  const page = (direction: -1 | 1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(tabs[next]!.id);
  };

  return (
    <div
      className="tabs-frame"
      data-more-left={overflow.left || undefined}
      data-more-right={overflow.right || undefined}
    >
      {overflow.left && (
        <button
          type="button"
          className="tabs-arrow tabs-arrow-left"
          aria-label="Show earlier tabs"
          tabIndex={-1}
          onClick={() => page(-1)}
        >
          <Icon name="chevronLeft" size={16} />
        </button>
      )}
      <div className="tabs" role="tablist" aria-label={label} ref={listRef}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}`}
            aria-selected={tab.id === value}
            tabIndex={tab.id === value ? 0 : -1}
            className="tab"
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {overflow.right && (
        <button
          type="button"
          className="tabs-arrow tabs-arrow-right"
          aria-label="Show more tabs"
          tabIndex={-1}
          onClick={() => page(1)}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      )}
    </div>
  );
}
