// What features add to the header (`headerItem` in their routes.ts), for a logged-in user acting
// for a customer. Each item loads on demand with the server-data cache, and a failing item shows
// nothing rather than breaking the header.
import { lazy, Suspense } from 'react';
import { SectionErrorBoundary } from '../../shared/ui/section-error-boundary';
import { FEATURES } from '../features';

const ITEMS = FEATURES.flatMap(({ headerItem }) =>
  headerItem
    ? [
        lazy(async () => {
          const [{ default: Item }, { ServerData }] = await Promise.all([
            headerItem(),
            import('../../shared/api/server-data'),
          ]);
          return {
            default: () => (
              <ServerData>
                <Item />
              </ServerData>
            ),
          };
        }),
      ]
    : [],
);

export function HeaderItems() {
  if (ITEMS.length === 0) return null;
  return (
    <div className="site-header__items">
      {ITEMS.map((Item, index) => (
        <SectionErrorBoundary key={index} fallback={null}>
          <Suspense fallback={null}>
            <Item />
          </Suspense>
        </SectionErrorBoundary>
      ))}
    </div>
  );
}
