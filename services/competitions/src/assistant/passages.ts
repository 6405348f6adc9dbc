import { CompetitionStatus, manualEn, manualZh, type Lang, type ManualChapter, type Passage } from '@cmp/contracts';
import { htmlToText } from '../rich-text';

/** What the passages are read with: a DataSource, or a pg client adapted by the bench. */
export interface Db {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
}

interface CompetitionRow {
  id: number;
  name: string;
  nameEn: string;
  level: string;
  year: number;
  summary: string;
  intro: string;
  guide: string;
  enrollStartAt: Date | null;
  enrollEndAt: Date | null;
  submitStartAt: Date | null;
  submitEndAt: Date | null;
  mode: 1 | 2 | 3;
  teamMin: number;
  teamMax: number;
  teacherMax: number;
  schoolQuota: number | null;
  requiredFields: string[];
}

interface ItemRow {
  competitionId: number;
  name: string;
  nameEn: string;
  description: string;
  quota: number | null;
  feeFen: number;
  fileTypes: string[];
  maxFileMb: number;
  maxFiles: number;
}

interface StageRow {
  competitionId: number;
  name: string;
  nameEn: string;
  description: string;
  startAt: Date;
  endAt: Date;
}

interface NewsRow {
  id: number;
  title: string;
  summary: string;
  content: string;
}

/** News is cut into passages of about this many characters, at paragraph ends. */
const NEWS_PASSAGE_CHARS = 300;

// The platform's dates are Beijing time (the demo universities and the web's display).
const dateFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const day = (d: Date | null) => (d ? dateFormat.format(new Date(d)) : '');

const LEVEL: Record<string, [string, string]> = { '1': ['国家级', 'national'], '2': ['省级', 'provincial'], '3': ['校级', 'university'], '4': ['院级', 'college'] };
const MODE: Record<number, [string, string]> = { 1: ['个人参赛', 'individual'], 2: ['团队参赛', 'team'], 3: ['个人或团队参赛均可', 'individual or team'] };
const FIELD: Record<string, [string, string]> = {
  realName: ['姓名', 'name'],
  phone: ['手机号', 'phone'],
  school: ['学校', 'school'],
  college: ['学院', 'college'],
  major: ['专业', 'major'],
  studentNo: ['学号', 'student number'],
  idNumber: ['身份证号', 'identity number'],
  gender: ['性别', 'gender'],
  email: ['邮箱', 'email'],
  grade: ['年级', 'year of study'],
};

const yuan = (fen: number) => (fen / 100).toFixed(fen % 100 ? 2 : 0);

