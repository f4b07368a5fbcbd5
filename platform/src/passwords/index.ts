export * from './password-hashing';
