/** The workbench (工作台): the greeting and the to-do list. */
const zhCN = {
  title: '工作台',
  welcome: '欢迎，{{name}}',
  intro: '从左侧菜单进入各项功能。',
  rounds: {
    title: '我的评审轮次',
    empty: '当前没有进行中的评审轮次',
    assigned: '分配',
    submitted: '已提交',
    returned: '被退回',
    closesAt: '截止 {{time}}',
    noDeadline: '未设截止时间',
    goReview: '去评审',
  },
  captain: {
    title: '待确认的评审组',
    group: '{{group}}（{{round}}）',
    submitted: '已提交 {{submitted}} / {{total}}',
    confirm: '去确认',
    view: '查看',
  },
  platform: {
    title: '平台概况',
    organisations: '机构',
    users: '用户',
    competitions: '竞赛',
    check: '{{part}}：{{state}}',
    ok: '正常',
    down: '无响应',
  },
  todo: {
    title: '待办事项',
    empty: '暂无待办事项',
    unavailable: '暂时无法统计',
    open: '去处理',
    kinds: {
      signupsToApprove: '待审核的报名',
      roundsClosingSoon: '48 小时内截止的评审轮次',
      roundsDisputed: '有争议作品待仲裁的轮次',
      roundsAppealed: '有待处理申诉的轮次',
      roundsToPublish: '待发布结果的轮次',
      batchesFailed: '生成失败的证书批次',
      offlineToApprove: '待审核的线下缴费',
      refundsToApprove: '待审批的退款',
      refundsFailed: '退款失败',
      ordersUnpaid: '待支付的订单',
      ordersRefunding: '退款中的订单',
    },
  },
};
export default zhCN;
export type WorkbenchMessages = typeof zhCN;
