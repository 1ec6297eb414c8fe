// What each HTTP status means in this API, and so what the client does with it (SPEC §8).
export const HTTP_STATUS_MEANING = {
  200: 'ok',
  400: 'invalid input',
  401: 'no session, expired session or not logged in',
  403: 'not yours: the resource is outside the customers the session reaches',
  404: 'missing',
  409: 'conflict with the current state',
  413: 'body too large',
  422: 'business rule refused',
  429: 'too many attempts',
  500: 'unexpected failure',
  503: 'maintenance or database unavailable',
} as const;

export type HttpStatus = keyof typeof HTTP_STATUS_MEANING;
