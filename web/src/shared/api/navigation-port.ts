// The api client navigates through the router, never window.location; the app plugs the router
// in, with the paths of the pages the client may send the user to (features own those routes).
type Navigate = (path: string) => void;
export type ClientDestination = 'login' | 'maintenance' | 'offline';

let navigate: Navigate = () => undefined;
let destinations: Readonly<Record<ClientDestination, string>> | null = null;

export const connectNavigation = (fn: Navigate, paths: Readonly<Record<ClientDestination, string>>) => {
  navigate = fn;
  destinations = paths;
};

export const navigateTo = (destination: ClientDestination) => {
  if (destinations) navigate(destinations[destination]);
};
