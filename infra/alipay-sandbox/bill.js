// Alipay's daily trade bill as the merchant platform hands it out: a zip (GBK file names, no UTF-8 flag)
// holding two GBK CSV files, the detail (业务明细) and its summary (业务明细(汇总)), in the real layout.
'use strict';

const zlib = require('node:zlib');
const iconv = require('iconv-lite');

const COLUMNS = [
  '支付宝交易号', '商户订单号', '业务类型', '商品名称', '创建时间', '完成时间', '门店编号', '门店名称', '操作员', '终端号',
  '对方账户', '订单金额（元）', '商家实收（元）', '支付宝红包（元）', '集分宝（元）', '支付宝优惠（元）', '商家优惠（元）',
  '券核销金额（元）', '券名称', '商家红包消费金额（元）', '卡消费金额（元）', '退款批次号/请求号', '服务费（元）', '分润（元）', '备注',
];

const yuan = (fen) => (fen < 0 ? '-' : '') + (Math.abs(fen) / 100).toFixed(2);
const zhDate = (day, time) => `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日 ${time}`;

/**
 * The detail CSV's text for one day. Each row: { tradeNo, outTradeNo, kind: '交易'|'退款', subject, createdAt, finishedAt,
 * buyer, amountFen (negative for refunds), requestNo }. Cells end with a tab, as the real file's do (so spreadsheets
 * keep long numbers as text).
 */
function detailCsv({ account, day, nextDay, rows, exportedAt }) {
  // A cell with a comma or a quote is quoted (a subject may hold one); every cell ends with a tab as in the real file.
  const cell = (v) => {
    const text = `${v ?? ''}\t`;
    return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [
    '#支付宝业务明细查询',
    `#账号：[${account}]`,
    `#起始日期：[${zhDate(day, '00:00:00')}]   终止日期：[${zhDate(nextDay, '00:00:00')}]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    COLUMNS.join(','),
  ];
  for (const r of rows) {
    const amount = yuan(r.amountFen);
    lines.push(
      [r.tradeNo, r.outTradeNo, r.kind, r.subject, r.createdAt, r.finishedAt, '', '', '', '', r.buyer, r.kind === '交易' ? amount : '', amount,
        '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', r.requestNo ?? '', '0.00', '0.00', ''].map(cell).join(','),
    );
  }
  const trades = rows.filter((r) => r.kind === '交易');
  const refunds = rows.filter((r) => r.kind === '退款');
  const sum = (list) => yuan(list.reduce((s, r) => s + r.amountFen, 0));
  const total = (label, list) =>
    `#${label}：${list.length}笔，商家实收共${sum(list)}元，商家实际优惠共0.00元，券核销金额共0.00元，服务费共0.00元，分润共0.00元，实收净额共${sum(list)}元`;
  lines.push(
    '#-----------------------------------------业务明细列表结束------------------------------------',
    total('交易合计', trades),
    total('退款合计', refunds),
    `#导出时间：[${exportedAt}]`,
  );
  return lines.join('\r\n') + '\r\n';
}

/** The summary CSV: one line per store (the sandbox has none, so one "all" line) and the totals. */
function summaryCsv({ account, day, nextDay, rows, exportedAt }) {
  const trades = rows.filter((r) => r.kind === '交易');
  const refunds = rows.filter((r) => r.kind === '退款');
  const net = yuan(rows.reduce((s, r) => s + r.amountFen, 0));
  return [
    '#支付宝业务汇总查询',
    `#账号：[${account}]`,
    `#起始日期：[${zhDate(day, '00:00:00')}]   终止日期：[${zhDate(nextDay, '00:00:00')}]`,
    '#-----------------------------------------业务汇总列表----------------------------------------',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,已收入总笔数,交易订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
    ['', '合计', trades.length, refunds.length, rows.length, yuan(trades.reduce((s, r) => s + r.amountFen, 0)), net, '0.00', '0.00', '0.00', '0.00', '0.00', net].join(','),
    '#-----------------------------------------业务汇总列表结束------------------------------------',
    `#导出时间：[${exportedAt}]`,
  ].join('\r\n') + '\r\n';
}

/** A zip of stored (uncompressed) entries; names are written in GBK without the UTF-8 flag, as Alipay's are. */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = iconv.encode(name, 'gbk');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4); // version needed
    local.writeUInt16LE(0, 6); // flags: no UTF-8 bit
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The zip Alipay's bill download URL serves for one day. */
function billZip({ account, day, rows, exportedAt }) {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const args = { account, day, nextDay: next.toISOString().slice(0, 10), rows, exportedAt };
  const stamp = day.replace(/-/g, '');
  return zip([
    { name: `${account}_${stamp}_业务明细.csv`, data: iconv.encode(detailCsv(args), 'gbk') },
    { name: `${account}_${stamp}_业务明细(汇总).csv`, data: iconv.encode(summaryCsv(args), 'gbk') },
  ]);
}

module.exports = { COLUMNS, detailCsv, summaryCsv, zip, billZip, yuan };
