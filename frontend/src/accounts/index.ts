// What the accounts feature opens to the others (docs/frontend.md#folders-and-imports): the
// cabinet's log-out call. Every other file of accounts/ is its own.
export { postLogout } from './api';
