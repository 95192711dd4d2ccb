import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. A large job leaves its text in the old
 * generation, which V8 collects only once the heap has grown by a multiple of what was live at
 * its last collection: the next job then grew on top of the last one's garbage (the bench's
 * 200 MB archive and the same archive again, one server: 1,114 MB at the peak against 790 MB for
 * the first alone). Collecting when a large job ends starts the next one from what is live.
 */
export function collectGarbage(): void {
  if (!collect) {
    // The collector is exposed to contexts made after the flag is set, so a new context
    // hands it over; this process's own global scope stays as it was.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
