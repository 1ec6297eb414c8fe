// A call that needs a session waits for the guest session first: a logged-out page paints, and may
// ask, before its session exists (ADR 006; the link page asks at once). How a session is made is the
// session lifecycle's, which calls the server through the api client: the app plugs it in here.
let ensureSession: () => Promise<void> = async () => undefined;

export const connectSession = (fn: () => Promise<void>) => {
  ensureSession = fn;
};

export const sessionReady = () => ensureSession();
