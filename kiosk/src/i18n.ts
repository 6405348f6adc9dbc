/** The kiosk's words, zh-CN (default) and en; ?lang=en chooses English (a screen has no keyboard to switch). */
const words = {
  'zh-CN': {
    title: '叫号大屏',
    pairTitle: '配对此大屏',
    pairHint: '请在后台「叫号管理」中输入下方配对码，并选择评审室',
    pairExpires: '配对码 {min} 分钟内有效，过期自动刷新',
    pairError: '无法获取配对码，正在重试…',
    nowCalling: '正在叫号',
    presenting: '正在展示',
    pleaseGo: '请到 {room}',
    callCount: '第 {n} 次呼叫',
    next: '即将上场',
    history: '最近叫号',
    done: '已完成',
    skipped: '过号',
    waiting: '等待',
    absent: '缺席',
    noCall: '暂未叫号',
    noNext: '没有等待的队伍',
    paused: '暂停叫号',
    offline: '网络已断开，自 {time} 起',
    reconnecting: '正在重新连接…',
    enableSound: '点击开启声音',
    muted: '声音未开启',
    score: '现场得分',
    skippedTag: '过号',
    absentTag: '缺席',
    unpaired: '此大屏已被撤销，请重新配对',
  },
  en: {
    title: 'Queue screen',
    pairTitle: 'Pair this screen',
    pairHint: 'In the back office, open Queue call, enter this code and choose the rooms',
    pairExpires: 'The code is valid for {min} minutes and renews itself',
    pairError: 'Could not get a pairing code; retrying…',
    nowCalling: 'Now calling',
    presenting: 'Presenting',
    pleaseGo: 'Please go to {room}',
    callCount: 'Call {n}',
    next: 'Up next',
    history: 'Recent calls',
    done: 'Done',
    skipped: 'Skipped',
    waiting: 'Waiting',
    absent: 'Absent',
    noCall: 'No call yet',
    noNext: 'No team waiting',
    paused: 'Calls paused',
    offline: 'Offline since {time}',
    reconnecting: 'Reconnecting…',
    enableSound: 'Tap to enable sound',
    muted: 'Sound off',
    score: 'On-site score',
    skippedTag: 'Skipped',
    absentTag: 'Absent',
    unpaired: 'This screen was revoked; pair it again',
  },
} as const;

export type Lang = keyof typeof words;
export type WordKey = keyof (typeof words)['zh-CN'];

export const lang: Lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'zh-CN';

export function t(key: WordKey, params: Record<string, string | number> = {}): string {
  return words[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