/** A competition's settings and texts as passages, in one language: overview, sign-up, events and fees, submission, schedule, guide. */
function competitionPassages(c: CompetitionRow, items: ItemRow[], stages: StageRow[], lang: Lang): Passage[] {
  const zh = lang === 'zh-CN';
  const name = zh ? c.name : c.nameEn || c.name;
  const link = `/home/competition/details?id=${c.id}`;
  const p = (part: string, label: string, text: string): Passage => ({ id: `competition:${c.id}:${part}`, source: 'competition', title: `${name} · ${label}`, text, link, lang });
  const level = LEVEL[c.level]?.[zh ? 0 : 1] ?? '';
  const intro = htmlToText(c.intro);
  // The intro usually begins with the summary: say it once.
  const about = intro.includes(c.summary) ? intro : `${c.summary} ${intro}`.trim();
  const out: Passage[] = [];
  out.push(
    p(
      'overview',
      zh ? '简介' : 'overview',
      zh
        ? `${c.name}，${c.year} 年${level ? `${level}竞赛` : '竞赛'}。${about}`
        : `${name}, a ${level ? `${level} ` : ''}competition of ${c.year} (${c.name}). ${about}`,
    ),
  );
  const required = c.requiredFields.map((f) => FIELD[f]?.[zh ? 0 : 1] ?? f).join(zh ? '、' : ', ');
  const team = c.mode === 1 ? '' : zh ? `团队人数 ${c.teamMin} 至 ${c.teamMax} 人（每队成员不少于 ${c.teamMin} 人、不多于 ${c.teamMax} 人）。` : `A team has ${c.teamMin} to ${c.teamMax} members. `;
  out.push(
    p(
      'signup',
      zh ? '报名时间与参赛要求' : 'sign-up window and rules',
      zh
        ? `报名时间：${day(c.enrollStartAt)} 开始，${day(c.enrollEndAt)} 截止（结束）。参赛方式：${MODE[c.mode][0]}。${team}` +
            `每队可配指导老师最多 ${c.teacherMax} 名。${c.schoolQuota != null ? `每校限报 ${c.schoolQuota} 个名额。` : ''}报名需填写：${required}。`
        : `Sign-up opens ${day(c.enrollStartAt)} and closes (deadline) ${day(c.enrollEndAt)}. Entry: ${MODE[c.mode][1]}. ${team}` +
            `Up to ${c.teacherMax} advisers (teachers) per entry. ${c.schoolQuota != null ? `Each school may sign up ${c.schoolQuota} entries. ` : ''}Required details: ${required}.`,
    ),
  );
  if (items.length) {
    const list = items.map((i) => {
      const n = zh ? i.name : i.nameEn || i.name;
      const fee = i.feeFen ? (zh ? `报名费 ${yuan(i.feeFen)} 元` : `entry fee ${yuan(i.feeFen)} yuan`) : zh ? '免费（报名费 0 元）' : 'free (no entry fee)';
      const quota = i.quota != null ? (zh ? `名额 ${i.quota}` : `${i.quota} places`) : zh ? '名额不限' : 'no limit on places';
      return zh ? `${n}：${fee}，${quota}${i.description ? `，${i.description}` : ''}` : `${n}: ${fee}, ${quota}${i.description ? `, ${i.description}` : ''}`;
    });
    out.push(p('items', zh ? '赛项与报名费' : 'events and entry fees', zh ? `赛项（组别）及报名费用：${list.join('；')}。` : `Events (tracks) and entry fees: ${list.join('; ')}.`));
    const files = items.map((i) => {
      const n = zh ? i.name : i.nameEn || i.name;
      const types = i.fileTypes.join(zh ? '、' : ', ');
      return zh
        ? `${n}：允许的文件类型（格式）${types}，单个文件不超过 ${i.maxFileMb} MB，最多 ${i.maxFiles} 个文件`
        : `${n}: file types (formats) ${types}, each file at most ${i.maxFileMb} MB, at most ${i.maxFiles} files`;
    });
    out.push(
      p(
        'submit',
        zh ? '作品提交' : 'work submission',
        zh
          ? `作品提交时间：${day(c.submitStartAt)} 开始，${day(c.submitEndAt)} 截止。上传作品要求：${files.join('；')}。`
          : `Works are submitted (uploaded) from ${day(c.submitStartAt)} until the deadline ${day(c.submitEndAt)}. ${files.join('. ')}.`,
      ),
    );
  }
  if (stages.length) {
    const list = stages.map((s) => `${zh ? s.name : s.nameEn || s.name} ${day(s.startAt)} – ${day(s.endAt)}${s.description ? `（${s.description}）` : ''}`);
    out.push(p('schedule', zh ? '赛程安排' : 'schedule', zh ? `赛程（赛段）安排：${list.join('；')}。` : `Schedule (rounds): ${list.join('; ')}.`));
  }
  const guide = htmlToText(c.guide.replace(/<\/(li|p|h\d)>/gi, '$&；'));
  if (guide) out.push(p('guide', zh ? '参赛指南' : 'guide', guide));
  return out;
}

/** Paragraphs of news HTML (block ends), as plain text. */
function paragraphsOf(html: string): string[] {
  return html
    .split(/<\/(?:p|li|h[1-6]|div|blockquote)>|<br\s*\/?>/i)
    .map((h) => htmlToText(h))
    .filter(Boolean);
}

