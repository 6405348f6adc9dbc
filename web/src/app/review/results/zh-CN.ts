/** What participants and visitors read of results: their awards and appeals, the public ranking and votes. */
const zhCN = {
  mine: {
    title: '我的获奖',
    empty: '暂无获奖记录：竞赛结果公布后，你的获奖会显示在这里',
    certificatesHint: '已发放的证书在“最新获奖”中查看',
    rank: '第 {{rank}} 名',
    publishedAt: '公布于 {{time}}',
    appeal: '申请复议',
    appealUntil: '复议截止 {{time}}',
    appealTitle: '对“{{title}}”的结果申请复议',
    appealReason: '复议理由',
    appealPlaceholder: '说明你认为评审结果有误的理由（每件作品每轮只能申请一次）',
    appealSent: '复议申请已提交',
    appeals: '我的复议',
    appealStatus: '复议状态',
  },
  site: {
    ranking: '获奖名单',
    votes: '网络投票',
    noRanking: '结果尚未公布',
    noVote: '当前没有进行中的投票',
    voteWindow: '投票时间：{{from}} — {{to}}，每人每天可投 {{limit}} 件作品',
    vote: '投票',
    voted: '投票成功',
    already: '今天已为该作品投过票',
    loginToVote: '登录后投票',
    voteCount: '{{count}} 票',
    closed: '投票未开始或已结束',
  },
  columns: { rank: '名次', work: '作品', event: '赛项', schools: '学校', level: '奖项', votes: '票数' },
  appealStatus: { pending: '待处理', rejected: '已驳回', reviewing: '重新评审中', resolved: '已完成' },
};

export default zhCN;
export type ReviewPublicMessages = typeof zhCN;
