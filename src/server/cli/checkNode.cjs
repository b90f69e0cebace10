// Runs first in `npm start`, `npm run serve` and `npm test`: plain CommonJS with no dependency, so it works on any
// Node and says clearly what is needed, instead of a build tool failing later with a cryptic error. The version
// required is the package's own `engines.node` (">=20.19"), the one place it is written.
const { engines } = require('../../../package.json');

const wanted = /(\d+)\.(\d+)/.exec(engines.node);
const [major, minor] = process.versions.node.split('.').map(Number);
const [needMajor, needMinor] = [Number(wanted[1]), Number(wanted[2])];
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  process.stderr.write(
    `\nThe RBT provider portal needs Node ${engines.node}; this is Node ${process.versions.node}.\n` +
      `Install Node ${needMajor} (${needMajor}.${needMinor} or later) or a newer LTS release, then run the command again.\n\n`,
  );
  process.exit(1);
}
