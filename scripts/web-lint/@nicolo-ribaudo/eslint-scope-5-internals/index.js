// Debian packages @babel/eslint-parser without this tiny module, which only re-exports the
// scope analyser's classes; Debian's eslint-scope exports the same ones. (NODE_PATH, in
// scripts/check-web.sh, puts this folder before /usr/share/nodejs.)
module.exports = require("eslint-scope");
