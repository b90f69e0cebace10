// CSS imports of components are nothing to Node tests.
module.exports = {};
