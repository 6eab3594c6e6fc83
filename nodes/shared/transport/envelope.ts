export { withoutEnvelope } from '.';
