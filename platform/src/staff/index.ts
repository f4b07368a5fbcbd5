export * from './access';
export * from './bootstrap';
export * from './create-staff-member';
