// The phone format lives in the domain, where the finance journal's CSV writes it too.
export { phoneText } from '@studio/domain';
