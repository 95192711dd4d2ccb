import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '../../../lib/class-names.js';
import styles from './split-pane.module.css';

export const LEFT_DEFAULT = 350;
export const LEFT_MIN = 200;
/** The right pane keeps at least this much: the left pane is at most container - 300. */
export const RIGHT_MIN = 300;

export function clampLeft(width: number, container: number): number {
  return Math.max(LEFT_MIN, Math.min(width, Math.max(LEFT_MIN, container - RIGHT_MIN)));
}

/** Tree on the left, preview on the right, with a draggable (and keyboard) divider. */
export function SplitPane({ left, right }: { left: ReactNode; right: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(LEFT_DEFAULT);
  const [containerWidth, setContainerWidth] = useState(1000);
  const [dragging, setDragging] = useState(false);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    setContainerWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setContainerWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const moveTo = useCallback((clientX: number) => {
    const element = container.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    setWidth(clampLeft(clientX - box.left, box.width));
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 60 : 20;
    if (event.key === 'ArrowLeft') setWidth((w) => clampLeft(w - step, containerWidth));
    else if (event.key === 'ArrowRight') setWidth((w) => clampLeft(w + step, containerWidth));
    else if (event.key === 'Home') setWidth(LEFT_MIN);
    else if (event.key === 'End') setWidth(clampLeft(Infinity, containerWidth));
    else return;
    event.preventDefault();
  };

  const shown = clampLeft(width, containerWidth);
  return (
    <div
      ref={container}
      className={cx(styles.split, dragging && styles.isDragging)}
      style={{ ['--split-left' as string]: `${shown}px` }}
    >
      <div className={styles.left}>{left}</div>
      {/* A focusable separator with a value is the ARIA window splitter, an interactive widget. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div
        className={styles.divider}
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the file tree"
        aria-valuemin={LEFT_MIN}
        aria-valuemax={Math.max(LEFT_MIN, containerWidth - RIGHT_MIN)}
        aria-valuenow={Math.round(shown)}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          setDragging(true);
        }}
        onPointerMove={(event) => {
          if (dragging) moveTo(event.clientX);
        }}
        onPointerUp={(event) => {
          event.currentTarget.releasePointerCapture(event.pointerId);
          setDragging(false);
        }}
        onDoubleClick={() => setWidth(LEFT_DEFAULT)}
      />
      <div className={styles.right}>{right}</div>
    </div>
  );
}
