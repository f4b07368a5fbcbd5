export * from './image-kind';
export * from './media-store';
