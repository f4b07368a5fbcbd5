export * from './job-runs';
