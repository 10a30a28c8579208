/** CORS lives in the shared HTTP layer (src/http), one implementation for the origin and the function. */
export { ALLOWED_REQUEST_HEADERS, CORS_HEADERS, EXPOSED_HEADERS, buildPreflightHeaders } from '../../http/cors.ts';
