export * from './staff-member';
export * from './login-claim';
export * from './super-roster';
