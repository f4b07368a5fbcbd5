export * from './access';
export * from './bootstrap';
export * from './create-staff-member';
export * from './update-staff-member';
export * from './delete-staff-member';
