import { createStore } from '../store/create-store';
import type { RouteHandle } from '../router/route-handle';

export interface VisitedView {
  path: string;
  fullPath: string;
  handle: RouteHandle;
}

export const tagsStore = createStore<{ views: VisitedView[] }>({ views: [] });

export const tagsActions = {
  visit(view: VisitedView) {
    tagsStore.set((s) => {
      const i = s.views.findIndex((v) => v.path === view.path);
      if (i === -1) return { views: [...s.views, view] };
      const views = [...s.views];
      views[i] = view;
      return { views };
    });
  },
  close(path: string) {
    tagsStore.set((s) => ({ views: s.views.filter((v) => v.path !== path) }));
  },
  closeOthers(path: string) {
    tagsStore.set((s) => ({ views: s.views.filter((v) => v.path === path) }));
  },
  closeAll() {
    tagsStore.set({ views: [] });
  },
};