/** A news article in passages of about NEWS_PASSAGE_CHARS characters, whole paragraphs each; the summary leads the first. */
function newsPassages(n: NewsRow): Passage[] {
  const chunks: string[] = [];
  let current = n.summary;
  for (const para of paragraphsOf(n.content)) {
    if (current && current.length + para.length > NEWS_PASSAGE_CHARS) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${para}` : para;
  }
  if (current) chunks.push(current);
  // News has one language; it is offered to questions in either.
  return chunks.map((text, i) => ({
    id: `news:${n.id}:${i + 1}`,
    source: 'news',
    title: chunks.length > 1 ? `${n.title} (${i + 1})` : n.title,
    text,
    link: `/home/newsDetails?id=${n.id}`,
    lang: 'zh-CN',
  }));
}

/** The manual's sections in one language: the same for every site. */
export function manualPassages(lang: Lang): Passage[] {
  const chapters: ManualChapter[] = lang === 'en' ? manualEn : manualZh;
  return chapters.flatMap((c) =>
    c.sections.map((s) => ({
      id: `manual:${s.id}`,
      source: 'manual' as const,
      title: `${c.title} › ${s.title}`,
      text: [s.where ? `${lang === 'en' ? 'Where' : '位置'}：${s.where}` : '', ...s.body, ...(s.steps ?? []).map((st, i) => `${i + 1}. ${st}`)].filter(Boolean).join(' '),
      link: `/manual?role=${c.role}#${s.id}`,
      lang,
    })),
  );
}

/**
 * Every passage of an organisation's public site in one language: its published (and archived) competitions, its
 * published news and the manual. Drafts and other organisations' data never enter.
 */
export async function sitePassages(db: Db, groupId: number, lang: Lang): Promise<Passage[]> {
  const visible = `c.group_id = $1 AND c.status IN (${CompetitionStatus.published}, ${CompetitionStatus.archived})`;
  const [competitions, items, stages, news] = (await Promise.all([
    db.query(
      `SELECT c.id, c.name, c.name_en AS "nameEn", c.level, c.year, c.summary, c.intro, c.guide, c.enroll_start_at AS "enrollStartAt",
              c.enroll_end_at AS "enrollEndAt", c.submit_start_at AS "submitStartAt", c.submit_end_at AS "submitEndAt", c.mode,
              c.team_min AS "teamMin", c.team_max AS "teamMax", c.teacher_max AS "teacherMax", c.school_quota AS "schoolQuota",
              c.required_fields AS "requiredFields"
         FROM competitions c WHERE ${visible} ORDER BY c.id`,
      [groupId],
    ),
    db.query(
      `SELECT i.competition_id AS "competitionId", i.name, i.name_en AS "nameEn", i.description, i.quota, i.fee_fen AS "feeFen",
              i.file_types AS "fileTypes", i.max_file_mb AS "maxFileMb", i.max_files AS "maxFiles"
         FROM competition_items i JOIN competitions c ON c.id = i.competition_id WHERE ${visible} ORDER BY i.order_num, i.id`,
      [groupId],
    ),
    db.query(
      `SELECT s.competition_id AS "competitionId", s.name, s.name_en AS "nameEn", s.description, s.start_at AS "startAt", s.end_at AS "endAt"
         FROM competition_stages s JOIN competitions c ON c.id = s.competition_id WHERE ${visible} ORDER BY s.order_num, s.start_at, s.id`,
      [groupId],
    ),
    db.query(`SELECT id, title, summary, content FROM news WHERE group_id = $1 AND status = 'published' ORDER BY id`, [groupId]),
  ])) as [CompetitionRow[], ItemRow[], StageRow[], NewsRow[]];
  return [
    ...competitions.flatMap((c) =>
      competitionPassages(
        c,
        items.filter((i) => i.competitionId === c.id),
        stages.filter((s) => s.competitionId === c.id),
        lang,
      ),
    ),
    ...news.flatMap(newsPassages),
    ...manualPassages(lang),
  ];
}
