import type { Studio } from '@studio/domain';
import { useEffect, useRef, useState } from 'react';
import { fetchPhotoStates, HALL_MESSAGES, uploadPhotos } from './api';

/** One file on its way: sent (with the share of bytes), then made into a web image by the workers. */
export interface PhotoUpload {
  key: string;
  name: string;
  stage: 'sending' | 'processing' | 'ready' | 'failed';
  /** 0–1 while sending. */
  sent: number;
  id?: string;
  filename?: string;
  error?: string;
}

const POLL_MS = 1000;

/**
 * The editor's uploads (docs/catalog.md#calls-and-who-may-make-them «Hall»): pochta and kirova send one request per file
 * (`photo`), masterskaya all at once (`photos`). Each is followed until the workers say it is
 * ready, when `onReady` puts it into the draft, or failed, with why.
 */
export function usePhotoUploads(studio: Studio, onReady: (filename: string) => void) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const ready = useRef(onReady);
  ready.current = onReady;
  const patch = (keys: readonly string[], change: (upload: PhotoUpload, index: number) => Partial<PhotoUpload>) =>
    setUploads((current) => current.map((upload) => (keys.includes(upload.key) ? { ...upload, ...change(upload, keys.indexOf(upload.key)) } : upload)));

  const send = (files: readonly File[]) => {
    const batch = files.map((file) => ({ key: crypto.randomUUID(), name: file.name, stage: 'sending' as const, sent: 0, file }));
    setUploads((current) => [...current, ...batch.map(({ file: _file, ...upload }) => upload)]);
    const requests = studio === 'masterskaya' ? [batch] : batch.map((one) => [one]);
    for (const group of requests) {
      const keys = group.map((one) => one.key);
      uploadPhotos(studio, studio === 'masterskaya' ? 'photos' : 'photo', group.map((one) => one.file), (sent) => patch(keys, () => ({ sent })))
        .then((answer) => patch(keys, (_, index) => ({ stage: 'processing', sent: 1, id: answer.photos[index]!.id, filename: answer.photos[index]!.filename })))
        .catch((error: unknown) => patch(keys, () => ({ stage: 'failed', error: error instanceof Error ? error.message : HALL_MESSAGES.uploadFailed })));
    }
  };

  const waiting = uploads.filter((upload) => upload.stage === 'processing' && upload.id).map((upload) => upload.id!);
  const waitingKey = waiting.join(',');
  useEffect(() => {
    if (!waitingKey) return;
    const timer = setInterval(() => {
      fetchPhotoStates(waitingKey.split(','))
        .then((states) => {
          for (const state of states) {
            if (state.status === 'processing') continue;
            setUploads((current) => current.map((upload) => (upload.id === state.id ? { ...upload, stage: state.status === 'ready' ? 'ready' : 'failed', ...(state.error ? { error: state.error } : {}) } : upload)));
            if (state.status === 'ready') ready.current(state.filename);
          }
        })
        // A missed poll is tried again on the next tick.
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waitingKey]);

  return { uploads, send, clearDone: () => setUploads((current) => current.filter((upload) => upload.stage === 'sending' || upload.stage === 'processing')) };
}
