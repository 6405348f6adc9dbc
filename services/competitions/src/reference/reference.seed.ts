import type { EntityManager } from 'typeorm';

type SchoolSeed = { code: string; name: string; nameEn: string; province: string; type: string; group: string | null };

/** Real universities (Ministry of Education codes), managed by the platform, and the demo organisations' own schools. */
const SCHOOLS: SchoolSeed[] = [
  { code: '10001', name: '北京大学', nameEn: 'Peking University', province: '110000', type: '1', group: 'PLATFORM' },
  { code: '10003', name: '清华大学', nameEn: 'Tsinghua University', province: '110000', type: '1', group: 'PLATFORM' },
  { code: '10055', name: '南开大学', nameEn: 'Nankai University', province: '120000', type: '1', group: 'PLATFORM' },
  { code: '10056', name: '天津大学', nameEn: 'Tianjin University', province: '120000', type: '1', group: 'PLATFORM' },
  { code: '10183', name: '吉林大学', nameEn: 'Jilin University', province: '220000', type: '1', group: 'PLATFORM' },
  { code: '10213', name: '哈尔滨工业大学', nameEn: 'Harbin Institute of Technology', province: '230000', type: '1', group: 'PLATFORM' },
  { code: '10246', name: '复旦大学', nameEn: 'Fudan University', province: '310000', type: '1', group: 'PLATFORM' },
  { code: '10248', name: '上海交通大学', nameEn: 'Shanghai Jiao Tong University', province: '310000', type: '1', group: 'PLATFORM' },
  { code: '10284', name: '南京大学', nameEn: 'Nanjing University', province: '320000', type: '1', group: 'PLATFORM' },
  { code: '10335', name: '浙江大学', nameEn: 'Zhejiang University', province: '330000', type: '1', group: 'PLATFORM' },
  { code: '10384', name: '厦门大学', nameEn: 'Xiamen University', province: '350000', type: '1', group: 'PLATFORM' },
  { code: '10422', name: '山东大学', nameEn: 'Shandong University', province: '370000', type: '1', group: 'PLATFORM' },
  { code: '10486', name: '武汉大学', nameEn: 'Wuhan University', province: '420000', type: '1', group: 'PLATFORM' },
  { code: '10487', name: '华中科技大学', nameEn: 'Huazhong University of Science and Technology', province: '420000', type: '1', group: 'PLATFORM' },
  { code: '10533', name: '中南大学', nameEn: 'Central South University', province: '430000', type: '1', group: 'PLATFORM' },
  { code: '10558', name: '中山大学', nameEn: 'Sun Yat-sen University', province: '440000', type: '1', group: 'PLATFORM' },
  { code: '10610', name: '四川大学', nameEn: 'Sichuan University', province: '510000', type: '1', group: 'PLATFORM' },
  { code: '10611', name: '重庆大学', nameEn: 'Chongqing University', province: '500000', type: '1', group: 'PLATFORM' },
  { code: '10698', name: '西安交通大学', nameEn: "Xi'an Jiaotong University", province: '610000', type: '1', group: 'PLATFORM' },
  { code: '10730', name: '兰州大学', nameEn: 'Lanzhou University', province: '620000', type: '1', group: 'PLATFORM' },
  { code: '12047', name: '深圳职业技术大学', nameEn: 'Shenzhen Polytechnic University', province: '440000', type: '2', group: 'PLATFORM' },
  { code: 'DEMO-U1', name: '华东示范大学', nameEn: 'East China Demonstration University', province: '310000', type: '1', group: 'DEMO-U1' },
  { code: 'DEMO-U1-CITY', name: '华东示范大学城市学院', nameEn: 'City College of East China Demonstration University', province: '330000', type: '1', group: 'DEMO-U1' },
  { code: 'DEMO-U2', name: '西部测试大学', nameEn: 'Western Test University', province: '510000', type: '1', group: 'DEMO-U2' },
];

/** Colleges with their majors ([name, English name, education level]) of the demo organisations' schools. */
const COLLEGES: { school: string; name: string; nameEn: string; majors: [string, string, string][] }[] = [
  {
    school: 'DEMO-U1',
    name: '计算机科学与技术学院',
    nameEn: 'School of Computer Science and Technology',
    majors: [
      ['计算机科学与技术', 'Computer Science and Technology', '2'],
      ['软件工程', 'Software Engineering', '2'],
      ['人工智能', 'Artificial Intelligence', '2'],
      ['计算机技术', 'Computer Technology', '3'],
    ],
  },
  {
    school: 'DEMO-U1',
    name: '数学科学学院',
    nameEn: 'School of Mathematical Sciences',
    majors: [
      ['数学与应用数学', 'Mathematics and Applied Mathematics', '2'],
      ['统计学', 'Statistics', '2'],
    ],
  },
  {
    school: 'DEMO-U1',
    name: '经济与管理学院',
    nameEn: 'School of Economics and Management',
    majors: [
      ['工商管理', 'Business Administration', '2'],
      ['金融学', 'Finance', '2'],
    ],
  },
  {
    school: 'DEMO-U1-CITY',
    name: '信息与电子工程学院',
    nameEn: 'School of Information and Electronic Engineering',
    majors: [['电子信息工程', 'Electronic Information Engineering', '2']],
  },
  {
    school: 'DEMO-U2',
    name: '信息工程学院',
    nameEn: 'School of Information Engineering',
    majors: [
      ['通信工程', 'Communication Engineering', '2'],
      ['网络工程', 'Network Engineering', '2'],
    ],
  },
  {
    school: 'DEMO-U2',
    name: '机械工程学院',
    nameEn: 'School of Mechanical Engineering',
    majors: [
      ['机械设计制造及其自动化', 'Mechanical Design, Manufacturing and Automation', '2'],
      ['车辆工程', 'Vehicle Engineering', '2'],
    ],
  },
];

/** Demo schools, colleges and majors. Provinces and dictionaries come with the migration. */
export async function seedReference(m: EntityManager, groups: Record<string, number>): Promise<void> {
  const schoolIds = new Map<string, number>();
  for (const s of SCHOOLS) {
    const [{ id }] = await m.query(
      `INSERT INTO schools (name, name_en, code, province_code, school_type, group_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [s.name, s.nameEn, s.code, s.province, s.type, s.group ? (groups[s.group] ?? null) : null],
    );
    schoolIds.set(s.code, id);
  }
  for (const [i, c] of COLLEGES.entries()) {
    const [{ id }] = await m.query(`INSERT INTO colleges (school_id, name, name_en, sort) VALUES ($1, $2, $3, $4) RETURNING id`, [
      schoolIds.get(c.school),
      c.name,
      c.nameEn,
      i + 1,
    ]);
    for (const [j, [name, nameEn, level]] of c.majors.entries()) {
      await m.query(`INSERT INTO majors (college_id, name, name_en, education_level, sort) VALUES ($1, $2, $3, $4, $5)`, [id, name, nameEn, level, j + 1]);
    }
  }
}
