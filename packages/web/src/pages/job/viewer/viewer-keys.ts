import { useEffect, useRef } from 'react';

// Keys of the full-screen viewer: Esc closes; Left/Right change file;
// Ctrl/Cmd+F focuses search; Ctrl/Cmd+Enter next result; Ctrl/Cmd+Shift+Enter previous result.

export type ViewerAction =
  'close' | 'previousFile' | 'nextFile' | 'focusSearch' | 'nextResult' | 'previousResult';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The arrows move the caret while typing, so they change file only outside a text field. */
  inTextField: boolean;
}

export function viewerKeyAction(event: KeyLike): ViewerAction | null {
  const command = event.ctrlKey || event.metaKey;
  if (event.key === 'Escape') return 'close';
  if (command && !event.altKey && event.key.toLowerCase() === 'f') return 'focusSearch';
  if (command && event.key === 'Enter') return event.shiftKey ? 'previousResult' : 'nextResult';
  if (command || event.altKey || event.shiftKey || event.inTextField) return null;
  if (event.key === 'ArrowLeft') return 'previousFile';
  if (event.key === 'ArrowRight') return 'nextFile';
  return null;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type))
  );
}

/** Listens while mounted; the handlers may change on every render. */
export function useViewerKeys(handlers: Record<ViewerAction, () => void>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = viewerKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        inTextField: isTextField(event.target),
      });
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
