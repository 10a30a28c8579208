/** The `apiVersion` every v1 body carries. */
export const API_VERSION = 'v1';
