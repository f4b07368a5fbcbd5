import type { HallPhotoStatus } from '../../hall/decider';

/** Uploaded hall photos and how far each is, for the hall editor waiting on its uploads. */
export interface HallTables {
  hall_photos: {
    photo_id: string;
    studio: string;
    path: string;
    status: HallPhotoStatus;
    error: string | null;
    uploaded_at: Date;
    updated_at: Date;
  };
}
