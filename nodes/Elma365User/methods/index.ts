export { credentialTest } from '../../shared/methods/credentialTest';
