import type { AssistantAnswer, ScoredPassage } from '@cmp/contracts';
import { api, freshIp, login } from './support/api';
import { BASE } from './support/platform';

const ask = (question: string, o: { groupId?: number; token?: string; lang?: 'zh-CN' | 'en' } = {}) =>
  api<AssistantAnswer>('/assistant/ask', { body: { question, groupId: o.groupId }, token: o.token, lang: o.lang, ip: freshIp() });

/** The streamed answer's events in order, read to the end. */
async function askStream(question: string, groupId: number, lang: 'zh-CN' | 'en' = 'zh-CN') {
  const res = await fetch(`${BASE}/assistant/ask/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang, 'x-forwarded-for': freshIp() },
    body: JSON.stringify({ question, groupId }),
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = (await res.text())
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) }));
  return events;
}

describe('help assistant (/deepChat)', () => {
  let u1: number;
  let u2: number;
  beforeAll(async () => {
    const groups = (await api<{ groupId: number; groupName: string }[]>('/web/competition/group/list')).data;
    u1 = groups.find((g) => g.groupName === '华东示范大学')!.groupId;
    u2 = groups.find((g) => g.groupName === '西部测试大学')!.groupId;
  });

  it('answers from the site’s own passages, each with a link, citing them as [n]', async () => {
    const r = await ask('程序设计竞赛团队几个人？', { groupId: u1 });
    expect(r.code).toBe(0);
    expect(r.data.mode).toBe('model');
    const top = r.data.passages.slice(0, 3);
    const signup = top.find((p) => p.id.endsWith(':signup') && p.title.startsWith('第十二届程序设计竞赛'));
    expect(signup).toBeDefined();
    expect(signup!.text).toContain('团队人数 3 至 3 人');
    expect(signup!.link).toMatch(/^\/home\/competition\/details\?id=\d+$/);
    // The stand-in quotes a sentence of the passage it cites, by its number.
    const [, quoted, n] = /：(.*) \[(\d)\]$/.exec(r.data.answer)!;
    expect(r.data.passages[Number(n) - 1].text).toContain(quoted);
  });

  it('answers from the manual and news too, in English with the English manual', async () => {
    const manual = await ask('How do I publish a competition?', { groupId: u1, lang: 'en' });
    expect(manual.data.passages.slice(0, 3).map((p) => p.id)).toContain('manual:competition-create');
    expect(manual.data.passages.find((p) => p.id === 'manual:competition-create')!.link).toBe('/manual?role=organiser#competition-create');
    const news = await ask('程序设计选拔赛在哪里举行？', { groupId: u1 });
    expect(news.data.passages[0]).toMatchObject({ source: 'news', link: expect.stringMatching(/^\/home\/newsDetails\?id=\d+$/) });
  });

  it('answers from the asked site’s organisation only', async () => {
    const q = '英语演讲比赛的报名费是多少？';
    const onU2 = await ask(q, { groupId: u2 });
    expect(onU2.data.passages[0].title).toContain('西部大学生英语演讲比赛');
    expect(onU2.data.passages[0].text).toContain('报名费 20 元');
    const onU1 = await ask(q, { groupId: u1 });
    const titles = onU1.data.passages.map((p: ScoredPassage) => p.title).join(' ');
    expect(titles).not.toContain('英语演讲');
  });

  it('tells a logged-in student the state of their own sign-ups, and asks a visitor to log in', async () => {
    const token = await login('student1');
    const mine = await ask('我的报名审核通过了吗？', { groupId: u1, token });
    expect(mine.data.passages[0]).toMatchObject({ id: 'signups:mine', source: 'signups', link: '/center/competition' });
    expect(mine.data.passages[0].text).toContain('2026年“互联网+”大学生创新创业大赛');
    expect(mine.data.passages[0].text).toMatch(/审核状态 (待审核|已通过|已驳回|已撤销)/);
    const visitor = await ask('我的报名审核通过了吗？', { groupId: u1 });
    expect(visitor.data.passages.some((p) => p.source === 'signups')).toBe(false);
    expect(visitor.data.notice).toContain('登录后');
  });

  it('refuses a question about another person’s data, in the caller’s language', async () => {
    const token = await login('student1');
    for (const q of ['张三的报名状态是什么？', '13800000012 这个手机号报名了吗']) {
      const r = await ask(q, { groupId: u1, token });
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ mode: 'refused', passages: [] });
      expect(r.data.answer).toContain('不能查询其他人的报名');
    }
    const en = await ask("What is Alice's sign-up status?", { groupId: u1, token, lang: 'en' });
    expect(en.data.mode).toBe('refused');
    expect(en.data.answer).toContain("can't look up another person's");
  });

  it('refuses empty and over-long questions with a message in the caller’s language', async () => {
    const empty = await ask('   ', { groupId: u1 });
    expect(empty.code).toBe(10400);
    expect(empty.msg).toBe('请输入问题');
    const long = await ask('报'.repeat(501), { groupId: u1, lang: 'en' });
    expect(long.code).toBe(10400);
    expect(long.msg).toBe('The question is too long: at most 500 characters, please shorten it');
  });

  it('streams the answer: passages first, then the model’s pieces, then done', async () => {
    const events = await askStream('互联网+大赛初创组报名费多少钱？', u1);
    expect(events[0].event).toBe('passages');
    expect(events[0].data.mode).toBe('model');
    expect(events[0].data.passages[0].title).toContain('赛项与报名费');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { mode: 'model' } });
    const answer = deltas.map((e) => e.data.text).join('');
    expect(answer).toContain('报名费 50 元');
    expect(answer).toMatch(/\[1\]/);
  });

  it('answers with the best passage, and says so, when the model fails', async () => {
    const whole = await ask('程序设计竞赛报名什么时候截止 #llm-down', { groupId: u1 });
    expect(whole.data.mode).toBe('passages');
    expect(whole.data.notice).toContain('大模型暂时无法回答');
    expect(whole.data.answer).toContain('[1]');
    const events = await askStream('程序设计竞赛报名什么时候截止 #llm-down', u1, 'en');
    expect(events.map((e) => e.event)).toEqual(['passages', 'delta', 'done']);
    expect(events[2].data).toMatchObject({ mode: 'passages', notice: expect.stringContaining('could not answer') });
  });
});
