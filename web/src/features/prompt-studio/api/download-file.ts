/**
 * A version's file (Markdown, plain text, or its answers as JSON), saved under the name and with the content type
 * the server gives it (its Content-Disposition and Content-Type).
 */
import type { PromptFileFormat } from '@shared/contract/prompt-studio';
import { ApiError, authHeaders } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';
import { studioRoutes, type StudioMode } from './studio-routes';

async function fetchFile(mode: StudioMode, body: object): Promise<{ blob: Blob; fileName: string }> {
  const route = studioRoutes[mode].file;
  const headers = { 'content-type': 'application/json', accept: '*/*', ...(await authHeaders(route)) };
  let response: Response;
  try {
    response = await fetch(`${(await loadConfig()).apiUrl}${route.path}`, { method: route.method, headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const message = ((await response.json().catch(() => undefined)) as { message?: string } | undefined)?.message;
    throw new ApiError(response.status, message ?? `Request failed (${response.status})`, {}, message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : (/filename="([^"]+)"/i.exec(disposition)?.[1] ?? 'prompt') };
}

export async function downloadFile(mode: StudioMode, sessionId: string, version: number, format: PromptFileFormat): Promise<void> {
  const { blob, fileName } = await fetchFile(mode, { sessionId, version, format });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
