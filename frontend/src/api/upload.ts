import { API_BASE, ApiError, refusalOf, REQUEST_TIMEOUT_MS, type AnswerSchema } from './client';

/**
 * POST a form of files, reporting the share of bytes sent: fetch cannot tell upload progress,
 * XMLHttpRequest can (a module of its own, so the public pages do not load it). Gives up after REQUEST_TIMEOUT_MS without a byte moving (a phone's photos
 * over a slow uplink take longer than that in all). Answers and fails as `callApi` does.
 */
export function uploadForm<T>(path: string, form: FormData, schema: AnswerSchema<T>, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const stillMoving = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        request.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    request.open('POST', `${API_BASE}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      stillMoving();
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onprogress = stillMoving;
    request.onloadend = () => clearTimeout(timer);
    request.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML page: the refusal says so by its status.
      }
      if (request.status < 200 || request.status >= 300) return void refusalOf(request.status, answer).then(reject);
      const parsed = schema.safeParse(answer);
      if (parsed.success) resolve(parsed.data);
      else reject(ApiError.failed(request.status, 'bad_answer'));
    };
    request.onerror = () => reject(ApiError.failed(0, 'network'));
    request.onabort = () => reject(ApiError.failed(0, timedOut ? 'timeout' : 'aborted'));
    stillMoving();
    request.send(form);
  });
}
