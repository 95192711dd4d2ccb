import { createPooledProcessor, type FileProcessor } from '@repobundle/engine';

/**
 * The process's one pool of engine threads, started when first asked for: the job worker runs
 * the file stage on it, and creating a job measures a large selection on it, so a process that
 * is both API and worker keeps one thread per core, not two.
 */
export interface EngineThreads {
  get(): FileProcessor;
  /** Ends the threads (a later get() starts new ones). */
  close(): Promise<void>;
}

export function createEngineThreads(): EngineThreads {
  let processor: FileProcessor | undefined;
  return {
    get: () => (processor ??= createPooledProcessor()),
    async close() {
      const closing = processor;
      processor = undefined;
      await closing?.close();
    },
  };
}
