import { HttpError } from 'react-admin';
import { messages } from '../../shared/messages';
import type { MessageMedia } from '../../shared/responses/products';
import type { ApiErrorBody } from '../../shared/responses/common';
import { API_URL } from './httpClient';
import { session } from './session';

/**
 * Uploads one file to POST /api/media, reporting progress (0-100). fetch cannot report upload
 * progress, hence XMLHttpRequest. Rejects with HttpError carrying the server's message.
 */
export function uploadMedia(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<MessageMedia> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_URL}/media`);
    const token = session.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as (MessageMedia & Partial<ApiErrorBody>) | null;
      if (request.status >= 200 && request.status < 300 && body) {
        const { type, filename, mimeType, size, url } = body;
        resolve({ type, filename, mimeType, size, url });
      } else {
        reject(new HttpError(body?.error || messages.media.uploadFailed, request.status, body));
      }
    };
    request.onerror = () => reject(new Error(messages.media.uploadFailed));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
