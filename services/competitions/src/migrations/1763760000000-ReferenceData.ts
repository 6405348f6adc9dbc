import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The 34 provincial-level divisions (GB/T 2260 codes). Real reference data, so it ships with the schema. */
const PROVINCES: [string, string, string][] = [
  ['110000', '北京市', 'Beijing'],
  ['120000', '天津市', 'Tianjin'],
  ['130000', '河北省', 'Hebei'],
  ['140000', '山西省', 'Shanxi'],
  ['150000', '内蒙古自治区', 'Inner Mongolia'],
  ['210000', '辽宁省', 'Liaoning'],
  ['220000', '吉林省', 'Jilin'],
  ['230000', '黑龙江省', 'Heilongjiang'],
  ['310000', '上海市', 'Shanghai'],
  ['320000', '江苏省', 'Jiangsu'],
  ['330000', '浙江省', 'Zhejiang'],
  ['340000', '安徽省', 'Anhui'],
  ['350000', '福建省', 'Fujian'],
  ['360000', '江西省', 'Jiangxi'],
  ['370000', '山东省', 'Shandong'],
  ['410000', '河南省', 'Henan'],
  ['420000', '湖北省', 'Hubei'],
  ['430000', '湖南省', 'Hunan'],
  ['440000', '广东省', 'Guangdong'],
  ['450000', '广西壮族自治区', 'Guangxi'],
  ['460000', '海南省', 'Hainan'],
  ['500000', '重庆市', 'Chongqing'],
  ['510000', '四川省', 'Sichuan'],
  ['520000', '贵州省', 'Guizhou'],
  ['530000', '云南省', 'Yunnan'],
  ['540000', '西藏自治区', 'Xizang (Tibet)'],
  ['610000', '陕西省', 'Shaanxi'],
  ['620000', '甘肃省', 'Gansu'],
  ['630000', '青海省', 'Qinghai'],
  ['640000', '宁夏回族自治区', 'Ningxia'],
  ['650000', '新疆维吾尔自治区', 'Xinjiang'],
  ['710000', '台湾省', 'Taiwan'],
  ['810000', '香港特别行政区', 'Hong Kong'],
  ['820000', '澳门特别行政区', 'Macao'],
];

/** Dictionaries the platform relies on; values are what other services store. */
const DICTS: { type: string; name: string; nameEn: string; items: [string, string, string][] }[] = [
  {
    type: 'news_category',
    name: '新闻分类',
    nameEn: 'News categories',
    items: [
      ['1', '新闻列表', 'News'],
      ['2', '往届作品', 'Previous works'],
      ['3', '竞赛资讯', 'Competition news'],
      ['4', '竞赛指南', 'Competition guide'],
      ['5', '操作手册', 'Operating manual'],
    ],
  },
  {
    type: 'competition_level',
    name: '竞赛级别',
    nameEn: 'Competition levels',
    items: [
      ['1', '国家级', 'National'],
      ['2', '省级', 'Provincial'],
      ['3', '校级', 'University'],
      ['4', '院级', 'College'],
    ],
  },
  {
    type: 'school_type',
    name: '办学类型',
    nameEn: 'School types',
    items: [
      ['1', '本科院校', 'Undergraduate university'],
      ['2', '高职（专科）院校', 'Vocational college'],
      ['3', '科研院所', 'Research institute'],
      ['4', '中学', 'Secondary school'],
    ],
  },
  {
    type: 'education_level',
    name: '学历层次',
    nameEn: 'Education levels',
    items: [
      ['1', '专科', 'Associate degree'],
      ['2', '本科', "Bachelor's degree"],
      ['3', '硕士研究生', "Master's degree"],
      ['4', '博士研究生', 'Doctorate'],
    ],
  },
  {
    type: 'gender',
    name: '性别',
    nameEn: 'Gender',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ],
  },
];

export class ReferenceData1763760000000 implements MigrationInterface {
  name = 'ReferenceData1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE provinces (
        code varchar(6) PRIMARY KEY,
        name varchar(32) NOT NULL,
        name_en varchar(64) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE schools (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        code varchar(32) NOT NULL,
        province_code varchar(6) NOT NULL REFERENCES provinces (code),
        school_type varchar(64) NOT NULL,
        group_id int,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT schools_code_uq UNIQUE (code)
      )`);
    await q.query(`CREATE INDEX schools_group_idx ON schools (group_id)`);
    await q.query(`CREATE INDEX schools_province_idx ON schools (province_code)`);
    await q.query(`
      CREATE TABLE colleges (
        id serial PRIMARY KEY,
        school_id int NOT NULL REFERENCES schools (id),
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        code varchar(32),
        sort int NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT colleges_name_uq UNIQUE (school_id, name)
      )`);
    await q.query(`
      CREATE TABLE majors (
        id serial PRIMARY KEY,
        college_id int NOT NULL REFERENCES colleges (id),
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        code varchar(32),
        education_level varchar(64),
        sort int NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT majors_name_uq UNIQUE (college_id, name)
      )`);
    await q.query(`
      CREATE TABLE dict_types (
        id serial PRIMARY KEY,
        type varchar(64) NOT NULL,
        name varchar(50) NOT NULL,
        name_en varchar(100) NOT NULL DEFAULT '',
        remark varchar(500) NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        builtin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dict_types_type_uq UNIQUE (type)
      )`);
    await q.query(`
      CREATE TABLE dict_items (
        id serial PRIMARY KEY,
        dict_type varchar(64) NOT NULL REFERENCES dict_types (type) ON UPDATE CASCADE,
        value varchar(64) NOT NULL,
        label varchar(100) NOT NULL,
        label_en varchar(200) NOT NULL,
        sort int NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dict_items_value_uq UNIQUE (dict_type, value)
      )`);

    await q.query(`INSERT INTO provinces (code, name, name_en) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`, [
      PROVINCES.map((p) => p[0]),
      PROVINCES.map((p) => p[1]),
      PROVINCES.map((p) => p[2]),
    ]);
    for (const d of DICTS) {
      await q.query(`INSERT INTO dict_types (type, name, name_en, builtin) VALUES ($1, $2, $3, true)`, [d.type, d.name, d.nameEn]);
      for (const [i, [value, label, labelEn]] of d.items.entries()) {
        await q.query(`INSERT INTO dict_items (dict_type, value, label, label_en, sort) VALUES ($1, $2, $3, $4, $5)`, [d.type, value, label, labelEn, i + 1]);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['dict_items', 'dict_types', 'majors', 'colleges', 'schools', 'provinces']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
