// What features add to the header (`headerItem` in their routes.ts), for a logged-in user acting
// for a customer. Each item loads on demand with the server-data cache, and a failing item shows
// nothing rather than breaking the header.
import { FEATURES } from '../features';
import { serverItem } from './lazy-server-item';

const ITEMS = FEATURES.flatMap(({ headerItem }) => (headerItem ? [serverItem(headerItem)] : []));

export function HeaderItems() {
  if (ITEMS.length === 0) return null;
  return (
    <div className="site-header__items">
      {ITEMS.map((Item, index) => (
        <Item key={index} />
      ))}
    </div>
  );
}
