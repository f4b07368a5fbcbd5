import type { HallPhotoUploadAnswer } from '@studio/domain';
import { checkAnswer } from './http';

export interface HallPhotoFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}

/** A multipart upload as the hall editor sends it: each file under `field`, in a staff member's session; the answer must be what its contract says. */
export async function uploadHallPhotos(commandUrl: string, headers: Record<string, string>, studio: string, field: 'photo' | 'photos', files: readonly HallPhotoFile[]) {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  const url = `${commandUrl}/api/${studio}/photos`;
  const res = await fetch(url, { method: 'POST', body: form, headers });
  const body: unknown = await res.json();
  checkAnswer('POST', url, res.status, body);
  return { status: res.status, body: body as HallPhotoUploadAnswer & { code?: string; field?: string; error?: string } };
}
