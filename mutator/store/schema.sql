-- mutorture campaign database: the one file a campaign lives in.
--
-- Invariants: only the mutorture C program writes this file (shell hands it records);
-- identities come from content (mutant ids are content hashes, triage keys are content
-- keys), never from row ids; nothing is deleted: a changed source leaves its old rows stale.
-- The schema version is PRAGMA user_version; a migration per change, each in a transaction.
-- Views are in views.sql, made again after every migration and when views.sql changed.
-- Statuses, result kinds and triage verdicts are written once, in the C program
-- (mutator/store/status.h): this file names them by at-sign placeholders, which db.c fills in
-- when it creates a database; it writes the CHECK lists of an older database again on open.

-- Campaign settings as key/value pairs: 'root' (absolute path of the tree all paths are
-- relative to), 'target' (target name or path), 'created', 'flaky' (the latest control run
-- of the unmutated code that failed: the suite fails by chance), 'confirm_runs' and
-- 'confirm_duration' (a survivor is confirmed after that many torture runs of at least that
-- many seconds).
CREATE TABLE campaign (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- One version of one source file that was mutated.
CREATE TABLE source (
  id      INTEGER PRIMARY KEY,
  path    TEXT NOT NULL,              -- relative to the campaign root
  hash    TEXT NOT NULL,              -- content hash, 16 hex digits
  content BLOB NOT NULL,              -- the file as parsed: apply, diffs and reports need it
  current INTEGER NOT NULL DEFAULT 1, -- 0 = stale: the file has changed since; kept, never run
  created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (path, hash)
);

-- One mutant: [start_byte, end_byte) of source.content replaced by replacement.
CREATE TABLE mutant (
  id          TEXT PRIMARY KEY,       -- 16 hex digits: hash(path, file hash, start, end, replacement)
  source_id   INTEGER NOT NULL REFERENCES source(id),
  operator    TEXT NOT NULL,          -- short operator name, e.g. ror, aor, rcu-delete
  tag         TEXT NOT NULL DEFAULT '', -- sub-kind within the operator (e.g. pair / single)
  start_byte  INTEGER NOT NULL,
  end_byte    INTEGER NOT NULL,
  line        INTEGER NOT NULL,       -- 1-based line of start_byte
  col         INTEGER NOT NULL,       -- 1-based byte column of start_byte
  end_line    INTEGER NOT NULL,       -- 1-based line/column of end_byte
  end_col     INTEGER NOT NULL,
  function    TEXT NOT NULL DEFAULT '', -- enclosing function (its real name), '' at file scope
  original    TEXT NOT NULL,          -- source text of the range
  replacement TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '', -- one line for humans, e.g. "'<' -> '<='"
  created     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  -- the enclosing function's name as the text spells it, when an object-like macro renames it
  -- ('#define synchronize_rcu urcu_mb_synchronize_rcu'); '' when the text spells the real name
  function_spelled TEXT NOT NULL DEFAULT '',
  CHECK (start_byte <= end_byte)
);
CREATE INDEX mutant_source ON mutant(source_id);

-- One row per attempt at deciding a mutant (a torture job, an equivalence check, a coverage
-- verdict) or a control/baseline run of the unmutated code (mutant_id NULL).
CREATE TABLE result (
  id           INTEGER PRIMARY KEY,
  attempt      TEXT NOT NULL UNIQUE,  -- runner-chosen unique id; a replayed record is ignored
  mutant_id    TEXT REFERENCES mutant(id),
  kind         TEXT NOT NULL DEFAULT @KIND_TORTURE@
               CHECK (kind IN (@RESULT_KINDS@)),
  status       TEXT NOT NULL
               CHECK (status IN (@RESULT_STATES@)),
  scenario     TEXT NOT NULL DEFAULT '', -- the scenario that decided it ('' if none)
  duplicate_of TEXT,                  -- for status duplicate: the mutant with the same code
  started      TEXT NOT NULL DEFAULT '', -- ISO 8601 UTC
  build_s      REAL,
  test_s       REAL,
  exit_code    INTEGER,
  reason       TEXT NOT NULL DEFAULT '', -- the line that decided the verdict
  log_dir      TEXT NOT NULL DEFAULT '', -- where the job's evidence (build, torture logs) is kept
  log_tail     TEXT NOT NULL DEFAULT '',
  host         TEXT NOT NULL DEFAULT '',
  recorded     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  duration     REAL,                  -- seconds of torture the attempt asked for, NULL if unknown
  supersedes   TEXT,                  -- the attempt this one re-judged from its saved logs
                                      -- (mutorture recheck); that attempt no longer counts
  change_id    INTEGER REFERENCES torture_change(id) -- the torture change the attempt ran
                                      -- under (mutorture gaps try); NULL: the campaign's own
);
CREATE INDEX result_mutant ON result(mutant_id);
CREATE INDEX result_supersedes ON result(supersedes);
CREATE INDEX result_change ON result(change_id);

-- Per-scenario outcomes of one torture attempt: the kill matrix.
CREATE TABLE scenario_run (
  result_id INTEGER NOT NULL REFERENCES result(id),
  scenario  TEXT NOT NULL,
  status    TEXT NOT NULL CHECK (status IN (@SCENARIO_STATES@)),
  test_s    REAL,
  reason    TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (result_id, scenario)
);

-- Line coverage of a source version by the torture suite (count 0 = never executed).
CREATE TABLE coverage (
  source_id INTEGER NOT NULL REFERENCES source(id),
  line      INTEGER NOT NULL,
  count     INTEGER NOT NULL,
  PRIMARY KEY (source_id, line)
);

-- Triage verdicts on survivors, keyed by content so they outlive regeneration.
CREATE TABLE triage (
  id        INTEGER PRIMARY KEY,
  key       TEXT NOT NULL,            -- hash(path, original, replacement, surrounding context)
  mutant_id TEXT NOT NULL,            -- the mutant the verdict was given on
  verdict   TEXT NOT NULL CHECK (verdict IN (@VERDICTS@)),
  note      TEXT NOT NULL DEFAULT '',
  created   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  -- for a test-gap: a short label (lowercase, dashes) of what the suite lacks, which groups
  -- survivors in mutorture gaps and names what a torture change closes; '' if none given
  gap       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX triage_key ON triage(key);

-- A torture change (targets/CONTRACT.md, "Torture changes"): a change of the test side (a
-- patch to the torture suite, new or redefined scenarios) tried against the survivors, never a
-- change of the code under test. One row per version tried: name is the change file's, hash
-- covers the name and every byte the change is made of, so an edited change is a new row and
-- the results of the old version stay with it. Its results are result rows with change_id
-- set, beside the campaign's own (which have none).
CREATE TABLE torture_change (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  hash      TEXT NOT NULL UNIQUE,     -- 16 hex digits
  subject   TEXT NOT NULL,            -- one line: the exported patch's subject
  message   TEXT NOT NULL DEFAULT '', -- what the old suite missed and why this change sees it
  gaps      TEXT NOT NULL DEFAULT '', -- the gap labels it aims at, blank-separated
  scenarios TEXT NOT NULL DEFAULT '', -- the scenarios it runs, blank-separated
  spec      TEXT NOT NULL,            -- the change file as it was tried
  diff      TEXT NOT NULL DEFAULT '', -- its patch and scenario files, as a maintainer applies them
  created   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
