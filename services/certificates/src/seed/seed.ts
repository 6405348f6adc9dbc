import type { EntityManager } from 'typeorm';
import { demoAwardDesign } from '@cmp/contracts';

/** Demo data: one ready award-winner template per demo university (numbering per competition, 4 digits). */
export async function seed(m: EntityManager, groups: Record<string, number>): Promise<void> {
  for (const code of ['DEMO-U1', 'DEMO-U2']) {
    if (!groups[code]) continue;
    await m.query(`INSERT INTO templates (group_id, name, category, design, numbering) VALUES ($1, $2, 'award1', $3, $4)`, [
      groups[code],
      '获奖证书（学校、学生、老师、作品）',
      JSON.stringify(demoAwardDesign()),
      JSON.stringify({ variant: 'allAutoincrementFour', prefix: `${code}-`, suffix: '' }),
    ]);
  }
}
