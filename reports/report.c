/* The connection setup every report writer relies on; see report.h. */
#include "report.h"

#include "db.h"
#include "triage.h"

void report_attach(sqlite3 *db)
{
	triage_attach(db);
	db_exec(db,
		"CREATE TEMP VIEW scenario_kill AS "
		"SELECT r.mutant_id, sr.scenario, sr.status, sr.test_s "
		"  FROM scenario_run sr JOIN live_result r ON r.id = sr.result_id "
		" WHERE r.kind = @KIND_TORTURE@ AND r.mutant_id IS NOT NULL "
		"UNION ALL "
		"SELECT r.mutant_id, r.scenario, r.status, r.test_s FROM live_result r "
		" WHERE r.kind = @KIND_TORTURE@ AND r.mutant_id IS NOT NULL AND r.scenario <> '' "
		"   AND r.status IN (@TORTURED_STATES@) "
		"   AND NOT EXISTS (SELECT 1 FROM scenario_run sr WHERE sr.result_id = r.id)");
}
