-- mutorture campaign database: the views, made with the tables (schema.sql) and made again
-- after every migration, so a view is only ever written here.

-- The results that count: all but those a recheck re-judged from their saved logs.
CREATE VIEW live_result AS
SELECT r.* FROM result r
 WHERE NOT EXISTS (SELECT 1 FROM result s WHERE s.supersedes = r.attempt);

-- The decided status of every mutant of a current source, and the evidence behind it.
-- Verdicts that end a mutant without torture (equivalent, duplicate, uncovered, build_error)
-- win; then any kill, timeout, survival; 'error' results never decide (the infrastructure
-- failed), so such a mutant is run again. attempts and kills count torture runs;
-- full_attempts those that ran at least the campaign's confirm_duration, what confirms a
-- survivor (status survived, full_attempts >= confirm_runs).
CREATE VIEW mutant_status AS
SELECT m.id AS mutant_id,
       COALESCE(
         (SELECT r.status FROM live_result r
           WHERE r.mutant_id = m.id
             AND r.status IN ('equivalent', 'duplicate', 'uncovered', 'build_error')
           ORDER BY r.id DESC LIMIT 1),
         CASE
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id AND r.status = 'killed') THEN 'killed'
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id AND r.status = 'timeout') THEN 'timeout'
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id AND r.status = 'survived') THEN 'survived'
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id AND r.status = 'error') THEN 'error'
           ELSE 'pending'
         END) AS status,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = 'torture'
          AND r.status IN ('killed', 'timeout')) AS kills,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = 'torture'
          AND r.status IN ('killed', 'timeout', 'survived')) AS attempts,
       (SELECT coalesce(sum(r.test_s), 0) FROM live_result r WHERE r.mutant_id = m.id
          AND r.kind = 'torture' AND r.status IN ('killed', 'timeout', 'survived')) AS torture_s,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = 'torture'
          AND r.status IN ('killed', 'timeout', 'survived')
          AND coalesce(r.duration, 0) >= coalesce((SELECT CAST(value AS REAL) FROM campaign
                                                    WHERE key = 'confirm_duration'), 0)) AS full_attempts,
       s.current AS current
  FROM mutant m JOIN source s ON s.id = m.source_id;
