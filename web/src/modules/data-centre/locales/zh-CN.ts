/** The data centre (数据中心): 云统计 and its figures. */
const zhCN = {
  cloud: {
    title: '云统计',
    competition: '竞赛',
    pickCompetition: '请选择竞赛',
    pickFirst: '选择一个竞赛，查看它的报名统计',
    total: '报名总数',
    today: '今日报名',
    pending: '待审核',
    works: '已提交作品',
    updatedAt: '数据更新于 {{time}}',
    notYet: '尚无数据',
    counted: '统计未被驳回或撤回的报名及其提交的作品，按北京时间计日。',
  },
  figure: {
    chart: '图表',
    table: '表格',
    export: '导出',
    empty: '暂无报名',
    count: '报名数',
    works: '作品数',
    notGiven: '未填写',
    titles: {
      day: '每日报名',
      workDay: '每日作品提交',
      event: '按赛项',
      school: '按学校',
      college: '按学院',
      major: '按专业',
      grade: '按年级',
      province: '按省份',
    },
    keys: { day: '日期', workDay: '提交日期', event: '赛项', school: '学校', college: '学院', major: '专业', grade: '年级', province: '省份' },
  },
};
export default zhCN;
export type DataCentreMessages = typeof zhCN;
