// The session lifecycle on first use. It calls the server through the api client, whose contract
// schemas (zod) are the largest part of the shell a page can paint without (the login
// route's JavaScript): the login form, the exit button and the navigation guard load it when they act.
export const sessionLifecycle = () => import('./session-lifecycle');
