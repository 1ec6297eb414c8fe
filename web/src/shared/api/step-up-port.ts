// Who proves the user again when the server asks for a step-up (ADR 038): the app plugs the step-up
// dialog in (app/router.tsx), so the api client imports no dialog and loads none until it is needed.
type Ask = () => Promise<boolean>;

let ask: Ask = () => Promise.resolve(false);

export const connectStepUp = (fn: Ask) => {
  ask = fn;
};

/** Opens the step-up dialog; true once the session has stepped up, false when the person gave up. */
export const askStepUp = () => ask();
