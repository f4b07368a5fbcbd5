export * from './staff-member';
export * from './login-claim';
