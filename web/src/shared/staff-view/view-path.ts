/** Where the console opens a staff's view of the portal (ADR 043); its code follows in the fragment. */
export const VIEW_PATH = '/consultazione';
