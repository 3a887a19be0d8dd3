// Runs the Khronos glTF validator (npm package gltf-validator, installed
// by `make deps` into tools/node_modules) on each file named on the
// command line and prints one JSON line per file:
// {"file", "errors", "warnings", "infos", "messages": [...]}.
// Exit status 0 when it could validate every file (the counts say whether
// they are clean), 2 when it could not run.
"use strict";
const fs = require("fs");
const path = require("path");
let validator;
try {
  validator = require(path.join(__dirname, "..", "node_modules", "gltf-validator"));
} catch (e) {
  console.error("gltf-validator is not installed (run make deps): " + e.message);
  process.exit(2);
}

async function validate(file) {
  const data = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(data, {
    uri: path.basename(file),
    maxIssues: 50,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.join(path.dirname(file), decodeURIComponent(uri)), (err, buf) =>
          err ? reject(err.toString()) : resolve(new Uint8Array(buf)));
      }),
  });
  const issues = report.issues;
  return {
    file,
    validator: report.validatorVersion,
    errors: issues.numErrors,
    warnings: issues.numWarnings,
    infos: issues.numInfos,
    messages: issues.messages.filter((m) => m.severity <= 1)
      .map((m) => `${m.code} ${m.pointer || ""}: ${m.message}`),
  };
}

(async () => {
  for (const f of process.argv.slice(2)) {
    try {
      console.log(JSON.stringify(await validate(f)));
    } catch (e) {
      console.error(`${f}: ${e}`);
      process.exit(2);
    }
  }
})();
