/** SQL shared by the organisers' and the public reads, so both describe a competition the same way. */

/** Where a competition stands today; a competition without a sign-up window has not started. */
export const PHASE = `
  CASE WHEN c.enroll_start_at IS NULL OR c.enroll_start_at > now() THEN 'upcoming'
       WHEN c.enroll_end_at >= now() THEN 'enrolling'
       WHEN greatest(c.enroll_end_at, c.submit_end_at,
              (SELECT max(s.end_at) FROM competition_stages s WHERE s.competition_id = c.id)) >= now() THEN 'ongoing'
       ELSE 'ended' END`;

export const COMPETITION_COLUMNS = `
  c.id, c.group_id AS "groupId", c.name, c.name_en AS "nameEn", c.level, c.year, c.cover_url AS "coverUrl",
  c.summary, c.status, ${PHASE} AS phase, c.published_at AS "publishedAt", c.created_at AS "createdAt",
  c.updated_at AS "updatedAt", c.enroll_start_at AS "enrollStartAt", c.enroll_end_at AS "enrollEndAt",
  (SELECT count(*)::int FROM competition_items i WHERE i.competition_id = c.id) AS "itemCount"`;

export const ITEM_COLUMNS = `
  id, competition_id AS "competitionId", name, name_en AS "nameEn", description, quota, fee_fen AS "feeFen",
  order_num AS "orderNum"`;

export const STAGE_COLUMNS = `
  id, competition_id AS "competitionId", name, name_en AS "nameEn", description, start_at AS "startAt",
  end_at AS "endAt", order_num AS "orderNum"`;

export const DETAIL_COLUMNS = `
  ${COMPETITION_COLUMNS}, c.intro, c.guide, c.mode, c.team_min AS "teamMin", c.team_max AS "teamMax",
  c.teacher_max AS "teacherMax", c.school_quota AS "schoolQuota", c.required_fields AS "requiredFields",
  c.submit_start_at AS "submitStartAt", c.submit_end_at AS "submitEndAt", c.review_rounds AS "reviewRounds"`;
