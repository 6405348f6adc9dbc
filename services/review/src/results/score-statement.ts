/**
 * A round's scores per work (issue 16), computed and stored by one statement inside PostgreSQL, where the
 * submitted totals live: reading 50,000 totals into the worker and writing 10,000 results back cost several times
 * the calculation itself. Inputs are each expert's weighted total out of 100.
 *
 * - mean; trimmed mean (drop the single highest and lowest once a work has at least `trimFrom` scores, and 3);
 *   median; or calibration then the mean.
 * - Calibration: each expert's mean and variance shrunk towards the round's by `prior` works of evidence
 *   (m' = (n·m + k·μ)/(n + k), v' = (n·v + k·σ²)/(n + k)), each score mapped back onto the round's scale:
 *   μ + σ·(x − m')/√v'. A shrunk variance is zero only when the whole round's is (every score equal), and then
 *   scores stay as they are; so an expert with one or two scores never divides by a zero spread.
 * - Every expert's calibration is stored for every method (the screen shows raw and calibrated side by side), with
 *   "out of line": their mean offset against the other experts of the same works above the round's spread, from
 *   two such works on.
 * - A work is disputed when its raw range exceeds the round's threshold.
 *
 * Parameters: $1 version, $2 round, $3 method, $4 trimFrom, $5 prior, $6 dispute spread. Answers the works stored.
 */
export const SCORE_STATEMENT = `
  WITH s AS MATERIALIZED (
    SELECT a.id AS assignment_id, a.work_id, a.expert_id, t.total::float8 AS x,
      sum(t.total::float8) OVER by_work AS work_sum, count(*) OVER by_work AS work_n,
      count(*) OVER by_expert AS n, avg(t.total::float8) OVER by_expert AS m, var_pop(t.total::float8) OVER by_expert AS v
    FROM assignments a JOIN score_sheets t ON t.assignment_id = a.id
    WHERE a.round_id = $2 AND NOT a.declined AND t.status = 'submitted' AND t.total IS NOT NULL
    WINDOW by_work AS (PARTITION BY a.work_id), by_expert AS (PARTITION BY a.expert_id)),
  r AS MATERIALIZED (SELECT COALESCE(avg(x), 0) AS mu, COALESCE(stddev_pop(x), 0) AS sigma FROM s),
  k AS (
    SELECT s.*, r.mu, r.sigma, (s.n * s.m + $5::float8 * r.mu) / (s.n + $5::float8) AS sm,
      sqrt((s.n * s.v + $5::float8 * r.sigma ^ 2) / (s.n + $5::float8)) AS ssd,
      CASE WHEN s.work_n > 1 THEN s.x - (s.work_sum - s.x) / (s.work_n - 1) END AS offset_to_others
    FROM s CROSS JOIN r),
  cal AS (
    INSERT INTO expert_calibrations (version_id, expert_id, count, mean, spread, shrunk_mean, shrunk_spread, outlier, offset_to_others, shared_works, round_spread)
    SELECT $1, expert_id, max(n)::int, round(max(m)::numeric, 2), round(sqrt(max(v))::numeric, 2), round(max(sm)::numeric, 2), round(max(ssd)::numeric, 2),
      count(offset_to_others) >= 2 AND max(sigma) > 0 AND abs(avg(offset_to_others)) > max(sigma),
      round(avg(offset_to_others)::numeric, 2), count(offset_to_others)::int, round(max(sigma)::numeric, 2)
    FROM k GROUP BY expert_id),
  u AS (
    SELECT assignment_id, work_id, expert_id, x, CASE WHEN $3 = 'calibrated' AND ssd > 0 THEN mu + sigma * (x - sm) / ssd ELSE x END AS y FROM k),
  w AS (
    SELECT work_id, count(*)::int AS n, avg(x) AS raw_mean, max(x) - min(x) AS range,
      CASE $3
        WHEN 'median' THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY y)
        WHEN 'trimmed' THEN CASE WHEN count(*) >= greatest($4::int, 3) THEN (sum(y) - max(y) - min(y)) / (count(*) - 2) ELSE avg(y) END
        ELSE avg(y) END AS score,
      jsonb_agg(jsonb_build_object('expertId', expert_id, 'raw', x, 'used', round(y::numeric, 2)) ORDER BY assignment_id) AS experts
    FROM u GROUP BY work_id),
  stored AS (
    INSERT INTO work_results (version_id, work_id, score, raw_mean, count, range, disputed, experts)
    SELECT $1, work_id, round(score::numeric, 2), round(raw_mean::numeric, 2), n, round(range::numeric, 2), round(range::numeric, 2) > $6::numeric, experts FROM w
    RETURNING 1)
  SELECT count(*)::int AS works FROM stored`;
