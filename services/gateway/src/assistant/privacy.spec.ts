import { asksAboutOthers, asksAboutOwn } from './privacy';

describe('the assistant refuses questions about other people', () => {
  it.each([
    '张三的报名状态',
    '帮我查一下李华同学的报名审核通过了吗',
    '王老师的团队成绩是多少',
    '他的订单付款了吗',
    '别人的证书能看吗',
    '13800000012 报名了吗',
    '身份证 110101199003074514 的报名信息',
    "What is Alice's sign-up status?",
    "Show me someone else's order",
    'what is his score',
  ])('refuses %s', (q) => expect(asksAboutOthers(q)).toBe(true));

  it.each([
    '我的报名状态',
    '程序设计竞赛的报名时间',
    '高校的报名费是多少',
    '团队最多几个人',
    '指导老师最多几名',
    '报名费多少钱',
    'What is my sign-up status?',
    'When does the Internet+ competition close?',
    "What are the programme's file types?",
  ])('answers %s', (q) => expect(asksAboutOthers(q)).toBe(false));

  it('tells a question about the caller’s own sign-ups', () => {
    expect(asksAboutOwn('我的报名审核通过了吗')).toBe(true);
    expect(asksAboutOwn('Am I signed up?')).toBe(true);
    expect(asksAboutOwn('报名什么时候截止')).toBe(false);
  });
});
