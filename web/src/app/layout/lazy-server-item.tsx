// A part of the chrome a feature brings (header item, menu badge): loaded on demand with the
// server-data cache, shown once loaded, and nothing at all if it fails, so the chrome never breaks.
// Made once per loader, at module load.
import { lazy, Suspense, type ComponentType } from 'react';
import { SectionErrorBoundary } from '../../shared/ui/section-error-boundary';

export function serverItem(loader: () => Promise<{ default: ComponentType }>): ComponentType {
  const Item = lazy(async () => {
    const [{ default: Loaded }, { ServerData }] = await Promise.all([
      loader(),
      import('../../shared/api/server-data'),
    ]);
    return {
      default: () => (
        <ServerData>
          <Loaded />
        </ServerData>
      ),
    };
  });
  return function ServerItem() {
    return (
      <SectionErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <Item />
        </Suspense>
      </SectionErrorBoundary>
    );
  };
}
