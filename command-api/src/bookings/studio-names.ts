// The names moved to the domain, for the workers' confirmation mail to share; the command side keeps its import path.
export { russianDate, STUDIO_NAMES } from '@studio/domain';
