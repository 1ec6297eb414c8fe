// Route definitions for tests of the navigation rules: only the route data that the rule reads.
import { buildPath, type RouteDefinition, type RouteInput } from './feature';

type TestRouteInput = Omit<RouteInput, 'page' | 'title'> & Partial<Pick<RouteInput, 'title'>>;

export function testRoute(input: TestRouteInput): RouteDefinition {
  return {
    title: input.name,
    page: () => Promise.resolve({ default: () => null }),
    loadTitle: () => Promise.resolve(input.name),
    to: (params?: Readonly<Record<string, string>>) => buildPath(input.path, params),
    ...input,
  } as RouteDefinition;
}
