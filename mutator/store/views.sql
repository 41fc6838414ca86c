-- mutorture campaign database: the views, made with the tables (schema.sql) and made again
-- after every migration and whenever this file changed (db.c keeps the hash of the text a
-- database's views were made from as its setting 'views'), so a view is only ever written here.
-- Statuses and result kinds are written once, in status.h: db.c fills in the at-sign
-- placeholders (@STATE_KILLED@ one name, @DETECTED_STATES@ a list).

-- The results of the campaign that count: all but those a recheck re-judged from their saved
-- logs, and but those of torture changes (change_result), which never decide a mutant.
CREATE VIEW live_result AS
SELECT r.* FROM result r
 WHERE r.change_id IS NULL
   AND NOT EXISTS (SELECT 1 FROM result s WHERE s.supersedes = r.attempt);

-- The results of torture changes (mutorture gaps try) that count, beside the campaign's.
CREATE VIEW change_result AS
SELECT r.* FROM result r
 WHERE r.change_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM result s WHERE s.supersedes = r.attempt);

-- Every run of the unmutated code under a torture change, one row per scenario run: its
-- baseline runs (one scenario each) and the scenarios of its control runs. status survived
-- is a pass; a detected state (killed, timeout) a failure (the change is wrong, or the
-- unmutated code has a bug the old suite could not see); error says nothing.
CREATE VIEW change_control AS
SELECT r.change_id, r.id AS result_id, r.kind, r.scenario, r.status, r.test_s, r.duration,
       r.reason, r.log_dir, r.attempt, r.host
  FROM change_result r WHERE r.kind = @KIND_BASELINE@
UNION ALL
SELECT r.change_id, r.id, r.kind, sr.scenario, sr.status, sr.test_s, r.duration, sr.reason,
       r.log_dir, r.attempt, r.host
  FROM change_result r JOIN scenario_run sr ON sr.result_id = r.id WHERE r.kind = @KIND_CONTROL@;

-- What each torture change did to each mutant it was tried on: torture attempts, kills
-- (killed or timeout), their torture seconds, and the first kill (NULL if none).
CREATE VIEW change_mutant AS
SELECT r.change_id, r.mutant_id, count(*) AS attempts,
       sum(r.status IN (@DETECTED_STATES@)) AS kills,
       coalesce(sum(r.test_s), 0) AS torture_s,
       (SELECT k.id FROM change_result k
         WHERE k.change_id = r.change_id AND k.mutant_id = r.mutant_id
           AND k.kind = @KIND_TORTURE@ AND k.status IN (@DETECTED_STATES@)
         ORDER BY k.id LIMIT 1) AS first_kill_id
  FROM change_result r
 WHERE r.kind = @KIND_TORTURE@ AND r.mutant_id IS NOT NULL
   AND r.status IN (@TORTURED_STATES@)
 GROUP BY r.change_id, r.mutant_id;

-- The decided status of every mutant of a current source, and the evidence behind it.
-- Verdicts that end a mutant without torture (uncovered, build_error, equivalent, weak_memory,
-- duplicate: status.h's STATES_UNTORTURED) win; then any kill, timeout, survival; error
-- results never decide (the infrastructure failed), so such a mutant is run again (pending
-- and error: STATES_TO_RUN). attempts and kills count torture runs;
-- full_attempts those that ran at least the campaign's confirm_duration, what confirms a
-- survivor (status survived, full_attempts >= confirm_runs).
CREATE VIEW mutant_status AS
SELECT m.id AS mutant_id,
       COALESCE(
         (SELECT r.status FROM live_result r
           WHERE r.mutant_id = m.id
             AND r.status IN (@UNTORTURED_STATES@)
           ORDER BY r.id DESC LIMIT 1),
         CASE
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id
                          AND r.status = @STATE_KILLED@) THEN @STATE_KILLED@
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id
                          AND r.status = @STATE_TIMEOUT@) THEN @STATE_TIMEOUT@
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id
                          AND r.status = @STATE_SURVIVED@) THEN @STATE_SURVIVED@
           WHEN EXISTS (SELECT 1 FROM live_result r WHERE r.mutant_id = m.id
                          AND r.status = @STATE_ERROR@) THEN @STATE_ERROR@
           ELSE @STATE_PENDING@
         END) AS status,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = @KIND_TORTURE@
          AND r.status IN (@DETECTED_STATES@)) AS kills,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = @KIND_TORTURE@
          AND r.status IN (@TORTURED_STATES@)) AS attempts,
       (SELECT coalesce(sum(r.test_s), 0) FROM live_result r WHERE r.mutant_id = m.id
          AND r.kind = @KIND_TORTURE@ AND r.status IN (@TORTURED_STATES@)) AS torture_s,
       (SELECT count(*) FROM live_result r WHERE r.mutant_id = m.id AND r.kind = @KIND_TORTURE@
          AND r.status IN (@TORTURED_STATES@)
          AND coalesce(r.duration, 0) >= coalesce((SELECT CAST(value AS REAL) FROM campaign
                                                    WHERE key = 'confirm_duration'), 0)) AS full_attempts,
       s.current AS current
  FROM mutant m JOIN source s ON s.id = m.source_id;
