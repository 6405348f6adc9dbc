/**
 * Whether a question asks about another person's data, which the assistant refuses (docs/decisions.md, "Help
 * assistant"). The rule, so that anyone can predict it:
 * 1. A mobile number or an identity number in the question: always refused. The assistant never looks anybody up
 *    by number; the caller's own sign-ups need none (they come from the login).
 * 2. Someone else named with a personal-data word (sign-up, order, score, payment, certificate, team, phone…):
 *    a third-person word (他的, 别人的, someone else's, his…), a Chinese name (a common surname and one or two
 *    characters, before 的, or a surname before 同学/老师), or an English possessive of a capitalised name (Alice's).
 */
const PHONE = /(?<!\d)1[3-9]\d{9}(?!\d)/;
const ID_NUMBER = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/;
const PERSONAL =
  /报名|订单|成绩|分数|得分|缴费|付款|支付|退款|证书|获奖|奖项|作品|团队|队伍|信息|状态|手机|电话|身份证|学号|账号|密码|住址|审核|sign[- ]?ups?|registration|order|score|grade|payment|paid|refund|certificate|award|team|status|phone|number|password|account|details|data|entr(?:y|ies)/i;
const THIRD_PERSON_ZH = /(他|她|别人|别的人|其他人|其他同学|他人|某人|室友|朋友|同学们?)的/;
const THIRD_PERSON_EN = /\b(someone else'?s?|somebody else'?s?|another (person|student|user)'?s?|other (people|students|users)'?s?|his|my friend'?s|my classmate'?s)\b/i;
const NAME_EN = /\b[A-Z][a-z]+(?: [A-Z][a-z]+)?'s\b/;
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const NAME_BEFORE_DE = new RegExp(`[${SURNAMES}][\\p{Script=Han}]{1,2}(?=的)`, 'gu');
const NAME_BEFORE_TITLE = new RegExp(`[${SURNAMES}][\\p{Script=Han}]{0,2}(?=同学|老师)`, 'gu');
/** Words of this platform's questions that begin with a surname's character and are no one's name. */
const NOT_NAMES = ['高校', '高中', '程序', '方式', '方案', '方面', '任务', '任何', '金额', '万元', '石油', '江苏', '黄金', '龙舟', '史上', '于是', '向导', '白天', '毛笔', '孔子'];

function namesChinese(question: string): boolean {
  for (const re of [NAME_BEFORE_DE, NAME_BEFORE_TITLE]) {
    for (const m of question.matchAll(re)) if (!NOT_NAMES.some((w) => m[0].startsWith(w))) return true;
  }
  return false;
}

export function asksAboutOthers(question: string): boolean {
  if (PHONE.test(question) || ID_NUMBER.test(question)) return true;
  if (!PERSONAL.test(question)) return false;
  return THIRD_PERSON_ZH.test(question) || THIRD_PERSON_EN.test(question) || NAME_EN.test(question) || namesChinese(question);
}

/** The caller asks about their own sign-ups (answered from their login, or they are asked to log in). */
export function asksAboutOwn(question: string): boolean {
  return /我的?(报名|订单|缴费|审核|状态|团队|队伍|作品|参赛)|我(报|参加|交)了|我有没有|本人|\bmy (sign[- ]?ups?|registrations?|orders?|payments?|teams?|entr(y|ies)|status|works?)\b|\b(am|have|did) i\b/i.test(
    question,
  );
}
