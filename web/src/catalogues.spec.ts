import appEn from '@/app/i18n/locales/en';
import appZh from '@/app/i18n/locales/zh-CN';
import systemEn from '@/modules/system/locales/en';
import systemZh from '@/modules/system/locales/zh-CN';
import siteEn from '@/modules/home/locales/en';
import websiteEn from '@/modules/website/locales/en';
import websiteZh from '@/modules/website/locales/zh-CN';
import siteZh from '@/modules/home/locales/zh-CN';
import newsEn from '@/app/i18n/news/en';
import newsZh from '@/app/i18n/news/zh-CN';
import competitionEn from '@/modules/competition/locales/en';
import competitionZh from '@/modules/competition/locales/zh-CN';
import certificateDesignerEn from '@/app/i18n/certificate-designer/en';
import certificateDesignerZh from '@/app/i18n/certificate-designer/zh-CN';
import certificateEn from '@/modules/certificate/locales/en';
import certificateZh from '@/modules/certificate/locales/zh-CN';
import enrollEn from '@/app/i18n/enroll/en';
import enrollZh from '@/app/i18n/enroll/zh-CN';
import enrollAdminEn from '@/modules/enroll-admin/locales/en';
import enrollAdminZh from '@/modules/enroll-admin/locales/zh-CN';
import centreEn from '@/modules/center/locales/en';
import centreZh from '@/modules/center/locales/zh-CN';
import certificateAdminEn from '@/modules/certificate-admin/locales/en';
import certificateAdminZh from '@/modules/certificate-admin/locales/zh-CN';
import expertsEn from '@/modules/experts/locales/en';
import expertsZh from '@/modules/experts/locales/zh-CN';
import financeEn from '@/modules/finance/locales/en';
import financeZh from '@/modules/finance/locales/zh-CN';
import referenceEn from '@/modules/reference/locales/en';
import referenceZh from '@/modules/reference/locales/zh-CN';
import reviewAdminEn from '@/modules/review-admin/locales/en';
import reviewAdminZh from '@/modules/review-admin/locales/zh-CN';
import reviewPublicEn from '@/app/review/results/en';
import reviewPublicZh from '@/app/review/results/zh-CN';
import reviewResultsEn from '@/modules/review-admin/locales/results.en';
import reviewResultsZh from '@/modules/review-admin/locales/results.zh-CN';
import reviewSceneEn from '@/modules/review-admin/locales/scene.en';
import reviewSceneZh from '@/modules/review-admin/locales/scene.zh-CN';
import reviewEn from '@/modules/review/locales/en';
import reviewZh from '@/modules/review/locales/zh-CN';

type Tree = { [k: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe.each([
  ['app', appZh, appEn],
  ['system', systemZh, systemEn],
  ['site', siteZh, siteEn],
  ['website', websiteZh, websiteEn],
  ['news', newsZh, newsEn],
  ['competition', competitionZh, competitionEn],
  ['certificateDesigner', certificateDesignerZh, certificateDesignerEn],
  ['certificate', certificateZh, certificateEn],
  ['enroll', enrollZh, enrollEn],
  ['enrollAdmin', enrollAdminZh, enrollAdminEn],
  ['centre', centreZh, centreEn],
  ['certificateAdmin', certificateAdminZh, certificateAdminEn],
  ['experts', expertsZh, expertsEn],
  ['finance', financeZh, financeEn],
  ['reference', referenceZh, referenceEn],
  ['reviewAdmin', reviewAdminZh, reviewAdminEn],
  ['review', reviewZh, reviewEn],
  ['reviewResults', reviewResultsZh, reviewResultsEn],
  ['reviewScene', reviewSceneZh, reviewSceneEn],
  ['reviewPublic', reviewPublicZh, reviewPublicEn],
])('%s catalogues', (_name, zh, en) => {
  const z = leaves(zh as Tree);
  const e = leaves(en as Tree);

  it('have the same keys in zh-CN and en', () => {
    expect([...e.keys()].sort()).toEqual([...z.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [k, v] of [...z, ...e]) expect([k, v.trim().length > 0]).toEqual([k, true]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const names = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [k, v] of z) expect([k, names(e.get(k) ?? '')]).toEqual([k, names(v)]);
  });
});

it("keeps the spec's wording", () => {
  expect(appZh.dialog.promptInvalid).toBe('输入的数据不合法!');
  expect(appZh.app.title).toBe('竞赛管理系统');
  expect(appEn.app.title.toLowerCase()).toBe('competition management system');
  expect(appEn.http.expired.toLowerCase()).toBe('the current login has expired, please log in again');
  expect(appEn.http.importFailed.toLowerCase()).toBe('import failed!');
  expect(appEn.common.logout.toLowerCase()).toBe('logout');
  expect(appEn.auth.loginButton).toBe('Login');
});
