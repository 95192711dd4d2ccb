// Whether a selection made on /demo waits in this browser for the upload page. A flag in local
// storage rather than the IndexedDB record itself: sign-in and verification decide where to go
// next without opening the database.

const PENDING_FLAG = 'repobundle.demo-handoff';

export function isDemoHandoffPending(): boolean {
  try {
    return localStorage.getItem(PENDING_FLAG) !== null;
  } catch {
    return false;
  }
}

export function markDemoHandoffPending(savedAt: number): void {
  localStorage.setItem(PENDING_FLAG, String(savedAt));
}

export function clearDemoHandoffPending(): void {
  localStorage.removeItem(PENDING_FLAG);
}
