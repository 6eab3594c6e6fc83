export { credentialTest } from '../../shared/methods/credentialTest';
export * as listSearch from './listSearch';
