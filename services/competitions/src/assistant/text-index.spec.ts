import { manualPassages } from './passages';
import { naiveSearch, queryTokens, TextIndex, tokenize } from './text-index';

const doc = (id: string, title: string, text: string) => ({ doc: id, title, text });

describe('help assistant retrieval', () => {
  it('segments Chinese into words and adds Han bigrams', () => {
    const t = tokenize('报名截止时间是什么时候？');
    expect(t).toEqual(expect.arrayContaining(['报名', '截止', '时间', '~报名', '~名截', '~截止']));
    // Question words and particles say nothing about the answer.
    expect(t).not.toContain('是');
    expect(t).not.toContain('什么时候');
  });

  it('stems English words and drops stop words', () => {
    expect(tokenize('What are the entry fees?')).toEqual(['entry', 'fee']);
  });

  it('adds synonyms to a question: a deadline is where a window ends', () => {
    expect(queryTokens('截止日期')).toEqual(expect.arrayContaining(['截止', '结束']));
    expect(queryTokens('多少钱')).toEqual(expect.arrayContaining(['报名', '~名费']));
  });

  it('ranks the passage that answers first, where counting shared characters does not', () => {
    const items = [
      doc('fee', '程序设计竞赛 · 赛项与报名费', '本科组：免费（报名费 0 元），名额 120；研究生组：免费，名额 60。'),
      doc('signup', '程序设计竞赛 · 报名时间与参赛要求', '报名时间：2026-01-01 开始，2026-02-01 截止（结束）。参赛方式：团队参赛。团队人数 3 至 3 人。'),
      doc('news', '程序设计竞赛校内选拔赛安排', '比赛时长 5 小时，三人一队，使用一台计算机。前 10 名队伍将代表学校参加省赛。'),
      doc('manual', '学生 › 报名参赛', '在竞赛详情页点击报名，选择赛项，填写报名信息。'),
    ];
    const index = new TextIndex(items);
    expect(index.search('程序设计竞赛报名要交多少钱', 3)[0].doc).toBe('fee');
    expect(index.search('程序设计竞赛几号截止报名', 3)[0].doc).toBe('signup');
    expect(index.search('选拔赛比赛多长时间', 3)[0].doc).toBe('news');
    expect(index.search('完全无关的天气预报', 3)).toEqual([]);
    // The baseline counts characters: a long passage sharing many of them wins.
    expect(naiveSearch(items, '程序设计竞赛报名要交多少钱', 1)[0].doc).not.toBe('fee');
  });

  it('indexes the manual in both languages, each section linked to its chapter and anchor', () => {
    const zh = manualPassages('zh-CN');
    const en = manualPassages('en');
    expect(zh.length).toBe(en.length);
    expect(zh[0].link).toMatch(/^\/manual\?role=\w+#[\w-]+$/);
    const index = new TextIndex(en.map((p) => ({ doc: p, title: p.title, text: p.text })));
    expect(index.search('How do I publish a competition?', 3).map((r) => r.doc.id)).toContain('manual:competition-create');
  });
});
