import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from '../components/PageLoading';

type Loader = () => Promise<{ default: ComponentType }>;

const cache = new Map<Loader, LazyExoticComponent<ComponentType>>();

/** An element that loads its component on first render (its own chunk). */
export function lazyElement(loader: Loader) {
  let C = cache.get(loader);
  if (!C) {
    C = lazy(loader);
    cache.set(loader, C);
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <C />
    </Suspense>
  );
}
