// The api client navigates through the router, never window.location; the app plugs the router in.
type Navigate = (path: string) => void;

let navigate: Navigate = () => undefined;

export const connectNavigation = (fn: Navigate) => {
  navigate = fn;
};

export const navigateTo = (path: string) => navigate(path);
