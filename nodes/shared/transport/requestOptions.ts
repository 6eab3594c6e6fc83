export { requestOptions } from '../descriptions/requestOptions';
export { TRANSFER_TIMEOUT_MS } from './bounds';
