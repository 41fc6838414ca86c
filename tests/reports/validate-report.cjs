// Usage: node validate-report.cjs NODE_MODULES REPORT.json
// Validates a `mutorture report --json` file against the mutation-testing-report-schema from
// npm (the JSON Schema that Stryker's viewers read) with Ajv; prints the mutant count per
// status on success, and every schema violation (exit 1) otherwise.
'use strict';
const fs = require('fs');
const path = require('path');

if (process.argv.length !== 4) {
  console.error('usage: node validate-report.cjs NODE_MODULES REPORT.json');
  process.exit(129);
}
const modules = process.argv[2];
const Ajv = require(path.join(modules, 'ajv'));
const addFormats = require(path.join(modules, 'ajv-formats'));
const schema = JSON.parse(fs.readFileSync(path.join(modules,
  'mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json'), 'utf8'));
const report = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
if (!validate(report)) {
  for (const e of validate.errors)
    console.error(`${process.argv[3]}: ${e.instancePath || '/'} ${e.message}`);
  process.exit(1);
}
const counts = {};
for (const file of Object.values(report.files))
  for (const m of file.mutants)
    counts[m.status] = (counts[m.status] || 0) + 1;
for (const status of Object.keys(counts).sort())
  console.log(`${status}\t${counts[status]}`);
