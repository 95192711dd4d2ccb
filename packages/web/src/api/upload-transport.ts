import type { AssembleRequest, ChunkResponse, JobCreatedResponse } from '@repobundle/contract';

/** The upload calls as the scheduler uses them; api/uploads-api.ts sends them over HTTP. */
export interface UploadTransport {
  uploadChunk(
    request: { uploadId: string; fileName: string; index: number; total: number; blob: Blob },
    onProgress: (sentBytes: number) => void,
    signal: AbortSignal,
  ): Promise<ChunkResponse>;
  uploadStream(
    request: { uploadId: string; fileName: string; file: Blob },
    onProgress: (sentBytes: number) => void,
    signal: AbortSignal,
  ): Promise<ChunkResponse>;
  assemble(request: AssembleRequest, signal: AbortSignal): Promise<JobCreatedResponse>;
  deleteUpload(uploadId: string): Promise<void>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
