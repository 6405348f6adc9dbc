/** Strings of the certificate trace page and the personal centre's certificates (namespace 'certificate'). */
const zhCN = {
  trace: {
    title: '证书查验',
    intro: '扫描证书上的二维码即可打开本页；也可以输入二维码链接中的查验码。',
    tokenLabel: '查验码',
    tokenPlaceholder: '二维码链接中 token= 之后的字符',
    check: '查验',
    valid: '有效证书',
    validHint: '本证书由发证机构签发，信息与存档一致。',
    revoked: '证书已撤销',
    revokedHint: '本证书已于 {{at}} 被发证机构撤销：{{reason}}',
    unknown: '查无此证书',
    holder: '获奖人',
    competition: '竞赛',
    item: '赛项',
    award: '奖项',
    number: '证书编号',
    issuer: '发证机构',
    issuedAt: '发证时间',
    masked: '（为保护隐私，姓名部分隐藏）',
  },
  mine: {
    issuedBy: '颁发：{{issuer}}',
    title: '我的证书',
    empty: '暂无证书：主办方发放证书后会出现在这里',
    competition: '竞赛',
    award: '奖项',
    number: '证书编号',
    issuer: '发证机构',
    issuedAt: '发证时间',
    status: '状态',
    valid: '有效',
    revoked: '已撤销',
    actions: '操作',
    download: '下载 PDF',
    preview: '预览',
    check: '查验',
    previewTitle: '证书预览',
  },
};

export type CertificateMessages = typeof zhCN;
export default zhCN;
