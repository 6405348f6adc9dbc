/**
 * The package's entry point: what tools outside the service (the benches in load-tests/) may use of it, so they never
 * reach into dist/. Loading it starts nothing; the service starts from main.ts.
 */
export { PublicCompetitionService } from './competition/public.service';
export { NewsService } from './news/news.service';
export { SETTING_SQL } from './website/website.service';
export { buildIndex } from './assistant/assistant.service';
export { sitePassages } from './assistant/passages';
export { TextIndex, naiveSearch, tokenize } from './assistant/text-index';
