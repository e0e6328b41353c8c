/**
 * Direct browser uploads: ask the API for one presigned POST per file, send each file straight to S3 with
 * progress, and answer the object keys the form then submits. Used by the demo dialog and the Idea Hub.
 */
import { routes } from '@shared/deployment/manifest';
import type { UploadForm, UploadResponse } from '@shared/contract/uploads';
import { ApiError, callApi } from './api';

/** Progress per file, 0..1, in the order the files were given. */
export type UploadProgress = (progress: number[]) => void;

/** A file's size as the pickers list it: 512 B, 40 KB, 2.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function post(url: string, fields: Record<string, string>, file: File, onProgress: (p: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    data.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(xhr.status, `Uploading ${file.name} failed.`));
    };
    xhr.onerror = () => reject(new ApiError(0, `Uploading ${file.name} failed.`));
    xhr.send(data);
  });
}

export async function uploadFiles(form: UploadForm, files: readonly File[], onProgress?: UploadProgress): Promise<string[]> {
  if (files.length === 0) return [];
  const { uploads } = await callApi<UploadResponse>(routes.createUploads, {
    form,
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
  });
  const progress = files.map(() => 0);
  await Promise.all(
    uploads.map((u, i) =>
      post(u.url, u.fields, files[i] as File, (p) => {
        progress[i] = p;
        onProgress?.([...progress]);
      }),
    ),
  );
  return uploads.map((u) => u.key);
}
