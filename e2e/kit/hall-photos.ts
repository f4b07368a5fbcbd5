import type { HallPhotoUploadAnswer } from '@studio/domain';

export interface HallPhotoFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}

/** A multipart upload as the hall editor sends it: each file under `field`, in a staff member's session. */
export async function uploadHallPhotos(commandUrl: string, headers: Record<string, string>, studio: string, field: 'photo' | 'photos', files: readonly HallPhotoFile[]) {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${commandUrl}/api/${studio}/photos`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as HallPhotoUploadAnswer & { code?: string; field?: string; error?: string } };
}
