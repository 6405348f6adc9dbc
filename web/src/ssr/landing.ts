/**
 * The public pages a visitor lands on: rendered on the server (entry-server.tsx), and preloaded all at once when the
 * browser renders them itself (vite.config.ts, preloadLanding). Each names the modules its first screen needs beyond
 * the entry: the layout and the page (lazy chunks in the browser).
 */
export const LANDING: Record<string, string[]> = {
  '/': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home/homepage': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home/competition': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/CompetitionListPage.tsx'],
  '/home/competition/details': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/CompetitionDetailPage.tsx'],
};

/** The pages the server renders (nginx sends only these to it: infra/web-server.js), with their titles' keys. */
export const SERVER_RENDERED: Record<string, string> = {
  '/home/homepage': 'route.homepage',
  '/home/competition': 'route.competition',
  '/home/competition/details': 'route.competitionDetails',
};
