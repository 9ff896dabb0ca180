// Preloaded (`node -r`) into a process that creates a PGlite folder: once the cluster's PG_VERSION
// has been opened, the process kills itself with SIGKILL when it opens its KILL_AFTER_FILES-th file
// after it. A kill at an exact step of PGlite's initdb, the same on every run
// (app/db/pglite-data-dir.server.test.ts). PGlite writes its folder through Node's fs (NODEFS).
const fs = require("node:fs");
const { syncBuiltinESMExports } = require("node:module");

const after = Number(process.env.KILL_AFTER_FILES ?? 1);
let opened = -1;
const openSync = fs.openSync;
fs.openSync = function killingOpenSync(file, ...rest) {
  if (opened >= 0 && ++opened >= after) process.kill(process.pid, "SIGKILL");
  const name = String(file);
  if (opened < 0 && name.endsWith("/PG_VERSION") && !name.includes("/base/")) opened = 0;
  return openSync.call(this, file, ...rest);
};
syncBuiltinESMExports();
