// `npm run release -- <folder>`: copies what a production install needs into a folder of its own, after
// `npm run build`: the built portal and server, the definitions, catalogues and templates the server reads at
// run time (package.json's "files", the one list of them), package.json and package-lock.json. In that folder
// `npm ci --omit=dev` installs the runtime dependencies only, and `node build/server/main.js` serves the portal
// (docs/operations.md; the Dockerfile does the same; test/e2e/productionInstall.test.ts checks it).
const { cpSync, existsSync, mkdirSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = join(__dirname, '..', '..', '..');
const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: npm run release -- <folder>\n');
  process.exit(2);
}
const pkg = require(join(root, 'package.json'));
for (const built of ['dist/index.html', 'build/server/main.js'])
  if (!existsSync(join(root, built))) {
    process.stderr.write(`${built} is missing: run \`npm run build\` first.\n`);
    process.exit(1);
  }
mkdirSync(target, { recursive: true });
for (const entry of [...pkg.files, 'package.json', 'package-lock.json'])
  cpSync(join(root, entry), join(resolve(target), entry), { recursive: true });
process.stdout.write(
  `Copied ${pkg.files.length + 2} entries to ${resolve(target)}; there: npm ci --omit=dev && node build/server/main.js\n`,
);
